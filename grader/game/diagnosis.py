"""Which one mistake explains a program's moves: a diagnosis is a hypothesis about the whole program, tested on
every position it played, never a match found one move at a time.

With eight winning lines, several tie-breaks and several scoring rules to choose from, some mistake gives almost
any single wrong move by chance.  So a mistake (a rule of ``grader.game.rules`` broken, as one program: ``Moves``'
models) is named as the cause only when that one program plays every move of the student's that differs *and*
plays an accepted move wherever the student's move is right.  Otherwise no cause is named, and the student is
shown the scores.  The checks' feedback (``checks.moves``) and ``python -m grader compare`` both diagnose with
``diagnose``, so that students and TAs read the same cause.

A search that calls the student's own winner() plays what a correct search plays with that winner(): when
check 2.15 saw winner() miss some lines (``blind_lines``), "lines" has one more program, blind to exactly
those, and a diagnosis naming it says to fix that check first; so does one naming "draw_zero" (a draw scored
like a win plays as a draw never scored) where check 2.16 saw gameOver() say False on a full board
(``full_unseen``).
"""

import hashlib
import json
from collections import Counter
from dataclasses import dataclass

from ..text.values import plain
from .models import LINES


@dataclass(frozen=True)
class Diagnosis:
    """What explains a program's answers: ``differ`` of the ``played`` answers differ; ``counts`` says, one
    answer at a time, how many of those each rule's programs give (a match that may be chance); ``causes`` are
    the rules one program of which gives every answer, right and wrong (the most specific first)."""
    played: int
    differ: int
    counts: tuple = ()           # ((rule, differing answers it gives), ...), most first
    causes: tuple = ()           # rules one program breaking which plays every answer
    lines: tuple = ()            # a "lines" cause: the lines (indices of ``LINES``) its program is blind to
    blind: tuple = ()            # the lines the student's winner() does not see, as check 2.15 observed
    refuted: tuple = ()          # rules that give every answer that differs, but not the right ones
    draws_unseen: bool = False   # whether the student's gameOver() is False on a full board, as check 2.16 observed
    search: tuple = ()           # the numbers of Part III's checks of the search that it fails
    signature: str = ""          # the moves: a digest of every answer that differs, with its position, and one
    sample: tuple = ()           # of them as ``(first, history, answer)`` (``differing``; set by the move checks)

    @property
    def cause(self):
        """The rule named as the cause, or None."""
        return self.causes[0] if self.causes else None

    @property
    def your_winner(self):
        """Whether the cause is the student's own winner(): the moves are a correct search's with it."""
        return self.cause == "lines" and bool(self.blind) and self.lines == self.blind

    @property
    def your_gameover(self):
        """Whether the cause is the student's own gameOver(), blind to full boards (so to draws)."""
        return self.cause == "draw_zero" and self.draws_unseen     # (a draw never scored plays as one scored 1)


def diagnose(family, differ, agreed, blind=(), draws_unseen=False, search=(), counting=False):
    """The ``Diagnosis`` of the answers ``differ`` and ``agreed`` (each a list of ``family.fits``' last arguments:
    the position, the answer, ...).  ``blind``: the lines the student's winner() misses (``blind_lines``);
    ``draws_unseen``: whether its gameOver() is False on a full board without three in a row (``full_unseen``);
    ``search``: the Part III checks of its search that fail.  ``blind`` None means winner() was not seen to work
    (it raised, or missed a line for one player only); ``()`` that it sees every line, so that where several
    mistakes explain the moves, a blind line is not among them.  ``counting``: also count, rule by rule, the
    answers each explains one at a time (``counts``: what ``compare`` reports where no rule explains them all;
    the grader's feedback never shows it, and skips it: each rule is dropped at its first answer it does not give).

    >>> from grader.game.families import Moves
    >>> position = {"state": [1, 1, -1, -1, 0, 0, 1, -1, 0], "to_move": -1,
    ...             "best": {"V": 5, "IV": 5, "minimax": 5, "other_player": 4}}
    >>> one = diagnose(Moves(), [(position, 4)], [], counting=True)  # one move fits several mistakes: the most
    >>> one.cause, one.causes[1:3]                                   # specific first
    ('current_player', ('whose_win', 'draw_zero'))
    >>> diagnose(Moves(), [], [(position, 5)])
    Diagnosis(played=1, differ=0, counts=(), causes=(), lines=(), blind=(), refuted=(), draws_unseen=False, search=(), signature='', sample=())
    """
    counts = Counter()
    if counting:
        for arguments in differ:
            counts.update(set(family.explains(*arguments)))
    order = {name: k for k, name in enumerate(family.rules)}
    ranked = tuple(sorted(counts.items(), key=lambda item: (-item[1], order.get(item[0], len(order)))))
    causes, refuted, lines = [], [], ()
    if differ:
        for name in family.rules:
            if not all(family.fits(name, *arguments) for arguments in differ):     # (the same as the counts, from
                continue                                                          # explains' cache when counting)
            programs = family.programs(name, differ, agreed)
            if programs == set():
                refuted.append(name)
                continue
            causes.append(name)
            if name == "lines" and programs:
                lines = tuple(blind or ()) if tuple(blind or ()) in programs else min(programs)
    if len(causes) > 1 and "lines" in causes and blind == ():       # winner() sees every line (2.15 passes)
        causes.remove("lines")
        lines = ()
    return Diagnosis(len(differ) + len(agreed), len(differ), ranked, tuple(causes), lines, tuple(blind or ()),
                     tuple(refuted), bool(draws_unseen), tuple(search))


