"""The Project 5 probes: what the sandboxed child does with the student's modules for each check.

A probe is a function ``probe(modules, args, emit)``: ``modules`` the student's
imported modules by name (``board``, ``deque``, ``game``), ``args`` what the
check asked for, ``emit`` sends one observation (a JSON-plain dict) to the
grader.  Probes never see an expected value; the checks beside them judge
what they send.

This file runs inside the sandboxed child, not in the grader: the runner
stages it next to the child's harness (``grader.sandbox.child``), which loads
it with ``load_probes`` and hands it the harness's own helpers (``attempt``,
``enc``, ``raised``, ...), since the child imports nothing of the grader.

About 550 lines, one file on purpose: it is what the student's process may
read of the grader, staged and compiled as a single file beside the child's
harness (``runner._stage_compiled``), and every observation the grader trusts
is made here, to be audited in one place (``observations.OBSERVING`` keys
every recording to it).
"""

import io
import os
import sys
import time

try:
    from ..sandbox.child import (MAX_ITEMS, MAX_TEXT, STUDENT, attempt, enc, import_student,  # noqa: F401
                                 raised, safe_repr, stamped, type_name)
except ImportError:        # in the sandboxed child: load_probes provides these names
    pass

MAX_RUNS = 2000         # runs of popped-board depths kept by the BFS trace
MAX_BOARDS = 20000      # different popped boards it keeps (a position's move tree has fewer than 5,478)


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


def deque_workload(Deque, n, clock=time.perf_counter):
    """Run the timed mix of ``n`` pushes and pops on a new ``Deque``; return ``clock()``'s difference (which
    the grader never uses: it times the run itself).  ``bench/deque_timing.py`` times the same workload."""
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


def probe_deque_timing(modules, args, emit):
    """Time a workload of each size in ``sizes``, in that order: the parent stamps each run's begin and end.

    The interpreter is left as it is in every other run, the garbage collector included: code cannot tell
    that it is being timed (issue 26).  The collector's cost is part of what is timed; the limits leave
    room for it (a linked deque measures about 21 times for 16 times the work, bench/deque_timing.py)."""
    Deque = modules["deque"].Deque

    def timed(n):
        # The parent times each run itself: when each of these two events reaches it,
        # and how much CPU this process has used by then (read from /proc while this
        # process waits for its go-ahead), so a deque.py that replaces
        # time.perf_counter cannot fake either clock.
        stamped(emit, {"run": n, "at": "begin"})
        seconds = deque_workload(Deque, n)
        stamped(emit, {"run": n, "at": "end", "seconds": seconds})
        return seconds

    for n in args["sizes"]:          # in the order the grader chose (shuffled: see part3.TIMING)
        timed(n)
    emit({"timed": len(args["sizes"])})


class _Trace:
    """Counts what ``makeOptimalMove()`` does with the student's ``Deque``."""

    def __init__(self):
        self.calls = {"pushFront": 0, "pushBack": 0, "popFront": 0, "popBack": 0}
        self.runs = []               # [numMoves of popped board, how many in a row]
        self.unknown = 0
        self.truncated = False
        self.instances = 0
        self.boards = {}             # numMoves → {state popped with it (nine ints): how many times}
        self.kept = 0

    reset = __init__

    def popped(self, item):
        board = _board_in(item)
        if board is None:
            self.unknown += 1
            return
        depth, state = board
        if self.runs and self.runs[-1][0] == depth:
            self.runs[-1][1] += 1
        elif len(self.runs) < MAX_RUNS:
            self.runs.append([depth, 1])
        else:
            self.truncated = True
        # Which boards were popped, and how many times each, not only how many in all: the grader checks
        # them against the move tree it works out itself, so neither placeholder boards (red team, round
        # seven) nor each board popped once and the count padded (round eight) stand in for a search.
        state = tuple(state)
        if len(state) == 9 and all(type(v) is int and -1 <= v <= 1 for v in state):
            seen = self.boards.setdefault(depth, {})
            if state in seen:
                seen[state] += 1
            elif self.kept < MAX_BOARDS:
                seen[state] = 1
                self.kept += 1

    def report(self):
        boards = [[depth, sorted([sum((v + 1) * 3 ** k for k, v in enumerate(state)), times]
                                 for state, times in states.items())]
                  for depth, states in sorted(self.boards.items())]
        return {"calls": self.calls, "runs": self.runs, "unknown": self.unknown,
                "truncated": self.truncated, "instances": self.instances, "boards": boards}


