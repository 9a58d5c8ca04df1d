"""The handout's rules that the move checks judge, and the mistakes that break them.

A check of many positions says how many of its answers differ; this module says why, rule by rule: each
``Rule`` is one passage of the handout, and each family of checks (``MOVES``, ``VALUES``, ``CODEQUEST``,
``NINJA``, ``CODINGAME``) knows, for one position,

- which rules an answer breaks (``explains``): the answer is exactly what a program that breaks that rule,
  and follows every other, gives there;
- which rules the position tests (``exercises``): breaking the rule changes the answer there.

A failed check whose details are withheld tells the first in counts (``Tally``), with no position and no
expected answer; ``coverage`` tells the second, for every check, so that a withheld check's failure names the
visible checks that test the same rule, and only where there are some.
"""

from collections import Counter
from dataclasses import dataclass

from .models import (LINES, best_cell, guarded_scores, loss_guarded_scores, minimax_values, part_v_scores, sign,
                     wins_at_once)
from .positions import accepted


@dataclass(frozen=True)
class Rule:
    """A passage of the handout, and what an answer that breaks it does, as a student reads it."""
    name: str
    broken: str                  # "your move is the one the Part IV rules choose"
    section: str                 # "Part V"
    quote: str                   # the handout's words, word for word

    def cited(self):
        return f"{self.section}: “{self.quote}”"


RULES = {rule.name: rule for rule in (
    Rule("cell", "makeOptimalMove() returned None, or something that is not an empty cell",
         "Part IV", "`makeOptimalMove()` makes the move on the game's own board (as `makeMove` would) and returns "
                    "its cell"),
    Rule("part_v", "your move is the one the Part IV rules choose (start at 10; an opponent's win lowers to -10, "
                   "a draw to 0), not the Part V rules", "Part V", "if the player wins: score = 10 – total number of moves"),
    Rule("start_one", "your move is the one a search chooses that starts every score at 10, as in Part IV, not "
                      "at 1 (so no win ever raises it)", "Part V", "assigned a default score of 1 (not 10 as in Part IV)"),
    Rule("current_player", "your move is the best move for the other player", "Part IV",
         "\"The current player\" is always the player to move at the root, whether that is X or O"),
    Rule("lowest_cell", "your move ties for the highest score, but it is not the lowest such cell", "Part IV",
         "When several moves share the maximum score, make the one with the lowest cell"),
    Rule("draw_zero", "your move is the one a search chooses that scores a draw like a win (10 – total number of "
                      "moves) instead of 0", "Part V", "if the game is a draw and 0 is less than the current score of "
                                                       "the initial move, then set the score of the initial move to 0"),
    Rule("win_guard", "your move is the one a search chooses that lets a win raise a score a draw set to 0 (a "
                      "win guarded by >= 0, not > 0)", "Part V", "the current score of the initial move is > 0 "
                                                                 "(meaning the play could result in a win for the player)"),
    Rule("loss_guard", "your move is the one a search chooses that lets a loss lower a score only while it is "
                       "above 0 (so a draw found first hides a loss with the ninth marker)", "Part V",
         "if the opponent (O in our example) won and the new score is less than the current score of the initial "
         "move, then set the score of the initial move to the new score"),
    Rule("full_draw", "your move is the one a search chooses that calls a full board a draw before it looks for "
                      "three in a row (a win or a loss with the ninth marker counted as a draw)", "Part IV",
         "Upon reaching a game over state (a player won or the board is full)"),
    Rule("lines", "your move is the one a search chooses that does not see three in a row on one of the 8 lines",
         "Part II", "`winner()`: return the player that has won the game"),
    Rule("whose_win", "your move is the one a search chooses that counts the opponent's wins as the player's, and "
                      "the player's as the opponent's", "Part V", "if the opponent wins: score = total number of moves – 10"),
    Rule("values_shape", "minimaxValues() gave None for an empty cell, or a value for a taken cell (or did not "
                         "return a list of 9)", "Part VI", "return a list of 9: for each empty cell, the value of moving there"),
    Rule("values_player", "every value has the wrong sign: the values are for the other player", "Part VI",
         "for the player to move at the root"),
    Rule("values_depth", "the outcomes (win, draw, loss) are right, but not how soon they come", "Part VI",
         "10 – m if that player won"),
    Rule("values_unchanged", "the values are right, but minimaxValues() changed the game's board", "Part VI",
         "return a list of 9: for each empty cell, the value of moving there"),
    Rule("output", "what you wrote is not the board read with one empty cell changed to X", "Part VI",
         "Only the chosen `*` changes, to `X`"),
    Rule("win_at_once", "a move that wins at once was there and another was played", "Part VI",
         "a move that wins at once, if there is one"),
    Rule("pm1_score", "your move does not have the highest ±1 minimax score", "Part VI",
         "otherwise the move with the highest ±1 minimax score"),
    Rule("reading_order", "your move ties on the ±1 score with the expected one, but it is not the first in reading "
                          "order", "Part VI", "Ties, and several winning moves, go to the first cell in reading order"),
    Rule("ninja_shape", "what you returned is not a list of three ints", "Part VI",
         "`findTheWinner(board)` returns `[score, row, col]`"),
    Rule("ninja_score", "the score is not the best ±1 minimax score X can get", "Part VI",
         "the best ±1 minimax score X can get"),
    Rule("one_based", "the row and column are counted from 0", "Part VI", "Rows and columns are 1-based"),
    Rule("ninja_ties", "your move is the best on the depth-aware value (a win sooner first), not on the ±1 score "
                       "alone", "Part VI", "Ties are on the ±1 score alone"),
    Rule("ninja_order", "your move ties on the ±1 score with the expected one, but it is not the one with the "
                        "minimum row, then the minimum column", "Part VI",
         "Ties** go to the minimum row, then the minimum column"),
    Rule("codingame_output", "what you wrote is not the board read with one empty cell changed to the player's "
                             "marker", "Part VI", "the three lines after the move"),
    Rule("codingame_value", "your move does not have the best depth-aware value", "Part VI",
         "depth-aware minimax, your `minimaxValues()` as it is"),
    Rule("codingame_grid", "your move has the best value, but not the highest value in the tie grid among the "
                           "moves that share it", "Part VI", "Ties go to the cell with the highest value in the grid below"),
)}


