"""Part VI (optional): minimax, breadth-first: the checks of minimaxValues() and makeMinimaxMove().  The three
judges' programs are ``part6_judges``'s checks (``programs`` runs and judges them).

Graded only when ``[points] VI`` gives the Part points (``grader.settings.config.graded_parts``).  The two methods
are judged on every position not over (``fixtures["part6"]["values"]``); each judge's program is run as
``python -m xo.NAME`` runs it (``probes.run_program``: standard input, output, error and exit status) on
its sample, on positions the reference judged and on bad input, and its function is called on them too.
Nothing here depends on Parts I-V passing: a Part VI check waits only for the Part VI checks it needs.
"""

from dataclasses import dataclass

from ..game.families import CodeQuest, CodinGame, Ninja, Values
from ..game.positions import chunks, fields, played_from, valued
from ..game.rules import Tally
from ..text.boards import PLAYER, draw
from ..text.markdown import grid
from ..text.values import plain, show
from .framework import Fail, Probe, check, raised_fail
from .trace import SEARCH, breadth_first, covers_tree, uses_deque

EXAMPLES = (("X", "0"), ("X", "203768"), ("O", "16578"))
"""The handout's examples of minimaxValues(), as (who moved first, the cells played)."""
MOVE_SAMPLE = 60                 # positions makeMinimaxMove() is asked to play on, spread through all of them
PROGRAM_SAMPLE = 20              # positions each judge's program is run on one by one (its function: on all)


_PARSED = {}


def parsed(entries, parse):
    """``[parse(entry) for entry in entries]``, worked out once per fixture list: the checks of a grading ask
    for Part VI's 9,039 and 4,520 positions a dozen times (the list is kept, so its ``id`` stays its own).
    The positions are shared: nothing may change them."""
    key = (id(entries), parse)
    if key not in _PARSED:
        _PARSED[key] = (entries, [parse(entry) for entry in entries])
    return _PARSED[key][1]


def every_valued(ctx):
    return parsed(ctx.fixtures["part6"]["values"], valued)


def judged(ctx, family, every):
    """The positions of ``every`` (a list of ``family``'s positions) that Part VI's withheld check of ``family``
    judges: all of them with ``[grading] part6_positions = "every"``, else those the fixtures chose
    (``fixtures["part6"]["chosen"][family]``: indices of ``every``, chosen by ``grader.game.part6_mistakes.choose``
    so that every known mistake answers wrong on some)."""
    if ctx.config["grading"]["part6_positions"] == "every":
        return every
    return [every[k] for k in ctx.fixtures["part6"]["chosen"][family]]


def board(position, note=None):
    note = note or position.get("note")
    return draw(position["state"], to_move=position["to_move"],
                note=note or f"{position['numMoves']} moves made, {PLAYER[position['first']]} moved first")


def best_of(values):
    """The cell makeMinimaxMove() plays: the highest value, the lowest cell among ties (None: game over)."""
    cells = [c for c, v in enumerate(values) if v is not None]
    return max(cells, key=lambda c: (values[c], -c)) if cells else None


