"""The sandboxed side of a check: load the student's files, make the calls a
check asks for, report plain observations.

This file runs as ``python -I -S -B child.py`` in a process of its own (as an
unprivileged user when the grader is root).  It imports nothing but the
standard library and never sees an expected value: it reads one JSON request
on standard input, applies its resource limits *before* any student code is
imported, then writes one JSON object per line to the file descriptor named in
the request.  The trusted parent (``runner.py``) decides every verdict.

Observations are JSON-plain.  A value is reported as ``{"type": "int",
"value": 3}`` only when its type is exactly a built-in plain type; anything
else (an ``int`` subclass, an object with a rigged ``__eq__``) is reported by
its type name and ``repr`` and can never compare equal to an expected value.
"""

import _frozen_importlib as bootstrap            # the import system itself, loaded at start-up
import _frozen_importlib_external as external
import io
import os
import sys
import time

# Start-up time is paid once per check, so this file imports only modules the
# interpreter has loaded anyway; ``traceback`` is imported when a student's
# exception needs describing, and observations are written by ``dump`` below
# rather than by ``json`` (whose import alone costs more than the interpreter's start).

PACKAGE = "xo"
MODULES = ("board", "deque", "game")
MAX_ITEMS = 20          # items of a list or tuple reported one by one
MAX_TEXT = 2000         # characters of a string or a repr
MAX_RUNS = 2000         # runs of popped-board depths kept by the BFS trace
MEMORY_EXIT = 75        # the child's exit status when it ran out of memory beyond reporting it
ESCAPED_EXIT = 70       # ...when anything else escaped the harness (never a normal end)


# ---------------------------------------------------------------- limits

def apply_limits(limits):
    """Set the resource limits the student cannot raise (soft == hard)."""
    import resource

    def cap(which, value):
        try:
            resource.setrlimit(which, (value, value))
        except (ValueError, OSError):
            pass                      # a limit this kernel will not lower: the parent's timeout still holds

    cap(resource.RLIMIT_CORE, 0)
    if limits.get("memory_bytes"):
        cap(resource.RLIMIT_AS, limits["memory_bytes"])
    if limits.get("cpu_seconds"):
        cap(resource.RLIMIT_CPU, limits["cpu_seconds"])
    if limits.get("file_bytes") is not None:
        cap(resource.RLIMIT_FSIZE, limits["file_bytes"])
    if limits.get("processes"):
        cap(resource.RLIMIT_NPROC, limits["processes"])


# ---------------------------------------------------------------- loading

class _FlatAlias:
    """Make ``import board`` (a flat import) return ``xo.board``: one module,
    one class object, whichever way the student's files import each other."""

    def find_spec(self, name, path=None, target=None):
        if name in MODULES and path is None:
            return bootstrap.ModuleSpec(name, self)
        return None

    def create_module(self, spec):
        return import_student(spec.name)

    def exec_module(self, module):
        pass


class _Compiled:
    """Load ``xo.board`` etc. from bytecode the grader compiled once per
    submission (``probe_compile``), so each check skips compiling the files."""

    def __init__(self, folder, cache):
        self.folder = folder
        self.cache = cache

    def find_spec(self, name, path=None, target=None):
        short = name[len(PACKAGE) + 1:] if name.startswith(PACKAGE + ".") else None
        if short not in MODULES or not self.cache:
            return None
        compiled = os.path.join(self.cache, f"{short}.pyc")
        if not os.path.exists(compiled):
            return None
        loader = external.SourcelessFileLoader(name, compiled)
        return external.spec_from_file_location(name, os.path.join(self.folder, f"{short}.py"), loader=loader)


def install_package(folder, cache=None):
    """Register ``folder`` as the package ``xo`` (it has no ``__init__.py``)."""
    for name in list(sys.modules):
        if name == PACKAGE or name.startswith(PACKAGE + ".") or name in MODULES:
            del sys.modules[name]
    spec = bootstrap.ModuleSpec(PACKAGE, None, is_package=True)
    spec.submodule_search_locations = [folder]
    package = type(sys)(PACKAGE)
    package.__spec__ = spec
    package.__path__ = [folder]
    package.__package__ = PACKAGE
    sys.modules[PACKAGE] = package
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, (_FlatAlias, _Compiled))]
    sys.meta_path[:0] = [_FlatAlias(), _Compiled(folder, cache)]