# ---------------------------------------------------------------- families


class Family:
    """The rules one kind of answer follows: ``explains(position, got)`` and ``exercises(position)``, each a
    list of names of ``RULES``."""
    rules = ()

    def explains(self, position, got):
        raise NotImplementedError

    def exercises(self, position):
        raise NotImplementedError

    def whole_program(self, rule, differ, agreed):
        """Whether one program breaking ``rule`` (and following every other) gives every answer: those in
        ``differ`` and those in ``agreed`` (the right ones), each a tuple of ``explains``' arguments.  A family
        whose rules are not programs (a fact about each answer) keeps the rule: True."""
        return True


class Moves(Family):
    """makeOptimalMove() on a position carrying ``best`` (the Part V, Part IV, minimax and other player's
    moves): what ``grader.checks.moves.judge`` judges.  A rule is tested where breaking it gives a move that
    is neither the Part V move nor the minimax one (so not accepted, with or without ``strict_handout``)."""
    rules = ("cell", "part_v", "start_one", "current_player", "whose_win", "draw_zero", "win_guard", "loss_guard",
             "full_draw", "lines", "lowest_cell")
    """Most specific first: a move of the other player's may also tie for the top score, say."""

    PROGRAMS = ("part_v", "start_one", "current_player", "whose_win", "draw_zero", "win_guard", "loss_guard",
                "full_draw", "lines")
    """The rules whose breaking is one program (``models``), tested on the whole check by ``whole_program``.
    "cell" and "lowest_cell" say a fact of each answer (not an empty cell; tied for the top, not the lowest)."""

    def models(self, position, only=None):
        """(rule, the move a search that breaks only that rule plays) for each rule (or the rule ``only``),
        one model per line."""
        for name, _, move in self._models(position, only):
            yield name, move

    def _models(self, position, only=None, keys=None):
        """(rule, which program of the rule, its move): "lines" has one program per line it is blind to
        (``keys``: only those of the lines)."""
        state, to_move, best = position["state"], position["to_move"], position["best"]
        wanted = (lambda name: only is None or name == only)
        if wanted("part_v"):
            yield "part_v", 0, best["IV"]
        if wanted("start_one"):             # from 10, no win raises a score: every move that can only win ties
            yield "start_one", 0, best_cell([s if s is None or s <= 0 else 10 for s in part_v_scores(state, to_move)])
        if wanted("current_player") and best.get("other_player") is not None:
            yield "current_player", 0, best["other_player"]
        if wanted("lowest_cell"):
            scores = part_v_scores(state, to_move)
            top = max(s for s in scores if s is not None)
            yield "lowest_cell", 0, max(c for c, s in enumerate(scores) if s == top)
        if wanted("whose_win"):
            yield "whose_win", 0, best_cell(part_v_scores(state, to_move, flip=True))
        if wanted("draw_zero"):
            yield "draw_zero", 0, best_cell(part_v_scores(state, to_move, draw_wins=True))
        if wanted("win_guard"):
            yield "win_guard", 0, best_cell(guarded_scores(state, to_move))
        if wanted("loss_guard"):
            yield "loss_guard", 0, best_cell(loss_guarded_scores(state, to_move))
        if wanted("full_draw"):
            yield "full_draw", 0, best_cell(part_v_scores(state, to_move, full_draw=True))
        if wanted("lines"):
            for k, line in enumerate(LINES):
                if keys is not None and k not in keys:
                    continue
                yield "lines", k, best_cell(part_v_scores(state, to_move, [other for other in LINES if other != line]))

    def whole_program(self, rule, differ, agreed):
        """Whether one program that breaks ``rule`` plays every answer: each one that differs exactly, and on
        every position answered right a move accepted there (the Part V or the minimax move).  A move of the
        other player's, say, may be every wrong answer by chance, while the program plays right for the
        player to move wherever that rule would have changed the move.

        >>> position = {"state": [1, 1, -1, -1, 0, 0, 1, -1, 0], "to_move": -1,
        ...             "best": {"V": 5, "IV": 5, "minimax": 5, "other_player": 4}}
        >>> Moves().whole_program("current_player", [], [(position, 5)])
        False
        """
        if rule not in self.PROGRAMS:
            return True
        programs = None                  # the programs of ``rule`` that every answer so far agrees with
        for positions, right in ((differ, False), (agreed, True)):
            for position, got, *_ in positions:
                models = list(self._models(position, rule, programs))
                if not models:           # the rule has no program here (no other player's move, say)
                    continue
                ok = accepted(position, strict=False)
                fits = {key for name, key, move in models if (move in ok if right else move == got)}
                programs = fits if programs is None else programs & fits
                if not programs:
                    return False
        return True

    def explains(self, position, got):
        if type(got) is not int or not 0 <= got <= 8 or position["state"][got] != 0:
            return ["cell"]
        if got in accepted(position, strict=False):
            return []                       # accepted (the minimax move too, unless strict_handout: no rule)
        found = []
        scores = part_v_scores(position["state"], position["to_move"])
        top = max(s for s in scores if s is not None)
        if scores[got] == top:
            found.append("lowest_cell")     # any tied cell, not only the highest: a tie-break gone wrong
        for name, move in self.models(position):
            if move == got and name not in found:
                found.append(name)
        return found

    def exercises(self, position):
        ok = accepted(position, strict=False)
        return ["cell", *dict.fromkeys(name for name, move in self.models(position) if move not in ok)]


