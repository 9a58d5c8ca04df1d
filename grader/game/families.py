"""The families of answers the checks judge, each knowing the rules of ``grader.game.rules`` an answer breaks:
``Moves`` (makeOptimalMove(); each rule a program of ``grader.game.models``, tested on the whole program by
``grader.game.diagnosis``), ``Values`` (minimaxValues()) and the three judges' ``CodeQuest``, ``Ninja`` and
``CodinGame``.  For one position, a family knows

- which rules an answer breaks (``explains``): the answer is exactly what a program that breaks that rule,
  and follows every other, gives there;
- which rules the position tests (``exercises``): breaking the rule changes the answer there.
"""

from .models import (LINES, best_cell, draw_reset_scores, first_leaf_scores, guarded_scores, last_move_scores,
                     loss_guarded_scores, minimax_values, part_v_scores, sign, unguarded_scores, wins_at_once)
from .part6_mistakes import pm1_best
from .positions import accepted


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
    rules = ("cell", "part_v", "start_one", "x_first", "current_player", "x_player", "whose_win", "draw_zero",
             "win_guard", "win_unguarded", "loss_guard", "draw_reset", "full_draw", "first_leaf", "leaf_first_move", "leaf_last_move",
             "lines", "lowest_cell")
    """Most specific first: a move of the other player's may also tie for the top score, say."""

    PROGRAMS = ("part_v", "start_one", "x_first", "current_player", "x_player", "whose_win", "draw_zero",
                "win_guard", "win_unguarded", "loss_guard", "draw_reset", "full_draw", "first_leaf", "leaf_first_move", "leaf_last_move",
                "lines")
    """The rules whose breaking is one program (``models``), tested on the whole check by ``whole_program``.
    "cell" and "lowest_cell" say a fact of each answer (not an empty cell; tied for the top, not the lowest)."""

    def __init__(self, blind=(), known=None):
        self.blind = tuple(sorted(blind))
        """The lines (indices of ``LINES``) the student's own winner() does not see, as check 2.15 observed it:
        "lines" then has one more program, a correct search with that winner()."""
        self.known = {} if known is None else known
        """What ``explains`` found, by position and answer: a grading's move checks share it (the diagnosis and
        each check's tally ask about the same answers)."""

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
        if wanted("x_first") and position.get("first") == 1 and best.get("other_player") is not None:
            yield "x_first", 0, best["other_player"]          # (in a game X started it plays right: no model)
        if wanted("current_player") and best.get("other_player") is not None:
            yield "current_player", 0, best["other_player"]
        if wanted("x_player") and to_move == 1:              # (with X to move it plays right: no model)
            yield "x_player", 0, best_cell(part_v_scores(state, to_move, flip=True))
        if wanted("lowest_cell"):
            scores = part_v_scores(state, to_move)
            top = max(s for s in scores if s is not None)
            yield "lowest_cell", 0, max(c for c, s in enumerate(scores) if s == top)
        if wanted("whose_win"):
            yield "whose_win", 0, best_cell(part_v_scores(state, to_move, flip=True))
        if wanted("draw_zero"):             # (a draw never scored, a gameOver() blind to full boards, plays the
            yield "draw_zero", 0, best_cell(part_v_scores(state, to_move, draw_wins=True))     # same: 1 never
                                                                                             # raises a score > 0)
        if wanted("win_guard"):
            yield "win_guard", 0, best_cell(guarded_scores(state, to_move))
        if wanted("win_unguarded"):
            yield "win_unguarded", 0, best_cell(unguarded_scores(state, to_move))
        if wanted("loss_guard"):
            yield "loss_guard", 0, best_cell(loss_guarded_scores(state, to_move))
        if wanted("draw_reset"):
            yield "draw_reset", 0, best_cell(draw_reset_scores(state, to_move))
        if wanted("first_leaf"):
            yield "first_leaf", 0, best_cell(first_leaf_scores(state, to_move))
        if wanted("leaf_first_move") and any(state):     # (on the empty board moves[0] is moves[n0])
            yield "leaf_first_move", 0, state.index(0)
        if wanted("leaf_last_move"):
            yield "leaf_last_move", 0, best_cell(last_move_scores(state, to_move))
        if wanted("full_draw"):
            yield "full_draw", 0, best_cell(part_v_scores(state, to_move, full_draw=True))
        if wanted("lines"):
            for k, line in enumerate(LINES):
                if keys is not None and k not in keys:
                    continue
                yield "lines", (k,), best_cell(part_v_scores(state, to_move, [other for other in LINES if other != line]))
            if len(self.blind) > 1 and (keys is None or self.blind in keys):
                yield "lines", self.blind, best_cell(part_v_scores(
                    state, to_move, [line for k, line in enumerate(LINES) if k not in self.blind]))

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
        return self.programs(rule, differ, agreed) != set()

    def programs(self, rule, differ, agreed):
        """The programs (keys of ``_models``: 0, or for "lines" the tuple of lines it is blind to) of ``rule``
        that play every answer as ``whole_program`` says; None for a rule that is not a program (or none of
        whose programs applies to any of the positions)."""
        if rule not in self.PROGRAMS:
            return None
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
                    return set()
        return programs

    def _key(self, position, got):
        """What ``known`` keeps an answer under: everything the models read of the position, and the answer."""
        return (tuple(position["state"]), position["to_move"], position.get("first"),
                got if type(got) is int else repr(got), self.blind)

    def explains(self, position, got):
        key = self._key(position, got)
        if key not in self.known:
            self.known[key] = self._explains(position, got)
        return list(self.known[key])

    def _explains(self, position, got):
        if type(got) is not int or not 0 <= got <= 8 or position["state"][got] != 0:
            return ["cell"]
        if got in accepted(position, strict=False):
            return []                       # accepted (the minimax move too, unless strict_handout: no rule)
        found = ["lowest_cell"] if self._tied(position, got) else []
        for name, move in self.models(position):
            if move == got and name not in found:
                found.append(name)
        return found

    @staticmethod
    def _tied(position, got):
        """Whether ``got`` ties for the top Part V score or minimax value: any tied cell, not only the highest,
        is a tie-break gone wrong (of the Part V scores, or of the minimax values the handout's note allows)."""
        scores = part_v_scores(position["state"], position["to_move"])
        values = minimax_values(position["state"], position["to_move"])
        return scores[got] == max(s for s in scores if s is not None) or \
            values[got] == max(v for v in values if v is not None)

    def fits(self, rule, position, got):
        """Whether ``rule`` is in ``explains(position, got)``, worked out for that rule alone (a diagnosis drops a
        rule at its first answer it does not give, and so asks most rules about a few answers only)."""
        key = self._key(position, got)
        if key in self.known:
            return rule in self.known[key]
        if type(got) is not int or not 0 <= got <= 8 or position["state"][got] != 0:
            return rule == "cell"
        if rule == "cell" or got in accepted(position, strict=False):
            return False
        if rule == "lowest_cell":
            return self._tied(position, got)
        return any(move == got for _, move in self.models(position, rule))

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
