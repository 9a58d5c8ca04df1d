"""Tests of ``xo.analysis``, the reference's tools for the grader and TAs:
the depth-aware minimax, the handout-vs-minimax counts quoted in
grader/config.toml, reachable positions, tree sizes, and building boards
(with a legal history) from a bare state.
"""

from functools import lru_cache

import pytest

from xo import analysis
from xo.analysis import (PART_IV, PART_V, board_from_moves, board_from_state, handout_move, handout_scores, is_over,
                         minimax_move, minimax_scores, moves_for_state, player_to_move, reachable_positions,
                         tree_size, winner_of)
from xo.board import BoardXO, O, X
from xo.game import XO, score_moves

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
HANDOUT_MOVES = [(X, 2), (O, 0), (X, 3), (O, 7), (X, 6), (O, 8)]
HANDOUT_STATE = [O, 0, X, X, 0, 0, X, O, O]


def line_owner(state):
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def over(state):
    return line_owner(state) != 0 or 0 not in state


def all_states(first):
    """Every reachable state (over or not) with ``first`` moving first: {state: mover or None}."""
    found = {(0,) * 9: first}
    level = {(0,) * 9: first}
    while level:
        nxt = {}
        for state, mover in level.items():
            for cell in range(9):
                if state[cell] == 0:
                    child = state[:cell] + (mover,) + state[cell + 1:]
                    nxt[child] = None if over(child) else -mover
        found.update(nxt)
        level = {s: m for s, m in nxt.items() if m is not None}
    return found


STATES = {X: all_states(X), O: all_states(O)}


@lru_cache(maxsize=None)
def negamax(state, mover):
    """Depth-aware value for ``mover`` of a position not over, written here:
    a win is 10 - m, a loss m - 10 (m moves when the game ends), a draw 0."""
    return max(move_value(state, mover, cell) for cell in range(9) if state[cell] == 0)


def move_value(state, mover, cell):
    child = state[:cell] + (mover,) + state[cell + 1:]
    m = 9 - child.count(0)
    if line_owner(child):
        return 10 - m
    if m == 9:
        return 0
    return -negamax(child, -mover)


def sign(v):
    return (v > 0) - (v < 0)


class TestBoardFromMoves:
    def test_fields(self):
        b = board_from_moves(HANDOUT_MOVES)
        assert isinstance(b, BoardXO)
        assert b.state == HANDOUT_STATE
        assert b.moves[:6] == [2, 0, 3, 7, 6, 8] and b.turn[:6] == [X, O, X, O, X, O]
        assert b.numMoves == 6

    def test_empty(self):
        b = board_from_moves([])
        assert (b.state, b.numMoves) == ([0] * 9, 0)

    def test_player_to_move(self):
        assert player_to_move(BoardXO()) == X
        assert player_to_move(board_from_moves([(O, 4)])) == X
        assert player_to_move(board_from_moves([(X, 4)])) == O
        assert player_to_move(board_from_moves(HANDOUT_MOVES)) == X
        assert player_to_move(board_from_moves([(O, 4), (X, 0)])) == O


class TestOverAndWinner:
    @pytest.mark.parametrize("line", LINES)
    @pytest.mark.parametrize("player", [X, O])
    def test_each_line(self, line, player):
        state = [0] * 9
        for c in line:
            state[c] = player
        assert winner_of(state) == player and is_over(state)

    def test_full_draw_and_open_boards(self):
        assert is_over([X, O, X, X, O, O, O, X, X]) and winner_of([X, O, X, X, O, O, O, X, X]) == 0
        assert not is_over([0] * 9) and not is_over(HANDOUT_STATE)
        assert winner_of(HANDOUT_STATE) == 0


