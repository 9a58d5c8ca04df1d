"""The handout's rules that the move checks judge, and the mistakes that break them.

A check of many positions says how many of its answers differ; this module says why, rule by rule: each
``Rule`` is one passage of the handout, and each family of checks (``grader.game.families``: ``Moves``,
``Values``, ``CodeQuest``, ``Ninja``, ``CodinGame``) knows, for one position, which rules an answer breaks
(``explains``) and which the position tests (``exercises``).

A failed check whose details are withheld tells the first in counts (``Tally``), with no position and no
expected answer; ``grader.checks.coverage`` tells the second, for every check, so that a withheld check's
failure names the visible checks that test the same rule, and only where there are some.
"""

from collections import Counter
from dataclasses import dataclass

from ..text.markdown import cited
from .diagnosis import line_words


@dataclass(frozen=True)
class Rule:
    """A passage of the handout, and what an answer that breaks it does, as a student reads it."""
    name: str
    broken: str                  # "your move is the one the Part IV rules choose"
    section: str                 # "Part V"
    quote: str                   # the handout's words, word for word
    short: str = None            # the mistake in a few words, for staff ("the win rule without its `> 0` guard"):
                                 # batch's CSV and the class report count students by it

    def cited(self):
        return cited(self.section, self.quote)


RULES = {rule.name: rule for rule in (
    Rule("cell", "makeOptimalMove() returned None, or something that is not an empty cell",
         "Part IV", "`makeOptimalMove()` makes the move on the game's own board (as `makeMove` would) and returns "
                    "its cell",
         short="a move that is None or no empty cell"),
    Rule("part_v", "your move is the one the Part IV rules choose (start at 10; an opponent's win lowers to -10, "
                   "a draw to 0), not the Part V rules", "Part V", "if the player wins: score = 10 – total number of moves",
         short="the Part IV rules, not Part V's"),
    Rule("start_one", "your move is the one a search chooses that starts every score at 10, as in Part IV, not "
                      "at 1 (so no win ever raises it)", "Part V", "assigned a default score of 1 (not 10 as in Part IV)",
         short="every score starts at 10, not 1"),
    Rule("current_player", "your move is the best move for the other player", "Part IV",
         "\"The current player\" is always the player to move at the root, whether that is X or O",
         short="the best move for the other player"),
    Rule("x_first", "in a game O started, your move is the other player's best one (and right in games X "
                    "started): the player to move is worked out as if X always moved first", "Part III",
         "Never assume X moved first: games that O started are graded too",
         short="the player to move found as if X always moved first"),
    Rule("x_player", "your move is the one a search chooses that counts X's wins as wins and O's as losses "
                     "whoever is to move (right when X is to move, upside down when O is)", "Part IV",
         "\"The current player\" is always the player to move at the root, whether that is X or O",
         short="X's wins scored as wins whoever is to move"),
    Rule("lowest_cell", "your move ties for the highest score, but it is not the lowest such cell", "Part IV",
         "When several moves share the maximum score, make the one with the lowest cell",
         short="ties not broken to the lowest cell"),
    Rule("draw_zero", "your move is the one a search chooses that scores a draw like a win (10 – total number of "
                      "moves), or not at all (the same moves), instead of 0", "Part V", "if the game is a draw and 0 is less than the current score of "
                                                       "the initial move, then set the score of the initial move to 0",
         short="a draw scored like a win, or never scored"),
    Rule("win_guard", "your move is the one a search chooses that lets a win raise a score a draw set to 0 (a "
                      "win guarded by >= 0, not > 0)", "Part V", "the current score of the initial move is > 0 "
                                                                 "(meaning the play could result in a win for the player)",
         short="the win rule guarded by `>= 0`, not `> 0`"),
    Rule("win_unguarded", "your move is the one a search chooses whose win rule has no guard: a win raises the score "
                          "even where a loss or a draw had lowered it", "Part V",
         "the current score of the initial move is > 0 (meaning the play could result in a win for the player)",
         short="the win rule without its `> 0` guard"),
    Rule("loss_guard", "your move is the one a search chooses that lets a loss lower a score only while it is "
                       "above 0 (so a draw found first hides a loss with the ninth marker)", "Part V",
         "if the opponent (O in our example) won and the new score is less than the current score of the initial "
         "move, then set the score of the initial move to the new score",
         short="the loss rule guarded by `> 0`"),
    Rule("draw_reset", "your move is the one a search chooses whose draw sets the score to 0 even when a loss had "
                       "lowered it below 0", "Part V", "if the game is a draw and 0 is less than the current score of "
                                                       "the initial move, then set the score of the initial move to 0",
         short="a draw resets a loss to 0"),
    Rule("first_leaf", "your move is the one a search chooses that scores each move by the first finished game it "
                       "meets below it, and by no other", "Part IV", "while q is not empty",
         short="each move scored by the first finished game below it"),
    Rule("leaf_first_move", "your move is the lowest empty cell: what a search plays whose finished games score the "
                            "game's first move, moves[0], instead of the move made from this board, moves[n0]",
         "Part IV", "calculate the score of the initial move c.moves[n0] that led to the win/lose/draw",
         short="a finished game scores moves[0], not moves[n0]"),
    Rule("leaf_last_move", "your move is the one a search chooses that gives a finished game's result to its last "
                           "move, moves[numMoves - 1], instead of the move made from this board, moves[n0]",
         "Part IV", "calculate the score of the initial move c.moves[n0] that led to the win/lose/draw",
         short="a finished game scores its last move, not moves[n0]"),
    Rule("full_draw", "your move is the one a search chooses that calls a full board a draw before it looks for "
                      "three in a row (a win or a loss with the ninth marker counted as a draw)", "Part IV",
         "Upon reaching a game over state (a player won or the board is full)",
         short="a full board called a draw before three in a row is looked for"),
    Rule("lines", "your move is the one a search chooses that does not see three in a row on one of the 8 lines",
         "Part II", "`winner()`: return the player that has won the game",
         short="a search blind to a line"),
    Rule("whose_win", "your move is the one a search chooses that counts the opponent's wins as the player's, and "
                      "the player's as the opponent's", "Part V", "if the opponent wins: score = total number of moves – 10",
         short="wins and losses swapped"),
    Rule("values_shape", "minimaxValues() gave None for an empty cell, or a value for a taken cell (or did not "
                         "return a list of 9)", "Part VI", "return a list of 9: for each empty cell, the value of moving there",
         short="minimaxValues() not a list of 9 with None for taken cells"),
    Rule("values_player", "every value has the wrong sign: the values are for the other player", "Part VI",
         "for the player to move at the root",
         short="minimaxValues() for the other player"),
    Rule("values_depth", "the outcomes (win, draw, loss) are right, but not how soon they come", "Part VI",
         "10 – m if that player won",
         short="minimaxValues() not depth-aware"),
    Rule("values_unchanged", "the values are right, but minimaxValues() changed the game's board", "Part VI",
         "return a list of 9: for each empty cell, the value of moving there",
         short="minimaxValues() changes the board"),
    Rule("output", "what you wrote is not the board read with one empty cell changed to X", "Part VI",
         "Only the chosen `*` changes, to `X`",
         short="Code Quest's output not the board with one X added"),
    Rule("win_at_once", "a move that wins at once was there and another was played", "Part VI",
         "a move that wins at once, if there is one",
         short="a win at once passed over"),
    Rule("pm1_score", "your move does not have the highest ±1 minimax score", "Part VI",
         "otherwise the move with the highest ±1 minimax score",
         short="not the best ±1 minimax move"),
    Rule("reading_order", "your move ties on the ±1 score with the expected one, but it is not the first in reading "
                          "order", "Part VI", "Ties, and several winning moves, go to the first cell in reading order",
         short="ties not to the first cell in reading order"),
    Rule("ninja_shape", "what you returned is not a list of three ints", "Part VI",
         "`findTheWinner(board)` returns `[score, row, col]`",
         short="findTheWinner() not [score, row, col]"),
    Rule("ninja_score", "the score is not the best ±1 minimax score X can get", "Part VI",
         "the best ±1 minimax score X can get",
         short="findTheWinner()'s score not X's best ±1 score"),
    Rule("one_based", "the row and column are counted from 0", "Part VI", "Rows and columns are 1-based",
         short="rows and columns counted from 0"),
    Rule("ninja_ties", "your move is the best on the depth-aware value (a win sooner first), not on the ±1 score "
                       "alone", "Part VI", "Ties are on the ±1 score alone",
         short="Coding Ninjas' ties on the depth-aware value"),
    Rule("ninja_order", "your move ties on the ±1 score with the expected one, but it is not the one with the "
                        "minimum row, then the minimum column", "Part VI",
         "Ties** go to the minimum row, then the minimum column",
         short="Coding Ninjas' ties not to the minimum row, then column"),
    Rule("codingame_output", "what you wrote is not the board read with one empty cell changed to the player's "
                             "marker", "Part VI", "the three lines after the move",
         short="CodinGame's output not the board with one move added"),
    Rule("codingame_value", "your move does not have the best depth-aware value", "Part VI",
         "depth-aware minimax, your `minimaxValues()` as it is",
         short="CodinGame's move not of the best depth-aware value"),
    Rule("codingame_grid", "your move has the best value, but not the highest value in the tie grid among the "
                           "moves that share it", "Part VI", "Ties go to the cell with the highest value in the grid below",
         short="CodinGame's ties not by the tie grid"),
)}


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
    first: str = None            # what to fix first: a failed earlier check that explains the answers

    @classmethod
    def of(cls, family, judged, total, what="positions", agreed=(), diagnosis=None, numbers=None):
        """``judged``: for each answer that differs, the arguments of ``family.explains`` (the position, the
        answer, ...); ``agreed``: the same for each answer that is right.  A rule that gives every answer
        that differs is named as the cause only if one program breaking it also gives the right ones
        (``family.whole_program``): a diagnosis is about every answer of the check, not a match answer by
        answer.  ``diagnosis``: the ``grader.game.diagnosis.Diagnosis`` of every answer the program gave in the
        grading's checks of this family: a rule is then named only if it is one of its causes; ``numbers``: the
        number of each check by name, for the check a diagnosis says to fix first."""
        counts, unexplained, refuted = Counter(), 0, []
        if diagnosis is not None:
            # The diagnosis of every answer decides, and each of its causes gives every answer that differs,
            # this check's among them: no need to ask about each answer again (thousands, on a withheld check).
            return cls(what, total, len(judged), tuple((name, len(judged)) for name in diagnosis.causes),
                       0 if diagnosis.causes else len(judged), (), cls._first(diagnosis, diagnosis.causes, numbers or {}))
        for arguments in judged:
            found = set(family.explains(*arguments))
            counts.update(found)
            unexplained += not found
        for name, count in counts.items():
            if count != len(judged):
                continue
            if not family.whole_program(name, judged, agreed):
                refuted.append(name)
        order = {name: k for k, name in enumerate(family.rules)}      # the family's most specific rules first
        ranked = sorted(counts.items(), key=lambda item: (-item[1], order.get(item[0], len(order))))
        return cls(what, total, len(judged), tuple(ranked), unexplained,
                   tuple(sorted(refuted, key=lambda name: order.get(name, len(order)))), None)

    @staticmethod
    def _first(diagnosis, named, numbers):
        """What to fix first, from the ``diagnosis``: a failed earlier check that explains the answers
        (``numbers``: each check's number by name)."""
        first = None
        if diagnosis is not None and diagnosis.your_winner and "lines" in named:
            first = (f"These are the moves a correct search makes with your winner(), which does not see three in "
                     f"a row on {line_words(diagnosis.lines)}: fix check {numbers['winner_lines']} first.")
        if diagnosis is not None and diagnosis.cause is None and diagnosis.search:
            first = (f"Fix check {diagnosis.search[0]} first: your makeOptimalMove()'s search does not pop the boards "
                     f"of the move tree, and its moves cannot be told apart from a scoring mistake until it does.")
        if diagnosis is not None and diagnosis.your_gameover and "draw_zero" in named:
            first = (f"These are the moves a correct search makes with your gameOver(), which is False on a full "
                     f"board without three in a row: fix check {numbers['winner_full_boards']} first.")
        return first

    @property
    def named(self):
        """The rules the feedback names as the cause: each gives every answer that differs, and is not refuted
        by the answers that are right (the most specific first); none where no one rule does."""
        return [name for name, count in self.counts if count == self.differ and name not in self.refuted]

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
        whole = self.named
        if whole:
            also = "".join(f"; it is also so that {RULES[n].broken}" for n in whole[1:])
            paragraphs.append(f"On every one of them, {RULES[whole[0]].broken} ({RULES[whole[0]].cited()}){also}.")
            if self.first:
                paragraphs.append(self.first)
            named = whole
        else:
            named = []
            paragraphs.append("No one mistake the grader knows explains all of them (as one program, on every "
                              "answer of yours), so none is named as the cause: compare your program with every "
                              "rule of the check's section of the handout.")
            if self.first:
                paragraphs.append(self.first)
        tested = sorted({n for name in named for n in covered.get(name, ())}, key=_number_key)
        if tested:
            checks = f"checks {', '.join(tested)}" if len(tested) > 1 else f"check {tested[0]}"
            verb = "test" if len(tested) > 1 else "tests"
            rules = "this rule" if len(named) == 1 else "these rules"
            paragraphs.append(f"The {checks}, whose details you can see, {verb} {rules} too.")
        return "\n\n".join(paragraphs)


def _number_key(number):
    return tuple(int(n) for n in number.split("."))
