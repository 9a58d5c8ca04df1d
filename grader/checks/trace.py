"""The breadth-first search observed through its Deque (checks 3.9-3.11, and Part VI's 6.x on minimaxValues):
the trace the harness keeps in the student's process (``probes._Trace``: the calls, the levels of the
boards popped, which boards and how often) judged against the move tree worked out here from the position
alone (``positions.tree_boards``)."""

from dataclasses import dataclass

from ..game.positions import board_of_code, move_sequences, tree_boards
from ..text.boards import draw
from ..text.markdown import code
from .framework import Fail
from .moves import SEARCH, never_ends  # noqa: F401  (SEARCH: Part VI's checks take it from here)

TREE_HELP = ("Push a copy of the root; for each popped board that is not over, push a copy of it with one more "
             "marker, the player's to move, in each empty cell")


def pops(trace):
    """The boards a search popped (popFront and popBack) in ``trace`` as the harness reports it, for a run no
    check's schema has read (``grader.commands.play``, ``grader.grading.leaderboard``): a count that is not a whole number counts
    nothing.

    >>> pops({"calls": {"pushBack": 3, "popFront": 2, "popBack": "x"}}), pops(None)
    (2, 0)
    """
    calls = (trace or {}).get("calls") or {}
    return sum(calls.get(name, 0) for name in ("popFront", "popBack") if type(calls.get(name)) is int)


def _drawn(position):
    """The board searched, drawn with who is to move."""
    return draw(position["state"], to_move=position["to_move"])


@dataclass(frozen=True)
class Traced:
    """The observation of the breadth-first search on the fixtures' "bfs" positions, its Deque traced:
    ``(position, trace)`` for each (see ``traces``)."""
    groups = ("bfs",)

    def observe(self, ctx):
        return traces(ctx)

    def describe(self):
        return "optimal_moves, traced, on game, deque (positions: bfs)"


TRACED = Traced()


def traces(ctx):
    positions = ctx.positions("bfs")
    events = ctx.run("optimal_moves", SEARCH, {"positions": [_fields(p) for p in positions], "trace": True},
                     doing="makeOptimalMove()",
                     board_of=lambda index: _drawn(positions[index]),
                     on_timeout=lambda index: never_ends(ctx, positions[index]))
    out = []
    for position, event in zip(positions, events):
        if "raised" in event and not searched_all(event["trace"]):
            problem = event["raised"]
            raise Fail(f"makeOptimalMove() raised {problem['type']} during its search: {problem['message']}",
                       board=_drawn(position),
                       extra=code(problem["traceback"]) if problem["traceback"] else None)
        # An exception after the search emptied its Deque (in choosing or making the move) is judged in
        # Parts IV and V; here the search is judged as it was observed.
        out.append((position, event["trace"]))
    return out


def searched_all(trace):
    """Whether the search popped everything it pushed (its Deque ended empty), at least once.

    >>> searched_all({"calls": {"pushFront": 0, "pushBack": 10, "popFront": 10, "popBack": 0}})
    True
    >>> searched_all({"calls": {"pushFront": 0, "pushBack": 10, "popFront": 4, "popBack": 0}})
    False
    """
    calls = trace["calls"]
    pops = calls["popFront"] + calls["popBack"]
    return pops > 0 and pops == calls["pushFront"] + calls["pushBack"]


def _fields(position):
    return {k: position[k] for k in ("state", "moves", "turn", "numMoves")}


def _calls_text(calls):
    return ", ".join(f"{name}: {count:,}" for name, count in calls.items())


def uses_deque(position, trace, doing):
    """Fail unless the search ``doing`` ("makeOptimalMove()") pushed and popped boards with the student's Deque."""
    calls = trace["calls"]
    if sum(calls.values()) == 0:
        raise Fail(f"{doing} never pushed or popped with your Deque on this board.", board=_drawn(position),
                   help="The search must be breadth-first with the Deque of deque.py "
                        "(`from .deque import Deque`): no recursion, no lookup table, no other queue")
    if trace["unknown"]:
        raise Fail(f"{doing} popped items from your Deque that hold no board: neither the item nor "
                   "anything in it (items, values or attributes, two levels down) has a list `state` and an int "
                   "`numMoves`.", board=_drawn(position),
                   help="Push BoardXO boards (or tuples, lists, dicts or objects holding one), as the handout's "
                        "pseudo-code does")
    if calls["popFront"] + calls["popBack"]:
        popped_games(position, trace, doing)


