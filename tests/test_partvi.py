"""Tests of Part VI: the breadth-first minimax of ``XO`` and its three judges' wrappers.

Every answer is checked against an oracle written here, without importing
``xo/``: a plain recursive minimax (memoized), depth-aware for the engine and
CodinGame, ±1 for Code Quest and Coding Ninjas, on every reachable position
where the contract's player is to move.  Then the judges' samples, and every
kind of bad input, both through the function (a ``ValueError``) and through
the command line (one line on standard error, exit status 2, no traceback).
"""

import doctest
import importlib
import os
import subprocess
import sys
from functools import lru_cache

import pytest

from xo import XO, codequest, codingame, game as xo_game, ninja
from xo.board import BoardXO

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ----------------------------------------------------------------------------------------------- the oracle
# Cells 0..8 in reading order; X is -1, O is 1, empty 0 (the kit's encoding, restated here).
OX, OO = -1, 1
ORACLE_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def oracle_winner(state):
    for a, b, c in ORACLE_LINES:
        if state[a] and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def oracle_over(state):
    return oracle_winner(state) != 0 or 0 not in state


@lru_cache(maxsize=None)
def depth_value(state, mover):
    """The depth-aware value of ``state`` for ``mover``, to move: 10 - m for a win, m - 10 for a loss."""
    return max(depth_move(state, mover, cell) for cell in range(9) if state[cell] == 0)


def depth_move(state, mover, cell):
    child = state[:cell] + (mover,) + state[cell + 1:]
    m = 9 - child.count(0)
    if oracle_winner(child):
        return 10 - m
    if m == 9:
        return 0
    return -depth_value(child, -mover)


@lru_cache(maxsize=None)
def plain_value(state, mover):
    """The ±1 minimax value of ``state`` for ``mover``, to move: win 1, draw 0, loss -1."""
    return max(plain_move(state, mover, cell) for cell in range(9) if state[cell] == 0)


def plain_move(state, mover, cell):
    child = state[:cell] + (mover,) + state[cell + 1:]
    if oracle_winner(child):
        return 1
    if 0 not in child:
        return 0
    return -plain_value(child, -mover)


def reachable(first):
    """Every position of games where ``first`` moved first, over or not: {state: player to move}."""
    found = {(0,) * 9: first}
    level = dict(found)
    while level:
        nxt = {}
        for state, mover in level.items():
            if oracle_over(state):
                continue
            for cell in range(9):
                if state[cell] == 0:
                    child = state[:cell] + (mover,) + state[cell + 1:]
                    nxt[child] = -mover
        found.update(nxt)
        level = nxt
    return found


X_FIRST = reachable(OX)
O_FIRST = reachable(OO)
X_TO_MOVE = sorted(s for s, m in X_FIRST.items() if m == OX and not oracle_over(s))
O_TO_MOVE_FINISHED_TOO = sorted(s for s, m in X_FIRST.items() if m == OO)
X_TO_MOVE_FINISHED_TOO = sorted(s for s, m in X_FIRST.items() if m == OX)


def rows_of(state, x="X", o="O", empty="."):
    chars = [x if v == OX else o if v == OO else empty for v in state]
    return ["".join(chars[r:r + 3]) for r in (0, 3, 6)]