def import_student(name):
    full = f"{PACKAGE}.{name}"
    __import__(full)
    return sys.modules[full]


def probe_compile(modules, args, emit):
    """Compile each student file (nothing is run) and send back its bytecode as a .pyc image."""
    for name in MODULES:
        path = os.path.join(STUDENT_DIR, f"{name}.py")
        try:
            with open(path, "rb") as f:
                source = f.read()
            code = compile(source, path, "exec", dont_inherit=True)
        except (OSError, SyntaxError, ValueError):
            continue                       # each check will report the problem when it imports the file
        info = os.stat(path)
        image = external._code_to_timestamp_pyc(code, info.st_mtime, info.st_size)
        emit({"compiled": name, "pyc": bytes(image).hex()})


# ---------------------------------------------------------------- encoding

def safe_repr(value):
    try:
        text = repr(value)
    except BaseException as error:  # a broken __repr__ is the student's, not ours
        return f"<unprintable {type(value).__name__}: {type(error).__name__}>"
    if type(text) is not str:
        return "<repr returned a non-string>"
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "…"


def type_name(value):
    kind = type(value)
    module = getattr(kind, "__module__", "")
    name = getattr(kind, "__qualname__", kind.__name__)
    if type(module) is not str or type(name) is not str:
        return "object"
    return name if module in ("builtins", PACKAGE) or module.startswith(PACKAGE + ".") else f"{module}.{name}"


def enc(value, depth=0):
    """Encode ``value`` as a JSON-plain observation (exact types only)."""
    kind = type(value)
    if value is None or kind is bool or kind is int:
        return {"type": type_name(value), "value": value}
    if kind is float:
        return {"type": "float", "value": value if value == value and abs(value) != float("inf") else None,
                "repr": safe_repr(value)}
    if kind is str:
        return {"type": "str", "value": value[:MAX_TEXT], "truncated": len(value) > MAX_TEXT}
    if (kind is list or kind is tuple) and depth < 2:
        return {"type": kind.__name__, "length": len(value),
                "items": [enc(item, depth + 1) for item in value[:MAX_ITEMS]]}
    return {"type": type_name(value), "repr": safe_repr(value)}


def raised(error):
    """Describe an exception the student's code raised (frames of our own code removed)."""
    import traceback
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename.startswith(STUDENT_DIR)]
    lines = [line.replace(f'"{STUDENT_DIR}', '"') for line in traceback.format_list(frames)]   # board.py, not /tmp/…
    try:
        message = str(error)
    except BaseException:
        message = "<unprintable message>"
    return {
        "type": type(error).__name__,
        "value_error": isinstance(error, ValueError),
        "index_error": isinstance(error, IndexError),
        "not_implemented": isinstance(error, NotImplementedError),
        "memory": isinstance(error, MemoryError),
        "message": message[:MAX_TEXT],
        "traceback": "".join(lines)[-4 * MAX_TEXT:],
        "where": _where(error, frames),
    }


def _where(error, frames):
    if isinstance(error, SyntaxError) and error.filename:
        return {"file": os.path.basename(error.filename), "line": error.lineno, "text": (error.text or "").rstrip()}
    if frames:
        return {"file": os.path.basename(frames[-1].filename), "line": frames[-1].lineno, "text": frames[-1].line}
    return None


STUDENT_DIR = "/nonexistent/"


# ---------------------------------------------------------------- probes

def attempt(function, *args):
    """Call ``function``; return ``{"value": …}`` or ``{"raised": …}``."""
    try:
        return {"value": enc(function(*args))}
    except BaseException as error:   # SystemExit and KeyboardInterrupt included: they are the student's
        return {"raised": raised(error)}


