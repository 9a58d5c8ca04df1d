"""The breadth-first search observed through its Deque (checks 3.9-3.11, and Part VI's 6.5 on minimaxValues):
the trace the harness keeps in the student's process (``probes.search._Trace``: every push and pop, in order,
with the board each carried) judged step by step against the move tree worked out here from the position
alone, as a breadth-first search's causal order.

A record of how many boards of each level were popped could be made up without a search (red team, round
nine: a depth-first search that afterwards pushed and popped as many copies of each board of the tree, level
by level, through its own Deque); the order cannot, short of a search: every board pushed is the root or a
child of the board popped last (3.9), every pop returns the oldest board still waiting (3.10), and every
board popped that is not over has all its unfinished children pushed before the next pop, the Deque ending
empty (3.11).  Each judge fails at the first step that breaks its rule, with the boards of that step drawn.
A search whose win check misses a line may push the children of a board that is won: that mistake is Part
II's (check 2.15), not this Part's."""

from dataclasses import dataclass

from ..game.models import LINES
from ..game.positions import board_code, board_of_code, tree_boards
from ..text.boards import draw
from ..text.markdown import code as fenced
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
                       extra=fenced(problem["traceback"]) if problem["traceback"] else None)
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



PUSHES = ("pushFront", "pushBack")
POPS = ("popFront", "popBack")
KINDS = (*PUSHES, *POPS)             # the order of ``probes.search.CALLS``: an op is ``code * 4 + its index``
UNKNOWN = 3 ** 9