class Values(Family):
    """minimaxValues() on a position carrying its ``values``."""
    rules = ("values_shape", "values_player", "values_depth", "values_unchanged")

    def explains(self, position, got, unchanged=True):
        want = position["values"]
        if got == want:
            return [] if unchanged else ["values_unchanged"]
        if type(got) is not list or len(got) != 9 or any((w is None) != (g is None) for w, g in zip(want, got)):
            return ["values_shape"]
        if any(type(g) is not int for g in got if g is not None):
            return []
        pairs = [(w, g) for w, g in zip(want, got) if w is not None]
        if all(g == -w for w, g in pairs):
            return ["values_player"]
        if all(sign(g) == sign(w) for w, g in pairs):
            return ["values_depth"]
        return []

    def exercises(self, position):
        values = [v for v in position["values"] if v is not None]
        found = ["values_shape", "values_unchanged"]
        if any(values):
            found.append("values_player")
        if any(v not in (-1, 0, 1) for v in values):
            found.append("values_depth")
        return found


def pm1_best(values, order=range(9)):
    return best_cell([None if v is None else sign(v) for v in values], order)


def values_of(position):
    return minimax_values(position["state"], position["to_move"])


class CodeQuest(Family):
    """Code Quest's move on a position (X to move): ``got`` is the cell X played, or None when what was written
    is not the board with one empty cell changed to X."""
    rules = ("output", "win_at_once", "pm1_score", "reading_order")

    def explains(self, position, got):
        if got is None:
            return ["output"]
        values, state = values_of(position), position["state"]
        if values[got] is None:
            return ["output"]
        want = self.expected(position)
        found = []
        if wins_at_once(state, -1) and got not in wins_at_once(state, -1):
            found.append("win_at_once")
        top = max(sign(v) for v in values if v is not None)
        if sign(values[got]) < top:
            found.append("pm1_score")
        elif got != want and not wins_at_once(state, -1):
            found.append("reading_order")
        return found

    @staticmethod
    def expected(position):
        wins = wins_at_once(position["state"], -1)
        return wins[0] if wins else pm1_best(values_of(position))

    def exercises(self, position):
        values, state = values_of(position), position["state"]
        want = self.expected(position)
        found = ["output"]
        if wins_at_once(state, -1) and pm1_best(values) != want:
            found.append("win_at_once")
        if any(v is not None and sign(v) < sign(values[want]) for v in values):
            found.append("pm1_score")
        if pm1_best(values, order=range(8, -1, -1)) != want:
            found.append("reading_order")
        return found