def evenly(items, k):
    """``k`` of ``items``, evenly spaced (all of them if fewer).

    >>> evenly(list(range(10)), 3)
    [0, 3, 6]
    """
    return items if len(items) <= k else [items[i * len(items) // k] for i in range(k)]


def move_sample(positions):
    """The positions makeMinimaxMove() is asked to play on (6.3): ``MOVE_SAMPLE`` of Part VI's, spread through them."""
    return midpoints(positions, MOVE_SAMPLE)


def midpoints(items, k):
    """``k`` of ``items``, evenly spaced from the middle of each k-th part: never the first (Part VI's first
    position is the empty board, the whole game tree).

    >>> midpoints(list(range(10)), 3)
    [1, 5, 8]
    """
    return items if len(items) <= k else [items[(2 * i + 1) * len(items) // (2 * k)] for i in range(k)]


# ---------------------------------------------------------------- the two methods

def minimax_runs(ctx, positions, method, trace=False):
    """Call ``method`` on every position, in as few runs of the child as their trees allow."""
    doing = f"{method}()"
    events = []
    for run in chunks(positions):
        events += ctx.run("minimax", SEARCH, {"positions": [fields(p) for p in run], "method": method,
                                              "trace": trace}, doing=doing,
                          board_of=lambda index, run=run: board(run[index]))
    return events


VALUES, CODEQUEST, NINJA, CODINGAME = Values(), CodeQuest(), Ninja(), CodinGame()


def judge_values(positions, events):
    """Fail at the first position whose minimaxValues() differs from the reference's (saying how many do)."""
    wrong = []
    for position, event in zip(positions, events):
        if "raised" in event:
            raise raised_fail("minimaxValues()", event["raised"], board=board(position))
        got = event["values"] if "values" in event else plain(event["value"])
        if got != position["values"] or not event.get("unchanged"):
            wrong.append((position, got, event))
    if not wrong:
        return
    tally = Tally.of(VALUES, [(p, g, bool(e.get("unchanged"))) for p, g, e in wrong], len(positions))
    position, got, event = wrong[0]
    more = (f" ({len(wrong)} of the {len(positions):,} positions of this check differ; this is the first)"
            if len(wrong) > 1 else "")
    if got == position["values"]:
        raise Fail(f"minimaxValues() changed the game's board{more}.", board=board(position),
                   help="Search from a copy of the board: minimaxValues() leaves the game as it was", tally=tally)
    expected, actual = position["values"], got
    table = None
    if type(got) is list and len(got) == 9:
        cells = [c for c in range(9) if expected[c] is not None or got[c] is not None]
        table = grid([["cell", *map(str, cells)], ["expected", *(repr(expected[c]) for c in cells)],
                      ["yours", *(repr(got[c]) for c in cells)]])
    raise Fail(f"minimaxValues() gave the wrong values{more}.", board=board(position), expected=show(expected),
               actual=show(actual), extra=table, help=values_hint(position, got), tally=tally)


def values_hint(position, got):
    """What to look at, from how ``got`` differs from the expected values (a hint, never a certainty)."""
    expected = position["values"]
    if type(got) is not list or len(got) != 9:
        return "Return a list of 9: a value for each empty cell, None for each taken one"
    if any((e is None) != (g is None) for e, g in zip(expected, got)):
        return "Give None exactly for the taken cells, and for every cell once the game is over"
    if all(g is not None and e is not None and g == -e for e, g in zip(expected, got) if e is not None):
        return ("Every value has the wrong sign: values are for the player to move at the root, who is "
                f"{PLAYER[position['to_move']]} here (the opposite of the last mover)")
    if all((g > 0) == (e > 0) and (g < 0) == (e < 0) for e, g in zip(expected, got) if e is not None):
        return ("The outcomes are right but not how soon they come: a win is worth 10 - m and a loss m - 10, m "
                "being every marker on the finished board (numMoves, counted from the start of the game)")
    return ("Back the values up level by level: where the root's player moves keep the maximum of the children, "
            "where the opponent moves the minimum; then compare with the values above")


@dataclass(frozen=True)
class Valued:
    """The observation of ``method`` on Part VI positions: the handout's examples (``which="examples"``), those
    the withheld check judges (``"judged"``: ``judged``) or a spread of them (``"spread"``)."""
    which: str
    method: str = "minimaxValues"
    groups = ()

    def positions(self, ctx):
        if self.which == "examples":
            found = {(tuple(p["state"]), p["to_move"]): p for p in every_valued(ctx)}
            return [dict(found[(tuple(g["state"]), g["to_move"])], **g) for g in
                    (played_from(first, history) for first, history in EXAMPLES)]
        positions = every_valued(ctx)
        return judged(ctx, "values", positions) if self.which == "judged" else move_sample(positions)

    def observe(self, ctx):
        positions = self.positions(ctx)
        return positions, minimax_runs(ctx, positions, self.method)

    def describe(self):
        return f"minimax ({self.method}) on game, deque (Part VI positions: {self.which})"


@check("VI", enforces=("VI.values", "VI.values-none"),
       cites=("Part VI", "return a list of 9: for each empty cell, the value of moving there"),
       observes=Valued("examples"), rules=(VALUES, Valued("examples").positions))
def minimax_values_examples(ctx, observed):
    """minimaxValues() gives the handout's values on its examples (X and O to move, O-first too) and leaves the game unchanged."""
    judge_values(*observed)


@check("VI", enforces=("VI.values", "VI.values-none"),
       depends=["minimax_values_examples"], slow=True,
       cites=("Part VI", "both players then playing their best: the backed-up value above"), observes=Valued("judged"),
       rules=(VALUES, Valued("judged").positions))
def minimax_values_everywhere(ctx, observed):
    """minimaxValues() is right on positions of every kind not over, in games X or O started, whoever is to move."""
    judge_values(*observed)


FINISHED = ("won", "full_draw")


@check("VI", enforces=("VI.move",),
       cites=("Part VI", "the lowest cell among equal values, on the game's own board"),
       observes=Valued("spread", "makeMinimaxMove"))
def minimax_move(ctx, observed):
    """makeMinimaxMove() makes the move with the highest value (the lowest cell among ties) on the game's board and returns its cell."""
    for position, event in zip(*observed):
        if "raised" in event:
            raise raised_fail("makeMinimaxMove()", event["raised"], board=board(position))
        got = plain(event["value"]) if "value" in event else event["values"]
        cell = best_of(position["values"])
        if type(got) is not int or got != cell:
            raise Fail(f"makeMinimaxMove() returned {show(got)}; the highest value is at cell {cell}.",
                       board=board(position), expected=str(cell), actual=show(got),
                       extra="The values of the moves: " + show(position["values"]),
                       help="Play the cell with the highest value of minimaxValues(), the lowest cell among ties")
        after = {name: plain(value) for name, value in event["after"]["fields"].items()}
        n = position["numMoves"]
        want = fields(position)
        want["state"] = [position["to_move"] if c == cell else v for c, v in enumerate(want["state"])]
        want["moves"] = [cell if k == n else v for k, v in enumerate(want["moves"])]
        want["turn"] = [position["to_move"] if k == n else v for k, v in enumerate(want["turn"])]
        want["numMoves"] = n + 1
        if after != want:
            wrong = [name for name in want if after.get(name) != want[name]]
            raise Fail(f"makeMinimaxMove() returned {cell}, but the game's board after it is not that move made: "
                       f"{', '.join(wrong)} differ.", board=board(position),
                       expected="; ".join(f"{k} = {show(want[k])}" for k in wrong),
                       actual="; ".join(f"{k} = {show(after.get(k))}" for k in wrong),
                       help="Make the move on the game's own board, as makeMove does")


def finished_games(ctx):
    """The fixtures' finished games (a win, a full board), as positions."""
    games = [dict(ctx.fixtures["finished"][name]) for name in FINISHED]
    for game in games:
        game["to_move"], game["first"] = -game["turn"][game["numMoves"] - 1], game["turn"][0]
    return games


def on_finished(method):
    return Probe("minimax", SEARCH, lambda ctx: {"positions": [fields(g) for g in finished_games(ctx)],
                                                 "method": method}, doing=f"{method}()")


@check("VI", enforces=("VI.move-over", "VI.values-none"),
       cites=("Part VI", "When the game is already over, return `None` and change nothing"),
       observes=(on_finished("minimaxValues"), on_finished("makeMinimaxMove")))
def minimax_finished_game(ctx, *runs):
    """On a finished game, minimaxValues() gives nine Nones and makeMinimaxMove() returns None and changes nothing."""
    for method, events in zip(("minimaxValues", "makeMinimaxMove"), runs):
        for game, event in zip(finished_games(ctx), events):
            drawn = draw(game["state"], note="game over")
            if "raised" in event:
                raise raised_fail(f"{method}() on a finished game", event["raised"], board=drawn)
            got = event["values"] if "values" in event else plain(event["value"])
            want = [None] * 9 if method == "minimaxValues" else None
            if got != want:
                raise Fail(f"{method}() on a finished game returned {show(got)}.", board=drawn, expected=show(want),
                           actual=show(got), help="Check gameOver() first")
            after = event.get("after")
            if after and {k: plain(v) for k, v in after["fields"].items()} != fields(game):
                raise Fail("makeMinimaxMove() on a finished game changed the board.", board=drawn,
                           help="When the game is over, return None before changing anything")


@check("VI", enforces=("VI.breadth-first",),
       depends=["minimax_values_examples"],
       cites=("Part VI", "the breadth-first tree of Part III with your `Deque`, then the backup"),
       observes=Probe("minimax", SEARCH, lambda ctx: {"positions": [fields(p) for p in ctx.positions("bfs")],
                                                      "method": "minimaxValues", "trace": True},
                      doing="minimaxValues()"))
def minimax_breadth_first(ctx, events):
    """minimaxValues() searches breadth-first with your own Deque, popping the whole move tree, level by level."""
    for position, event in zip(ctx.positions("bfs"), events):
        if "raised" in event:
            raise raised_fail("minimaxValues()", event["raised"], board=board(position))
        for judge in (uses_deque, breadth_first, covers_tree):
            judge(position, event["trace"], "minimaxValues()")
