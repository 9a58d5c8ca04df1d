"""The integrity report: code in a submission that reaches into the grader or the interpreter.

The sandbox keeps student code away from the grader's files and processes, but
not from the grader's own code running in the same child process (the probe
that calls ``makeOptimalMove()``, the trace it keeps, the function that sends
observations): a submission can walk the stack to the probe's frame and write
a perfect trace, or find ``emit`` and forge events.  No correct submission
needs any of that, so this module reads the student's files (never runs them)
and lists, with file and line, every construct that could: frame and stack
introspection, ``gc``/``inspect``, closures and code objects, ``ctypes``,
dynamic imports and ``exec``, ``os._exit``, signals, ``/proc``, forks and
execs, sockets and file writes.  A finding costs no points: it tells an
instructor where to look (see handout/INSTRUCTORS.md).

>>> [f.what for f in scan_source("import sys\\nf = sys._getframe(1).f_locals\\n", "game.py")]
["`.f_locals`: reads the call stack (frames of the grader's probe)", "`sys._getframe`: reads the call stack (frames of the grader's probe)"]
>>> scan_source("class Deque:\\n    def __init__(self):\\n        self.items = [None] * 8\\n", "deque.py")
[]
"""

import ast
import os
import stat

from ..text.markdown import escape, inline

STACK = "reads the call stack (frames of the grader's probe)"
OBJECTS = "reaches objects it did not make (the grader's, in the same process)"
CODE = "reads or changes functions' code, closures or globals"
NATIVE = "calls native code, outside Python's rules"
DYNAMIC = "imports or runs code chosen at run time (it cannot be checked)"
PROCESS = "ends, forks or replaces the process, or signals others"
FILES = "reads or writes files outside its scratch folder"
NETWORK = "opens sockets"

ATTRIBUTES = {
    "_getframe": STACK, "f_locals": STACK, "f_globals": STACK, "f_back": STACK, "f_code": STACK,
    "f_builtins": STACK, "f_trace": STACK, "tb_frame": STACK, "gi_frame": STACK, "cr_frame": STACK,
    "ag_frame": STACK, "settrace": STACK, "setprofile": STACK, "_current_frames": STACK, "currentframe": STACK,
    "get_referrers": OBJECTS, "get_referents": OBJECTS, "get_objects": OBJECTS, "__subclasses__": OBJECTS,
    "__closure__": CODE, "cell_contents": CODE, "__code__": CODE, "__globals__": CODE, "co_consts": CODE,
    "__builtins__": CODE, "__getattribute__": CODE, "import_module": DYNAMIC, "__import__": DYNAMIC,
    "_exit": PROCESS, "fork": PROCESS, "forkpty": PROCESS, "kill": PROCESS, "killpg": PROCESS, "setsid": PROCESS,
    "system": PROCESS, "popen": PROCESS, "memfd_create": PROCESS, "dup2": PROCESS, "write": FILES,
    "execv": PROCESS, "execve": PROCESS, "execvp": PROCESS, "execl": PROCESS, "execlp": PROCESS,
    "spawnv": PROCESS, "spawnl": PROCESS, "posix_spawn": PROCESS, "posix_spawnp": PROCESS,
    "unlink": FILES, "remove": FILES, "rename": FILES, "chmod": FILES, "rmtree": FILES, "symlink": FILES,
    "fdopen": FILES, "FileIO": FILES,
}
"""Attributes no correct submission needs, whatever object they are read from (``x.f_locals``)."""

INSIDES = {name for name, what in ATTRIBUTES.items() if what in (STACK, OBJECTS, CODE)}
"""The names of frames', functions' and objects' insides: a finding even as a plain string."""

MODULES = {
    "ctypes": NATIVE, "cffi": NATIVE, "_ctypes": NATIVE, "gc": None, "inspect": STACK, "traceback": STACK,
    "importlib": DYNAMIC, "imp": DYNAMIC, "runpy": DYNAMIC, "pkgutil": DYNAMIC, "builtins": CODE,
    "signal": PROCESS, "subprocess": PROCESS, "multiprocessing": PROCESS, "pty": PROCESS, "resource": PROCESS,
    "socket": NETWORK, "ssl": NETWORK, "http": NETWORK, "urllib": NETWORK, "mmap": NATIVE, "marshal": CODE,
    "pickle": CODE, "shutil": FILES, "tempfile": FILES, "threading": STACK, "_thread": STACK,
    "_io": FILES, "sys": None, "os": None,
}
"""Modules whose import alone is a finding (``None``: only some of their attributes are)."""