def popped_games(position, trace, doing):
    """Fail unless the boards popped are boards of this game: a ``state`` of nine ints -1, 1 or 0 (Part I),
    the position's markers kept and one more for each move past its ``numMoves`` (whoever placed it: which
    player moves is judged in Parts IV and V).  A search that pops placeholders, copies of the root with only
    ``numMoves`` changed, uses its Deque for show (red team, round seven)."""
    board = _drawn(position)
    seen = [(depth, [number for number, _ in pairs]) for depth, pairs in trace["boards"] if pairs]
    if not seen:
        raise Fail(f"{doing} popped boards from your Deque, but none had a `state` of nine ints, each -1 (X), "
                   f"1 (O) or 0 (empty).", board=board,
                   help="Keep `state` a list of 9 ints, -1, 1 or 0, in every board, as Part I has it")
    root = position["state"]
    for depth, codes in seen:
        for number in codes:
            state = board_of_code(number)
            if sum(v != 0 for v in state) != depth or any(r and r != v for r, v in zip(root, state)):
                raise Fail(f"{doing} popped a board whose `numMoves` is {depth} but whose markers are not this "
                           f"position's with {depth - position['numMoves']} more (it is below the board "
                           f"searched): what the search pops are not the boards of its game.", board=board,
                           extra=draw(state),
                           help="Push a copy of each child: the popped board with one more marker, and its "
                                "`numMoves`, `moves` and `turn` one move on")


def breadth_first(position, trace, doing):
    """Fail unless the search ``doing`` used the Deque as a queue and popped boards level by level."""
    calls = trace["calls"]
    board = _drawn(position)
    queue_ends = (calls["pushFront"] == 0 and calls["popBack"] == 0) or \
                 (calls["pushBack"] == 0 and calls["popFront"] == 0)
    if not queue_ends:
        raise Fail(f"{doing} pushed and popped at the same end of the Deque: that is a stack, so "
                   "the search goes depth-first.", board=board, extra=f"Calls on your Deque: {_calls_text(calls)}",
                   help="pushBack children, popFront the next board (a queue)")
    depths = [depth for depth, _ in trace["runs"]]
    drop = next((k for k in range(1, len(depths)) if depths[k] < depths[k - 1]), None)
    if drop is not None:
        raise Fail(f"A popped board had {depths[drop]} moves right after one with {depths[drop - 1]}: the "
                   f"search does not finish one level before starting the next.", board=board,
                   extra="numMoves of popped boards, in runs: "
                         + ", ".join(f"{d}×{c}" for d, c in trace["runs"][:12]),
                   help="Breadth-first: pop from the front, push children at the back")


def covers_tree(position, trace, doing):
    """Fail unless the search ``doing`` popped every board of the move tree (or every unfinished one), once."""
    nodes, leaves = position["tree"]
    pops = trace["calls"]["popFront"] + trace["calls"]["popBack"]
    fewest = nodes - leaves - 1          # unfinished boards only, the root not pushed
    most = move_sequences(position["state"])
    board = _drawn(position)
    expected = (f"{nodes:,} pops (every board, root included) or {nodes - leaves:,} (every "
                f"unfinished board)")
    if pops < fewest:
        raise Fail(f"On this board the move tree has {nodes:,} boards ({leaves:,} finished games), but "
                   f"{doing} popped only {pops:,} from your Deque: part of the tree is never "
                   f"searched.", board=board, expected=expected, actual=f"{pops:,} pops",
                   help="Push a copy of the root; for each popped board that is not over, push every child "
                        "(each empty cell in turn)")
    if pops > most:
        raise Fail(f"On this board there are only {most:,} boards even if no game ever ended early, but "
                   f"{doing} popped {pops:,} from your Deque: some boards are pushed more than "
                   f"once.", board=board, expected=expected, actual=f"{pops:,} pops",
                   help="Push each child once, when its parent is popped")
    popped_boards(position, trace, doing, board)


def popped_boards(position, trace, doing, board):
    """Fail unless the boards ``doing`` popped are the move tree's: every unfinished board of the tree as many
    times as the tree holds it (once per order of the moves that reach it), and no board more often than
    any game from the position reaches it (the tree grown as if no game ended, which a win check that misses
    a line leads to: that mistake is Part II's).  The trace says which boards were popped at each level and
    how often (``probes._Trace``); the tree is worked out here, from the position alone."""
    unfinished, possible = tree_boards(position["state"], position["numMoves"], position["to_move"])
    popped = {depth: dict(pairs) for depth, pairs in trace["boards"]}
    root = position["numMoves"]
    for depth, times in sorted(popped.items()):
        can = possible.get(depth, {})
        stray = sorted(number for number, count in times.items() if count > can.get(number, 0))
        if stray:
            number = stray[0]
            reached = (f"{can[number]:,} time{'s' if can[number] > 1 else ''}" if number in can else "never")
            raise Fail(f"{doing} popped a board with {depth} moves {times[number]:,} time(s), but games from this "
                       f"position reach it {reached} (the board is below the board searched): the boards it "
                       f"pops are not those of the move tree.", board=board, extra=draw(board_of_code(number)),
                       help=TREE_HELP)
    for depth, times in sorted(unfinished.items()):
        if depth == root:              # the root may be pushed or not
            continue
        got = popped.get(depth, {})
        short = sorted(number for number, count in times.items() if got.get(number, 0) != count)
        if short:
            number = short[0]
            raise Fail(f"The move tree holds {sum(times.values()):,} unfinished boards with {depth} moves "
                       f"({len(times):,} different ones); the one below is in it {times[number]:,} time(s), once "
                       f"per order of the moves that reach it, but {doing} popped it {got.get(number, 0):,} "
                       f"time(s).", board=board, extra=draw(board_of_code(number)),
                       help=TREE_HELP)