_SCALARS = (int, str, float, bool, bytes, type(None))


def _board_in(item, depth=0):
    """``(numMoves, state)`` of the board inside a queue item (an int and a list), or None: the item itself
    (a subclass of BoardXO too), a game holding one in ``b``, or a tuple, list, dict, dataclass or other
    object holding one among its items or attributes (namedtuples and subclasses included), looked for at
    most two levels down."""
    if isinstance(item, _SCALARS):
        return None
    try:
        n = getattr(item, "numMoves", None)
        state = getattr(item, "state", None) if type(n) is int else None
    except BaseException:
        n = state = None
    if type(n) is int and type(state) is list:
        return n, state
    if depth >= 2:
        return None
    for value in _contents(item):
        found = _board_in(value, depth + 1)
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


def games(modules, args, emit):
    """The trace (a ``_Trace`` when ``args["trace"]``, the Deque instrumented; else None), and a generator of
    ``(index, game)``: a new game on each of ``args["positions"]``, announced by a "start" event, the trace
    reset."""
    trace = _Trace() if args.get("trace") else None
    if trace:
        instrument(modules["deque"].Deque, trace)

    def each():
        for index, fields in enumerate(args["positions"]):
            emit({"start": index})
            if trace:
                trace.reset()
            game = modules["game"].XO()
            game.b = make_board(modules, fields)
            yield index, game
    return trace, each()


def probe_optimal_moves(modules, args, emit):
    traced, played = games(modules, args, emit)
    for index, game in played:
        started = time.perf_counter()
        result = attempt(game.makeOptimalMove)
        result["seconds"] = time.perf_counter() - started
        if args.get("after", True):      # the board after the move: only the checks that judge it ask for it
            result["after"] = snapshot(game.b)
        if traced:
            result["trace"] = traced.report()
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


# ---------------------------------------------------------------- Part VI

def _fields_of(board):
    """The four fields of ``board`` as plain values when each is exactly a list of ints (or an int), else None:
    for telling whether a search left the board as it was."""
    try:
        fields = [getattr(board, name) for name in ("state", "moves", "turn", "numMoves")]
    except BaseException:
        return None
    if type(fields[3]) is not int or not all(type(f) is list and all(type(v) is int for v in f) for f in fields[:3]):
        return None
    return {"state": list(fields[0]), "moves": list(fields[1]), "turn": list(fields[2]), "numMoves": fields[3]}


def probe_minimax(modules, args, emit):
    """Call ``args["method"]`` (minimaxValues or makeMinimaxMove) of a game on each position.  The values of a
    list of exactly nine ints and Nones are sent as they are (``values``), anything else encoded; for
    minimaxValues only whether the board is unchanged, for makeMinimaxMove the board after; with
    ``args["trace"]``, what the search did with the Deque (as ``probe_optimal_moves`` traces it)."""
    method = args["method"]
    trace, played = games(modules, args, emit)
    for index, game in played:
        fields = args["positions"][index]
        try:
            value = getattr(game, method)()
        except BaseException as error:
            emit({"position": index, "raised": raised(error), **({"trace": trace.report()} if trace else {})})
            continue
        if type(value) is list and len(value) == 9 and all(v is None or type(v) is int for v in value):
            result = {"values": value}
        else:
            result = {"value": enc(value)}
        if method == "minimaxValues":
            result["unchanged"] = _fields_of(game.b) == fields
        else:
            result["after"] = snapshot(game.b)
        if trace:
            result["trace"] = trace.report()
        emit({"position": index, **result})


def probe_calls(modules, args, emit):
    """Call the function ``args["function"]`` of the student's module ``args["module"]`` once per item of
    ``args["calls"]`` (each a list of arguments)."""
    try:
        module = import_student(args["module"])
    except BaseException as error:
        emit({"import_error": {"module": args["module"], **raised(error)}})
        return
    function = getattr(module, args["function"])
    for index, call in enumerate(args["calls"]):
        emit({"call": index, **attempt(function, *call)})


