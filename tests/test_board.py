"""Tests of the reference ``xo.board``: the players and the ``BoardXO`` struct.

The contract: ``X = -1``, ``O = 1``, 0 is empty; ``BoardXO`` has public
``state``, ``moves``, ``turn`` (lists of 9 ints, all 0 on a new board) and
``numMoves`` (an int, 0); ``board[pos]`` is ``state[pos]``; ``str(board)`` is
three lines of exactly three characters (``X``, ``O`` or a space) joined by
newlines, with no trailing newline.
"""

import itertools
import random

import pytest

from xo import board as board_module
from xo.board import BoardXO, O, X

HANDOUT_STATE = [1, 0, -1, -1, 0, 0, -1, 1, 1]
HANDOUT_TEXT = "O X\nX  \nXOO"


def sample_states():
    """Every filling made by alternate moves (X first or O first, even ones
    that go on after a win), plus 200 random fillings."""
    states = set()
    for first in (X, O):
        frontier = {(0,) * 9: first}
        for _ in range(9):
            nxt = {}
            for state, mover in frontier.items():
                for cell in range(9):
                    if state[cell] == 0:
                        child = state[:cell] + (mover,) + state[cell + 1:]
                        nxt[child] = -mover
            states.update(nxt)
            frontier = nxt
    rng = random.Random(5)
    states.update(tuple(rng.choice((X, 0, O)) for _ in range(9)) for _ in range(200))
    states.add((0,) * 9)
    return sorted(states)


SAMPLE = sample_states()


def expected_text(state):
    """The drawing, written independently of the reference: a row at a time."""
    symbol = {X: "X", O: "O", 0: " "}
    rows = []
    for row in range(3):
        rows.append("".join(symbol[state[3 * row + col]] for col in range(3)))
    return rows[0] + "\n" + rows[1] + "\n" + rows[2]


def board_with_state(state):
    b = BoardXO()
    b.state = list(state)
    return b


