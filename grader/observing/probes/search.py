"""The probes of the search: ``makeOptimalMove()`` on positions, its ``Deque`` traced (``_Trace``: every push and
pop, in order, with the board it carried), a search stopped once it pops more than its tree holds
(``probe_runaway``), and Part VI's ``minimaxValues()`` and ``makeMinimaxMove()`` (``probe_minimax``)."""

import sys
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

    def reset(self, _audit=sys.audit):
        _Trace.__init__(self, self.ordered)
        _audit("xo.trace.reset")

    def record(self, kind, code):
        self.calls[CALLS[kind]] += 1
        if not self.ordered:
            return
        if len(self.ops) >= MAX_OPS:
            self.truncated = True
            return
        self.ops.append(code * 4 + kind)

    def report(self, _audit=sys.audit):
        """What the search did: the sandbox's witness of it (``sandbox/guard.py``: ``Witness``), which the
        student's code cannot reach, when the audit hook keeps one; else (the grader's own process, where no
        hook is installed) this record.  ``_audit`` is bound here: the student's code can neither read nor change
        a default of the harness's functions."""
        witnessed = {}
        _audit("xo.trace.report", witnessed)
        if witnessed:
            return witnessed
        return {"calls": dict(self.calls), "ordered": self.ordered, "ops": list(self.ops),
                "truncated": self.truncated, "instances": self.instances, "tampered": False}


_SCALARS = (int, str, float, bool, bytes, type(None))


def code_of(item, _scalars=_SCALARS, _getattr=getattr, _type=type, _isinstance=isinstance, _list=list,
            _vars=vars, _hasattr=hasattr, _str=str, _dict=dict, _sequences=(tuple, list), _int=int,
            _limit=MAX_ITEMS, _unknown=UNKNOWN, _enumerate=enumerate, _len=len, _all=all, _sum=sum):
    """The code of the board inside a queue item (its nine cells in base 3), or ``UNKNOWN``: the item itself
    (a subclass of BoardXO too), a game holding one in ``b``, or a tuple, list, dict, dataclass or other object
    holding one among its items or attributes (namedtuples and subclasses included), looked for at most two
    levels down, breadth first.  Everything it uses is bound in its defaults, which the student's code can
    neither read nor change: replacing a global or a builtin changes no code it computes."""
    level = [item]
    for depth in range(3):
        below = []
        for value in level:
            if _isinstance(value, _scalars):
                continue
            try:
                n = _getattr(value, "numMoves", None)
                state = _getattr(value, "state", None) if _type(n) is _int else None
            except BaseException:
                n = state = None
            if _type(n) is _int and _type(state) is _list:
                if _len(state) == 9 and _all(_type(v) is _int and -1 <= v <= 1 for v in state):
                    return _sum((v + 1) * 3 ** k for k, v in _enumerate(state))
                return _unknown
            if depth == 2:
                continue
            try:
                if _isinstance(value, _dict):
                    below += _list(value.values())[:_limit]
                elif _isinstance(value, _sequences):
                    below += _list(value[:_limit])
                else:
                    found = _list(_vars(value).values()) if _hasattr(value, "__dict__") else []
                    for kind in _type(value).__mro__:
                        slots = _getattr(kind, "__slots__", ())
                        for name in (slots if _type(slots) is not _str else ()):
                            if _hasattr(value, name):
                                found.append(_getattr(value, name))
                    below += found[:_limit]
            except BaseException:          # an item whose attributes raise holds no board we can see
                pass
        level = below
    return _unknown


