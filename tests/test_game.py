"""Tests of the reference ``xo.game``: the ``XO`` game and its Part IV/V search.

Contract clauses checked here: ``XO()`` and ``XO(play, pos, n)``; ``show()``;
``makeMove`` (every illegal case raises a ``ValueError`` and changes nothing;
either player may move first); ``makeMoves`` (all or nothing); ``getBoard``
(a copy); ``gameOver``/``winner``; ``makeOptimalMove`` (the Part V move of
the player to move, ``None`` on a finished game); and the reference's
``score_moves``/``best_cell`` under both the Part IV and the Part V rules.
"""

import itertools

import pytest

from xo.board import LINES, BoardXO, O, X
from xo.game import PART_IV, PART_V, XO, IllegalMoveError, best_cell, score_moves

# The handout's Part IV example: O on 0, 7, 8; X on 2, 3, 6; X to move plays 4.
HANDOUT_PLAY = [X, O, X, O, X, O]
HANDOUT_POS = [2, 0, 3, 7, 6, 8]
HANDOUT_STATE = [O, 0, X, X, 0, 0, X, O, O]

# A full board, nobody has three in a row: X O X / X O O / O X X.
DRAW_PLAY = [X, O, X, O, X, O, X, O, X]
DRAW_POS = [0, 1, 2, 4, 3, 5, 7, 6, 8]
# A full board where X completes the top row with the ninth move: X X X / O O X / X O O.
FULL_WIN_PLAY = [X, O, X, O, X, O, X, O, X]
FULL_WIN_POS = [5, 3, 6, 4, 0, 7, 1, 8, 2]

BAD_PLAYERS = [0, 2, -2, True, False, -1.0, 1.0, "X", "O", None, [X]]
BAD_CELLS = [-1, 9, 10, True, False, 1.0, 4.0, "4", None, [4]]


def snapshot(game):
    """Everything on the game's board, as plain copies, to compare before/after."""
    b = game.b
    return (list(b.state), list(b.moves), list(b.turn), b.numMoves)


def board_fields(board):
    return (board.state, board.moves, board.turn, board.numMoves)


def expected_fields(play, pos):
    """The board after the moves ``play``/``pos``, built here without the reference."""
    state, moves, turn = [0] * 9, [0] * 9, [0] * 9
    for k, (player, cell) in enumerate(zip(play, pos)):
        state[cell] = player
        moves[k] = cell
        turn[k] = player
    return (state, moves, turn, len(play))


def handout_game():
    return XO(HANDOUT_PLAY, HANDOUT_POS, 6)


def won_game():
    """The handout game after X completes the diagonal 2-4-6 (cells 0..8 not all full)."""
    return XO(HANDOUT_PLAY + [X], HANDOUT_POS + [4], 7)


def line_game(line, winner, first):
    """Moves (play, pos) of a legal game in which ``winner`` completes ``line`` last.

    The other player takes the first cells off the line that do not make a line.
    """
    loser = -winner
    others = [c for c in range(9) if c not in line]
    needed = 2 if first == winner else 3
    for chosen in itertools.combinations(others, needed):
        if not any(set(l) <= set(chosen) for l in LINES):
            break
    play, pos = [], []
    mine, theirs = list(line), list(chosen)
    player = first
    while mine:
        play.append(player)
        pos.append(mine.pop(0) if player == winner else theirs.pop(0))
        player = -player
    assert not theirs
    return play, pos


class TestIllegalMoveError:
    def test_is_a_value_error(self):
        assert issubclass(IllegalMoveError, ValueError)


