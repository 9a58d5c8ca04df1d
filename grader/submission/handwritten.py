"""Check 3.8's reading of the student's sources: whatever in them is not a hand-written deque (a ready-made
queue however it is imported, an operation that shifts every item of a list).  Nothing here runs student
code: it reads the files' text (``part3.Sources``)."""

import ast

BANNED_MODULES = {"collections": "collections.deque", "_collections": "collections.deque (its C module)",
                  "queue": "the queue module", "asyncio": "asyncio's queues",
                  "multiprocessing": "multiprocessing's queues"}


def _called_name(func):
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None


OWN = {"deque", "board", "game"}
"""The student's own modules, as imported from one another (``from .board import X``, ``import deque``)."""


def _own(module, level=0):
    """Whether ``from module import …`` (``level`` dots before it) imports one of the student's own files."""
    return module is None and level > 0 or (module or "").rsplit(".", 1)[-1] in OWN and (
        level > 0 or "." not in (module or ""))


FOLDED = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
          ast.FloorDiv: lambda a, b: a // b if b else None, ast.Mod: lambda a, b: a % b if b else None}
FRONT = "front"
"""What ``index`` gives for ``-len(a)``: the first item of the list ``a``, whatever its length."""


def index(node, constants=None):
    """The value of an index expression where the source alone says it (an int or bool constant, or such
    constants folded by + - * // %, signs included), ``FRONT`` for ``-len(…)``, else None: ``False``, ``0 * 1``
    and ``-len(a)`` are the first index as much as ``0`` is (red team, round nine: ``insert(False, x)``).
    ``constants`` (``constant_names``): the names and attributes the file binds to one int and nothing else,
    which stand for it (red team, round fifteen: ``insert(self._z, x)`` with ``self._z = 0`` alone).

    >>> [index(ast.parse(text, mode="eval").body) for text in ("0", "False", "0 * 1", "-len(a)", "n", "1 - 1",
    ...                                                        "len(a) * 0")]
    [0, 0, 0, 'front', None, 0, 0]
    >>> [index(ast.parse(text, mode="eval").body, {"z": 0}) for text in ("z", "self.z", "z + 1", "self.y")]
    [0, 0, 1, None]
    """
    if isinstance(node, ast.Constant) and type(node.value) in (int, bool):
        return int(node.value)
    if constants and isinstance(node, (ast.Name, ast.Attribute)):
        return constants.get(node.id if isinstance(node, ast.Name) else node.attr)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        if isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Call) \
                and _called_name(node.operand.func) == "len" and isinstance(node.operand.func, ast.Name):
            return FRONT
        value = index(node.operand, constants)
        return None if value is None or value == FRONT else (-value if isinstance(node.op, ast.USub) else value)
    if isinstance(node, ast.BinOp) and type(node.op) in FOLDED:
        left, right = index(node.left, constants), index(node.right, constants)
        if isinstance(node.op, ast.Mult) and 0 in (left, right):
            return 0                       # anything times 0 (red team, round seventeen: ``len(self._a) * 0``)
        if left is None or right is None or FRONT in (left, right):
            return None
        return FOLDED[type(node.op)](left, right)
    return None


def constant_names(tree):
    """{name: int} of the names and attributes (by their last name: ``self._z`` is ``_z``) that ``tree`` binds
    only ever to one int or bool constant (``index``), however many times: nothing else assigns them, adds to
    them, loops over them or takes them as a parameter.  What the source alone says they always hold.

    >>> constant_names(ast.parse("class D:\\n    def __init__(self):\\n        self._z = 0\\n        self.n = 0\\n"
    ...                          "    def push(self, x):\\n        self.n += 1\\n"))
    {'_z': 0}
    >>> constant_names(ast.parse("Z = False\\ndef f(a, Z=1):\\n    pass\\n"))
    {}
    """
    values, other, assigned = {}, set(), set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = index(node.value) if node.value is not None else None
            for target in targets:
                for name in ast.walk(target):
                    key = name.id if isinstance(name, ast.Name) else name.attr if isinstance(name, ast.Attribute) \
                        else None
                    if key is None or not isinstance(name.ctx, ast.Store):
                        continue
                    assigned.add(id(name))
                    if name is target and type(value) is int:
                        values.setdefault(key, set()).add(value)
                    else:
                        other.add(key)
        elif isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, (ast.Store, ast.Del)) \
                and id(node) not in assigned:
            other.add(node.id if isinstance(node, ast.Name) else node.attr)       # for, with, :=, augmented, del
        elif isinstance(node, ast.arg):
            other.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            other.add(node.name)
        elif isinstance(node, ast.alias):
            other.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.Call) and _called_name(node.func) in ("setattr", "globals", "vars", "locals",
                                                                          "exec", "eval"):
            return {}                      # what it binds, the source does not say
    return {key: next(iter(found)) for key, found in values.items() if len(found) == 1 and key not in other}