NAMES = {"exec": DYNAMIC, "eval": DYNAMIC, "compile": DYNAMIC, "__import__": DYNAMIC, "globals": CODE,
         "vars": OBJECTS, "breakpoint": STACK}
"""Built-in functions, called by name."""

PATCHED = {"time", "sys", "os", "builtins", "json", "gc", "io", "random", "math", "copy", "signal", "traceback"}
PATCH = "replaces a function of a module the grader's code uses too, in the same process"

PATHS = ("/proc", "/autograder", "/dev/shm", "/tmp", "/sys/", "grader", "fixtures", "results.json")

ALLOWED_MODULES = {
    "__future__", "abc", "array", "bisect", "collections", "copy", "dataclasses", "enum", "fractions",
    "functools", "gc", "heapq", "itertools", "math", "numbers", "operator", "random", "re", "statistics",
    "string", "sys", "textwrap", "time", "typing", "typing_extensions",
    "board", "deque", "game", "xo", "codequest", "ninja", "codingame",       # the student's own files
}
"""What a Project 5 submission imports: the language's own helpers and its own files.  Any other module is
a finding (an allowlist: the list of tricks above only ever named those already seen).  ``gc`` and ``sys``
are here for ``gc.disable()`` and ``sys.stdin``; their dangerous attributes are findings of their own."""

UNLISTED = "imports a module a Project 5 submission has no reason to use"

ORDINARY_DUNDERS = {
    "__init__", "__new__", "__class__", "__name__", "__qualname__", "__doc__", "__slots__", "__all__",
    "__dict__", "__main__", "__len__", "__str__", "__repr__", "__format__", "__eq__", "__ne__", "__lt__",
    "__le__", "__gt__", "__ge__", "__hash__", "__bool__", "__iter__", "__next__", "__reversed__",
    "__contains__", "__getitem__", "__setitem__", "__delitem__", "__copy__", "__deepcopy__", "__post_init__",
    "__call__", "__enter__", "__exit__", "__add__", "__sub__", "__mul__", "__neg__", "__index__", "__int__",
    "__version__", "__annotations__", "__match_args__", "__dataclass_fields__",
}
"""The special names a Project 5 submission reads or calls (``super().__init__()``, ``type(self).__name__``,
``__slots__``, ``if __name__ == "__main__"``).  Any other double-underscore name it reads is a finding."""

UNORDINARY = "reads a special attribute no Project 5 submission needs (the interpreter's or another object's insides)"

RAW_FILES = {"open", "read", "write", "dup", "dup2", "pipe", "fstat", "lseek", "fdopen", "ftruncate"}
"""``os``'s (and ``io``'s) functions on file descriptors: a submission that uses them can write on any
descriptor it inherited, the grader's channel among them."""


def _code(text):
    """Student-derived text (a module's name, a string constant) as an inert code span."""
    return inline(text)


class Finding:
    """One line of the report: ``file``, ``line`` and ``what`` was found there.  ``problem``: the file could
    not be read as Python at all (it does not parse), so it could not be scanned: a grading problem (its
    import check fails and says why), never a sign of tampering; ``split`` keeps those apart."""
    __slots__ = ("file", "line", "what", "problem")

    def __init__(self, file, line, what, problem=False):
        self.file, self.line, self.what, self.problem = file, line, what, problem

    def __repr__(self):
        return f"{self.file}:{self.line}: {self.what}"

    def __eq__(self, other):
        return isinstance(other, Finding) and (self.file, self.line, self.what, self.problem) == (
            other.file, other.line, other.what, other.problem)


UNPARSABLE = "does not parse as Python ({error}), so none of it can run and it was not scanned"
"""A grading problem's words: its import check tells the student the error."""

TOO_DEEP = ("is too deeply nested or too large for the scan to read ({error}), though Python may still run it: "
            "nothing in it could be checked")
"""A finding's words for a file the scan gave up on that is no syntax error."""


def split(found):
    """(findings, problems) of ``found``: integrity findings, and files that could not be scanned.

    >>> findings, problems = split(scan_source("def f(:\\n", "game.py") + scan_source("import gc\\ngc.get_objects()\\n", "board.py"))
    >>> [(f.file, f.line) for f in findings], [(p.file, p.line) for p in problems]
    ([('board.py', 2)], [('game.py', 1)])
    """
    return [f for f in found if not f.problem], [f for f in found if f.problem]