class TestConstruction:
    """``XO()`` is a blank game; ``XO(play, pos, n)`` is the game of the first n moves."""

    def test_blank_game(self):
        g = XO()
        assert isinstance(g.b, BoardXO)
        assert board_fields(g.b) == ([0] * 9, [0] * 9, [0] * 9, 0)

    def test_two_blank_games_do_not_share_a_board(self):
        a, b = XO(), XO()
        assert a.b is not b.b and a.b.state is not b.b.state
        a.makeMove(X, 4)
        assert b.b.state == [0] * 9 and b.b.numMoves == 0

    @pytest.mark.parametrize("n", range(7))
    def test_first_n_moves(self, n):
        g = XO(HANDOUT_PLAY, HANDOUT_POS, n)
        assert board_fields(g.b) == expected_fields(HANDOUT_PLAY[:n], HANDOUT_POS[:n])

    def test_moves_after_n_are_ignored_even_if_illegal(self):
        g = XO([X, O, X, X, "junk"], [0, 4, 8, 8, 99], 3)
        assert board_fields(g.b) == expected_fields([X, O, X], [0, 4, 8])

    def test_o_may_move_first(self):
        g = XO([O, X, O], [4, 0, 8], 3)
        assert board_fields(g.b) == expected_fields([O, X, O], [4, 0, 8])

    def test_accepts_keyword_arguments(self):
        g = XO(play=HANDOUT_PLAY, pos=HANDOUT_POS, n=6)
        assert g.b.state == HANDOUT_STATE

    @pytest.mark.parametrize("kwargs", [
        {"play": HANDOUT_PLAY},
        {"pos": HANDOUT_POS},
        {"n": 6},
        {"play": HANDOUT_PLAY, "pos": HANDOUT_POS},
        {"play": HANDOUT_PLAY, "n": 6},
        {"pos": HANDOUT_POS, "n": 6},
    ], ids=lambda kw: "+".join(kw))
    def test_partial_arguments_raise_type_error(self, kwargs):
        with pytest.raises(TypeError):
            XO(**kwargs)

    def test_positional_partial_arguments_raise_type_error(self):
        with pytest.raises(TypeError):
            XO(HANDOUT_PLAY)
        with pytest.raises(TypeError):
            XO(HANDOUT_PLAY, HANDOUT_POS)

    @pytest.mark.parametrize("play, pos, n", [
        ([X, X], [0, 1], 2),               # the same player twice
        ([X, O], [0, 0], 2),               # a taken cell
        ([X, 0], [0, 1], 2),               # not a player
        ([X, O], [0, 9], 2),               # not a cell
        ([X, O], [0, True], 2),            # a bool is not a cell
        (DRAW_PLAY + [O], DRAW_POS + [0], 10),                       # after a full board
        (HANDOUT_PLAY + [X, O], HANDOUT_POS + [4, 1], 8),            # after a win
        (HANDOUT_PLAY, HANDOUT_POS, 7),    # more moves than given
        (HANDOUT_PLAY, HANDOUT_POS, -1),   # a negative count
        (HANDOUT_PLAY, HANDOUT_POS, 2.0),  # not a whole number
    ])
    def test_illegal_sequence_raises_value_error(self, play, pos, n):
        with pytest.raises(IllegalMoveError):
            XO(play, pos, n)


class TestShow:
    """``show()`` prints ``str(board)`` and a newline, nothing else."""

    @pytest.mark.parametrize("game, text", [
        (XO, "   \n   \n   "),
        (handout_game, "O X\nX  \nXOO"),
        (won_game, "O X\nXX \nXOO"),
    ], ids=["blank", "handout", "won"])
    def test_show_prints_the_board(self, capsys, game, text):
        g = game()
        g.show()
        out = capsys.readouterr()
        assert out.out == str(g.b) + "\n" == text + "\n"
        assert out.err == ""

    def test_show_follows_the_moves(self, capsys):
        g = XO()
        g.makeMove(O, 8)
        g.show()
        assert capsys.readouterr().out == "   \n   \n  O\n"

    def test_show_changes_nothing(self, capsys):
        g = handout_game()
        before = snapshot(g)
        g.show()
        capsys.readouterr()
        assert snapshot(g) == before