class TestMinimax:
    def test_empty_board_is_a_draw_everywhere(self):
        assert minimax_scores(BoardXO()) == [0] * 9
        assert minimax_move(BoardXO()) == 0

    def test_after_x_at_0_only_the_centre_draws(self):
        b = board_from_moves([(X, 0)])
        scores = minimax_scores(b)
        assert scores == [None, -3, -3, -3, 0, -3, -3, -3, -3]
        assert [c for c, v in enumerate(scores) if v == 0] == [4]
        assert minimax_move(b) == 4
        assert handout_move(b) == 1        # the handout's rules do not take the centre

    def test_after_o_at_0_in_an_o_first_game(self):
        b = board_from_moves([(O, 0)])
        assert minimax_scores(b) == [None, -3, -3, -3, 0, -3, -3, -3, -3]

    def test_handout_example(self):
        """X wins at once on 4 (m = 7): 10 - 7 = 3; elsewhere O wins next (m = 8): -2."""
        b = board_from_moves(HANDOUT_MOVES)
        assert minimax_scores(b) == [None, -2, None, None, 3, -2, None, None, None]
        assert minimax_move(b) == 4

    def test_finished_games_have_no_move(self):
        won = board_from_moves(HANDOUT_MOVES + [(X, 4)])
        assert minimax_move(won) is None
        assert handout_move(won) is None

    @pytest.mark.parametrize("first", [X, O], ids=["X-first", "O-first"])
    def test_agrees_with_an_independent_negamax_everywhere(self, first):
        checked = 0
        for state, mover in STATES[first].items():
            if mover is None:
                continue
            b = board_from_state(list(state), mover)
            expected = [move_value(state, mover, c) if state[c] == 0 else None for c in range(9)]
            assert minimax_scores(b) == expected, state
            checked += 1
        assert checked == 4520


class TestHandoutScores:
    def test_handout_scores_are_score_moves(self):
        b = board_from_moves(HANDOUT_MOVES)
        assert handout_scores(b) == score_moves(b, PART_V) == [None, -2, None, None, 3, -2, None, None, None]
        assert handout_scores(b, PART_IV) == [None, -10, None, None, 10, -10, None, None, None]

    def test_handout_move_follows_the_rule(self):
        b = board_from_moves([(X, 0), (O, 1)])
        assert handout_move(b, PART_IV) == 2
        assert handout_move(b) == handout_move(b, PART_V) == 4

    def test_public_names(self):
        for name in analysis.__all__:
            assert hasattr(analysis, name), name


@pytest.fixture(scope="module")
def handout_vs_minimax():
    """For each first player: (positions, handout move not minimax-optimal, worse outcome)."""
    result = {}
    for first in (X, O):
        positions = not_optimal = worse = 0
        for state, mover in reachable_positions(first):
            b = board_from_state(list(state), mover)
            values = minimax_scores(b)
            best = max(v for v in values if v is not None)
            chosen = values[handout_move(b)]
            positions += 1
            not_optimal += chosen != best
            worse += sign(chosen) < sign(best)     # a draw thrown away, or a win
        result[first] = (positions, not_optimal, worse)
    return result


class TestHandoutVersusMinimax:
    """The numbers quoted in grader/config.toml: where the Part V rules are not minimax."""

    def test_x_first(self, handout_vs_minimax):
        """4520 positions (the empty board included); on 247 the handout's move is
        not among the minimax-best moves, and on 243 it even has a worse outcome."""
        assert handout_vs_minimax[X] == (4520, 247, 243)

    def test_o_first(self, handout_vs_minimax):
        assert handout_vs_minimax[O] == (4519, 247, 243)

    def test_worse_outcome_example(self):
        """After X@0 the handout's O@1 loses against best play; the centre draws."""
        b = board_from_moves([(X, 0)])
        values = minimax_scores(b)
        assert sign(values[handout_move(b)]) < sign(max(v for v in values if v is not None))


class TestReachablePositions:
    @pytest.mark.parametrize("first, count", [(X, 4520), (O, 4519)])
    def test_every_position_not_over_once(self, first, count):
        listed = list(reachable_positions(first))
        assert len(listed) == count == len({state for state, _ in listed})
        expected = {s: m for s, m in STATES[first].items() if m is not None}
        if first == O:
            del expected[(0,) * 9]         # the empty board is listed for X-first games only
        assert dict(listed) == expected

    def test_ordered_by_number_of_moves(self):
        for first in (X, O):
            counts = [9 - state.count(0) for state, _ in reachable_positions(first)]
            assert counts == sorted(counts)

    def test_empty_board_first_for_x_only(self):
        assert next(iter(reachable_positions(X))) == ((0,) * 9, X)
        assert next(iter(reachable_positions(O)))[0].count(0) == 8