def _opened_for_writing(call):
    """``open(path, "w")`` and the like: a mode with w, a, x or +."""
    mode = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "mode"), None)
    if mode is None:
        return False
    if isinstance(mode, ast.Constant) and isinstance(mode.value, str):
        return any(c in mode.value for c in "wax+")
    return True                                    # a mode computed at run time


def _raw_descriptor(call):
    """Whether ``open(…)`` opens a file descriptor other than 0, 1 and 2 (``open(0).read()`` reads standard
    input, as contest programs do): a literal number above 2, or a computed one with ``closefd``.

    >>> [_raw_descriptor(ast.parse(s).body[0].value) for s in ("open(0)", "open(5)", "open(fd, closefd=False)",
    ...                                                        "open(path)", "open(0, 'rb', closefd=False)")]
    [False, True, True, False, False]
    """
    first = call.args[0]
    if isinstance(first, ast.Constant):
        return type(first.value) is int and first.value > 2
    return any(k.arg == "closefd" for k in call.keywords)


REFLECTIVE = {"getattr", "setattr", "delattr", "hasattr", "vars", "globals", "locals", "eval", "exec", "compile",
              "__import__", "attrgetter", "methodcaller"}
"""Built-ins (and ``operator``'s two) that read or run what a string names: called, their names are checked;
handed around as values, they are findings themselves."""


def _spelled(node):
    """The string a ``+`` of string literals spells (``"__clo" + "sure__"``), or None when any part is not one.

    >>> _spelled(ast.parse('"__clo" + "sure__"').body[0].value), _spelled(ast.parse('"a" + b').body[0].value)
    ('__closure__', None)
    """
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _spelled(node.left), _spelled(node.right)
        return left + right if left is not None and right is not None else None
    return None


def _secret(text):
    """Whether a string names what no submission spells: insides of frames and functions, a special name
    other than the ordinary ones, or a frame's, code's or traceback's attribute."""
    return (text in INSIDES or text in ATTRIBUTES or text.startswith(PRIVATE[1:])
            or text.startswith("__") and text.endswith("__") and text not in ORDINARY_DUNDERS)


def _called(call):
    """The name a call is made by: ``f`` for ``f(…)`` and for ``module.f(…)``."""
    return call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")


PRIVATE = ("_", "f_", "co_", "tb_", "gi_", "cr_", "ag_")
"""Attribute names no correct submission reaches by a string (``getattr(x, "f_locals")``): frames',
code objects', tracebacks', generators' and coroutines' insides, and private names."""


def _secret_name(node, constant=None):
    """Whether ``node``, an attribute name given as an argument, is computed, private or a flagged one.
    ``constant`` maps a variable that only ever holds literal strings (``_literal_loops``) to them."""
    if isinstance(node, ast.Name) and constant and node.id in constant:
        return any(value.startswith(PRIVATE) or value in ATTRIBUTES for value in constant[node.id])
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return True
    return node.value.startswith(PRIVATE) or node.value in ATTRIBUTES


def _literal_loops(tree):
    """{name: its values} for every variable bound only as the target of loops over literal strings, as in
    ``for name in ("state", "moves"): setattr(board, name, ...)``: its value is one of them, never computed.

    >>> {k: sorted(v) for k, v in _literal_loops(ast.parse("for n in 'a', 'b':\\n    pass\\n"
    ...                                                          "for m in ('c',):\\n    pass\\nm = x")).items()}
    {'n': ['a', 'b']}
    """
    literal, stores = {}, {}
    for node in ast.walk(tree):
        if isinstance(node, ast.For) and isinstance(node.target, ast.Name) and isinstance(node.iter, (ast.Tuple, ast.List)) \
                and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.iter.elts):
            literal.setdefault(node.target.id, [set(), 0])
            literal[node.target.id][0].update(e.value for e in node.iter.elts)
            literal[node.target.id][1] += 1
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            stores[node.id] = stores.get(node.id, 0) + 1
        elif isinstance(node, ast.arg):
            stores[node.arg] = stores.get(node.arg, 0) + 1
    return {name: values for name, (values, loops) in literal.items() if stores.get(name, 0) == loops}


def decode(data):
    """The text of a Python file as the interpreter reads it (its coding cookie obeyed), and a finding's
    words if the cookie names an encoding other than UTF-8: in ``# coding: utf-7`` a line can hide code from
    every scan that reads the file as UTF-8 (red team, round four)."""
    import io
    import tokenize
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        text = data.decode(encoding, "replace")
    except (SyntaxError, LookupError, UnicodeError):
        return data.decode("utf-8", "replace"), None
    if encoding.lower().replace("_", "-") not in ("utf-8", "utf-8-sig", "ascii"):
        return text, f"declares the source encoding {encoding!r} (Python reads it so; no correct file needs it)"
    return text, None