class TestMakeMove:
    """A legal move updates state, moves[k], turn[k] and numMoves."""

    def test_each_move_of_the_handout_game(self):
        g = XO()
        for k, (player, cell) in enumerate(zip(HANDOUT_PLAY, HANDOUT_POS)):
            assert g.makeMove(player, cell) is None
            assert board_fields(g.b) == expected_fields(HANDOUT_PLAY[:k + 1], HANDOUT_POS[:k + 1])
            assert type(g.b.numMoves) is int

    @pytest.mark.parametrize("first", [X, O], ids=["X-first", "O-first"])
    @pytest.mark.parametrize("cell", range(9))
    def test_either_player_may_move_first_anywhere(self, first, cell):
        g = XO()
        g.makeMove(first, cell)
        assert g.b.state[cell] == first
        assert (g.b.moves[0], g.b.turn[0], g.b.numMoves) == (cell, first, 1)
        g.makeMove(-first, (cell + 1) % 9)
        assert (g.b.moves[1], g.b.turn[1], g.b.numMoves) == ((cell + 1) % 9, -first, 2)

    def test_full_game_to_a_draw(self):
        g = XO()
        for player, cell in zip(DRAW_PLAY, DRAW_POS):
            g.makeMove(player, cell)
        assert board_fields(g.b) == expected_fields(DRAW_PLAY, DRAW_POS)

    @pytest.mark.parametrize("game", [XO, handout_game], ids=["blank", "handout"])
    @pytest.mark.parametrize("play", BAD_PLAYERS, ids=repr)
    def test_bad_player_raises_and_changes_nothing(self, game, play):
        g = game()
        before = snapshot(g)
        with pytest.raises(IllegalMoveError):
            g.makeMove(play, 4)
        assert snapshot(g) == before

    @pytest.mark.parametrize("game, player", [(XO, X), (XO, O), (handout_game, X)],
                             ids=["blank-X", "blank-O", "handout-X"])
    @pytest.mark.parametrize("pos", BAD_CELLS, ids=repr)
    def test_bad_cell_raises_and_changes_nothing(self, game, player, pos):
        g = game()
        before = snapshot(g)
        with pytest.raises(IllegalMoveError):
            g.makeMove(player, pos)
        assert snapshot(g) == before

    @pytest.mark.parametrize("cell", [c for c in range(9) if HANDOUT_STATE[c] != 0])
    def test_taken_cell_raises_and_changes_nothing(self, cell):
        """X is to move; each taken cell (X's own or O's) is refused."""
        g = handout_game()
        before = snapshot(g)
        with pytest.raises(IllegalMoveError):
            g.makeMove(X, cell)
        assert snapshot(g) == before

    def test_taken_cell_on_the_second_move(self):
        g = XO()
        g.makeMove(X, 4)
        before = snapshot(g)
        with pytest.raises(IllegalMoveError):
            g.makeMove(O, 4)
        assert snapshot(g) == before

    @pytest.mark.parametrize("player", [X, O])
    @pytest.mark.parametrize("cell", [1, 5])
    def test_move_after_a_win_raises_and_changes_nothing(self, player, cell):
        """X has won (2-4-6) with cells 1 and 5 still empty: no one may play there."""
        g = won_game()
        assert g.b.state[cell] == 0
        before = snapshot(g)
        with pytest.raises(IllegalMoveError):
            g.makeMove(player, cell)
        assert snapshot(g) == before

    @pytest.mark.parametrize("player", [X, O])
    @pytest.mark.parametrize("cell", range(9))
    def test_move_on_a_full_board_raises_and_changes_nothing(self, player, cell):
        g = XO(DRAW_PLAY, DRAW_POS, 9)
        before = snapshot(g)
        with pytest.raises(IllegalMoveError):
            g.makeMove(player, cell)
        assert snapshot(g) == before

    @pytest.mark.parametrize("first", [X, O])
    def test_same_player_twice_raises_and_changes_nothing(self, first):
        g = XO()
        g.makeMove(first, 0)
        before = snapshot(g)
        with pytest.raises(IllegalMoveError):
            g.makeMove(first, 1)
        assert snapshot(g) == before

    def test_same_player_twice_late_in_the_game(self):
        g = handout_game()           # O moved last
        before = snapshot(g)
        with pytest.raises(IllegalMoveError):
            g.makeMove(O, 4)
        assert snapshot(g) == before

    def test_game_goes_on_after_a_refused_move(self):
        g = XO()
        g.makeMove(X, 0)
        for play, pos in [(X, 1), (O, 0), (O, 9), (2, 1)]:
            with pytest.raises(IllegalMoveError):
                g.makeMove(play, pos)
        g.makeMove(O, 1)
        assert board_fields(g.b) == expected_fields([X, O], [0, 1])