class Ninja(Family):
    """Coding Ninjas' ``[score, row, col]`` on a position (X to move) carrying the reference's answer
    (``ninja``)."""
    rules = ("ninja_shape", "ninja_score", "one_based", "ninja_ties", "ninja_order")

    @staticmethod
    def answer(values, cell, base=1):
        return [sign(values[cell]), cell // 3 + base, cell % 3 + base]

    def expected(self, position):
        """Coding Ninjas' answer: the best ±1 score, the first such cell in reading order, 1-based.

        >>> Ninja().expected({"state": [-1, 1, -1, 1, -1, 0, 0, 1, 0], "to_move": -1})
        [1, 2, 3]
        """
        values = values_of(position)
        return self.answer(values, pm1_best(values))

    def models(self, position):
        values = values_of(position)
        want = pm1_best(values)
        yield "one_based", self.answer(values, want, base=0)
        yield "ninja_ties", self.answer(values, best_cell(values))
        yield "ninja_order", self.answer(values, pm1_best(values, order=(0, 3, 6, 1, 4, 7, 2, 5, 8)))
        yield "ninja_order", self.answer(values, pm1_best(values, order=range(8, -1, -1)))

    def explains(self, position, got):
        if type(got) is not list or len(got) != 3 or any(type(v) is not int for v in got):
            return ["ninja_shape"]
        found = []
        values = values_of(position)
        top = max(sign(v) for v in values if v is not None)
        if got[0] != top:
            found.append("ninja_score")
        for name, answer in self.models(position):
            if answer == got and name not in found:
                found.append(name)
        if not found and got[0] == top and 1 <= got[1] <= 3 and 1 <= got[2] <= 3:
            cell = (got[1] - 1) * 3 + got[2] - 1
            if values[cell] is not None and sign(values[cell]) == top and got != position["ninja"]:
                found.append("ninja_order")
        return found

    def exercises(self, position):
        return ["ninja_shape", "ninja_score", *dict.fromkeys(name for name, answer in self.models(position)
                                                              if answer != position["ninja"])]


GRID = (8, 4, 7, 3, 9, 2, 6, 1, 5)
"""CodinGame's tie grid, cell by cell: ties go to the highest."""


class CodinGame(Family):
    """CodinGame's move on a position: ``got`` the cell played, or None when what was written is not the board
    with one empty cell changed to the player's marker."""
    rules = ("codingame_output", "codingame_value", "codingame_grid")

    def explains(self, position, got):
        values = values_of(position)
        if got is None or values[got] is None:
            return ["codingame_output"]
        top = max(v for v in values if v is not None)
        return ["codingame_value"] if values[got] < top else ["codingame_grid"]

    def exercises(self, position):
        values = values_of(position)
        found = ["codingame_output", "codingame_value"]
        top = max(v for v in values if v is not None)
        if sum(v == top for v in values) > 1:
            found.append("codingame_grid")
        return found


# ---------------------------------------------------------------- what a withheld failure says


@dataclass(frozen=True)
class Tally:
    """How the answers of a check differ, rule by rule, with no position: ``differ`` of ``total`` differ, and
    ``counts[rule]`` of those are what breaking ``rule`` (and following every other) gives."""
    what: str                    # "positions", "boards"
    total: int
    differ: int
    counts: tuple                # ((rule name, count), ...), most first
    unexplained: int = 0         # of those that differ, how many no rule explains
    refuted: tuple = ()          # rules that give every answer that differs, but not the right ones

    @classmethod
    def of(cls, family, judged, total, what="positions", agreed=()):
        """``judged``: for each answer that differs, the arguments of ``family.explains`` (the position, the
        answer, ...); ``agreed``: the same for each answer that is right.  A rule that gives every answer
        that differs is named as the cause only if one program breaking it also gives the right ones
        (``family.whole_program``): a diagnosis is about every answer of the check, not a match answer by
        answer.  (Over one check's answers only: the other checks of a grading are not consulted.)"""
        counts, unexplained, refuted = Counter(), 0, []
        for arguments in judged:
            found = set(family.explains(*arguments))
            counts.update(found)
            unexplained += not found
        for name, count in counts.items():
            if count == len(judged) and not family.whole_program(name, judged, agreed):
                refuted.append(name)
        order = {name: k for k, name in enumerate(family.rules)}      # the family's most specific rules first
        ranked = sorted(counts.items(), key=lambda item: (-item[1], order.get(item[0], len(order))))
        return cls(what, total, len(judged), tuple(ranked), unexplained,
                   tuple(sorted(refuted, key=lambda name: order.get(name, len(order)))))

    def markdown(self, covered=None):
        """The feedback: counts and the handout's rules, never a position.  ``covered``: for a rule, the
        visible checks that have a position where breaking it changes the answer (numbers).

        >>> print(Tally("positions", 10, 2, (("lowest_cell", 2),)).markdown({"lowest_cell": ["4.6"]}))
        Your answer differs on 2 of the 10 positions of this check.
        <BLANKLINE>
        On every one of them, your move ties for the highest score, but it is not the lowest such cell (Part IV: “When several moves share the maximum score, make the one with the lowest cell”).
        <BLANKLINE>
        The check 4.6, whose details you can see, tests this rule too.
        """
        covered = covered or {}
        paragraphs = [f"Your answer differs on {self.differ:,} of the {self.total:,} {self.what} of this check."]
        whole = [name for name, count in self.counts if count == self.differ and name not in self.refuted]
        if whole:
            also = "".join(f"; it is also so that {RULES[n].broken}" for n in whole[1:])
            paragraphs.append(f"On every one of them, {RULES[whole[0]].broken} ({RULES[whole[0]].cited()}){also}.")
            named = whole
        elif self.counts:
            named = [name for name, _ in self.counts]
            items = [f"- on {count:,}: {RULES[name].broken} ({RULES[name].cited()})"
                     + ("; but a program breaking only this rule would also change answers of yours that are right"
                        if name in self.refuted else "") for name, count in self.counts]
            if self.unexplained:
                items.append(f"- on {self.unexplained:,}: none of these rules")
            lead = ("No one rule explains your program, so none is named as the cause" if self.refuted else
                    "No one rule explains all of them, so none is named as the cause")
            paragraphs.append(f"{lead}. Counted one position at a time, an answer may match what a program breaking "
                              f"a rule gives there by chance, and match several:\n\n" + "\n".join(items))
        else:
            named = []
            paragraphs.append("None of the rules this check grades explains your answers one by one: compare your "
                              "program with every rule of the check's section of the handout.")
        tested = sorted({n for name in named for n in covered.get(name, ())}, key=_number_key)
        if tested:
            checks = f"checks {', '.join(tested)}" if len(tested) > 1 else f"check {tested[0]}"
            verb = "test" if len(tested) > 1 else "tests"
            rules = "this rule" if len(named) == 1 else "these rules"
            paragraphs.append(f"The {checks}, whose details you can see, {verb} {rules} too.")
        return "\n\n".join(paragraphs)


def _number_key(number):
    return tuple(int(n) for n in number.split("."))


# ---------------------------------------------------------------- which checks test which rule


class Fixtures:
    """What a check's ``positions`` function reads of a ``Context``, for positions worked out from the fixtures
    alone (no submission): ``fixtures``, ``positions(group)``, ``config``."""

    def __init__(self, fixtures, config):
        self.fixtures = fixtures
        self.config = config

    def positions(self, name):
        return self.fixtures["positions"][name]


def exercised(check, fixtures, config):
    """The rules (names of ``RULES``, in the family's order) that some position of ``check`` tests: breaking the
    rule changes the answer there.  Empty for a check with no ``rules``."""
    if check.rules is None:
        return []
    family, positions = check.rules
    found = set()
    for position in positions(Fixtures(fixtures, config)):
        found.update(family.exercises(position))
    return [name for name in family.rules if name in found]


def coverage(fixtures, config, visible):
    """For each rule, the numbers of the checks named in ``visible`` that test it (``exercised``)."""
    from .checks import CHECKS
    covered = {}
    for name in visible:
        check = CHECKS[name]
        for rule in exercised(check, fixtures, config):
            covered.setdefault(rule, []).append(check.number)
    return {rule: sorted(numbers, key=_number_key) for rule, numbers in covered.items()}