def snapshot(board):
    """The four public fields of a board, each encoded, and which are missing."""
    fields = {}
    for name in ("state", "moves", "turn", "numMoves"):
        try:
            fields[name] = enc(getattr(board, name))
        except BaseException as error:
            fields[name] = {"missing": True, "raised": raised(error)}
    return {"board_type": type_name(board), "fields": fields}


def make_board(modules, fields):
    """A student's ``BoardXO`` with its fields set from plain lists."""
    module = modules.get("board") or import_student("board")   # game.py has imported it already
    board = module.BoardXO()
    board.state = list(fields["state"])
    board.moves = list(fields["moves"])
    board.turn = list(fields["turn"])
    board.numMoves = fields["numMoves"]
    return board


def probe_import(modules, args, emit):
    report = {}
    for name in args["modules"]:
        module = modules[name]
        report[name] = {attr: hasattr(module, attr) for attr in ("BoardXO", "X", "O", "Deque", "XO")}
    board = modules.get("board")
    if board is not None:
        report["X"] = enc(getattr(board, "X", None))
        report["O"] = enc(getattr(board, "O", None))
    if args.get("construct_xo"):
        report["XO()"] = attempt(lambda: snapshot(modules["game"].XO().b)["fields"])
    if args.get("construct_deque"):
        report["Deque()"] = attempt(lambda: type_name(modules["deque"].Deque()))
    emit(report)


def probe_board_new(modules, args, emit):
    BoardXO = modules["board"].BoardXO
    first, second = BoardXO(), BoardXO()
    report = snapshot(first)
    shared = {}
    for name in ("state", "moves", "turn"):
        a, b = getattr(first, name, None), getattr(second, name, None)
        if not (isinstance(a, list) and isinstance(b, list) and a and b):
            shared[name] = "not a list"
            continue
        try:
            a[0] = 1                     # mutate the first board's list only
            shared[name] = b[0] == 1 if type(b[0]) is int else True
            a[0] = 0
        except BaseException as error:
            shared[name] = {"raised": raised(error)}
    report["shared"] = shared
    emit(report)


def probe_board_items(modules, args, emit):
    for state in args["states"]:
        board = modules["board"].BoardXO()
        board.state = list(state)
        emit({"state": state, "items": [attempt(board.__getitem__, pos) for pos in range(9)]})


def probe_board_str(modules, args, emit):
    for state in args["states"]:
        board = modules["board"].BoardXO()
        board.state = list(state)
        emit({"state": state, "str": attempt(str, board)})


def probe_xo_script(modules, args, emit):
    """Run ``steps`` on one game; each step is ``[operation, *arguments]``."""
    XO = modules["game"].XO
    game = None
    for step in args["steps"]:
        op, params = step[0], step[1:]
        if op == "new":
            holder = {}

            def construct():
                holder["game"] = XO(*params)
                return None
            result = attempt(construct)
            game = holder.get("game", game)
        elif op == "board":
            result = observe(lambda: {"board": snapshot(game.b)})
        elif op == "set_board":
            result = attempt(lambda: setattr(game, "b", make_board(modules, params[0])))
        elif op == "getBoard_mutate":
            result = observe(lambda: _get_board_and_mutate(game))
        elif op == "str":
            result = attempt(str, game.b)
        elif op == "show":
            buffer, real = io.StringIO(), sys.stdout
            sys.stdout = buffer
            try:
                result = attempt(game.show)
            finally:
                sys.stdout = real
            result["printed"] = buffer.getvalue()[:MAX_TEXT]
            result["str"] = attempt(str, game.b)
        else:                             # a method of XO: makeMove, makeMoves, gameOver, winner, makeOptimalMove
            result = attempt(getattr(game, op), *params)
        emit({"step": step, **result})


def observe(function):
    """Call ``function``, which builds an observation itself; catch what the student raises."""
    try:
        return function()
    except BaseException as error:
        return {"raised": raised(error)}


def _get_board_and_mutate(game):
    """getBoard(), then change every field of the copy; report the copy as it came."""
    copy = game.getBoard()
    seen = snapshot(copy)
    for name in ("state", "moves", "turn"):
        field = getattr(copy, name)
        for k in range(len(field)):
            field[k] = 7
    copy.numMoves = 99
    return {"board": seen}