class TestMakeMoves:
    """``makeMoves(play, pos, n)`` makes the first n moves, all or nothing."""

    def test_same_as_move_by_move(self):
        a, b = XO(), XO()
        a.makeMoves(DRAW_PLAY, DRAW_POS, 9)
        for player, cell in zip(DRAW_PLAY, DRAW_POS):
            b.makeMove(player, cell)
        assert board_fields(a.b) == board_fields(b.b)

    def test_continues_a_started_game(self):
        g = XO(HANDOUT_PLAY, HANDOUT_POS, 2)
        g.makeMoves(HANDOUT_PLAY[2:], HANDOUT_POS[2:], 4)
        assert board_fields(g.b) == expected_fields(HANDOUT_PLAY, HANDOUT_POS)

    def test_accepts_tuples(self):
        g = XO()
        g.makeMoves(tuple(HANDOUT_PLAY), tuple(HANDOUT_POS), 6)
        assert g.b.state == HANDOUT_STATE

    @pytest.mark.parametrize("game", [XO, handout_game], ids=["blank", "handout"])
    def test_zero_moves_change_nothing(self, game):
        g = game()
        before = snapshot(g)
        g.makeMoves([], [], 0)
        g.makeMoves([X, X, X], [0, 0, 0], 0)
        assert snapshot(g) == before

    @pytest.mark.parametrize("kind", ["taken", "twice", "player", "cell"])
    @pytest.mark.parametrize("start, k", [(0, k) for k in range(1, 6)] + [(2, k) for k in range(1, 4)],
                             ids=lambda v: str(v))
    def test_illegal_move_at_index_k_leaves_the_board_exactly_as_before(self, start, k, kind):
        """From the handout game's first ``start`` moves, makeMoves of the rest
        where moves 0..k-1 are legal and move k is not: none of them is kept."""
        play, pos = list(HANDOUT_PLAY[start:]), list(HANDOUT_POS[start:])
        if kind == "taken":
            pos[k] = pos[k - 1]
        elif kind == "twice":
            play[k] = play[k - 1]
        elif kind == "player":
            play[k] = 0
        else:
            pos[k] = 9
        g = XO(HANDOUT_PLAY, HANDOUT_POS, start)
        before = snapshot(g)
        with pytest.raises(IllegalMoveError):
            g.makeMoves(play, pos, len(play))
        assert snapshot(g) == before

    def test_move_after_the_end_undoes_the_whole_game(self):
        g = XO()
        with pytest.raises(IllegalMoveError):
            g.makeMoves(HANDOUT_PLAY + [X, O], HANDOUT_POS + [4, 1], 8)
        assert snapshot(g) == snapshot(XO())

    @pytest.mark.parametrize("play, pos, n", [
        (HANDOUT_PLAY, HANDOUT_POS, 7),
        (HANDOUT_PLAY, HANDOUT_POS[:3], 4),    # more moves than cells
        (HANDOUT_PLAY[:3], HANDOUT_POS, 4),    # more moves than players
        ([], [], 1),
        (HANDOUT_PLAY, HANDOUT_POS, -1),
    ])
    def test_n_beyond_the_lists_raises_and_changes_nothing(self, play, pos, n):
        g = XO([X], [4], 1)
        before = snapshot(g)
        with pytest.raises(IllegalMoveError):
            g.makeMoves(play, pos, n)
        assert snapshot(g) == before

    @pytest.mark.parametrize("n", [2.0, "2", True, None, [2]], ids=repr)
    def test_n_not_a_whole_number_raises_and_changes_nothing(self, n):
        g = XO()
        with pytest.raises(IllegalMoveError):
            g.makeMoves(HANDOUT_PLAY, HANDOUT_POS, n)
        assert snapshot(g) == snapshot(XO())


