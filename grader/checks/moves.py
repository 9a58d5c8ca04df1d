"""Observing and judging the moves ``makeOptimalMove()`` chooses (Parts IV and V): ``Played`` runs it on a
fixture group's positions in chunks, ``judge`` fails a check at the first move not accepted, with the
diagnosis of ``grader.positions``, which ``python -m grader compare`` shares."""

from dataclasses import dataclass

from ..feedback import PLAYER, draw, plain, scores_table, show
from ..positions import RULE_WORDS, accepted, chunks, diagnose, expand, fields, move_sequences, rules_followed
from ..rules import Moves, Tally
from . import Fail, raised_fail

SEARCH = ("game", "deque")
RUNAWAY_SECONDS = 10      # how long a search may run to show it pops more boards than its tree holds


def board(position):
    return draw(position["state"], to_move=position["to_move"],
                note=f"{position['numMoves']} moves made, {PLAYER[position['first']]} moved first")


def never_ends(ctx, position):
    """For a search that ran out of time on ``position``: ``(message, help)`` if it pops more boards than its
    move tree could hold (a loop that never ends), ``None`` if it is only slow or the run shows nothing."""
    cap = move_sequences(position["state"])
    try:
        events = ctx.run("runaway", SEARCH, {"position": fields(position), "cap": cap}, doing="makeOptimalMove()",
                         timeout=RUNAWAY_SECONDS)
    except Fail:
        return None
    if not any("runaway" in event for event in events):
        return None
    return (f"makeOptimalMove() popped more than {cap:,} boards from your Deque on the board below, more than its "
            f"move tree holds even if no game ended early: its search never ends",
            "The search loop stops when the Deque is empty: check that isEmpty() (and size()) say so once its last "
            "item is popped from either end, and that popping an empty Deque raises IndexError")


def play(ctx, positions, after=False):
    """Run makeOptimalMove() on every position, in as few sandboxed processes as their trees allow;
    return one event each, with the board after the move (``"after"``) only if ``after``: on 9,039
    positions it is four fifths of what the child sends and the grader reads."""
    events = []
    for run in chunks(positions):
        events += ctx.run("optimal_moves", SEARCH, {"positions": [fields(p) for p in run], "after": after},
                          doing="makeOptimalMove()", board_of=lambda index, run=run: board(run[index]),
                          on_timeout=lambda index, run=run: never_ends(ctx, run[index]))
    for position, event in zip(positions, events):
        if "raised" in event:
            raise raised_fail("makeOptimalMove()", event["raised"], board=board(position))
    return events


@dataclass(frozen=True)
class Played:
    """The observation of makeOptimalMove() on the positions of the fixtures' ``group`` (compact entries
    ``expand``ed; only the ``first`` so many, if given), in as few runs as their trees allow:
    ``(positions, events)``, one event each (see ``play``; with the board after the move if ``after``)."""
    group: str
    expanded: bool = False
    first: int = None
    after: bool = False                  # whether its checks judge the board after the move

    @property
    def groups(self):
        return (self.group,)

    def positions(self, ctx):
        entries = ctx.positions(self.group)[:self.first]
        return [expand(entry) for entry in entries] if self.expanded else entries

    def observe(self, ctx):
        positions = self.positions(ctx)
        return positions, play(ctx, positions, self.after)

    def describe(self):
        return f"optimal_moves on {', '.join(SEARCH)} (positions: {self.group})"


MOVES = Moves()


def ruled(played):
    """The ``rules`` of a check that ``judge``s the moves ``played`` observes (see ``grader.checks.check``)."""
    return MOVES, played.positions


def judge(ctx, played, *, strict=None):
    """Fail at the first position where makeOptimalMove() returned a move not accepted (saying how many
    positions differ in all); otherwise return a note on the minimax moves played, or None.  ``played``:
    what a ``Played`` observed."""
    strict = ctx.strict if strict is None else strict
    positions, events = played
    minimax_used, wrong, right = 0, [], []
    for position, event in zip(positions, events):
        got = plain(event["value"])
        if type(got) is int and got in accepted(position, strict):
            minimax_used += got != position["best"]["V"]
            right.append((position, got))
        else:
            wrong.append((position, got))
    if wrong:
        tally = Tally.of(MOVES, wrong, len(positions), agreed=right)
        position, got = wrong[0]
        ok = accepted(position, strict)
        expected = " or ".join(str(c) for c in sorted(ok))
        more = (f" ({len(wrong)} of the {len(positions)} positions of this check differ; this is the first)"
                if len(wrong) > 1 else "")
        if got is None:
            raise Fail(f"makeOptimalMove() returned None, but this game is not over{more}.", board=board(position),
                       expected=expected, actual=show(got), tally=tally)
        if type(got) is not int or not 0 <= got <= 8 or position["state"][got] != 0:
            raise Fail(f"makeOptimalMove() did not return an empty cell (an int from 0 to 8){more}.",
                       board=board(position), expected=expected, actual=show(got), tally=tally)
        why = RULE_WORDS["part_v"] + ": the highest Part V score, lowest cell on ties"
        if len(ok) > 1:
            why += f"; {position['best']['minimax']} is " + RULE_WORDS["minimax"] + ", also accepted"
        follows = [RULE_WORDS[name] for name in rules_followed(position, got)]
        extra = scores_table(position, got) if position.get("scores") else None
        if follows:
            said = "Your move is " + "; it is also ".join(follows) + "."
            extra = said + ("\n\n" + extra if extra else "")
        raise Fail(f"makeOptimalMove() chose cell {got}; the handout's rules choose {position['best']['V']}{more}.",
                   board=board(position), expected=f"{expected} ({why})", actual=str(got),
                   extra=extra, help=diagnose(position, got), tally=tally)
    if minimax_used:
        return (f"On {minimax_used} of these positions you played the depth-aware minimax move instead of the "
                f"handout's Part V move; both are accepted.")
    return None