def steps(trace):
    """The pushes and pops of ``trace``, in order: ``(call, board code)``, the code ``UNKNOWN`` for an item that
    holds no board.

    >>> steps({"ops": [9841 * 4 + 1, 9841 * 4 + 2]})
    [('pushBack', 9841), ('popFront', 9841)]
    """
    return [(KINDS[op % 4], op // 4) for op in trace["ops"]]


def _won(cells):
    return any(cells[a] != 0 and cells[a] == cells[b] == cells[c] for a, b, c in LINES)


class Tree:
    """The move tree of a position, board by board: a board's children, which of them are not over, and
    whether a board is a board of this game (the position's markers, and one more for each move past it)."""

    def __init__(self, position):
        self.root = board_code(position["state"])
        self.state = position["state"]
        self.markers = sum(v != 0 for v in self.state)
        self.to_move = position["to_move"]
        self._children = None
        self._holds = {}

    def mover(self, code):
        """Whose turn it is on the board ``code`` of this tree."""
        depth = sum(v != 0 for v in board_of_code(code)) - self.markers
        return self.to_move if depth % 2 == 0 else -self.to_move

    def children(self, code):
        """Every child of ``code`` (one more marker, the mover's, in each empty cell), and those not over
        (worked out once for each pop: a search pushes several children after each)."""
        if self._children is None or self._children[0] != code:   # the last board asked about only: a search
            self._children = (code, self._work_out_children(code))  # asks about each board in one run of steps
        return self._children[1]

    def _work_out_children(self, code):
        cells, mover = board_of_code(code), self.mover(code)
        every, live = set(), set()
        for k in range(9):
            if cells[k] == 0:
                child = cells[:k] + [mover] + cells[k + 1:]
                every.add(board_code(child))
                if not _won(child) and 0 in child:
                    live.add(board_code(child))
        return every, live

    def over(self, code):
        cells = board_of_code(code)
        return _won(cells) or 0 not in cells

    def holds(self, code):
        """Whether ``code`` is a board of this game: the position's markers kept, and as many X as O more (or one
        more of the player to move) below it (asked once for each board: a search pushes and pops each)."""
        known = self._holds.get(code)
        if known is None:
            known = self._holds[code] = self._work_out_holds(code)
        return known

    def _work_out_holds(self, code):
        cells = board_of_code(code)
        if any(r and r != v for r, v in zip(self.state, cells)):
            return False
        added = [v for r, v in zip(self.state, cells) if r == 0 and v != 0]
        mine = sum(v == self.to_move for v in added)
        return mine - (len(added) - mine) in (0, 1)


def _board(code):
    return draw(board_of_code(code))


def uses_deque(position, trace, doing):
    """Fail unless the search ``doing`` ("makeOptimalMove()") searched with the student's Deque: it pushed and
    popped boards of this game, the root first (or its children), and every board it pushed after that is a
    child of the board it popped last."""
    calls = trace["calls"]
    board = _drawn(position)
    if trace.get("tampered"):
        raise Fail(f"While {doing} ran on this board, the Deque methods the grader watches were changed or "
                   f"called in a way no search calls them (a wrapped method's closure rewritten, or the grader's "
                   f"own instrumenting called again), so what the search did cannot be told.", board=board,
                   help="Search with your Deque's pushes and pops as they are: nothing the assignment asks for "
                        "reaches into the methods the grader wraps")
    if sum(calls.values()) == 0:
        raise Fail(f"{doing} never pushed or popped with your Deque on this board.", board=board,
                   help="The search must be breadth-first with the Deque of deque.py "
                        "(`from .deque import Deque`): no recursion, no lookup table, no other queue")
    tree, last = Tree(position), None
    for number, (call, code) in enumerate(steps(trace), 1):
        if code == UNKNOWN:
            raise Fail(f"{doing} {'pushed' if call in PUSHES else 'popped'} an item that holds no board (step "
                       f"{number:,} of its search): neither the item nor anything in it (items, values or "
                       f"attributes, two levels down) has a `state` of nine ints -1, 0 or 1 and an int `numMoves`.",
                       board=board,
                       help="Push BoardXO boards (or tuples, lists, dicts or objects holding one), as the handout's "
                            "pseudo-code does, and keep `state` a list of nine ints -1, 0 or 1")
        if not tree.holds(code):
            raise Fail(f"At step {number:,} of its search, {doing} {'pushed' if call in PUSHES else 'popped'} a board "
                       f"that is not a board of this game: the position's markers kept, and one more marker for "
                       f"each move after it, the players taking turns (the board searched is above, that board "
                       f"below).", board=board, extra=_board(code),
                       help="Push a copy of each child: the popped board with one more marker, the player's to move")
        if call in POPS:
            last = code
            continue
        if last is None:
            every, _ = tree.children(tree.root)
            if code == tree.root or code in every:
                continue
            raise Fail(f"The first board {doing} pushed on your Deque is neither the board searched (the root) nor "
                       f"one of its children (step {number:,}, the board below).", board=board, extra=_board(code),
                       help="Push a copy of the root first, as the handout's pseudo-code does")
        every, _ = tree.children(last)
        if code not in every:
            raise Fail(f"At step {number:,} of its search, {doing} pushed a board that is not a child of the board it "
                       f"had just popped: the search does not push the boards it finds from the boards it pops.",
                       board=board, extra=f"Popped last:\n\n{_board(last)}\n\nthen pushed:\n\n{_board(code)}",
                       help=TREE_HELP)


def breadth_first(position, trace, doing):
    """Fail unless the search ``doing`` used the Deque as a queue: it pushes at one end and pops at the other,
    and every pop returns the oldest board still waiting (so it pops a whole level before the next)."""
    calls = trace["calls"]
    board = _drawn(position)
    queue_ends = (calls["pushFront"] == 0 and calls["popBack"] == 0) or \
                 (calls["pushBack"] == 0 and calls["popFront"] == 0)
    if not queue_ends:
        raise Fail(f"{doing} pushed and popped at the same end of the Deque: that is a stack, so "
                   "the search goes depth-first.", board=board, extra=f"Calls on your Deque: {_calls_text(calls)}",
                   help="pushBack children, popFront the next board (a queue)")
    waiting, first = [], 0
    for number, (call, code) in enumerate(steps(trace), 1):
        if call in PUSHES:
            waiting.append(code)
            continue
        oldest = waiting[first] if first < len(waiting) else None
        first += 1
        if code != oldest:
            waited = (f"\n\nThe oldest board still waiting:\n\n{_board(oldest)}" if oldest is not None
                      else "\n\nNothing it pushed was still waiting.")
            raise Fail(f"At step {number:,} of its search, {doing} popped a board that is not the oldest one still "
                       f"waiting in the Deque: a breadth-first search pops the boards in the order it pushed them, "
                       f"a whole level before the next.", board=board,
                       extra=f"Popped:\n\n{_board(code)}{waited}",
                       help="Breadth-first: pop from the front, push children at the back")


def covers_tree(position, trace, doing):
    """Fail unless the search ``doing`` expanded every board it popped that is not over (all its unfinished
    children pushed before the next pop: the whole move tree), and popped every board it pushed."""
    board = _drawn(position)
    tree = Tree(position)
    if trace["truncated"]:
        raise Fail(f"{doing} pushed and popped more than {len(trace['ops']):,} times on this board, whose move tree "
                   f"has {position['tree'][0]:,} boards: some boards are pushed more than once.", board=board,
                   help="Push each child once, when its parent is popped")
    expanding, pushed, pushes, pops = None, set(), 0, 0    # the board whose children are being pushed

    def expanded():
        if expanding is None:
            return
        parent, number = expanding
        _, live = tree.children(parent)
        missing = sorted(live - pushed)
        if missing and not (parent != tree.root and tree.over(parent)):
            popped = f"Popped (step {number:,}):\n\n{_board(parent)}\n\n" if number else ""
            raise Fail(f"After popping a board that is not over, {doing} did not push all its children that are not "
                       f"over before its next pop: part of the move tree is never searched.", board=board,
                       extra=f"{popped}A child it did not push:\n\n{_board(missing[0])}", help=TREE_HELP)

    for number, (call, code) in enumerate(steps(trace), 1):
        if call in PUSHES:
            if expanding is None and pops == 0 and code != tree.root:
                expanding = (tree.root, 0)     # the root's children pushed without the root
            if expanding is not None:
                if code in pushed:
                    raise Fail(f"At step {number:,} of its search, {doing} pushed a child of the board it had popped "
                               f"last a second time.", board=board,
                               extra=f"Popped last:\n\n{_board(expanding[0])}\n\nthen pushed twice:\n\n{_board(code)}",
                               help="Push each child once, when its parent is popped")
                pushed.add(code)
            pushes += 1
            continue
        expanded()
        pops += 1
        expanding, pushed = (code, number), set()
    expanded()
    if pops != pushes:
        raise Fail(f"{doing} pushed {pushes:,} boards on your Deque but popped only {pops:,}: the search stopped "
                   f"with boards still waiting, so part of the move tree is never searched.", board=board,
                   expected=f"{pushes:,} pops", actual=f"{pops:,} pops", help=TREE_HELP)
    popped_boards(position, trace, doing, board)


def popped_boards(position, trace, doing, board):
    """Fail unless every unfinished board of the move tree was popped as many times as the tree holds it (once
    per order of the moves that reach it): the sum of what the steps above judged one at a time, worked out
    from the position alone (``positions.tree_boards``)."""
    unfinished, _ = tree_boards(position["state"], position["numMoves"], position["to_move"])
    popped = {}
    for call, code in steps(trace):
        if call in POPS:
            popped[code] = popped.get(code, 0) + 1
    for depth, times in sorted(unfinished.items()):
        if depth == position["numMoves"]:        # the root may be pushed or not
            continue
        short = sorted(number for number, count in times.items() if popped.get(number, 0) != count)
        if short:
            number = short[0]
            raise Fail(f"The move tree holds {sum(times.values()):,} unfinished boards with {depth} moves "
                       f"({len(times):,} different ones); the one below is in it {times[number]:,} time(s), once "
                       f"per order of the moves that reach it, but {doing} popped it {popped.get(number, 0):,} "
                       f"time(s).", board=board, extra=_board(number), help=TREE_HELP)