def _first(node, constants=None):
    """Whether the index expression ``node`` is a list's first item (``index``)."""
    return index(node, constants) in (0, FRONT)


def _front_of_list(target, constants=None):
    """Whether ``target`` (of ``del`` or of an assignment) is a list's first item or the empty slice before
    it: ``a[0]``, ``a[:1]``, ``a[0:1]`` (removing the first item), ``a[:0]``, ``a[0:0]`` (adding before it),
    however the indices are written (``index``)."""
    if not isinstance(target, ast.Subscript):
        return None
    subscript = target.slice

    def number(node, default):
        if node is None:
            return default
        value = index(node, constants)
        return 0 if value == FRONT else value

    if not isinstance(subscript, ast.Slice) and _first(subscript, constants):
        return "removes"
    index_ = subscript
    if isinstance(index_, ast.Slice) and index_.step is None and number(index_.lower, 0) == 0:
        upper = number(index_.upper, None)
        if upper == 1:
            return "removes"
        if upper == 0:
            return "adds"
    return None


def _emptied(node):
    """Whether the assignment ``node`` empties the slice it assigns to (``a[0:1] = []``, ``= ()``, ``= ''``:
    ``del a[0]``)."""
    value = node.value if isinstance(node, ast.Assign) else None
    return (isinstance(value, (ast.List, ast.Tuple)) and not value.elts) or (
        isinstance(value, ast.Constant) and value.value in ("", b"")) or (
        isinstance(value, ast.Call) and _called_name(value.func) in ("list", "tuple") and not value.args)


def opaque_modules(tree, modules):
    """The ids of the ``ast.Name`` nodes of ``tree`` that use one of ``modules`` (modules it imports, not the
    student's own) as a value: anything but ``module.name`` for a public ``name``.  ``vars(collections)``,
    ``collections.__dict__["deque"]``, ``getattr(collections, name)`` and ``q = collections`` hand out what the
    source does not name, collections.deque among it (red team, round fifteen).

    >>> tree = ast.parse("import collections, math\\na = collections.__dict__['deque']\\nb = math.pi\\nc = vars(math)\\n")
    >>> sorted(node.lineno for node in ast.walk(tree) if id(node) in opaque_modules(tree, {"collections", "math"}))
    [2, 4]
    """
    used = set()
    for parent in ast.walk(tree):
        for child in ast.iter_child_nodes(parent):
            if isinstance(child, ast.Name) and child.id in modules and isinstance(child.ctx, ast.Load) and not (
                    isinstance(parent, ast.Attribute) and parent.value is child and not parent.attr.startswith("_")):
                used.add(id(child))
    return used


class _Getattr(ast.NodeTransformer):
    """``getattr(E, "name")`` (a default or not) read as ``E.name``, which it is: a name spelt as a string is no
    other road (red team, round seventeen: ``getattr(typing.collections, "deque")``).  Not where ``E`` is a bare
    name: ``getattr(typing, …)`` uses the module ``typing`` as a value, which ``opaque_modules`` reports as such,
    whatever is done with what it hands out."""

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "getattr" and len(node.args) in (2, 3) \
                and not isinstance(node.args[0], ast.Name) \
                and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str) \
                and node.args[1].value.isidentifier():
            return ast.copy_location(ast.Attribute(value=node.args[0], attr=node.args[1].value, ctx=ast.Load()), node)
        return node


