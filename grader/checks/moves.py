"""Observing and judging the moves ``makeOptimalMove()`` chooses (Parts IV and V): ``Played`` runs it on a
fixture group's positions in chunks, ``judge`` fails a check at the first move not accepted, with the
diagnosis of ``grader.game.positions``, which ``python -m grader compare`` shares."""

from dataclasses import dataclass, replace

from ..game.diagnosis import blind_lines, diagnose, differing, full_unseen, line_words
from ..game.families import Moves
from ..game.models import minimax_values, part_v_scores
from ..game.positions import RULE_WORDS, accepted, chunks, expand, fields, move_sequences
from ..game.rules import RULES, Tally
from ..settings.config import graded_parts
from ..text.boards import PLAYER, draw, scores_table
from ..text.markdown import cited
from ..text.values import plain, show
from .framework import CHECKS, Context, Fail, raised_fail
from .part2 import winner_full_boards, winner_lines

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
            raise raised_fail("makeOptimalMove()", event["raised"], board=board(position), section=None,
                              help="Your code raised this on the board above: the traceback says where")
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


@dataclass(frozen=True)
class Evidence:
    """What a move check's diagnosis weighs besides its own positions: makeOptimalMove() on the positions of
    every move check the grading runs (all of the graded Parts', unless some were chosen), observed as those
    checks observe them (``Played``; shared with them,
    run once), and gameOver() and winner() on the 8 lines, as check 2.15 observes them.  A run that failed, or
    a group of positions the fixtures do not hold (the starter kit's), adds nothing.  What it observes is a
    function, called only by a check that failed (a passing grading gathers nothing), and worked out once per
    grading: ``(differ, agreed, blind, unseen, search)``, the arguments of ``grader.game.diagnosis.diagnose``."""
    groups = ()                          # it shows no position: the checks it reads show theirs, or withhold them

    def observe(self, ctx):
        def gathered():
            derived = ctx.observations.derived
            if "moves" not in derived:
                derived["moves"] = gather(ctx)
            return derived["moves"]
        return gathered

    def describe(self):
        return "makeOptimalMove() on every move check's positions, and winner() on the 8 lines (for the diagnosis)"


EVIDENCE = Evidence()


def gather(ctx):

    def as_check(check):
        return Context(ctx.sandbox, ctx.fixtures, ctx.config, check, deadline=ctx.deadline, located=ctx.located,
                       observations=ctx.observations, only=ctx.only)

    parts = graded_parts(ctx.config)
    seen, differ, agreed = set(), [], []
    for check in CHECKS.values():
        if check.rules is None or check.rules[0] is not MOVES or check.part not in parts or \
                (ctx.only is not None and check.name not in ctx.only):     # a grading of some checks: theirs
            continue
        for spec in check.observes:
            if not isinstance(spec, Played):
                continue
            try:
                positions, events = spec.observe(as_check(check))
            except (Fail, KeyError):             # KeyError: the starter kit holds only the visible checks' positions
                continue
            for position, event in zip(positions, events):
                key = (position["first"], tuple(position["moves"][:position["numMoves"]]))
                if key not in seen:
                    seen.add(key)
                    got = plain(event["value"])
                    ok = type(got) is int and got in accepted(position, ctx.strict)
                    (agreed if ok else differ).append((position, got))
    def observed(check):
        """What ``check`` observes, as it observes it (the same runs: observed once per grading)."""
        return [spec.observe(as_check(check)) for spec in check.observes]

    blind, unseen, search = None, False, ()
    try:
        blind = blind_lines(ctx.fixtures["line_wins"], observed(CHECKS[winner_lines.__name__])[0])
    except (Fail, KeyError, ValueError):
        pass
    try:
        unseen = full_unseen(observed(CHECKS[winner_full_boards.__name__])[0])
    except (Fail, KeyError, ValueError):
        pass
    for name in SEARCH_CHECKS:            # Part III's judging of the search the moves come from, as it judges it
        check = CHECKS[name]
        if check.part not in parts:
            continue
        try:
            check.function(as_check(check), *observed(check))
        except Fail:
            search += (check.number,)
        except (KeyError, ValueError, TypeError):    # nothing to judge (a run that failed is the Fail above)
            pass
    return differ, agreed, blind, unseen, search


SEARCH_CHECKS = ("bfs_covers_tree",)
"""Part III's check that the search makeOptimalMove() makes pops every board of the move tree, and no other:
where it fails and no mistake of the scoring explains the moves, the feedback says to fix it first (a search
that skips or invents boards scores moves on leaves that are not the game's).  Not 3.9 or 3.10: a search that
is recursive, or pops in another order, still scores the right leaves."""


def ruled(played):
    """The ``rules`` of a check that ``judge``s the moves ``played`` observes (see ``grader.checks.check``)."""
    return MOVES, played.positions


