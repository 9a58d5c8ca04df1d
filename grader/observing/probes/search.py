"""The probes of the search: ``makeOptimalMove()`` on positions, its ``Deque`` traced (``_Trace``: every push and
pop, in order, with the board it carried), a search stopped once it pops more than its tree holds
(``probe_runaway``), and Part VI's ``minimaxValues()`` and ``makeMinimaxMove()`` (``probe_minimax``)."""

import time

try:                       # in the grader: the harness's helpers and the other probes files, imported
    from ...sandbox.encoding import MAX_ITEMS, attempt, enc, raised  # noqa: F401
    from .common import make_board, snapshot  # noqa: F401
except ImportError:        # in the sandboxed child: every probes file runs in one namespace (``child.load_probes``)
    pass


MAX_OPS = 100_000       # pushes and pops of one position recorded, in order (the traced positions' move trees
                        # hold at most 7,064 boards: about 14,000)
UNKNOWN = 3 ** 9        # the code of an item that holds no board of nine cells -1, 0 or 1
CALLS = ("pushFront", "pushBack", "popFront", "popBack")


class _Trace:
    """What a search does with the student's ``Deque``: every push and pop, in order (``ordered``), each with the
    board its item held at that moment, as ``code * 4 + kind`` (``kind``: the index of the call in
    ``CALLS``; ``code``: the board's nine cells in base 3, ``UNKNOWN`` for an item holding none); and how many
    calls of each (``calls``), which a search too long to record whole (``ordered`` False: the play's and the
    leaderboard's searches from the empty board) still has.  A call the Deque makes of its own methods is
    not counted: only the search's.  The grader judges the order itself, step by step, against the move tree
    it works out from the position (``grader.checks.trace``): a record of counts could be made up cheaply
    (red team, round nine: a depth-first search that replayed the tree's boards through the Deque, level by
    level), a record of the order costs what the search costs."""

    def __init__(self, ordered=True):
        self.ordered = ordered
        self.calls = {name: 0 for name in CALLS}
        self.ops = []
        self.truncated = False
        self.instances = 0
        self.depth = 0                   # calls of the Deque's methods under way (a method calling another)

    def reset(self):
        self.__init__(self.ordered)

    def record(self, kind, item):
        self.calls[CALLS[kind]] += 1
        if not self.ordered:
            return
        if len(self.ops) >= MAX_OPS:
            self.truncated = True
            return
        board = _board_in(item)
        state = board[1] if board is not None else None
        code = UNKNOWN
        if type(state) is list and len(state) == 9 and all(type(v) is int and -1 <= v <= 1 for v in state):
            code = sum((v + 1) * 3 ** k for k, v in enumerate(state))
        self.ops.append(code * 4 + kind)

    def report(self):
        return {"calls": dict(self.calls), "ordered": self.ordered, "ops": list(self.ops),
                "truncated": self.truncated, "instances": self.instances}


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
    """Wrap the four push and pop methods of the student's class to record the search's calls, wherever in the
    class's ancestry they are defined (a base class or mixin of Deque too): the wrapper is set on Deque itself.
    A call made while another of them is under way (the Deque's own) is not recorded."""
    def wrap(kind, method):
        def wrapper(self, *a, **k):
            outer = trace.depth == 0
            trace.depth += 1
            try:
                result = method(self, *a, **k)
            finally:
                trace.depth -= 1
            if outer:
                trace.record(kind, result if kind >= 2 else (a[0] if a else next(iter(k.values()), None)))
            return result
        return wrapper

    for kind, name in enumerate(CALLS):
        method = getattr(Deque, name, None)
        if callable(method):
            setattr(Deque, name, wrap(kind, method))
    init = Deque.__init__

    def counting_init(self, *a, **k):
        trace.instances += 1
        init(self, *a, **k)
    Deque.__init__ = counting_init


def games(modules, args, emit):
    """The trace (a ``_Trace`` when ``args["trace"]``, the Deque instrumented; else None), and a generator of
    ``(index, game)``: a new game on each of ``args["positions"]``, announced by a "start" event, the trace
    reset."""
    trace = _Trace(ordered=args["trace"] != "counts") if args.get("trace") else None
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