class TestGetBoard:
    """``getBoard()`` returns a copy equal to the game's board, field by field."""

    @pytest.mark.parametrize("game", [XO, handout_game, won_game], ids=["blank", "handout", "won"])
    def test_copy_equals_the_board(self, game):
        g = game()
        copy = g.getBoard()
        assert isinstance(copy, BoardXO)
        assert copy is not g.b
        assert board_fields(copy) == board_fields(g.b)

    @pytest.mark.parametrize("field", ["state", "moves", "turn"])
    def test_copy_has_its_own_lists(self, field):
        g = handout_game()
        assert getattr(g.getBoard(), field) is not getattr(g.b, field)

    @pytest.mark.parametrize("mutate", [
        lambda b: b.state.__setitem__(4, X),
        lambda b: b.state.clear(),
        lambda b: b.moves.__setitem__(6, 4),
        lambda b: b.moves.__setitem__(0, 5),
        lambda b: b.turn.__setitem__(6, X),
        lambda b: b.turn.reverse(),
        lambda b: setattr(b, "numMoves", 7),
        lambda b: setattr(b, "state", [X] * 9),
    ], ids=["state[4]", "state.clear", "moves[6]", "moves[0]", "turn[6]", "turn.reverse",
            "numMoves", "state="])
    def test_mutating_the_copy_never_changes_the_game(self, mutate):
        g = handout_game()
        before = snapshot(g)
        mutate(g.getBoard())
        assert snapshot(g) == before
        assert g.makeOptimalMove() == 4          # the game still plays as before

    def test_later_moves_do_not_change_an_earlier_copy(self):
        g = handout_game()
        copy = g.getBoard()
        g.makeMove(X, 4)
        assert board_fields(copy) == expected_fields(HANDOUT_PLAY, HANDOUT_POS)

    def test_get_board_changes_nothing(self):
        g = handout_game()
        before = snapshot(g)
        g.getBoard()
        assert snapshot(g) == before


class TestGameOverAndWinner:
    """``gameOver()`` on any of the 8 lines or a full board; ``winner()`` is -1, 1 or 0."""

    @pytest.mark.parametrize("first", [X, O], ids=["X-first", "O-first"])
    @pytest.mark.parametrize("winner", [X, O], ids=["X-wins", "O-wins"])
    @pytest.mark.parametrize("line", LINES, ids=lambda line: "-".join(map(str, line)))
    def test_each_line_wins_for_each_player(self, line, winner, first):
        play, pos = line_game(line, winner, first)
        g = XO(play, pos, len(play) - 1)
        assert g.gameOver() is False and g.winner() == 0
        g.makeMove(play[-1], pos[-1])
        assert [c for c in range(9) if g.b.state[c] == winner and c in line] == list(line)
        assert g.gameOver() is True
        assert g.winner() == winner and type(g.winner()) is int

    def test_full_board_without_a_line_is_a_draw(self):
        g = XO(DRAW_PLAY, DRAW_POS, 8)
        assert g.gameOver() is False
        g.makeMove(DRAW_PLAY[8], DRAW_POS[8])
        assert g.gameOver() is True
        assert g.winner() == 0

    def test_full_board_with_a_line_has_a_winner(self):
        g = XO(FULL_WIN_PLAY, FULL_WIN_POS, 8)
        assert (g.gameOver(), g.winner()) == (False, 0)
        g.makeMove(FULL_WIN_PLAY[8], FULL_WIN_POS[8])
        assert 0 not in g.b.state
        assert (g.gameOver(), g.winner()) == (True, X)

    @pytest.mark.parametrize("game", [
        XO,
        lambda: XO([X], [4], 1),
        lambda: XO([O], [0], 1),
        handout_game,
        lambda: XO(DRAW_PLAY, DRAW_POS, 8),
    ], ids=["blank", "X@4", "O@0", "handout", "draw-minus-one"])
    def test_boards_not_over(self, game):
        g = game()
        assert g.gameOver() is False
        assert g.winner() == 0

    def test_winner_reads_a_board_set_field_by_field(self):
        g = XO()
        g.b.state = [O, O, O, X, X, 0, X, 0, 0]
        assert (g.gameOver(), g.winner()) == (True, O)

    def test_queries_change_nothing(self):
        g = won_game()
        before = snapshot(g)
        g.gameOver()
        g.winner()
        assert snapshot(g) == before


