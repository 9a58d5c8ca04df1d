"""The mistakes of a class, by diagnosis: what each submission's failed checks name as the cause of its answers
(``grading.verdict.Named``, read back from results.json), counted over the class, and the students whose moves
no rule explains, grouped by the moves they share.

A student is counted under a mistake only where the grader's feedback named it as the cause, one program of the
mistake playing every move of theirs (``grader.game.diagnosis``); where the moves do not tell several mistakes
apart, the student is counted under all of them together ("one of …"), never under each.  Students no rule
explains are grouped only with students whose moves differ from the accepted ones on exactly the same positions,
with the same moves (``grader.game.diagnosis.differing``'s signature).
"""

from dataclasses import dataclass

from .. import PARTS
from ..game.diagnosis import line_words
from ..game.models import best_cell, minimax_values, part_v_scores
from ..game.positions import played_from
from ..game.rules import RULES
from ..grading.verdict import Named, Status
from ..text.boards import PLAYER
from ..text.markdown import unmarked


@dataclass(frozen=True)
class Made:
    """One mistake one submission's feedback names (``named``), and the points the checks naming it lost, by
    Part (``lost``: ``((part, points), ...)``)."""
    named: Named
    lost: tuple

    @property
    def explained(self):
        return bool(self.named.rules)


def mistakes_of(verdicts):
    """The mistakes the failed ``verdicts`` of one grading name, each once, with what they cost (``Made``): the
    named causes first, in the order their first check came, then moves no rule explains."""
    lost = {}
    for verdict in verdicts:
        named = verdict.named if verdict.status is Status.FAILED else None
        if named is None:
            continue
        parts = lost.setdefault(named, {})
        parts[verdict.part] = round(parts.get(verdict.part, 0.0) + verdict.max_points - verdict.points, 4)
    made = [Made(named, tuple(parts.items())) for named, parts in lost.items()]
    return sorted(made, key=lambda m: not m.explained)


def words(made, *, plain=False):
    """A mistake in a few words, with the names of its rules: Markdown code spans, or ``plain`` text.

    >>> words(Made(Named(("win_unguarded",)), ()), plain=True)
    'the win rule without its > 0 guard [win_unguarded]'
    >>> words(Made(Named(("lines",), (7,), "winner_lines"), ()))
    'winner() misses 2-4-6 (fix check 2.15 first) [lines]'
    """
    named = made.named
    if named.rules:
        said = " or ".join(_rule_words(rule, named) for rule in named.rules)
        if len(named.rules) > 1:
            said = f"one of: {said} (the moves do not tell them apart)"
        text = f"{said}{_first(named)} [{', '.join(named.rules)}]"
    else:
        text = (f"moves no rule explains ({named.differ:,} of {named.played:,} differ){_first(named)} "
                f"[unexplained {named.signature[:8]}]")
    return unmarked(text) if plain else text


def _rule_words(rule, named):
    if rule == "lines":
        blind = line_words(named.lines) if named.lines else "a line"
        return f"winner() misses {blind}" if named.own == "winner_lines" else f"a search blind to {blind}"
    if rule == "draw_zero" and named.own == "winner_full_boards":
        return "gameOver() False on a full board, so no draw is ever scored"
    return RULES[rule].short


FIRST = {"winner_lines": "2.15", "winner_full_boards": "2.16", "bfs_covers_tree": "3.11"}
"""The checks the feedback sends a student to first (``Named.own``), by number: what the feedback says."""


def _first(named):
    return f" (fix check {FIRST[named.own]} first)" if named.own in FIRST else ""


@dataclass(frozen=True)
class Counted:
    """One mistake over the class: ``made`` by ``students`` (``Graded`` records), each losing ``cost`` points on
    average, by Part."""
    named: Named
    students: tuple
    cost: tuple                  # ((part, mean points lost by the students who made it), ...)

    @property
    def words(self):
        return words(Made(self.named, ()))

    @property
    def cited(self):
        """The handout's passages of its rules (``Rule.cited``)."""
        return "; ".join(RULES[rule].cited() for rule in self.named.rules)


def counted(entries):
    """The mistakes named in the class (``entries``: ``Graded`` records), most students first: each with its
    students and what it cost them, by Part.  Moves no rule explains are ``groups``', not here."""
    found = {}
    for entry in entries:
        for made in entry.mistakes:
            if made.explained:
                found.setdefault(made.named, []).append((entry, dict(made.lost)))
    rows = []
    for named, made in found.items():
        parts = sorted({part for _, lost in made for part in lost}, key=_part_order)
        cost = tuple((part, round(sum(lost.get(part, 0.0) for _, lost in made) / len(made), 2)) for part in parts)
        rows.append(Counted(named, tuple(entry for entry, _ in made), cost))
    return sorted(rows, key=lambda row: (-len(row.students), row.named.rules, row.named.lines))


def _part_order(part):
    return PARTS.index(part) if part in PARTS else len(PARTS)


@dataclass(frozen=True)
class Group:
    """Students whose moves no rule explains and who differ on the same positions with the same moves: on the
    ``sample`` position (``state``, ``to_move``, ``history``) they all play ``played`` where the handout's Part V
    rules give ``expected`` (``minimax``: the depth-aware minimax move, also accepted unless moves are judged
    strictly, None where it is the same)."""
    signature: str
    students: tuple
    differ: int
    played_positions: int
    state: tuple
    to_move: int
    first: int
    history: tuple
    played: object
    expected: int
    minimax: object
    cost: tuple
    own: str = None

    @property
    def headline(self):
        who = f"{len(self.students)} students share" if len(self.students) > 1 else "1 student makes"
        return (f"{who} a mistake that no model names; on this board "
                f"{'all of them play' if len(self.students) > 1 else 'they play'} {self.played}, where the rules "
                f"give {self.expected}")


def groups(entries):
    """The students no rule explains, grouped by the moves they play (``Named.signature``), largest first."""
    found = {}
    for entry in entries:
        for made in entry.mistakes:
            if not made.explained and made.named.signature:
                found.setdefault(made.named.signature, []).append((entry, made))
    out = []
    for signature, members in found.items():
        named = members[0][1].named
        first, history, played = named.sample
        position = played_from(PLAYER[first], "".join(map(str, history)) or "-")
        state, to_move = position["state"], position["to_move"]
        expected = best_cell(part_v_scores(state, to_move))
        minimax = best_cell(minimax_values(state, to_move))
        parts = sorted({part for _, made in members for part, _ in made.lost}, key=_part_order)
        cost = tuple((part, round(sum(dict(made.lost).get(part, 0.0) for _, made in members) / len(members), 2))
                     for part in parts)
        out.append(Group(signature, tuple(entry for entry, _ in members), named.differ, named.played, tuple(state),
                         to_move, first, tuple(history), played, expected, None if minimax == expected else minimax,
                         cost, named.own))
    return sorted(out, key=lambda group: (-len(group.students), group.signature))


def most_common(entries, top=5):
    """The ``top`` mistakes by the students who made them, named and not (each group of unexplained moves one),
    as ``(count, words)``, most first: the console's summary."""
    rows = [(len(row.students), unmarked(row.words)) for row in counted(entries)]
    rows += [(len(group.students), f"moves no rule explains, shared ({group.differ:,} of "
                                   f"{group.played_positions:,} differ) [unexplained {group.signature[:8]}]")
             for group in groups(entries)]
    return sorted(rows, key=lambda row: -row[0])[:top]