def probe_deque_ops(modules, args, emit):
    deque = modules["deque"].Deque()
    for op in args["ops"]:
        name, params = op[0], op[1:]
        if name == "len":
            result = attempt(len, deque)
        else:
            result = attempt(getattr(deque, name), *params)
        emit({"op": op, **result})


def probe_deque_timing(modules, args, emit):
    """Time ``n`` pushes and pops against ``factor * n``, best of ``repeats``."""
    Deque = modules["deque"].Deque
    clock = time.perf_counter

    def workload(n):
        d = Deque()
        start = clock()
        for k in range(n):             # a queue that grows, then drains: both ends, like the search
            d.pushBack(k)
            if k % 3 == 0:
                d.pushFront(k)
        while d.size() > n // 2:
            d.popFront()
        for k in range(n // 2):
            d.pushFront(k)
        while not d.isEmpty():
            d.popBack()
        for k in range(n // 4):        # filled at one end, then emptied by pops alternating between the ends:
            d.pushBack(k)              # a deque of two stacks that moves all of one into the other whenever
        while not d.isEmpty():         # the side it pops from is empty takes O(n) for each of these pops
            d.popFront()
            if not d.isEmpty():
                d.popBack()
        return clock() - start

    def timed(n):
        # The parent times each run itself: when each of these two events reaches it,
        # and how much CPU this process has used by then (read from /proc while this
        # process waits for its go-ahead), so a deque.py that replaces
        # time.perf_counter cannot fake either clock.
        emit({"run": n, "at": "begin"})
        wait_for_parent()
        seconds = workload(n)
        emit({"run": n, "at": "end", "seconds": seconds})
        wait_for_parent()
        return seconds

    import gc
    n, factor = args["n"], args["factor"]
    gc.disable()                     # the collector's pauses are noise here, not the deque's cost
    try:
        small = min(timed(n) for _ in range(args["repeats"]))
        large = min(timed(n * factor) for _ in range(args["repeats"]))
    finally:
        gc.enable()
    emit({"small": small, "large": large})


class _Trace:
    """Counts what ``makeOptimalMove()`` does with the student's ``Deque``."""

    def __init__(self):
        self.calls = {"pushFront": 0, "pushBack": 0, "popFront": 0, "popBack": 0}
        self.runs = []               # [numMoves of popped board, how many in a row]
        self.unknown = 0
        self.truncated = False
        self.instances = 0

    reset = __init__

    def popped(self, item):
        depth = _depth_of(item)
        if depth is None:
            self.unknown += 1
            return
        if self.runs and self.runs[-1][0] == depth:
            self.runs[-1][1] += 1
        elif len(self.runs) < MAX_RUNS:
            self.runs.append([depth, 1])
        else:
            self.truncated = True

    def report(self):
        return {"calls": self.calls, "runs": self.runs, "unknown": self.unknown,
                "truncated": self.truncated, "instances": self.instances}


_SCALARS = (int, str, float, bool, bytes, type(None))


def _depth_of(item, depth=0):
    """numMoves of the board inside a queue item: a board (a subclass of BoardXO too), a game holding one in
    ``b``, or a tuple, list, dict, dataclass or other object holding one among its items or attributes
    (namedtuples and subclasses included), looked for at most two levels down."""
    if isinstance(item, _SCALARS):
        return None
    try:
        n = getattr(item, "numMoves", None)
    except BaseException:
        n = None
    if type(n) is int and type(getattr(item, "state", None)) is list:
        return n
    if depth >= 2:
        return None
    for value in _contents(item):
        found = _depth_of(value, depth + 1)
        if found is not None:
            return found
    return None


def _contents(item):
    """What an item holds: its values (dict), its items (tuple or list, subclasses too), or its attributes."""
    try:
        if isinstance(item, dict):
            return list(item.values())[:MAX_ITEMS]
        if isinstance(item, (tuple, list)):
            return list(item[:MAX_ITEMS])
        values = list(vars(item).values()) if hasattr(item, "__dict__") else []
        for kind in type(item).__mro__:
            for name in getattr(kind, "__slots__", ()) if type(getattr(kind, "__slots__", ())) is not str else ():
                if hasattr(item, name):
                    values.append(getattr(item, name))
        return values[:MAX_ITEMS]
    except BaseException:              # an item whose attributes raise holds no board we can see
        return []


def instrument(Deque, trace):
    """Wrap the four push and pop methods of the student's class to count calls, wherever in the class's
    ancestry they are defined (a base class or mixin of Deque too): the wrapper is set on Deque itself."""
    def wrap(name, method):
        if name.startswith("pop"):
            def wrapper(self, *a, **k):
                item = method(self, *a, **k)
                trace.calls[name] += 1
                trace.popped(item)
                return item
        else:
            def wrapper(self, *a, **k):
                trace.calls[name] += 1
                return method(self, *a, **k)
        return wrapper

    for name in trace.calls:
        method = getattr(Deque, name, None)
        if callable(method):
            setattr(Deque, name, wrap(name, method))
    init = Deque.__init__

    def counting_init(self, *a, **k):
        trace.instances += 1
        init(self, *a, **k)
    Deque.__init__ = counting_init


def probe_optimal_moves(modules, args, emit):
    XO = modules["game"].XO
    traced = args.get("trace")
    if traced:
        trace = _Trace()
        instrument(modules["deque"].Deque, trace)
    for index, fields in enumerate(args["positions"]):
        emit({"start": index})
        if traced:
            trace.reset()
        game = XO()
        game.b = make_board(modules, fields)
        started = time.perf_counter()
        result = attempt(game.makeOptimalMove)
        result["seconds"] = time.perf_counter() - started
        result["after"] = snapshot(game.b)
        if traced:
            result["trace"] = trace.report()
        emit({"position": index, **result})


class _Runaway(BaseException):
    """Raised in the student's search once it has popped more boards than its tree can hold."""


def probe_runaway(modules, args, emit):
    """Run makeOptimalMove() on one position, counting pops; past ``cap`` pops say so and stop the search."""
    Deque = modules["deque"].Deque
    cap, popped = args["cap"], [0]

    def counted(method):
        def wrapper(self, *a, **k):
            popped[0] += 1
            if popped[0] > cap:
                if popped[0] == cap + 1:
                    emit({"runaway": cap})
                raise _Runaway()
            return method(self, *a, **k)
        return wrapper

    for name in ("popFront", "popBack"):
        method = getattr(Deque, name, None)
        if callable(method):
            setattr(Deque, name, counted(method))
    game = modules["game"].XO()
    game.b = make_board(modules, args["position"])
    attempt(game.makeOptimalMove)
    emit({"pops": popped[0]})


PROBES = {
    "runaway": probe_runaway,
    "import": probe_import,
    "board_new": probe_board_new,
    "board_items": probe_board_items,
    "board_str": probe_board_str,
    "xo_script": probe_xo_script,
    "deque_ops": probe_deque_ops,
    "deque_timing": probe_deque_timing,
    "optimal_moves": probe_optimal_moves,
    "compile": probe_compile,
}


# ---------------------------------------------------------------- serving

def serve(request, emit):
    """Load the modules the request names, then run its probe."""
    global STUDENT_DIR
    STUDENT_DIR = os.path.join(request["folder"], "")
    install_package(request["folder"], request.get("cache"))
    modules = {}
    for name in request["modules"]:
        started = time.perf_counter()
        try:
            modules[name] = import_student(name)
        except BaseException as error:
            emit({"import_error": {"module": name, **raised(error)}})
            return
        emit({"imported": name, "seconds": time.perf_counter() - started})
    try:
        PROBES[request["probe"]](modules, request.get("args", {}), emit)
    except BaseException as error:       # a probe step that could not even start (a missing class, say)
        emit({"probe_error": raised(error)})


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _string(text):
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ch < " " or "\ud800" <= ch <= "\udfff":
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def dump(value):
    """JSON text of ``value`` (dicts, lists, strings, ints, finite floats, bools, None).

    >>> dump({"a": [1, 2.5, None, True, 'x"\\n']})
    '{"a": [1, 2.5, null, true, "x\\\\"\\\\n"]}'
    """
    kind = type(value)
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return str(value)
    if kind is float:
        return repr(value) if value == value and abs(value) != float("inf") else "null"
    if kind is str:
        return _string(value)
    if kind is dict:
        return "{" + ", ".join(_string(str(k)) + ": " + dump(v) for k, v in value.items()) + "}"
    if kind is list or kind is tuple:
        return "[" + ", ".join(dump(v) for v in value) + "]"
    return _string(safe_repr(value))


def handle(request, channel_fd):
    """Serve one request in this process, then end it (never returns)."""
    channel = os.fdopen(channel_fd, "w", encoding="utf-8", closefd=False)
    real_exit = os._exit

    def emit(event):
        channel.write(dump(event) + "\n")
        channel.flush()

    apply_limits(request.get("limits", {}))
    os.chdir(request.get("cwd") or request["folder"])
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    try:
        serve(request, emit)
    except MemoryError:
        # Reporting the student's MemoryError needed memory too (its traceback still holds what was
        # allocated): end with the exit status that tells the parent so, without another allocation.
        real_exit(MEMORY_EXIT)
    emit({"done": True})
    channel.close()
    sys.stdout.flush()
    real_exit(0)                          # skip interpreter teardown: no student __del__ runs after "done"


GO = None
"""The request pipe, kept open after the request: the parent writes one byte on it
each time it has stamped a timing event (see ``wait_for_parent``)."""


def wait_for_parent():
    """Block until the parent has read this process's clocks for the event just sent (no-op in-process)."""
    if GO is not None:
        try:
            os.read(GO, 1)
        except OSError:
            pass


def read_request(fd):
    """The request: one line holding a Python literal written by the trusted parent, read before any
    student code runs.  The pipe stays open (``GO``)."""
    chunks = []
    while not chunks or not chunks[-1].endswith(b"\n"):
        data = os.read(fd, 65536)
        if not data:
            break
        chunks.append(data)
    return eval(b"".join(chunks).decode("utf-8"), {"__builtins__": {}}, {})


def serve_forked(control, fds):
    global GO
    os.setsid()
    request_fd, out_fd, err_fd, channel_fd = fds
    control.close()
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(out_fd, 1)
    os.dup2(err_fd, 2)
    for fd in (null, out_fd, err_fd):
        os.close(fd)
    request = read_request(request_fd)
    GO = request_fd
    handle(request, channel_fd)


def zygote(control_fd):
    """Fork one child per request, so that each check starts without an interpreter's start-up.

    The parent sends four descriptors over the control socket: the request's
    pipe, stdout, stderr and the observation channel.  The zygote forks; the
    child starts a session of its own and handles the request; the zygote
    reports the child's pid, then how it ended.  No student code ever runs in
    the zygote itself.
    """
    import socket
    control = socket.socket(fileno=control_fd)
    while True:
        try:
            message, fds, _, _ = socket.recv_fds(control, 16, 4)
        except OSError:
            os._exit(0)
        if not message or len(fds) != 4:
            os._exit(0)
        pid = os.fork()
        if pid == 0:
            try:
                serve_forked(control, fds)
            finally:
                os._exit(ESCAPED_EXIT)        # never return into the zygote's loop
        for fd in fds:
            os.close(fd)
        control.sendall(f"pid {pid}\n".encode())
        _, status, usage = os.wait4(pid, 0)
        code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        # and the CPU time the child used in all, threads that ended included: the parent's measure
        # of what a run cost, whatever the child said or sent
        control.sendall(f"status {code} {usage.ru_utime + usage.ru_stime:.6f}\n".encode())


# ---------------------------------------------------------------- enclosure (as root, before dropping)

SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/proc", "/sys", "/dev",
          "/var", "/run", "/boot", "/nix", "/gnu")
"""Top-level folders left visible: the system's.  Every other one (``/work``, ``/home``, ``/root``,
``/tmp``, ``/opt``, ``/autograder``, ...) is covered by an empty folder, and so is ``/var/tmp``."""


def enclose(keep):
    """Hide every folder outside the system's from this process and its children, but ``keep``.

    As root, in a mount namespace of this process's own (``unshare(CLONE_NEWNS)``):
    an empty, root-owned ``tmpfs`` covers each top-level folder not in ``SYSTEM``
    (student code writes only in its scratch folder, its ``HOME`` and
    ``TMPDIR``), then each folder of ``keep`` (the stage, the interpreter's
    prefix) is bound back where it was.  So no copy of the kit
    elsewhere on the machine (another checkout, a build, a world-readable clone)
    can be read by student code, whatever its permissions.  Returns "yes", or
    "no: <why>" when the kernel refuses (a container without CAP_SYS_ADMIN, as
    on Gradescope, where the grader's own files are root-only anyway); nothing
    is left half-done.
    """
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    CLONE_NEWNS, MS_NOSUID, MS_NODEV, MS_BIND, MS_REC, MS_PRIVATE, MNT_DETACH = (
        0x20000, 2, 4, 4096, 0x4000, 1 << 18, 2)

    def call(what, result):
        if result != 0:
            number = ctypes.get_errno()
            raise OSError(number, f"{what}: {os.strerror(number)}")

    def mount(source, target, kind, flags, options):
        call(f"mount {target}", libc.mount(None if source is None else source.encode(), target.encode(),
                                           None if kind is None else kind.encode(), flags,
                                           None if options is None else options.encode()))

    try:
        call("unshare", libc.unshare(CLONE_NEWNS))
        mount(None, "/", None, MS_REC | MS_PRIVATE, None)     # nothing done here reaches the machine's mounts
    except OSError as error:
        return f"no: {error}"
    keep = [os.path.realpath(path) for path in keep]
    held = [(path, os.open(path, os.O_PATH | os.O_DIRECTORY)) for path in keep if os.path.isdir(path)]
    covered = []
    try:
        tops = ["/" + name for name in sorted(os.listdir("/"))] + ["/var/tmp"]
        for path in tops:
            if path in SYSTEM or os.path.islink(path) or not os.path.isdir(path):
                continue
            mount("xo-hidden", path, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=64k")
            covered.append(path)
        for path, fd in held:
            if not any(path == c or path.startswith(c + "/") for c in covered):
                continue
            os.makedirs(path, mode=0o755, exist_ok=True)
            mount(f"/proc/self/fd/{fd}", path, None, MS_BIND | MS_REC, None)
    except OSError as error:
        for path in reversed(covered):
            libc.umount2(path.encode(), MNT_DETACH)
        return f"no: {error}"
    finally:
        for _, fd in held:
            os.close(fd)
    return "yes"


def launch(control_fd, uid, gid):
    """As root: enclose, drop to ``uid``/``gid`` for good, then serve as the zygote."""
    stage = os.getcwd()
    enclosed = enclose([stage, sys.base_prefix, sys.base_exec_prefix, os.path.dirname(sys.executable)])
    os.chdir(stage)
    os.setgroups([])
    os.setgid(gid)
    os.setuid(uid)
    if os.getuid() != uid or os.geteuid() != uid or os.getgid() != gid or os.getegid() != gid:
        os._exit(71)
    try:
        os.setuid(0)                                    # must be impossible now
    except OSError:
        pass
    else:
        os._exit(71)
    os.write(control_fd, f"enclosed {enclosed}\n".encode("ascii", "replace"))
    zygote(control_fd)


def main():
    if len(sys.argv) == 6 and sys.argv[1] == "--zygote" and sys.argv[3] == "--as":
        launch(int(sys.argv[2]), int(sys.argv[4]), int(sys.argv[5]))
    if len(sys.argv) == 3 and sys.argv[1] == "--zygote":
        os.write(int(sys.argv[2]), b"enclosed no: not run as root\n")
        zygote(int(sys.argv[2]))
    request = eval(sys.stdin.readline(), {"__builtins__": {}}, {})
    handle(request, request["channel"])


if __name__ == "__main__":
    main()