def differing(differ):
    """``(signature, sample)`` of the moves ``differ`` (each ``(position, move)``, the position with its fields): a
    digest of every position with the move played there, the same for two programs exactly when they differ on
    the same positions with the same moves (how ``batch``'s class report groups students no rule explains), and
    one of them to show, as ``(first, history, move)``: the one with the most markers on its board (the fewest
    cells to work out by hand), the first by who moved first and the cells played among those.

    >>> signature, sample = differing([({"first": -1, "moves": [4, 0, 8, 0], "numMoves": 3}, 2),
    ...                                ({"first": 1, "moves": [4, 0, 0], "numMoves": 1}, 0)])
    >>> len(signature), sample
    (16, (-1, (4, 0, 8), 2))
    >>> differing([])
    ('', ())
    """
    if not differ:
        return "", ()
    keyed = sorted((p["first"], tuple(p["moves"][:p["numMoves"]]), answer) for p, answer in differ)
    digest = hashlib.sha256(json.dumps(keyed, default=repr).encode()).hexdigest()[:16]
    return digest, min(keyed, key=lambda k: (-len(k[1]), k[0], k[1]))


def line_words(lines):
    """The lines ``lines`` (indices of ``LINES``) as a student reads them.

    >>> line_words((6, 7))
    '0-4-8 and 2-4-6'
    """
    words = ["-".join(map(str, LINES[k])) for k in lines]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def blind_lines(wins, results):
    """The lines the student's winner() does not see for either player, from check 2.15's run (``results``: the
    script's results, three per game: the game set up, gameOver(), winner()) on the fixtures' ``wins`` (each
    ``{"line", "player", "moves"}``): ``()`` when it sees every line.  None where it cannot be told (a run cut
    short, a line missed for one player only: no program of ours).

    >>> wins = [{"line": [0, 1, 2], "player": -1}, {"line": [0, 1, 2], "player": 1}]
    >>> over, nobody = {"value": {"type": "bool", "value": True}}, {"value": {"type": "int", "value": 0}}
    >>> blind_lines(wins, [{}, over, nobody] * 2)
    (0,)
    """
    missed = {}
    for k, win in enumerate(wins):
        try:
            over, who = results[3 * k + 1], results[3 * k + 2]
            seen = "raised" not in who and plain(who.get("value")) == win["player"] and \
                plain(over.get("value")) is True
        except (IndexError, AttributeError, TypeError):
            return None
        line = LINES.index(tuple(win["line"]))
        missed.setdefault(line, []).append(not seen)
    if any(any(m) and not all(m) for m in missed.values()):
        return None
    return tuple(sorted(line for line, m in missed.items() if all(m)))


def full_unseen(results):
    """Whether the student's gameOver() said False on the full board without three in a row that check 2.16
    asks about first (``results``: its script's results, three per game, as ``blind_lines`` reads them).

    >>> full_unseen([{}, {"value": {"type": "bool", "value": False}}, {}])
    True
    """
    try:
        return plain(results[1].get("value")) is False
    except (IndexError, AttributeError, TypeError):
        return False