class TestMakeOptimalMove:
    """``makeOptimalMove()`` plays the Part V move of the player to move."""

    def test_handout_part_iv_example(self):
        g = handout_game()
        cell = g.makeOptimalMove()
        assert cell == 4 and type(cell) is int
        assert board_fields(g.b) == expected_fields(HANDOUT_PLAY + [X], HANDOUT_POS + [4])
        assert (g.gameOver(), g.winner()) == (True, X)

    def test_empty_board_plays_x_at_0(self):
        g = XO()
        assert g.makeOptimalMove() == 0
        assert board_fields(g.b) == expected_fields([X], [0])

    def test_after_x_at_0_o_plays_1(self):
        """The handout's rules (not minimax, which would take the centre) play 1."""
        g = XO([X], [0], 1)
        assert g.makeOptimalMove() == 1
        assert board_fields(g.b) == expected_fields([X, O], [0, 1])

    def test_after_o_at_0_x_plays_1(self):
        """O moved first, so X is to move."""
        g = XO([O], [0], 1)
        assert g.makeOptimalMove() == 1
        assert board_fields(g.b) == expected_fields([O, X], [0, 1])

    @pytest.mark.parametrize("moves, turn, mover, cell", [
        ([0, 1], [X, O], X, 4),
        ([1, 0], [O, X], O, 2),
    ], ids=["X-first-so-X-to-move", "O-first-so-O-to-move"])
    def test_player_to_move_is_the_opposite_of_the_last_turn(self, moves, turn, mover, cell):
        """One position (X on 0, O on 1) set field by field with two histories:
        the player to move is -turn[numMoves-1], and the answers differ."""
        g = XO()
        g.b.state = [X, O, 0, 0, 0, 0, 0, 0, 0]
        g.b.moves = moves + [0] * 7
        g.b.turn = turn + [0] * 7
        g.b.numMoves = 2
        assert g.makeOptimalMove() == cell
        assert g.b.state[cell] == mover
        assert (g.b.moves[2], g.b.turn[2], g.b.numMoves) == (cell, mover, 3)

    def test_part_v_not_part_iv(self):
        """After X@0, O@1 every Part IV score is -10, so Part IV would play 2 (the
        lowest index); Part V scores 4 and 7 at -2 (losing slowest) and plays 4."""
        g = XO([X, O], [0, 1], 2)
        assert best_cell(score_moves(g.b, PART_IV)) == 2
        assert g.makeOptimalMove() == 4

    def test_wins_at_once_rather_than_blocking(self):
        """X on 7 and 8, O on 3 and 4: X takes 6 and wins, not the lower empty cells."""
        g = XO([X, O, X, O], [7, 3, 8, 4], 4)
        assert g.makeOptimalMove() == 6
        assert g.winner() == X

    def test_blocks_a_threat(self):
        """X on 0 and 1, O on 4: O must take 2."""
        g = XO([X, O, X], [0, 4, 1], 3)
        assert g.makeOptimalMove() == 2
        assert g.b.state[2] == O

    @pytest.mark.parametrize("game", [
        won_game,
        lambda: XO(DRAW_PLAY, DRAW_POS, 9),
        lambda: XO(FULL_WIN_PLAY, FULL_WIN_POS, 9),
        lambda: XO(*line_game((0, 4, 8), O, X), 6),
    ], ids=["X-won", "draw", "full-with-winner", "O-won"])
    def test_finished_game_returns_none_and_changes_nothing(self, game):
        g = game()
        assert g.gameOver()
        before = snapshot(g)
        assert g.makeOptimalMove() is None
        assert snapshot(g) == before

    def test_self_play_from_the_empty_board(self):
        """Both sides play the Part V move: each call makes one legal move, the
        game ends in a draw, and then the call returns None."""
        g = XO()
        played = []
        while not g.gameOver():
            before = snapshot(g)
            cell = g.makeOptimalMove()
            assert before[0][cell] == 0
            assert g.b.numMoves == before[3] + 1
            played.append(cell)
        assert played == [0, 1, 4, 8, 2, 6, 7, 3, 5]
        assert g.winner() == 0
        assert g.makeOptimalMove() is None