def imported_deques(sources):
    """Where ``collections.deque`` reaches deque.py by another road than ``from collections import deque``
    (which ``banned`` finds): ``from M import deque`` or ``M.deque`` for a module ``M`` not the student's own
    (``shlex``, for one, imports it), or a name deque.py imports from board.py or game.py that those bind to
    ``deque`` of a module not the student's own.  ``sources``: the text of each file, by module; returns
    (line of deque.py, reason).

    >>> imported_deques({"deque": "from shlex import deque as Q\\n"})
    [(1, '`from shlex import deque`: that is collections.deque, which is not hand-written')]
    >>> imported_deques({"deque": "from .board import Q\\n", "board": "from collections import deque as Q\\n"})
    [(1, '`Q`, imported from board.py, is collections.deque there (board.py line 1): not hand-written')]
    >>> imported_deques({"deque": "from .board import Q\\n", "board": "from collections import namedtuple as Q\\n"})
    []
    >>> imported_deques({"deque": "from typing import Deque as D\\nq: D[int] = None\\nr = D()\\n"})
    [(3, '`typing.Deque` used as a value: it is collections.deque, which is not hand-written')]
    >>> imported_deques({"deque": "import typing\\nQ = typing.collections.deque\\n"})
    [(2, '`typing.collections.deque`: that is collections.deque, which is not hand-written')]
    >>> imported_deques({"deque": "import typing\\nQ = getattr(typing.collections, 'deque')()\\n"})
    [(2, '`typing.collections.deque`: that is collections.deque, which is not hand-written')]
    >>> imported_deques({"deque": "from .board import Deque\\n", "board": "import collections\\nclass Deque(collections.deque):\\n    pass\\n"})
    [(1, '`Deque`, imported from board.py, is collections.deque there (board.py line 2): not hand-written')]
    """
    def rooted(node, modules):
        """Whether ``node`` is an attribute chain from a module this file imports (``typing.collections``)."""
        while isinstance(node, ast.Attribute):
            node = node.value
        return isinstance(node, ast.Name) and node.id in modules

    def ready_made(node, modules, bound):
        """Whether ``node`` names a foreign module's ``deque`` (or ``typing.Deque``), or a name bound to one."""
        return (isinstance(node, ast.Name) and node.id in bound) or (
            isinstance(node, ast.Attribute) and node.attr in ("deque", "Deque") and rooted(node.value, modules))

    def reaches(node, modules, bound, opaque):
        """Whether anything inside ``node`` is ``ready_made`` or a foreign module used as a value (``opaque``)."""
        return any(ready_made(inner, modules, bound) or id(inner) in opaque for inner in ast.walk(node))

    def foreign_deques(tree):
        """{name: line} of the names a module binds to a foreign module's ``deque`` (or ``typing.Deque``): by
        importing it, by assigning it, or by defining a class on it (red team, round nine: ``class
        Deque(collections.deque)`` in board.py, imported by deque.py)."""
        modules, bound = set(), {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules.update((a.asname or a.name).split(".")[0] for a in node.names
                               if a.name.split(".")[-1] not in OWN)
            elif isinstance(node, ast.ImportFrom) and not _own(node.module, node.level):
                bound.update({(a.asname or a.name): node.lineno for a in node.names if a.name in ("deque", "Deque")})
                if any(a.name == "*" for a in node.names):      # ``from collections import *`` binds deque
                    bound.update({"deque": node.lineno, "Deque": node.lineno})
        opaque = opaque_modules(tree, modules)
        for _ in range(3):                    # a name bound to a name bound to it, and so on
            for node in ast.walk(tree):
                if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None \
                        and reaches(node.value, modules, bound, opaque):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    bound.update({t.id: node.lineno for t in targets if isinstance(t, ast.Name)})
                elif isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \
                        and node.name not in bound and reaches(node, modules, bound, opaque):
                    # a class on it, or a class or function that makes one, hands one out or reaches the
                    # module as a value (red team, round fifteen: ``collections.__dict__["deque"]`` in board.py)
                    bound[node.name] = node.lineno
        return modules, bound

    trees = {}
    for module, source in sources.items():
        try:
            trees[module] = _Getattr().visit(ast.parse(source))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
    if "deque" not in trees:
        return []
    found = []
    modules, bound = foreign_deques(trees["deque"])
    opaque = opaque_modules(trees["deque"], modules)
    # typing.Deque is collections.deque under another name: an annotation may say it, anything else makes one
    # or hands it on (red team, rounds eight and nine: ``typing.Deque()``, ``Q = typing.Deque; Q()``,
    # ``typing.collections.deque``).
    annotations = {id(inner) for node in ast.walk(trees["deque"])
                   for note in ([node.annotation] if isinstance(node, (ast.AnnAssign, ast.arg)) and node.annotation
                                else [node.returns] if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                                and node.returns else [])
                   for inner in ast.walk(note)}
    typing_deques = {name for name, line in bound.items()
                     if any(isinstance(n, ast.ImportFrom) and n.module == "typing" and n.lineno == line
                            for n in ast.walk(trees["deque"]))}
    for node in ast.walk(trees["deque"]):
        if id(node) in opaque:
            found.append((node.lineno, f"`{node.id}` used as a value, not as `{node.id}.name`: what it hands out "
                                       f"(collections.deque, for one) cannot be checked"))
    for node in ast.walk(trees["deque"]):
        if id(node) in annotations:
            continue
        if isinstance(node, ast.Attribute) and node.attr == "Deque" and rooted(node.value, modules) or \
                isinstance(node, ast.Name) and node.id in typing_deques and isinstance(node.ctx, ast.Load):
            found.append((node.lineno, "`typing.Deque` used as a value: it is collections.deque, which is not "
                                       "hand-written"))
        elif isinstance(node, ast.Attribute) and node.attr == "deque" and not isinstance(node.value, ast.Name) \
                and rooted(node.value, modules):
            found.append((node.lineno, f"`{ast.unparse(node)}`: that is collections.deque, which is not "
                                       f"hand-written"))
        elif isinstance(node, ast.ImportFrom) and not _own(node.module, node.level) and node.module \
                and node.module.split(".")[0] not in BANNED_MODULES \
                and any(a.name == "deque" for a in node.names):
            found.append((node.lineno, f"`from {node.module} import deque`: that is collections.deque, which is "
                                       f"not hand-written"))
        elif isinstance(node, ast.Attribute) and node.attr == "deque" and isinstance(node.value, ast.Name) \
                and node.value.id in modules and node.value.id not in BANNED_MODULES:
            found.append((node.lineno, f"`{node.value.id}.deque`: that is collections.deque, which is not "
                                       f"hand-written"))
        elif isinstance(node, ast.ImportFrom) and _own(node.module, node.level):
            other = (node.module or "").rsplit(".", 1)[-1]
            if other in trees and other != "deque":
                _, there = foreign_deques(trees[other])
                for alias in node.names:
                    if alias.name in there:
                        found.append((node.lineno, f"`{alias.name}`, imported from {other}.py, is "
                                                   f"collections.deque there ({other}.py line {there[alias.name]}): "
                                                   f"not hand-written"))
    return sorted(set(found))


def _unbound(func):
    """Whether the attribute ``func`` is a method taken from a type rather than from a list: ``list.pop``,
    ``type(a).pop``, ``a.__class__.pop``."""
    owner = func.value
    return (isinstance(owner, ast.Name) and owner.id == "list") or (
        isinstance(owner, ast.Call) and _called_name(owner.func) == "type") or (
        isinstance(owner, ast.Attribute) and owner.attr == "__class__")


def _list_method(call):
    """(method name, its arguments after the list) of a call that may be a list's method however it is
    reached, else None: ``a.pop(0)``, ``list.pop(a, 0)`` and ``type(a).insert(a, 0, x)`` (red team, round
    sixteen), ``getattr(a, "pop")(0)``, ``operator.methodcaller("pop", 0)``.

    >>> [_list_method(ast.parse(t, mode="eval").body) for t in ("a.pop(0)", "list.pop(a, 0)", "f(0)")][2]
    >>> [_list_method(ast.parse(t, mode="eval").body)[0] for t in ("a.pop(0)", "list.insert(a, 0, x)",
    ...                                                         "getattr(a, 'pop')(0)", "methodcaller('pop', 0)")]
    ['pop', 'insert', 'pop', 'pop']
    """
    func, args = call.func, call.args
    if isinstance(func, ast.Attribute):
        return (func.attr, args[1:]) if _unbound(func) else (func.attr, args)
    if isinstance(func, ast.Call) and _called_name(func.func) == "getattr" and len(func.args) >= 2 \
            and isinstance(func.args[1], ast.Constant) and isinstance(func.args[1].value, str):
        return func.args[1].value, args
    if _called_name(func) == "methodcaller" and args and isinstance(args[0], ast.Constant) \
            and isinstance(args[0].value, str):
        return args[0].value, args[1:]
    return None


ANNOTATIONS_READ = ("get_type_hints", "get_annotations", "get_args", "get_origin")
"""What makes an annotation a value (``typing.get_type_hints``, ``inspect.get_annotations``): an annotation
``typing.Deque`` read back so is collections.deque (red team, round sixteen: ``ann_deque``)."""


def _read(source):
    """(every finding of ``banned``, the O(n) list operations among them): each a list of (line, reason)."""
    tree = ast.parse(source)
    constants = constant_names(tree)
    found, shifted = [], []

    def shift(line, reason):
        found.append((line, reason))
        shifted.append((line, reason))

    for node in ast.walk(tree):
        if isinstance(node, ast.Delete):
            for target in node.targets:
                if _front_of_list(target, constants) == "removes":
                    shift(node.lineno, f"`del {ast.unparse(target)}` shifts every item of a list: O(n), not O(1)")
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                front = _front_of_list(target, constants)
                if front == "adds" or front == "removes" and _emptied(node) and isinstance(target.slice, ast.Slice):
                    value = "[]" if front == "removes" else "…"
                    shift(node.lineno, f"`{ast.unparse(target)} = {value}` shifts every item of a list: O(n), "
                                       f"not O(1)")
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top in BANNED_MODULES:
                    found.append((node.lineno, f"`import {alias.name}`: {BANNED_MODULES[top]} is not hand-written"))
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in BANNED_MODULES:
            found.append((node.lineno, f"`from {node.module} import …`: {BANNED_MODULES[node.module.split('.')[0]]} "
                                       f"is not hand-written"))
        elif isinstance(node, ast.Call) and _list_method(node) is not None:
            name, args = _list_method(node)
            first_is_zero = bool(args) and _first(args[0], constants)
            written = "" if not first_is_zero or index(args[0], constants) == 0 and isinstance(args[0], ast.Constant) \
                and type(args[0].value) is int and isinstance(node.func, ast.Attribute) \
                and not _unbound(node.func) else f" (written `{ast.unparse(node)[:80]}`)"
            if name == "pop" and first_is_zero:
                shift(node.lineno, f"`.pop(0)`{written} shifts every item of a list: O(n), not O(1)")
            elif name == "insert" and first_is_zero:
                shift(node.lineno, f"`.insert(0, …)`{written} shifts every item of a list: O(n), not O(1)")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "__import__":
            found.append((node.lineno, "`__import__(…)`: import modules with an import statement"))
        if isinstance(node, ast.Call) and _called_name(node.func) in ANNOTATIONS_READ or \
                isinstance(node, ast.Attribute) and node.attr == "__annotations__":
            found.append((node.lineno, f"`{ast.unparse(node)[:60]}`: annotations read back as values (a "
                                       f"`typing.Deque` one is collections.deque), which cannot be checked"))
        if isinstance(node, (ast.Import, ast.ImportFrom)) and any(
                (m or "").split(".")[0] == "importlib"
                for m in ([a.name for a in node.names] if isinstance(node, ast.Import) else [node.module])):
            found.append((node.lineno, "`importlib`: dynamic imports cannot be checked; import modules with an "
                                       "import statement"))
        if isinstance(node, ast.Call) and _called_name(node.func) in ("import_module", "__import__") \
                and isinstance(node.func, ast.Attribute):
            found.append((node.lineno, f"`{_called_name(node.func)}(…)`: a dynamic import (its module cannot be "
                                       f"checked); import modules with an import statement"))
    return found, shifted


def banned(source):
    """Every use of a ready-made queue or an O(n) list end-operation in ``source``: (line, reason).

    >>> banned("def pop(a):\\n    x = a[0]\\n    del a[0]\\n    a[0:0] = [x]\\n    a[1:] = a[:1]\\n    a[:1] = []\\n")
    [(3, '`del a[0]` shifts every item of a list: O(n), not O(1)'), (4, '`a[0:0] = …` shifts every item of a list: O(n), not O(1)'), (6, '`a[:1] = []` shifts every item of a list: O(n), not O(1)')]
    """
    return sorted(_read(source)[0])


def shifts(source):
    """The O(n) list operations among ``banned``'s findings: (line, reason) each.  What the handout says takes time
    in proportion to the length, so check 3.7 fails on them too, however fast the timed runs are (red team, round
    fifteen: an O(n) deque slowed by a constant cost on every operation, so that its times grew as if constant).

    >>> shifts("import collections\\ndef pop(a):\\n    return a.pop(0)\\n")
    [(3, '`.pop(0)` shifts every item of a list: O(n), not O(1)')]
    """
    return sorted(_read(source)[1])