def count_tree(state, mover):
    """(nodes, leaves) below a position, root included, written here."""
    if over(state):
        return 1, 1
    nodes, leaves = 1, 0
    for cell in range(9):
        if state[cell] == 0:
            n, l = count_tree(state[:cell] + (mover,) + state[cell + 1:], -mover)
            nodes += n
            leaves += l
    return nodes, leaves


class TestTreeSize:
    def test_empty_board(self):
        assert tree_size(BoardXO()) == (549946, 255168)

    def test_finished_board_is_one_leaf(self):
        assert tree_size(board_from_moves(HANDOUT_MOVES + [(X, 4)])) == (1, 1)

    @pytest.mark.parametrize("moves", [
        HANDOUT_MOVES, [(X, 4)], [(O, 4), (X, 0)], [(X, 0), (O, 1), (X, 2)],
    ], ids=["handout", "X@4", "O@4-X@0", "three"])
    def test_agrees_with_an_independent_count(self, moves):
        b = board_from_moves(moves)
        assert tree_size(b) == count_tree(tuple(b.state), player_to_move(b))

    def test_handout_tree(self):
        """Counted by hand: the root; X@4 wins at once (1 node, a leaf); X@1 then
        O@4 wins (leaf) or O@5 then X@4 wins (leaf): 4 nodes, 2 leaves; X@5 the
        same with O@1.  1 + 1 + 4 + 4 = 10 nodes, 1 + 2 + 2 = 5 leaves."""
        assert tree_size(board_from_moves(HANDOUT_MOVES)) == count_tree(tuple(HANDOUT_STATE), X) == (10, 5)


class TestBoardFromState:
    """moves_for_state / board_from_state: a legal history that reaches the state,
    the winning line completed by the last move."""

    @pytest.mark.parametrize("first", [X, O], ids=["X-first", "O-first"])
    def test_every_reachable_state(self, first):
        checked = 0
        for state, mover in STATES[first].items():
            markers = 9 - state.count(0)
            if markers == 0:
                continue
            moves = moves_for_state(list(state), to_move=mover)
            assert len(moves) == markers
            play = [p for p, _ in moves]
            pos = [c for _, c in moves]
            g = XO(play, pos, markers)             # raises unless every move is legal
            assert tuple(g.b.state) == state
            if mover is not None:
                assert player_to_move(g.b) == mover
            owner = line_owner(state)
            if owner:
                assert play[-1] == owner
                assert not XO(play, pos, markers - 1).gameOver()   # completed last
            b = board_from_state(list(state), mover)
            assert (b.state, b.moves[:markers], b.turn[:markers], b.numMoves) == (
                list(state), pos, play, markers)
            checked += 1
        assert checked == len(STATES[first]) - 1

    def test_handout_doc_example(self):
        assert moves_for_state(HANDOUT_STATE, to_move=X) == HANDOUT_MOVES

    def test_equal_counts_follow_to_move(self):
        state = [X, O, 0, 0, 0, 0, 0, 0, 0]
        assert moves_for_state(state, to_move=X)[0][0] == X
        assert moves_for_state(state, to_move=O)[0][0] == O
        assert moves_for_state(state)[0][0] == X

    def test_double_line_completed_at_the_shared_cell(self):
        """X's row 0-1-2 and column 0-3-6 share cell 0, so X's last move is 0."""
        state = [X, X, X, X, O, O, X, O, O]
        moves = moves_for_state(state)
        assert moves[-1] == (X, 0)
        XO([p for p, _ in moves], [c for _, c in moves], 9)

    @pytest.mark.parametrize("state", [
        [X, X, 0, 0, 0, 0, 0, 0, 0],            # two more X than O
        [O, O, O, 0, 0, 0, 0, 0, 0],            # three more O than X
        [X, X, X, O, O, O, 0, 0, 0],            # both have a line
        [X, X, X, O, O, O, O, 0, 0],            # X's line, but O moved after it
        [X, X, X, X, 0, 0, 0, O, O],            # X has two more markers
    ])
    def test_unreachable_states_raise(self, state):
        with pytest.raises(ValueError):
            moves_for_state(state)
        with pytest.raises(ValueError):
            board_from_state(state)