def instrument(Deque, trace, _audit=sys.audit, _code_of=code_of):
    """Wrap the four push and pop methods of the student's class to record the search's calls, wherever in the
    class's ancestry they are defined (a base class or mixin of Deque too): the wrapper is set on Deque itself.
    A call made while another of them is under way (the Deque's own) is not recorded.  Each call is told to the
    sandbox's witness too (``xo.trace.op``, raised from the wrapper's own frame, which the audit hook checks),
    whose record is the one reported (``_Trace.report``).  The wrappers hold ``trace`` in their defaults, which
    the student's code cannot read, not in their closures, which it can (red team, round fourteen: the trace
    reached through a wrapper's ``__closure__``, its ``report`` shadowed by an attribute of its own)."""
    def wrap(kind, method, code_of=_code_of):
        def traced_call(self, *a, _trace=trace, _record=trace.record, **k):
            _audit("xo.trace.op", 0, kind, None)
            outer = _trace.depth == 0
            _trace.depth += 1
            try:
                result = method(self, *a, **k)
            except BaseException:
                _trace.depth -= 1
                _audit("xo.trace.op", 1, kind, None)
                raise
            _trace.depth -= 1
            code = code_of(result if kind >= 2 else (a[0] if a else next(iter(k.values()), None)))
            if outer:
                _record(kind, code)
            _audit("xo.trace.op", 1, kind, code)
            return result
        return traced_call

    methods = []
    for kind, name in enumerate(CALLS):
        method = getattr(Deque, name, None)
        methods.append(method if callable(method) else None)
        if callable(method):
            setattr(Deque, name, wrap(kind, method))
    _audit("xo.trace.start", trace.ordered, tuple(methods), _code_of)
    init = Deque.__init__

    def traced_init(self, *a, _trace=trace, **k):
        _trace.instances += 1
        _audit("xo.trace.init")
        init(self, *a, **k)
    Deque.__init__ = traced_init


def trace_sites():
    """The probes' code objects from whose frames the audit hook takes each ``xo.trace`` event (``guard``'s
    ``sites``): taken before any of the student's code runs."""
    nested = {c.co_name: c for c in instrument.__code__.co_consts if hasattr(c, "co_name")}
    wrap = nested["wrap"]
    call = next(c for c in wrap.co_consts if hasattr(c, "co_name") and c.co_name == "traced_call")
    return {"xo.trace.op": (call,), "xo.trace.init": (nested["traced_init"],), "xo.trace.start": (instrument.__code__,),
            "xo.trace.reset": (_Trace.reset.__code__,), "xo.trace.report": (_Trace.report.__code__,)}


def games(modules, args, emit, _reset=_Trace.reset):
    """The trace (a ``_Trace`` when ``args["trace"]``, the Deque instrumented; else None), and a generator of
    ``(index, game)``: a new game on each of ``args["positions"]``, announced by a "start" event, the trace
    reset.  The trace's methods are called as the class's own functions, bound here before any of the student's
    code runs: an attribute set on the trace or on its class (red team, round fourteen) changes nothing."""
    trace = _Trace(ordered=args["trace"] != "counts") if args.get("trace") else None
    if trace:
        instrument(modules["deque"].Deque, trace)

    def each(_reset=_reset):
        for index, fields in enumerate(args["positions"]):
            emit({"start": index})
            if trace:
                _reset(trace)
            game = modules["game"].XO()
            game.b = make_board(modules, fields)
            yield index, game
    return trace, each()


def probe_optimal_moves(modules, args, emit, _report=_Trace.report):
    traced, played = games(modules, args, emit)
    for index, game in played:
        started = time.perf_counter()
        result = attempt(game.makeOptimalMove)
        result["seconds"] = time.perf_counter() - started
        if args.get("after", True):      # the board after the move: only the checks that judge it ask for it
            result["after"] = snapshot(game.b)
        if traced:
            result["trace"] = _report(traced)
        emit({"position": index, **result})


class _Runaway(BaseException):
    """Raised in the student's search once it has popped more boards than its tree can hold."""


def probe_runaway(modules, args, emit):
    """Run makeOptimalMove() on one position, counting pops; past ``cap`` pops say so and stop the search."""
    Deque = modules["deque"].Deque
    cap, popped = args["cap"], [0]

    def counted(method):
        def wrapper(self, *a, _popped=popped, _cap=cap, _emit=emit, **k):
            _popped[0] += 1
            if _popped[0] > _cap:
                if _popped[0] == _cap + 1:
                    _emit({"runaway": _cap})
                raise _Runaway()
            return method(self, *a, **k)
        return wrapper       # what it uses in its defaults, which the student's code cannot read, not in its
                             # closure (red team, round fourteen: ``emit`` reached through a wrapper's closure
                             # writes any line with the run's token)
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


def probe_minimax(modules, args, emit, _report=_Trace.report):
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
            emit({"position": index, "raised": raised(error), **({"trace": _report(trace)} if trace else {})})
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
            result["trace"] = _report(trace)
        emit({"position": index, **result})