PIPE_BYTES = 60_000              # an input is written whole into a pipe before the program runs: below its 64 KiB
PROGRAM_OUTPUT = 256 * 1024      # bytes of a program's standard output (and of its error output) kept


class _Kept(io.RawIOBase):
    """A write-only stream that keeps the first ``PROGRAM_OUTPUT`` bytes written and counts the rest."""

    def __init__(self):
        super().__init__()
        self.data, self.more = bytearray(), 0

    def writable(self):
        return True

    def write(self, data):
        room = PROGRAM_OUTPUT - len(self.data)
        self.data += bytes(data[:max(room, 0)])
        self.more += max(len(data) - max(room, 0), 0)
        return len(data)

    def text(self):
        return self.data.decode("utf-8", "replace")


def _exit_status(code, err):
    """The exit status ``SystemExit(code)`` gives a process, as Python's own start-up code decides it."""
    if code is None:
        return 0
    if type(code) is int or type(code) is bool:
        return int(code) & 0xFF
    err.write(safe_repr(code) if type(code) is not str else code)    # sys.exit("message") prints it
    err.write("\n")
    return 1


class _Quitter:
    """``exit`` and ``quit``, which the site module gives a normal interpreter (the child runs without it)."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"Use {self.name}() or Ctrl-D (i.e. EOF) to exit"

    def __call__(self, code=None):
        raise SystemExit(code)


def run_program(name, text):
    """Run the student's module ``name`` as ``python -m xo.NAME`` runs it, ``text`` on its standard input;
    return what it wrote on standard output and error, and its exit status."""
    import builtins
    import runpy
    import warnings
    full = f"{STUDENT['package']}.{name}"
    data = text.encode("utf-8")
    if len(data) > PIPE_BYTES:
        raise ValueError(f"an input of {len(data)} bytes: the grader sends at most {PIPE_BYTES}")
    read, write = os.pipe()
    os.write(write, data)            # the grader's inputs stay below a pipe's 64 KiB
    os.close(write)
    saved = os.dup(0)
    os.dup2(read, 0)                 # open(0) and os.read(0, …) read the input too
    os.close(read)
    out, err = _Kept(), _Kept()
    streams = (sys.stdin, sys.stdout, sys.stderr, sys.__stdin__, sys.__stdout__, sys.__stderr__, sys.argv)
    sys.stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, "r", closefd=False)), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(out), encoding="utf-8")
    sys.stderr = io.TextIOWrapper(io.BufferedWriter(err), encoding="utf-8", line_buffering=True)
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = sys.stdin, sys.stdout, sys.stderr
    sys.argv = [f"{name}.py"]
    for quitter in ("exit", "quit"):
        if not hasattr(builtins, quitter):
            setattr(builtins, quitter, _Quitter(quitter))
    sys.modules.pop(full, None)      # run afresh as __main__, as a new interpreter would
    result = {}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)    # runpy's note on a module imported before
            runpy.run_module(full, run_name="__main__", alter_sys=True)
        status = 0
    except SystemExit as ended:
        status = _exit_status(ended.code, sys.stderr)
    except BaseException as error:   # an uncaught exception: Python prints its traceback, exit status 1
        result["raised"] = raised(error)
        sys.stderr.write("Traceback (most recent call last):\n" + result["raised"]["traceback"]
                         + f"{result['raised']['type']}: {result['raised']['message']}\n")
        status = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            pass
    sys.stdin, sys.stdout, sys.stderr, sys.__stdin__, sys.__stdout__, sys.__stderr__, sys.argv = streams
    os.dup2(saved, 0)
    os.close(saved)
    return {**result, "status": status, "stdout": _pieces(out.text()), "stderr": _pieces(err.text()),
            "more": out.more + err.more}


def _pieces(text, size=MAX_TEXT):
    """``text`` cut into strings of at most ``size`` characters (each string of an event is bounded)."""
    return [text[k:k + size] for k in range(0, len(text), size)] or [""]


def probe_programs(modules, args, emit):
    """Run the student's module ``args["module"]`` as a program once per text of ``args["inputs"]``."""
    for index, text in enumerate(args["inputs"]):
        emit({"start": index})
        emit({"program": index, **run_program(args["module"], text)})


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
    "minimax": probe_minimax,
    "calls": probe_calls,
    "programs": probe_programs,
}