def scan_source(source, name):
    """Findings in the text ``source`` of the file ``name``, sorted by line; a file that does not parse is
    one ``problem`` (``split``), not a finding: nothing in it can run, and its import check reports the error
    to the student."""
    try:
        tree = ast.parse(source, filename=name)
    except (SyntaxError, ValueError) as error:
        line = getattr(error, "lineno", None) or 1
        return [Finding(name, line if type(line) is int else 1, UNPARSABLE.format(error=type(error).__name__),
                        problem=True)]
    except (RecursionError, MemoryError) as error:
        # Not a syntax error: the interpreter may still compile and run this file (a few thousand ``1+1+…``
        # compile where ast.parse gives up, red team round five), so it is a finding, never a mere problem.
        return [Finding(name, 1, TOO_DEEP.format(error=type(error).__name__))]
    found = {}
    # The names this file binds to a module by importing it: ``import os as o`` makes ``o.kill`` os's kill.
    modules, imported = {}, {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update({(a.asname or a.name.split(".")[0]): a.name.split(".")[0] for a in node.names})
        elif isinstance(node, ast.ImportFrom):      # ``from operator import attrgetter as _ag``: _ag is attrgetter
            imported.update({a.asname: a.name for a in node.names if a.asname})

    def called(call):
        return imported.get(_called(call), _called(call))
    # The names this file binds to one of those modules by importing it (``import time``, ``import time as t``),
    # less any name it also binds to something else: a board kept in a variable called ``copy`` is no module.
    patched, rebound = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            patched.update(a.asname or a.name for a in node.names if a.name in PATCHED)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            rebound.add(node.id)
        elif isinstance(node, ast.arg):
            rebound.add(node.arg)
    patched -= rebound
    constant = _literal_loops(tree)

    def add(node, what):
        found.setdefault((node.lineno, what), Finding(name, node.lineno, what))

    callee = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in REFLECTIVE and isinstance(node.ctx, ast.Load) \
                and id(node) not in callee:
            # ``look = getattr`` then ``look(f, "__clo" + "sure__")``: every rule about getattr's names was
            # walked around by calling it under another name (red team, round eight).
            add(node, f"{_code(node.id)} passed around or renamed rather than called: {OBJECTS}")
        elif isinstance(node, ast.BinOp) and (spelled := _spelled(node)) is not None and _secret(spelled):
            add(node, f"the name {_code(spelled[:60])} spelled in pieces: {UNORDINARY}")
        elif isinstance(node, ast.Name) and node.id.startswith("__") and node.id.endswith("__") \
                and len(node.id) > 4 and node.id not in ORDINARY_DUNDERS and node.id not in NAMES \
                and node.id not in ATTRIBUTES:
            add(node, f"{_code(node.id)}: {UNORDINARY}")
        elif isinstance(node, ast.Attribute) and node.attr.startswith("__") and node.attr.endswith("__") \
                and len(node.attr) > 4 and node.attr not in ORDINARY_DUNDERS and node.attr not in ATTRIBUTES:
            add(node, f"{_code('.' + node.attr)}: {UNORDINARY}")
        elif isinstance(node, ast.Attribute) and node.attr in RAW_FILES and isinstance(node.value, ast.Name) \
                and modules.get(node.value.id) in ("os", "io", "_io", "posix"):
            add(node, f"{_code(node.value.id + '.' + node.attr)}: works on raw file descriptors, the grader's "
                      f"channel among them")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "open" \
                and node.args and _raw_descriptor(node):
            add(node, f"{_code('open(…)')} of a file descriptor other than standard input or output: {FILES}")
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if MODULES.get(top):
                    add(node, f"{_code('import ' + alias.name)}: {MODULES[top]}")
                elif top == "__main__":
                    add(node, f"{_code('import __main__')}: {OBJECTS}")
                elif top not in ALLOWED_MODULES:
                    add(node, f"{_code('import ' + alias.name)}: {UNLISTED}")
        elif isinstance(node, ast.ImportFrom):
            top = (node.module or "").split(".")[0]
            if top == "__main__":
                add(node, f"{_code('from __main__ import …')}: {OBJECTS}")
            elif MODULES.get(top):
                add(node, f"{_code(f'from {node.module} import …')}: {MODULES[top]}")
            elif node.level == 0 and top not in ALLOWED_MODULES:
                add(node, f"{_code(f'from {node.module} import …')}: {UNLISTED}")
            for alias in node.names:
                if alias.name in ATTRIBUTES and top in ("os", "sys", "gc", "inspect", "importlib", "shutil"):
                    add(node, f"{_code(f'from {node.module} import {alias.name}')}: {ATTRIBUTES[alias.name]}")
        elif isinstance(node, ast.Attribute) and node.attr == "modules" and isinstance(node.value, ast.Name) \
                and modules.get(node.value.id) == "sys":
            add(node, f"{_code(node.value.id + '.modules')}: {OBJECTS} (modules it did not import)")
        elif isinstance(node, ast.Attribute) and node.attr in ATTRIBUTES:
            owner = node.value.id if isinstance(node.value, ast.Name) else ""
            if node.attr in ("write", "remove", "kill", "system") and modules.get(owner) not in ("os", "shutil",
                                                                                                  "sys"):
                continue                               # list.remove, a file's own write: plain Python
            label = f"{owner}.{node.attr}" if owner else f".{node.attr}"
            add(node, f"{_code(label)}: {ATTRIBUTES[node.attr]}")
        elif isinstance(node, ast.Call) and called(node) in ("attrgetter", "methodcaller") and any(
                _secret_name(a) or (isinstance(a, ast.Constant) and any(
                    part in ATTRIBUTES or part.startswith(PRIVATE) for part in str(a.value).split(".")))
                for a in node.args[:1 if called(node) == "methodcaller" else None]):
            add(node, f"{_code(called(node) + '(…)')} with a computed or private name: can reach anything above")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in NAMES:
                add(node, f"{_code(node.func.id + '(…)')}: {NAMES[node.func.id]}")
            elif node.func.id in ("getattr", "setattr", "delattr", "hasattr") and len(node.args) > 1 \
                    and _secret_name(node.args[1], constant):
                add(node, f"{_code(node.func.id + '(…)')} with a computed or private name: can reach anything above")
            elif node.func.id == "open" and _opened_for_writing(node):
                add(node, f"{_code('open(…)')} for writing: {FILES}")
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                        and target.value.id in patched:
                    add(node, f"{_code(f'{target.value.id}.{target.attr} = …')}: {PATCH}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            hit = next((p for p in PATHS if p in node.value), None)
            if hit and ("/" in node.value or hit.endswith(".json")):
                add(node, f"the path {_code(node.value[:60])}: names the grader's or the system's files ({hit})")
            elif node.value in INSIDES:
                # Named as a string, whatever reads it (``object.__getattribute__(f, "__closure__")``, red team,
                # round five): no correct submission spells these names at all.
                add(node, f"the name {_code(node.value)} as a string: {ATTRIBUTES[node.value]}")
    return sorted(found.values(), key=lambda f: (f.line, f.what))


def scan(files):
    """Findings in every file of ``files`` (module name -> path), file by file."""
    findings = []
    for name in sorted(files):
        path = files[name]
        try:                                       # a regular file only, never through a link
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                continue
            source, cookie = decode(f.read())          # the whole file (a grading's are at most [limits] file_kib)
        if cookie:
            findings.append(Finding(os.path.basename(path), 1, cookie))
        findings += scan_source(source, os.path.basename(path))
    return findings


def markdown(findings, problems=()):
    """The report as Markdown, each finding's text escaped; ``problems`` (files that could not be scanned)
    follow in a paragraph of their own, apart from the findings."""
    if problems:
        unscanned = "\n".join(f"- {escape(p.file)}, line {p.line}: {p.what}" for p in problems)
        found = markdown(findings) if findings else ("No finding in the files that parse (the scan reads them; "
                                                     "it does not run them).")
        return found + "\n\nNot scanned (a grading problem, not a finding):\n\n" + unscanned
    if not findings:
        return ("No finding: nothing in the submission reaches into the grader's code, the interpreter's "
                "internals or the system (the scan reads the files; it does not run them).")
    lines = [f"{len(findings)} finding(s): code that could reach into the grader or the interpreter. A finding "
             f"costs no points; read the lines named and, where in doubt, grade the submission again with "
             f"`python -m grader compare`.", ""]
    lines += [f"- {escape(f.file)}, line {f.line}: {f.what}" for f in findings]      # ``what`` is inert already
    return "\n".join(lines)


def console(findings, problems=()):
    lines = ["Integrity: no finding"] if not findings else \
        [f"Integrity: {len(findings)} finding(s)"] + [f"   ! {f!r}" for f in findings]
    return "\n".join(lines + [f"   not scanned: {p!r}" for p in problems])
