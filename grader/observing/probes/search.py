"""The probes of the search: ``makeOptimalMove()`` on positions, its ``Deque`` traced (``_Trace``: which boards
were popped at each level and how often), a search stopped once it pops more than its tree holds
(``probe_runaway``), and Part VI's ``minimaxValues()`` and ``makeMinimaxMove()`` (``probe_minimax``)."""

import time

try:                       # in the grader: the harness's helpers and the other probes files, imported
    from ...sandbox.encoding import MAX_ITEMS, attempt, enc, raised  # noqa: F401
    from .common import make_board, snapshot  # noqa: F401
except ImportError:        # in the sandboxed child: every probes file runs in one namespace (``child.load_probes``)
    pass


MAX_RUNS = 2000         # runs of popped-board depths kept by the BFS trace
MAX_BOARDS = 20000      # different popped boards it keeps (a position's move tree has fewer than 5,478)


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