class TestPlayers:
    def test_x_is_minus_one(self):
        assert X == -1 and type(X) is int

    def test_o_is_plus_one(self):
        assert O == 1 and type(O) is int

    def test_empty_is_zero(self):
        assert board_module.EMPTY == 0

    def test_the_eight_lines(self):
        """Three rows, three columns, two diagonals, each a set of three cells."""
        lines = {frozenset(line) for line in board_module.LINES}
        expected = {frozenset(line) for line in [
            (0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]}
        assert len(board_module.LINES) == 8 and lines == expected


class TestNewBoard:
    """``BoardXO()`` is the empty board, and every board has its own lists."""

    @pytest.mark.parametrize("field", ["state", "moves", "turn"])
    def test_list_fields_are_nine_int_zeros(self, field):
        value = getattr(BoardXO(), field)
        assert type(value) is list
        assert value == [0] * 9
        assert all(type(v) is int for v in value)

    def test_num_moves_is_int_zero(self):
        n = BoardXO().numMoves
        assert type(n) is int and n == 0

    @pytest.mark.parametrize("field", ["state", "moves", "turn"])
    def test_two_boards_do_not_share_lists(self, field):
        a, b = BoardXO(), BoardXO()
        assert getattr(a, field) is not getattr(b, field)
        getattr(a, field)[4] = X
        assert getattr(b, field) == [0] * 9

    def test_fields_of_one_board_are_distinct_lists(self):
        b = BoardXO()
        assert b.state is not b.moves and b.state is not b.turn and b.moves is not b.turn
        b.state[0] = O
        assert b.moves == [0] * 9 and b.turn == [0] * 9

    def test_fields_are_public_and_assignable(self):
        b = BoardXO()
        b.state = list(HANDOUT_STATE)
        b.moves = [2, 0, 3, 7, 6, 8, 0, 0, 0]
        b.turn = [X, O, X, O, X, O, 0, 0, 0]
        b.numMoves = 6
        assert (b.state, b.moves[:6], b.turn[:6], b.numMoves) == (
            HANDOUT_STATE, [2, 0, 3, 7, 6, 8], [X, O, X, O, X, O], 6)


class TestIndexing:
    """``board[pos]`` reads ``state[pos]``."""

    @pytest.mark.parametrize("pos", range(9))
    def test_getitem_is_state(self, pos):
        b = board_with_state(HANDOUT_STATE)
        assert b[pos] == HANDOUT_STATE[pos]

    def test_getitem_follows_changes_to_state(self):
        b = BoardXO()
        assert [b[p] for p in range(9)] == [0] * 9
        b.state[7] = O
        b.state[3] = X
        assert b[7] == O and b[3] == X and b[0] == 0

    def test_getitem_on_every_sample_board(self):
        for state in SAMPLE:
            b = board_with_state(state)
            assert [b[p] for p in range(9)] == list(state)


class TestStr:
    """``str(board)``: three lines of three characters, no trailing newline."""

    def test_handout_board(self):
        assert str(board_with_state(HANDOUT_STATE)) == HANDOUT_TEXT

    def test_empty_board_is_three_lines_of_spaces(self):
        assert str(BoardXO()) == "   \n   \n   "

    def test_no_trailing_newline(self):
        text = str(board_with_state(HANDOUT_STATE))
        assert not text.endswith("\n")
        assert text.count("\n") == 2

    def test_print_shows_the_drawing(self, capsys):
        print(board_with_state(HANDOUT_STATE))
        assert capsys.readouterr().out == HANDOUT_TEXT + "\n"

    @pytest.mark.parametrize("cell", range(9))
    @pytest.mark.parametrize("player, symbol", [(X, "X"), (O, "O")])
    def test_one_marker_lands_at_its_row_and_column(self, cell, player, symbol):
        b = BoardXO()
        b.state[cell] = player
        lines = str(b).split("\n")
        row, col = divmod(cell, 3)
        assert lines[row][col] == symbol
        assert str(b).replace("\n", "").replace(" ", "") == symbol

    def test_every_sample_board(self):
        """Every alternate-move filling and 200 random ones: exact text, 3 lines of 3 chars."""
        assert len(SAMPLE) > 9000
        for state in SAMPLE:
            text = str(board_with_state(state))
            assert text == expected_text(state), state
            lines = text.split("\n")
            assert len(lines) == 3 and all(len(line) == 3 for line in lines)
            assert set(text) <= set("XO \n")

    def test_str_reads_only_state(self):
        """moves, turn and numMoves do not change the drawing."""
        b = board_with_state(HANDOUT_STATE)
        before = str(b)
        b.moves = [8] * 9
        b.turn = [O] * 9
        b.numMoves = 9
        assert str(b) == before

    def test_str_is_a_str(self):
        assert type(str(BoardXO())) is str


class TestRepr:
    """``repr(board)`` shows every field, so a failing test says what the board holds."""

    def test_repr_names_the_class_and_every_field(self):
        b = board_with_state(HANDOUT_STATE)
        b.moves = [2, 0, 3, 7, 6, 8, 0, 0, 0]
        b.turn = [X, O, X, O, X, O, 0, 0, 0]
        b.numMoves = 6
        assert repr(b) == ("BoardXO(state=[1, 0, -1, -1, 0, 0, -1, 1, 1], "
                           "moves=[2, 0, 3, 7, 6, 8, 0, 0, 0], "
                           "turn=[-1, 1, -1, 1, -1, 1, 0, 0, 0], numMoves=6)")

    def test_repr_differs_from_str(self):
        b = BoardXO()
        assert repr(b) != str(b)
        assert repr(b) == ("BoardXO(state=[0, 0, 0, 0, 0, 0, 0, 0, 0], moves=[0, 0, 0, 0, 0, 0, 0, 0, 0], "
                           "turn=[0, 0, 0, 0, 0, 0, 0, 0, 0], numMoves=0)")

    def test_repr_distinguishes_boards_with_the_same_state(self):
        """Two histories of one position differ in repr (but not in str)."""
        a, b = board_with_state([X, O, 0, 0, 0, 0, 0, 0, 0]), board_with_state([X, O, 0, 0, 0, 0, 0, 0, 0])
        a.moves[:2], a.turn[:2], a.numMoves = [0, 1], [X, O], 2
        b.moves[:2], b.turn[:2], b.numMoves = [1, 0], [O, X], 2
        assert str(a) == str(b)
        assert repr(a) != repr(b)


def test_sample_covers_both_players_everywhere():
    """The sample used above includes each single-marker board for both players."""
    for cell, player in itertools.product(range(9), (X, O)):
        state = [0] * 9
        state[cell] = player
        assert tuple(state) in set(SAMPLE)
