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


def _front_of_list(target):
    """Whether ``target`` (of ``del`` or of an assignment) is a list's first item or the empty slice before
    it: ``a[0]``, ``a[:1]``, ``a[0:1]`` (removing the first item), ``a[:0]``, ``a[0:0]`` (adding before it)."""
    if not isinstance(target, ast.Subscript):
        return None
    index = target.slice

    def number(node, default):
        if node is None:
            return default
        return node.value if isinstance(node, ast.Constant) and type(node.value) is int else None

    if isinstance(index, ast.Constant) and type(index.value) is int and index.value == 0:
        return "removes"
    if isinstance(index, ast.Slice) and index.step is None and number(index.lower, 0) == 0:
        upper = number(index.upper, None)
        if upper == 1:
            return "removes"
        if upper == 0:
            return "adds"
    return None


def _emptied(node):
    """Whether the assignment ``node`` empties the slice it assigns to (``a[0:1] = []``: ``del a[0]``)."""
    return isinstance(node, ast.Assign) and isinstance(node.value, (ast.List, ast.Tuple)) and not node.value.elts


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
    [(3, '`typing.Deque(…)` makes a collections.deque, which is not hand-written')]
    """
    def foreign_deques(tree):
        """{name: line} of the names a module binds to a foreign module's ``deque``."""
        modules, bound = set(), {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules.update((a.asname or a.name).split(".")[0] for a in node.names
                               if a.name.split(".")[-1] not in OWN)
            elif isinstance(node, ast.ImportFrom) and not _own(node.module, node.level):
                bound.update({(a.asname or a.name): node.lineno for a in node.names if a.name == "deque"})
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Attribute) \
                    and node.value.attr == "deque" and isinstance(node.value.value, ast.Name) \
                    and node.value.value.id in modules:
                bound.update({t.id: node.lineno for t in node.targets if isinstance(t, ast.Name)})
        return modules, bound

    trees = {}
    for module, source in sources.items():
        try:
            trees[module] = ast.parse(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
    if "deque" not in trees:
        return []
    found = []
    modules, _ = foreign_deques(trees["deque"])
    # typing.Deque is collections.deque under another name: an annotation may say it, a call makes one
    # (red team, round eight).
    aliases = {(a.asname or a.name) for node in ast.walk(trees["deque"]) if isinstance(node, ast.ImportFrom)
               and node.module == "typing" for a in node.names if a.name == "Deque"}
    for node in ast.walk(trees["deque"]):
        if isinstance(node, ast.Call) and (isinstance(node.func, ast.Name) and node.func.id in aliases or
                                           isinstance(node.func, ast.Attribute) and node.func.attr == "Deque"
                                           and isinstance(node.func.value, ast.Name)
                                           and node.func.value.id in modules):
            found.append((node.lineno, "`typing.Deque(…)` makes a collections.deque, which is not hand-written"))
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


def banned(source):
    """Every use of a ready-made queue or an O(n) list end-operation in ``source``: (line, reason).

    >>> banned("def pop(a):\\n    x = a[0]\\n    del a[0]\\n    a[0:0] = [x]\\n    a[1:] = a[:1]\\n    a[:1] = []\\n")
    [(3, '`del a[0]` shifts every item of a list: O(n), not O(1)'), (4, '`a[0:0] = …` shifts every item of a list: O(n), not O(1)'), (6, '`a[:1] = []` shifts every item of a list: O(n), not O(1)')]
    """
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Delete):
            for target in node.targets:
                if _front_of_list(target) == "removes":
                    found.append((node.lineno, f"`del {ast.unparse(target)}` shifts every item of a list: O(n), "
                                               f"not O(1)"))
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                front = _front_of_list(target)
                if front == "adds" or front == "removes" and _emptied(node) and isinstance(target.slice, ast.Slice):
                    value = "[]" if front == "removes" else "…"
                    found.append((node.lineno, f"`{ast.unparse(target)} = {value}` shifts every item of a list: "
                                               f"O(n), not O(1)"))
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top in BANNED_MODULES:
                    found.append((node.lineno, f"`import {alias.name}`: {BANNED_MODULES[top]} is not hand-written"))
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in BANNED_MODULES:
            found.append((node.lineno, f"`from {node.module} import …`: {BANNED_MODULES[node.module.split('.')[0]]} "
                                       f"is not hand-written"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name, args = node.func.attr, node.args
            first_is_zero = bool(args) and isinstance(args[0], ast.Constant) and args[0].value == 0 \
                and type(args[0].value) is int
            if name == "pop" and first_is_zero:
                found.append((node.lineno, "`.pop(0)` shifts every item of a list: O(n), not O(1)"))
            elif name == "insert" and first_is_zero:
                found.append((node.lineno, "`.insert(0, …)` shifts every item of a list: O(n), not O(1)"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "__import__":
            found.append((node.lineno, "`__import__(…)`: import modules with an import statement"))
        if isinstance(node, (ast.Import, ast.ImportFrom)) and any(
                (m or "").split(".")[0] == "importlib"
                for m in ([a.name for a in node.names] if isinstance(node, ast.Import) else [node.module])):
            found.append((node.lineno, "`importlib`: dynamic imports cannot be checked; import modules with an "
                                       "import statement"))
        if isinstance(node, ast.Call) and _called_name(node.func) in ("import_module", "__import__") \
                and isinstance(node.func, ast.Attribute):
            found.append((node.lineno, f"`{_called_name(node.func)}(…)`: a dynamic import (its module cannot be "
                                       f"checked); import modules with an import statement"))
    return sorted(found)
