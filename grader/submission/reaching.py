"""The vocabulary of the integrity report (``integrity``): what no correct submission needs, by category
(the attributes, modules and built-in functions that reach into the grader or the interpreter), and the
readings of the syntax that spell those names in other ways (in pieces, inside strings, through a format
field, through a variable that only holds literal strings)."""

import ast
import re
import string

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
    "fdopen": FILES, "FileIO": FILES, "Formatter": OBJECTS, "exc_info": STACK, "__traceback__": STACK,
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
    "__version__", "__annotations__", "__match_args__", "__dataclass_fields__", "__debug__",
    "__weakref__",          # a slot a class with ``__slots__`` names so that its objects take weak references
}
"""The special names a Project 5 submission reads or calls (``super().__init__()``, ``type(self).__name__``,
``__slots__``, ``if __name__ == "__main__"``).  Any other double-underscore name it reads is a finding."""


UNORDINARY = "reads a special attribute no Project 5 submission needs (the interpreter's or another object's insides)"


RAW_FILES = {"open", "read", "write", "dup", "dup2", "pipe", "fstat", "lseek", "fdopen", "ftruncate"}
"""``os``'s (and ``io``'s) functions on file descriptors: a submission that uses them can write on any
descriptor it inherited, the grader's channel among them."""


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


INSIDE_NAMES = {"f_back", "f_locals", "f_globals", "f_code", "f_builtins", "f_trace", "f_lineno", "f_lasti",
                "tb_frame", "tb_next", "tb_lineno", "tb_lasti", "gi_frame", "gi_code", "cr_frame", "cr_code",
                "ag_frame", "cell_contents", "co_consts", "co_code", "co_names", "co_varnames"}
"""Attributes of frames, tracebacks, generators, cells and code objects: no correct submission names them."""


def _secret_inside(text):
    """The first special name (a double-underscore name other than the ordinary ones) or attribute of frames,
    code, closures or tracebacks (``INSIDES``, ``INSIDE_NAMES``) that ``text`` holds as a word, or None.

    >>> _secret_inside("0.__closure__"), _secret_inside("{0.tb_frame.f_back}"), _secret_inside("call __init__")
    ('__closure__', 'tb_frame', None)
    """
    for word in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text):
        if word in INSIDES or word in INSIDE_NAMES or (
                word.startswith("__") and word.endswith("__") and len(word) > 4 and word not in ORDINARY_DUNDERS):
            return word
    return None


FORMATTERS = {"format", "format_map", "vformat", "get_field", "get_value", "format_field", "parse"}
"""String formatting's entry points: a field name with a dot or a subscript reads an attribute or an item of
the object it is given, whatever that object is."""


def _reads_fields(call):
    """The first field of a format string given to ``call`` (``"…".format(…)``, ``format_map``, a
    ``string.Formatter``'s methods) that reads an attribute or an item (``{0.x}``, ``{0[k]}``), or None.

    >>> _reads_fields(ast.parse('"{0.name}".format(b)').body[0].value), _reads_fields(ast.parse('"{0} {x:>3}".format(1, x=2)').body[0].value)
    ('0.name', None)
    """
    name = _called(call)
    if name not in FORMATTERS:
        return None
    texts = [call.func.value] if isinstance(call.func, ast.Attribute) else []
    texts += list(call.args[:1])
    for node in texts:
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        if name in ("get_field", "get_value"):
            fields = [node.value]
        else:
            try:
                fields = [field for _, field, _, _ in string.Formatter().parse(node.value) if field]
            except ValueError:
                continue
        for field in fields:
            if "." in field or "[" in field:
                return field
    return None


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