def cause_help(diagnosis, *, table):
    """The hint of a move that differs, from the ``Diagnosis`` of every move played: ``(help, section)``, the
    section None for the check's own passage.  A cause is named only where one program explains every move."""
    counted = (f"{diagnosis.differ:,} of the {diagnosis.played:,} positions your makeOptimalMove() played in "
               f"this grading")
    if diagnosis.your_winner:
        check = CHECKS["winner_lines"]
        return (f"Fix check {check.number} first: on every position where your move differs ({counted}), it is "
                f"the move a correct search makes with your winner(), which does not see three in a row on "
                f"{line_words(diagnosis.lines)}; on every other position that search plays your move too",
                cited(*check.cites))
    if diagnosis.your_gameover:
        check = CHECKS["winner_full_boards"]
        return (f"Fix check {check.number} first: on every position where your move differs ({counted}), it is "
                f"the move a correct search makes with your gameOver(), which is False on a full board without "
                f"three in a row (so no draw is ever scored); on every other position that search plays your move "
                f"too", cited(*check.cites))
    if diagnosis.cause is not None:
        def broken(name):
            if name == "lines":
                return "your move is the one a search chooses that does not see three in a row on " + \
                    line_words(diagnosis.lines)
            return RULES[name].broken
        rule = RULES[diagnosis.cause]
        if len(diagnosis.causes) > 1:        # the moves played do not tell these mistakes apart: each is said
            return (f"Each of these mistakes alone explains all your moves (on every position where your move "
                    f"differs, {counted}, and on every other): " + "; or ".join(broken(n) for n in diagnosis.causes),
                    rule.cited())
        if diagnosis.cause not in Moves.PROGRAMS:      # a fact of every move that differs (a tie-break), no program
            return (f"On every position where your move differs ({counted}), {broken(diagnosis.cause)}",
                    rule.cited())
        return (f"One mistake explains all your moves: on every position where your move differs ({counted}), "
                f"{broken(diagnosis.cause)}; on every other position that search plays your move too", rule.cited())
    if diagnosis.search:
        first = CHECKS[next(n for n in SEARCH_CHECKS if CHECKS[n].number == diagnosis.search[0])]
        return (f"Fix check {first.number} first: your makeOptimalMove()'s search does not do what it asks (“"
                f"{first.sentence.rstrip('.')}”), and the moves of a search that does not pop the move tree's boards "
                f"cannot be told apart from a scoring mistake; no one mistake of the scoring explains all your moves "
                f"({counted} differ)", cited(*first.cites))
    return (f"No one mistake the grader knows explains all your moves ({counted} differ), so none is named: "
            f"work out each empty cell's Part V score on this board by hand and compare it with {table}", NEUTRAL)


NEUTRAL = cited("Part V", "As in Part IV, make the move with the highest score, the lowest cell among ties")
"""The passage a move's hint cites when it names no cause: how the move follows from the scores, and nothing
that reads as a cause (a check's own passage, "Never assume X moved first", would)."""


def judge(ctx, played, evidence=None, *, strict=None):
    """Fail at the first position where makeOptimalMove() returned a move not accepted (saying how many
    positions differ in all, and what explains them: ``grader.game.diagnosis``); otherwise return a note on the
    minimax moves played, or None.  ``played``: what a ``Played`` observed; ``evidence``: what ``Evidence``
    observed (a function that gathers it), or None: this check's positions alone."""
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
        evidence = evidence() if callable(evidence) else evidence
        differ, agreed, blind, unseen, search = evidence if evidence is not None else (wrong, right, None, False, ())
        derived = ctx.observations.derived
        family = Moves(blind or (), known=derived.setdefault("explains", {}))
        if evidence is None:
            diagnosis = diagnose(family, differ, agreed, blind, unseen, search)
        else:                             # the same for every move check of the grading: worked out once
            if "diagnosis" not in derived:
                signature, sample = differing(differ)
                derived["diagnosis"] = replace(diagnose(family, differ, agreed, blind, unseen, search),
                                               signature=signature, sample=sample)
            diagnosis = derived["diagnosis"]
        tally = Tally.of(family, wrong, len(positions), agreed=right, diagnosis=diagnosis,
                         numbers={name: check.number for name, check in CHECKS.items()})
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
        if not position.get("scores"):        # a position of the fixtures' compact form: worked out here
            position = {**position, "scores": {"V": part_v_scores(position["state"], position["to_move"]),
                                               "minimax": minimax_values(position["state"], position["to_move"])}}
        extra = scores_table(position, got)
        help, section = cause_help(diagnosis, table="the table above")
        raise Fail(f"makeOptimalMove() chose cell {got}; the handout's rules choose {position['best']['V']}{more}.",
                   board=board(position), expected=f"{expected} ({why})", actual=str(got),
                   extra=extra, help=help, tally=tally, diagnosis=diagnosis,
                   **({"section": section} if section else {}))
    if minimax_used:
        return (f"On {minimax_used} of these positions you played the depth-aware minimax move instead of the "
                f"handout's Part V move; both are accepted.")
    return None