class TestScoreMoves:
    """The reference's scoring of every first move by the Part IV and Part V rules."""

    def test_part_iv_on_the_handout_example(self):
        assert score_moves(handout_game().b, PART_IV) == [None, -10, None, None, 10, -10, None, None, None]

    def test_part_v_on_the_handout_example(self):
        assert score_moves(handout_game().b, PART_V) == [None, -2, None, None, 3, -2, None, None, None]

    def test_part_v_is_the_default(self):
        assert score_moves(handout_game().b) == score_moves(handout_game().b, PART_V)

    def test_scores_are_for_the_player_to_move_in_o_first_games(self):
        """The handout position with colours swapped and O first scores the same."""
        g = XO([-p for p in HANDOUT_PLAY], HANDOUT_POS, 6)
        assert score_moves(g.b, PART_V) == [None, -2, None, None, 3, -2, None, None, None]
        assert score_moves(g.b, PART_IV) == [None, -10, None, None, 10, -10, None, None, None]

    def test_score_moves_changes_nothing(self):
        g = handout_game()
        before = snapshot(g)
        score_moves(g.b, PART_IV)
        score_moves(g.b, PART_V)
        assert snapshot(g) == before

    @pytest.mark.parametrize("scores, cell", [
        ([None, 3, 3, None, 3, 0, 0, 0, 0], 1),
        ([-4, -4, -2, -4, -2, -4, -4, -2, -4], 2),
        ([0, 0, 0, 0, 0, 0, 0, 0, 0], 0),
        ([None, None, None, None, None, None, None, None, -9], 8),
        ([None, -10, None, None, 10, -10, None, None, None], 4),
        ([None] * 9, None),
    ])
    def test_best_cell_takes_the_highest_score_lowest_index_on_ties(self, scores, cell):
        assert best_cell(scores) == cell

    def test_nothing_is_cached_across_calls(self):
        """Alternating two positions, each call gives that position's own answer."""
        first = handout_game()
        second = XO([X, O], [0, 1], 2)
        answers = []
        for _ in range(2):
            answers.append(score_moves(first.b, PART_V))
            answers.append(score_moves(second.b, PART_V))
        assert answers[0] == answers[2] == [None, -2, None, None, 3, -2, None, None, None]
        assert answers[1] == answers[3] == [None, None, -4, -4, -2, -4, -4, -2, -4]

    def test_make_optimal_move_on_two_games_in_a_row(self):
        """Two different games then the same game again: own answers, same answer twice."""
        assert XO([X], [0], 1).makeOptimalMove() == 1
        assert handout_game().makeOptimalMove() == 4
        assert XO([X, O], [0, 1], 2).makeOptimalMove() == 4
        assert XO([X], [0], 1).makeOptimalMove() == 1
        assert handout_game().makeOptimalMove() == 4