def game_for(state, mover):
    """An ``XO`` game with ``state`` on its board and ``mover`` to move (a legal history, built here)."""
    mine = [c for c in range(9) if state[c] == mover]
    theirs = [c for c in range(9) if state[c] == -mover]
    first = mover if len(mine) == len(theirs) else -mover
    seq = {first: mine if first == mover else theirs, -first: theirs if first == mover else mine}
    play, pos = [], []
    for k in range(len(mine) + len(theirs)):
        who = first if k % 2 == 0 else -first
        play.append(who)
        pos.append(seq[who][k // 2])
    return XO(play, pos, len(pos))


def test_the_oracle_knows_the_game():
    assert len(X_FIRST) == 5478 and len(O_FIRST) == 5478
    assert depth_value((0,) * 9, OX) == 0 and plain_value((0,) * 9, OX) == 0
    # After X in a corner, every O move but the centre loses at move 7.
    corner = (OX,) + (0,) * 8
    assert [depth_move(corner, OO, c) for c in range(1, 9)] == [-3, -3, -3, 0, -3, -3, -3, -3]


# ------------------------------------------------------------------------------------------ the command line
def cli(module, data):
    """Run ``python -m module`` with ``data`` on standard input: (status, stdout, stderr)."""
    run = subprocess.run([sys.executable, "-m", module], input=data if isinstance(data, bytes) else data.encode(),
                         capture_output=True, cwd=TOP, timeout=120)
    return run.returncode, run.stdout.decode(), run.stderr.decode()


def assert_refused(module, data, where, shown, function_message=None):
    """The command refuses ``data``: exit 2, nothing on stdout, one stderr line naming ``where`` and ``shown``."""
    status, out, err = cli(module, data)
    assert status == 2, (status, out, err)
    assert out == ""
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith(f"python -m {module}: {where}"), err
    assert shown in err, err
    if function_message is not None:
        assert err.rstrip("\n").endswith(function_message), (err, function_message)
    return err


def refusal(call):
    """The message of the ``ValueError`` that ``call()`` raises."""
    with pytest.raises(ValueError) as caught:
        call()
    return str(caught.value)


# ---------------------------------------------------------------------------------------- the engine (xo.game)
class TestMinimaxEngine:
    """``XO.minimaxValues()`` and ``XO.makeMinimaxMove()``: the breadth-first minimax of Part VI."""

    @pytest.mark.parametrize("first", [OX, OO], ids=["X first", "O first"])
    def test_values_equal_minimax_on_every_reachable_position(self, first):
        positions = X_FIRST if first == OX else O_FIRST
        checked = 0
        for state, mover in positions.items():
            if oracle_over(state) or (first == OO and not any(state)):
                continue                     # the empty board is X's to move (makeMove's contract)
            expected = [depth_move(state, mover, c) if state[c] == 0 else None for c in range(9)]
            assert game_for(state, mover).minimaxValues() == expected, rows_of(state)
            checked += 1
        assert checked == (4520 if first == OX else 4519)

    def test_move_is_the_best_value_at_the_lowest_cell(self):
        for state, mover in list(X_FIRST.items()) + list(O_FIRST.items()):
            if oracle_over(state) or not any(state):
                continue
            values = [depth_move(state, mover, c) if state[c] == 0 else None for c in range(9)]
            best = max(v for v in values if v is not None)
            g = game_for(state, mover)
            cell = g.makeMinimaxMove()
            assert cell == values.index(best), rows_of(state)
            assert g.b.state[cell] == mover and g.b.numMoves == 10 - state.count(0)

    def test_finished_games_have_no_move(self):
        g = XO([OX, OO, OX, OO, OX], [0, 3, 1, 4, 2], 5)     # X has the top row
        before = (g.b.state[:], g.b.numMoves)
        assert g.makeMinimaxMove() is None and g.minimaxValues() == [None] * 9
        assert (g.b.state, g.b.numMoves) == before

    def test_values_leave_the_board_alone(self):
        g = XO([OX, OO], [0, 4], 2)
        before = (g.b.state[:], g.b.moves[:], g.b.turn[:], g.b.numMoves)
        g.minimaxValues()
        assert (g.b.state, g.b.moves, g.b.turn, g.b.numMoves) == before

    def test_the_empty_board_is_a_draw_everywhere_and_x_plays_the_corner(self):
        g = XO()
        assert g.minimaxValues() == [0] * 9
        assert g.makeMinimaxMove() == 0

    def test_it_is_minimax_where_part_v_is_not(self):
        # X took a corner: the Part V rules send O to cell 1, which loses; only the centre draws.
        g = XO([OX], [0], 1)
        assert g.makeOptimalMove() == 1
        g = XO([OX], [0], 1)
        assert g.minimaxValues() == [None, -3, -3, -3, 0, -3, -3, -3, -3]
        assert g.makeMinimaxMove() == 4

    def test_searches_with_the_hand_written_deque(self, monkeypatch):
        pushed = []

        class CountingDeque(xo_game.Deque):
            __slots__ = ()

            def pushBack(self, item):
                pushed.append(item.numMoves)
                super().pushBack(item)

        monkeypatch.setattr(xo_game, "Deque", CountingDeque)
        XO([OX, OO, OX, OO], [0, 4, 8, 2], 4).minimaxValues()
        assert pushed[0] == 4 and pushed == sorted(pushed)   # the root, then level by level
        assert len(pushed) > 100

    def test_no_recursion(self):
        # No function of the engine is ever entered again while it runs, however deep the tree.
        active, reentered = {}, []
        engine_file = xo_game.__file__

        def profile(frame, event, arg):
            code = frame.f_code
            if code.co_filename != engine_file:
                return
            if event == "call":
                active[code.co_name] = active.get(code.co_name, 0) + 1
                if active[code.co_name] > 1:
                    reentered.append(code.co_name)
            elif event == "return":
                active[code.co_name] -= 1

        g = XO([OX, OO, OX], [0, 4, 8], 3)      # a tree six moves deep
        sys.setprofile(profile)
        try:
            values = g.minimaxValues()
        finally:
            sys.setprofile(None)
        assert values == [None, 0, -3, 0, None, 0, -3, 0, None]
        assert "_breadth_first_minimax" in active and not reentered


# ------------------------------------------------------------------------------------------- Code Quest 2017 #57
def codequest_oracle(state):
    """Code Quest's cell: a win at once first, else the best ±1 score; the first cell in reading order."""
    empties = [c for c in range(9) if state[c] == 0]
    for cell in empties:
        if oracle_winner(state[:cell] + (OX,) + state[cell + 1:]) == OX:
            return cell
    scores = {c: plain_move(state, OX, c) for c in empties}
    best = max(scores.values())
    return min(c for c in empties if scores[c] == best)


class TestCodeQuest:
    """``xo.codequest``: Code Quest 2017, Problem 57."""

    def test_every_position_with_x_to_move(self):
        assert len(X_TO_MOVE) == 2423
        for state in X_TO_MOVE:
            cell = codequest_oracle(state)
            expected = list(state)
            expected[cell] = OX
            assert codequest.solve(rows_of(state, empty="*")) == rows_of(expected, empty="*"), rows_of(state)

    def test_o_written_as_zero_is_read_as_o_and_written_back(self):
        for state in X_TO_MOVE[::7]:
            cell = codequest_oracle(state)
            expected = list(state)
            expected[cell] = OX
            assert codequest.solve(rows_of(state, o="0", empty="*")) == rows_of(expected, o="0", empty="*")

    def test_a_win_at_once_beats_an_earlier_cell_that_wins_later(self):
        state = (OX, OX, OO, 0, 0, OO, 0, OO, OX)       # XXO / **O / *OX: 3 and 6 win later, 4 at once
        scores = {c: plain_move(state, OX, c) for c in range(9) if state[c] == 0}
        assert scores == {3: 1, 4: 1, 6: 1}
        assert codequest.solve(["XXO", "**O", "*OX"]) == ["XXO", "*XO", "*OX"]

    def test_two_wins_at_once_go_to_the_first(self):
        assert codequest.solve(["XXO", "OX*", "O**"]) == ["XXO", "OX*", "OX*"]

    def test_the_sample(self):
        status, out, err = cli("xo.codequest", "2\nOOX\nX*O\n**X\n***\n***\n***\n")
        assert (status, out, err) == (0, "OOX\nX*O\nX*X\nX**\n***\n***\n", "")

    def test_the_sample_as_the_seed_prints_it(self):
        status, out, err = cli("xo.codequest", "2\n00X\nX*0\n**X\n***\n***\n***\n")
        assert (status, out, err) == (0, "00X\nX*0\nX*X\nX**\n***\n***\n", "")

    def test_crlf_and_trailing_blanks_are_accepted(self):
        status, out, _ = cli("xo.codequest", "1 \r\n***\r\n***  \r\n***\r\n\r\n")
        assert (status, out) == (0, "X**\n***\n***\n")

    def test_no_boards(self):
        assert cli("xo.codequest", "0\n") == (0, "", "")

    @pytest.mark.parametrize("rows, shown", [
        (["XQ*", "***", "***"], "'XQ*'"),
        (["x**", "***", "***"], "'x**'"),
        (["X.*", "***", "***"], "'X.*'"),
        (["XO", "***", "***"], "'XO'"),
        (["XO**", "***", "***"], "'XO**'"),
    ])
    def test_a_wrong_character_or_line_length(self, rows, shown):
        message = refusal(lambda: codequest.solve(rows))
        assert message.startswith(f"row 1 {shown}:")
        assert_refused("xo.codequest", "1\n" + "\n".join(rows) + "\n", "line 2 (board 1)", shown, message)

    def test_the_line_is_counted_across_boards(self):
        data = "2\n***\n***\n***\n***\n**Q\n***\n"
        assert_refused("xo.codequest", data, "line 6 (board 2)", "'**Q'", "row 2 '**Q': 'Q' is not one of X O 0 *")

    @pytest.mark.parametrize("rows, shown", [
        (["X**", "***", "***"], "1 X and 0 O"),
        (["XX*", "O**", "***"], "2 X and 1 O"),
        (["O**", "***", "***"], "0 X and 1 O"),
    ])
    def test_not_x_turn(self, rows, shown):
        message = refusal(lambda: codequest.solve(rows))
        assert "not X's turn" in message and shown in message
        assert_refused("xo.codequest", "1\n" + "\n".join(rows) + "\n", "lines 2-4 (board 1)",
                       "/".join(rows), message)

    @pytest.mark.parametrize("rows, words", [
        (["OOO", "XX*", "X**"], "the game is over (O has three in a row)"),
        (["XXX", "OO*", "O**"], "X has three in a row, yet it is X's turn"),
    ])
    def test_no_move_for_x(self, rows, words):
        message = refusal(lambda: codequest.solve(rows))
        assert words in message
        assert_refused("xo.codequest", "1\n" + "\n".join(rows) + "\n", "lines 2-4 (board 1)",
                       "/".join(rows), message)

    @pytest.mark.parametrize("count", ["two", "", "-1", "1.0", "+1", "1_0", "٣"])
    def test_a_count_line_that_is_not_a_number(self, count):
        assert_refused("xo.codequest", f"{count}\n***\n***\n***\n", "line 1", repr(count))

    @pytest.mark.parametrize("data, where", [
        ("", "line 1: the input ends before the number of boards"),
        ("1\n", "line 2: the input ends before row 1 of board 1"),
        ("1\n***\n***\n", "line 4: the input ends before row 3 of board 1"),
        ("2\n***\n***\n***\n", "line 5: the input ends before row 1 of board 2"),
    ])
    def test_truncated_input(self, data, where):
        assert_refused("xo.codequest", data, where, "")

    def test_input_after_the_last_board(self):
        assert_refused("xo.codequest", "1\n***\n***\n***\nXXX\n", "line 5", "'XXX'")

    def test_not_utf8(self):
        assert_refused("xo.codequest", b"1\n\xff**\n***\n***\n", "line 2", "\\xff")

    @pytest.mark.parametrize("rows, words", [
        (["***", "***"], "2 rows ['***', '***'], expected 3"),
        (["***"] * 4, "4 rows"),
        ("*********", "the board must be a list of 3 rows"),
    ])
    def test_not_three_rows(self, rows, words):
        assert words in refusal(lambda: codequest.solve(rows))

    def test_errors_are_value_errors(self):
        assert issubclass(codequest.InputError, ValueError)


# ---------------------------------------------------------------------------------- Coding Ninjas, Tic Tac Toe Winner
def ninja_oracle(state):
    scores = {c: plain_move(state, OX, c) for c in range(9) if state[c] == 0}
    best = max(scores.values())
    cell = min(c for c in scores if scores[c] == best)
    return [best, cell // 3 + 1, cell % 3 + 1]


class TestNinja:
    """``xo.ninja``: Coding Ninjas' Tic Tac Toe Winner."""

    def test_every_position_with_x_to_move(self):
        for state in X_TO_MOVE:
            assert ninja.findTheWinner(rows_of(state, empty="_")) == ninja_oracle(state), rows_of(state)

    def test_rows_as_lists(self):
        for state in X_TO_MOVE[::11]:
            board = [list(row) for row in rows_of(state, empty="_")]
            assert ninja.findTheWinner(board) == ninja_oracle(state)

    def test_the_example_is_one_based(self):
        assert ninja.findTheWinner(["XOX", "OOX", "___"]) == [1, 3, 3]
        assert ninja.findTheWinner(["___", "___", "___"]) == [0, 1, 1]

    def test_the_sample_on_the_command_line(self):
        assert cli("xo.ninja", "XOX\nOOX\n___\n") == (0, "1 3 3\n", "")

    def test_a_lost_position(self):
        lost = [s for s in X_TO_MOVE if plain_value(s, OX) == -1]
        assert lost
        for state in lost:
            assert ninja.findTheWinner(rows_of(state, empty="_"))[0] == -1

    @pytest.mark.parametrize("rows, line, shown", [
        (["X*_", "___", "___"], 1, "'X*_'"),
        (["___", "_._", "___"], 2, "'_._'"),
        (["___", "___", "__"], 3, "'__'"),
        (["___", "____", "___"], 2, "'____'"),
    ])
    def test_a_wrong_character_or_line_length(self, rows, line, shown):
        message = refusal(lambda: ninja.findTheWinner(rows))
        assert message.startswith(f"row {line} {shown}:")
        assert_refused("xo.ninja", "\n".join(rows) + "\n", f"line {line}:", shown, message)

    @pytest.mark.parametrize("rows, words", [
        (["X__", "___", "___"], "not X's turn"),
        (["XO_", "O__", "___"], "not X's turn"),
        (["OOO", "XX_", "X__"], "the game is over"),
        (["XXX", "OO_", "O__"], "no game reaches this board"),
    ])
    def test_not_x_turn(self, rows, words):
        message = refusal(lambda: ninja.findTheWinner(rows))
        assert words in message
        assert_refused("xo.ninja", "\n".join(rows) + "\n", "lines 1-3", "/".join(rows), message)

    @pytest.mark.parametrize("data, where", [
        ("", "line 1: the input ends before row 1 of 3"),
        ("___\n___\n", "line 3: the input ends before row 3 of 3"),
    ])
    def test_truncated_input(self, data, where):
        assert_refused("xo.ninja", data, where, "")

    def test_input_after_the_board(self):
        assert_refused("xo.ninja", "___\n___\n___\n___\n", "line 4", "'___'")

    @pytest.mark.parametrize("board", [
        ["___", "___"],
        "_________",
        [["_", "_", "_"], ["_", 0, "_"], ["_", "_", "_"]],
        [["_", "_", "_"], ["_", "__", "_"], ["_", "_", "_"]],
        None,
    ])
    def test_malformed_boards_raise_value_error(self, board):
        refusal(lambda: ninja.findTheWinner(board))


# ------------------------------------------------------------------------------------------- CodinGame, Tic Tac Toe
CELL_VALUES = (8, 4, 7, 3, 9, 2, 6, 1, 5)


def codingame_oracle(state, mover):
    if oracle_over(state):
        return state
    scores = {c: depth_move(state, mover, c) for c in range(9) if state[c] == 0}
    cell = max(scores, key=lambda c: (scores[c], CELL_VALUES[c]))
    return state[:cell] + (mover,) + state[cell + 1:]


class TestCodinGame:
    """``xo.codingame``: CodinGame's Tic Tac Toe."""

    @pytest.mark.parametrize("player", ["X", "O"])
    def test_every_position_with_the_player_to_move(self, player):
        mover = OX if player == "X" else OO
        positions = X_TO_MOVE_FINISHED_TOO if player == "X" else O_TO_MOVE_FINISHED_TOO
        assert len(positions) == (2423 + 316 if player == "X" else 2097 + 642)
        for state in positions:
            expected = rows_of(codingame_oracle(state, mover))
            assert codingame.solve(player, rows_of(state)) == expected, (player, rows_of(state))

    def test_the_sample(self):
        assert cli("xo.codingame", "X\nXOX\nOOX\n...\n") == (0, "XOX\nOOX\n..X\n", "")

    def test_a_finished_board_is_printed_unchanged(self):
        assert cli("xo.codingame", "O\nXXX\nOO.\n...\n") == (0, "XXX\nOO.\n...\n", "")
        assert cli("xo.codingame", "X\nOOO\nXX.\nX..\n") == (0, "OOO\nXX.\nX..\n", "")
        assert cli("xo.codingame", "O\nXOX\nXOO\nOXX\n") == (0, "XOX\nXOO\nOXX\n", "")

    def test_ties_go_to_the_highest_cell_value(self):
        assert codingame.solve("X", ["...", "...", "..."]) == ["...", ".X.", "..."]
        # O after an X corner: only the centre draws.
        assert codingame.solve("O", ["..X", "...", "..."]) == ["..X", ".O.", "..."]

    def test_wins_fast_and_loses_slow(self):
        for state in X_TO_MOVE_FINISHED_TOO + O_TO_MOVE_FINISHED_TOO:
            if oracle_over(state):
                continue
            mover = OX if state.count(OX) == state.count(OO) else OO
            best = depth_value(state, mover)
            after = codingame.solve("X" if mover == OX else "O", rows_of(state))
            cell = next(c for c in range(9) if rows_of(state)[c // 3][c % 3] != after[c // 3][c % 3])
            assert depth_move(state, mover, cell) == best

    @pytest.mark.parametrize("player", ["x", "XO", "", "0", " X"])
    def test_a_player_line_that_is_not_x_or_o(self, player):
        assert "not X or O" in refusal(lambda: codingame.solve(player, ["...", "...", "..."]))
        assert_refused("xo.codingame", f"{player}\n...\n...\n...\n", "line 1", repr(player))

    @pytest.mark.parametrize("rows, line, shown", [
        (["X*.", "...", "..."], 2, "'X*.'"),
        (["...", "._.", "..."], 3, "'._.'"),
        (["...", "...", "o.."], 4, "'o..'"),
        (["..", "...", "..."], 2, "'..'"),
        (["...", "....", "..."], 3, "'....'"),
    ])
    def test_a_wrong_character_or_line_length(self, rows, line, shown):
        message = refusal(lambda: codingame.solve("X", rows))
        assert message.startswith(f"row {line - 1} {shown}:")
        assert_refused("xo.codingame", "X\n" + "\n".join(rows) + "\n", f"line {line}:", shown, message)

    @pytest.mark.parametrize("player, rows, words", [
        ("X", ["X..", "...", "..."], "1 X and 0 O, so it is not X's turn"),
        ("O", ["XO.", "...", "..."], "1 X and 1 O, so it is not O's turn"),
        ("O", ["...", "...", "..."], "0 X and 0 O, so it is not O's turn"),
        ("X", ["O..", "...", "..."], "0 X and 1 O, so it is not X's turn"),
        ("X", ["XXX", "OO.", "O.."], "X has three in a row, yet it is X's turn"),
        ("O", ["OOO", "XX.", "XX."], "O has three in a row, yet it is O's turn"),
    ])
    def test_not_that_player_turn(self, player, rows, words):
        message = refusal(lambda: codingame.solve(player, rows))
        assert words in message
        assert_refused("xo.codingame", f"{player}\n" + "\n".join(rows) + "\n", "lines 2-4",
                       "/".join(rows), message)

    @pytest.mark.parametrize("data, where", [
        ("", "line 1: the input ends before the engine's player"),
        ("X\n", "line 2: the input ends before row 1 of 3"),
        ("X\n...\n...\n", "line 4: the input ends before row 3 of 3"),
    ])
    def test_truncated_input(self, data, where):
        assert_refused("xo.codingame", data, where, "")

    def test_input_after_the_board(self):
        assert_refused("xo.codingame", "X\n...\n...\n...\nX\n", "line 5", "'X'")


# ------------------------------------------------------------------------------------------------- the doctests
class TestDoctests:
    """The docstring examples of the Part VI modules (tests/test_doctests.py covers xo.game)."""

    @pytest.mark.parametrize("name", ["xo.judge", "xo.codequest", "xo.ninja", "xo.codingame"])
    def test_doctests(self, name):
        module = importlib.import_module(name)
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted > 0, f"{name} has no doctest examples"
        assert result.failed == 0


# ------------------------------------------------------------------------------- the questions students ask
# Each question the handout answers (its "Questions students ask"): every reading it allows passes the grader's
# own judging, and a reading it forbids fails quoting the handout's new sentence.  The checks' judging functions
# are called directly, on runs of the reference (xo.judge.answer) or of a reading written here.

def handout_flat():
    with open(os.path.join(TOP, "handout", "handout.md"), encoding="utf-8") as f:
        return " ".join(f.read().split())


def grader_context():
    from types import SimpleNamespace

    from grader.game.fixtures import load_fixtures
    from grader.settings.config import load
    config = load()
    config["grading"]["part6_positions"] = "every"      # all it may send: the chosen positions are among them
    return SimpleNamespace(fixtures=load_fixtures(), located=None, config=config)


@lru_cache(maxsize=None)
def reference_answer(module, text):
    """(status, stdout, stderr) of the reference's ``python -m xo.MODULE`` on ``text``, worked out once."""
    from xo.judge import answer
    return answer(module, text)


def as_run(result):
    """A ``programs.Run`` from ``(status, stdout, stderr)``, as the grader reads a run of a program."""
    from grader.checks.programs import Run
    status, out, err = result
    return Run(status, out, err)


def encoded(value):
    """``value`` (ints, strings, lists of them) as the child encodes it for the grader (``feedback.plain``)."""
    if isinstance(value, list):
        return {"type": "list", "length": len(value), "items": [encoded(v) for v in value]}
    return {"type": type(value).__name__, "value": value}


def refused_calls(module):
    """The grader's bad calls of ``module``'s function, each answered with a ValueError, as the reference does."""
    from grader.checks.programs import BAD_CALLS
    calls = BAD_CALLS[module][1]
    return calls, [{"raised": {"type": "ValueError", "message": "bad", "value_error": True}} for _ in calls]


def cited(fail, check_name):
    """The passage of the handout a failure names (a check's own, unless the failure names another)."""
    from grader.checks.framework import CHECKS, CITED
    if fail.section is CITED:
        section, phrase = CHECKS[check_name].cites
        return f"{section}: “{phrase}”"
    return fail.section


@pytest.fixture(scope="module")
def ctx():
    return grader_context()


def every_program_input(ctx):
    """Every text the grader sends to a program: (module, text)."""
    from grader.checks import part6_judges, programs
    texts = [(m, text) for m in programs.BAD for text, _, _ in programs.BAD[m]]
    texts += [(m, ctx.fixtures["part6"]["samples"][m]["input"]) for m in ("codequest", "ninja", "codingame")]
    texts += [("codequest", t) for t in part6_judges.codequest_input(ctx)]
    texts += [("ninja", t) for t in part6_judges.ninja_texts(ctx)] + [("codingame", t)
                                                                      for t in part6_judges.codingame_texts(ctx)]
    return texts


class TestQuestionsStudentsAsk:
    """Part VI's questions: a trailing blank line, CRLF line ends, a last line without its newline, Code Quest's
    count line and a count of 0, bytes that are not UTF-8 text, Coding Ninjas' ties and list rows, CodinGame's won
    or full board that is also bad input, and which line an error names (Part II's players that equal -1 or 1
    without being that int: test_grader's TestQuestionsStudentsAsk)."""

    @staticmethod
    def strict_reading(monkeypatch):
        """The other reading of what the grader never sends: `\\r\\n`, spaces at a line's end, a last line
        without its `\\n`, blank lines after the last board, a count that is not digits alone and a count of 0 are
        all refused, cleanly, as bad input, and bytes that are not UTF-8 text are refused naming no line."""
        import re

        from xo import judge
        original_read, original_body = judge.read_lines, codequest._body

        def read_lines(stream):
            data = stream.read()
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                raise judge.InputError("the input is not UTF-8 text") from None
            for number, line in enumerate(data.split(b"\n"), 1):
                if line != line.rstrip(b" \t\r"):
                    raise judge.InputError(f"line {number} {line!r}: spaces or \\r at its end")
            if data.endswith(b"\n\n"):
                raise judge.InputError("a blank line after the last board: more input after the last board")
            if data and not data.endswith(b"\n"):
                raise judge.InputError("line %d: the last line does not end with \\n" % (data.count(b"\n") + 1))
            import io
            return original_read(io.BytesIO(data))

        def body(lines):
            if lines and re.fullmatch(r"\s*\+?[0-9]+\s*", lines[0]) and not re.fullmatch(r"[1-9][0-9]*", lines[0]):
                raise judge.InputError(f"line 1 {lines[0]!r}: the number of boards is not digits alone, at least 1")
            return original_body(lines)
        monkeypatch.setattr(judge, "read_lines", read_lines)
        monkeypatch.setattr(codequest, "_body", body)

    def test_what_the_grader_sends(self, ctx):
        """Bad input: "ASCII text in which every line, the last one too, ends with `\\n`; nothing follows the last
        board; and Code Quest's count is digits alone, at least 1", so either reading of what it never sends gets
        the same verdicts."""
        import re
        for module, text in every_program_input(ctx):
            if text == "":                # empty input, a bad input of each program: no line at all, none unended
                continue
            assert text.isascii(), (module, text[:60])
            assert "\r" not in text and text.endswith("\n") and not text.endswith("\n\n"), (module, text[:60])
            assert all(line == line.rstrip(" \t") for line in text.split("\n")), (module, text[:60])
            if module == "codequest" and text.split("\n")[0] not in ("two",):
                assert re.fullmatch(r"[1-9][0-9]*", text.split("\n")[0]), text[:20]
        assert ("ASCII text in which every line, the last one too, ends with `\\n`; nothing follows the last board; "
                "and Code Quest's count is digits alone, at least 1 (`2`)") in handout_flat()

    def test_find_the_winner_gets_three_strings_or_three_lists_of_one_character_strings(self, ctx):
        """Coding Ninjas: "The grader passes only those two forms", so a list holding an item that is not one
        character, which either reading may take, is never passed."""
        from grader.checks.part6_judges import ninja_calls, ninja_sample_calls
        from grader.checks.programs import BAD_CALLS
        calls = ninja_sample_calls(ctx) + ninja_calls(ctx) + BAD_CALLS["ninja"][1]
        assert any(isinstance(row, list) for [board] in calls for row in board)
        for [board] in calls:
            assert len(board) == 3
            for row in board:
                assert type(row) is str or (type(row) is list and all(type(c) is str and len(c) == 1 for c in row)), \
                    board
        assert "The grader passes only those two forms" in handout_flat()

    def test_either_reading_of_what_the_grader_never_sends_gets_the_same_output(self, ctx, monkeypatch):
        from xo.judge import answer
        texts = every_program_input(ctx)
        reference = [reference_answer(module, text) for module, text in texts]
        self.strict_reading(monkeypatch)
        assert [answer(module, text) for module, text in texts] == reference
        # ...and the strict reading is a reading of its own: it refuses, cleanly, what the reference reads.
        for module, text in [("codequest", "1\r\n***\r\n***\r\n***\r\n"), ("ninja", "___\n___\n___\n\n"),
                             ("codequest", " 1\n***\n***\n***\n"), ("codequest", "01\n***\n***\n***\n"),
                             ("codingame", "X\n...  \n...\n...\n"), ("codequest", "0\n"),
                             ("ninja", "XOX\nOOX\n___")]:
            status, out, err = answer(module, text)
            assert status == 2 and out == "" and err.count("\n") == 1, (module, text, err)
        assert "line" not in self.not_utf8()[2]
        monkeypatch.undo()
        for module, text in [("codequest", "1\r\n***\r\n***\r\n***\r\n"), ("ninja", "___\n___\n___\n\n"),
                             ("codequest", " 1\n***\n***\n***\n"), ("codequest", "1 \n***\n***\n***\n"),
                             ("codequest", "01\n***\n***\n***\n"), ("ninja", "XOX\nOOX\n___")]:
            assert answer(module, text)[0] == 0, (module, text)
        assert answer("codequest", "+1\n***\n***\n***\n")[0] == 2
        assert answer("codequest", "0\n") == (0, "", "")
        assert "line 3" in self.not_utf8()[2]

    @staticmethod
    def not_utf8():
        """Code Quest's answer to input whose line 3 holds a byte that is not UTF-8: (status, stdout, stderr)."""
        import io
        out, err = io.StringIO(), io.StringIO()
        return codequest.main(io.BytesIO(b"1\n***\n*\xff*\n***\n"), out, err), out.getvalue(), err.getvalue()

    def test_either_reading_passes_the_bad_input_checks(self, monkeypatch):
        from grader.checks.programs import BAD, bad_input_check
        from xo.judge import answer
        for reading in ("reference", "strict"):
            if reading == "strict":
                self.strict_reading(monkeypatch)
            for module in BAD:
                runs = [as_run(answer(module, text)) for text, _, _ in BAD[module]]
                bad_input_check(module, runs, refused_calls(module))

    # -- Coding Ninjas: ties on the ±1 score

    @staticmethod
    def depth_aware_ninja(state, values):
        """The reading the handout forbids: ties on the depth-aware value, then the minimum row and column."""
        best = max(c for c in range(9) if values[c] is not None and values[c] == max(v for v in values if v is not None)
                   and all(values[d] != values[c] for d in range(c)))
        score = (values[best] > 0) - (values[best] < 0)
        return [score, best // 3 + 1, best % 3 + 1]

    def test_ninja_ties_on_the_plus_minus_one_score_pass_and_on_the_depth_aware_value_fail(self, ctx):
        from grader.checks.framework import Fail
        from grader.checks.part6 import every_valued
        from grader.checks.part6_judges import NINJA_TIES, ninja_calls, ninja_positions
        from grader.checks.programs import judge_calls
        assert " ".join(NINJA_TIES.split()) in handout_flat()
        assert ninja.findTheWinner(["XOX", "OX_", "_O_"]) == [1, 2, 3]          # the handout's example
        positions, calls = ninja_positions(ctx), ninja_calls(ctx)
        wants = [p["ninja"] for p in positions]
        judge_calls("ninja.findTheWinner", positions, [{"value": encoded(w)} for w in wants], calls, wants)
        values = {tuple(p["state"]): p["values"] for p in every_valued(ctx) if p["first"] == OX}
        depth = [self.depth_aware_ninja(p["state"], values[tuple(p["state"])]) for p in positions]
        differ = sum(d != w for d, w in zip(depth, wants))
        assert differ > 0
        with pytest.raises(Fail) as failed:
            judge_calls("ninja.findTheWinner", positions, [{"value": encoded(d)} for d in depth], calls, wants)
        assert f"({differ:,} of the {len(positions):,} boards" in failed.value.message
        assert NINJA_TIES in cited(failed.value, "ninja_everywhere")

    # -- CodinGame: a board already won or full that is also bad input

    @pytest.mark.parametrize("text", ["X\nXXX\nOO.\n...\n", "O\nXOX\nXOX\nOOX\n"],
                             ids=["won-out-of-turn", "full-player-to-move-has-a-line"])
    def test_codingame_won_or_full_board_that_is_bad_input_written_back_or_refused(self, text):
        from grader.checks.framework import Fail
        from grader.checks.programs import BAD, EITHER, TWO_RULES, bad_input_check
        assert " ".join(TWO_RULES.split()) in handout_flat()
        assert ("codingame", text) in EITHER
        board = text.split("\n", 1)[1]
        assert f"`{text[0]}` with " + ", ".join(f"`{row}`" for row in board.split()) in handout_flat()
        refused = [as_run(reference_answer("codingame", t)) for t, _, _ in BAD["codingame"]]
        assert refused[[t for t, _, _ in BAD["codingame"]].index(text)].status == 2     # the reference refuses it
        unchanged = [as_run((0, board, "")) if t == text else r for (t, _, _), r in zip(BAD["codingame"], refused)]
        for runs in (refused, unchanged):
            bad_input_check("codingame", runs, refused_calls("codingame"))
        moved = [as_run((0, "." + board[1:], "")) if t == text else r                # written back, not unchanged
                 for (t, _, _), r in zip(BAD["codingame"], refused)]
        with pytest.raises(Fail) as failed:
            bad_input_check("codingame", moved, refused_calls("codingame"))
        assert TWO_RULES in cited(failed.value, "codingame_bad_input")

    # -- which line an error names

    @staticmethod
    def with_error(module, text, said):
        """The grader's bad inputs of ``module`` as the reference answers them, but ``text`` answered by ``said``."""
        from grader.checks.programs import BAD
        from xo.judge import answer
        return [as_run((2, "", said + "\n")) if t == text else as_run(reference_answer(module, t))
                for t, _, _ in BAD[module]]

    @pytest.mark.parametrize("module, text, allowed, forbidden, which", [
        ("codequest", "1\nX**\n***\n***\n", ["lines 2-4: not X's turn", "line 3: not X's turn", "not X's turn"],
         ["line 1: not X's turn", "line 5: not X's turn"], "board"),
        ("ninja", "OOO\nXX_\nX__\n", ["lines 1-3: the game is over", "line 2: over", "the game is over"],
         ["line 4: the game is over"], "board"),
        ("codingame", "O\n...\n...\n...\n", ["line 1 'O': not O's turn", "lines 2-4: not O's turn", "not O's turn"],
         ["line 5: not O's turn"], "board"),
        ("codequest", "2\n00X\nX*0\n**X\n", ["line 5: the input ends", "line 4: the input ends early"],
         ["the input ends", "line 1: the input ends"], "ends"),
        ("ninja", "XOX\nOOX\n", ["line 3: the input ends", "line 2: the input ends"], ["the input ends"], "ends"),
    ])
    def test_which_line_an_error_names(self, module, text, allowed, forbidden, which):
        from grader.checks.framework import Fail
        from grader.checks.programs import WHICH_LINE, bad_input_check
        assert " ".join(WHICH_LINE[which].split()) in handout_flat()
        for said in allowed:
            bad_input_check(module, self.with_error(module, text, f"python -m xo.{module}: {said}"),
                            refused_calls(module))
        for said in forbidden:
            with pytest.raises(Fail) as failed:
                bad_input_check(module, self.with_error(module, text, f"python -m xo.{module}: {said}"),
                                refused_calls(module))
            assert WHICH_LINE[which] in cited(failed.value, f"{module}_bad_input"), said
