"""Property tests (hypothesis) of the reference ``XO``: random legal games and
random illegal moves slipped into them.

A game is drawn as a first player and a permutation of the nine cells, played
in turn until someone has three in a row or the board is full.  The win check
here is written independently of the reference.
"""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from xo.board import O, X
from xo.game import XO, IllegalMoveError

SETTINGS = settings(max_examples=200, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
BAD_PLAYERS = [0, 2, -2, True, False, -1.0, 1.0, "X", None]
BAD_CELLS = [-1, 9, 100, True, False, 1.0, "4", None]


def has_line(state):
    return any(state[a] != 0 and state[a] == state[b] == state[c] for a, b, c in LINES)


@st.composite
def games(draw):
    """(play, pos): a whole legal game, stopped as soon as it is over."""
    first = draw(st.sampled_from([X, O]))
    cells = draw(st.permutations(range(9)))
    state = [0] * 9
    play, pos = [], []
    player = first
    for cell in cells:
        state[cell] = player
        play.append(player)
        pos.append(cell)
        if has_line(state):
            break
        player = -player
    return play, pos


def fields(board):
    return (list(board.state), list(board.moves), list(board.turn), board.numMoves)


def expected_fields(play, pos):
    state, moves, turn = [0] * 9, [0] * 9, [0] * 9
    for k, (player, cell) in enumerate(zip(play, pos)):
        state[cell] = player
        moves[k] = cell
        turn[k] = player
    return (state, moves, turn, len(play))


@SETTINGS
@given(games())
def test_three_ways_to_build_every_prefix_agree(game):
    """For each prefix n: XO(play, pos, n), makeMove one at a time and
    XO().makeMoves(play, pos, n) give the same board, the one expected."""
    play, pos = game
    stepwise = XO()
    for n in range(len(play) + 1):
        if n:
            stepwise.makeMove(play[n - 1], pos[n - 1])
        built = XO(play, pos, n).getBoard()
        batch = XO()
        batch.makeMoves(play, pos, n)
        expected = expected_fields(play[:n], pos[:n])
        assert fields(built) == fields(stepwise.getBoard()) == fields(batch.b) == expected


@SETTINGS
@given(games())
def test_game_is_over_exactly_at_its_end(game):
    """Not over before the last move; over after it, with the right winner."""
    play, pos = game
    for n in range(len(play)):
        g = XO(play, pos, n)
        assert g.gameOver() is False and g.winner() == 0
    g = XO(play, pos, len(play))
    assert g.gameOver() is True
    final = expected_fields(play, pos)[0]
    assert g.winner() == (play[-1] if has_line(final) else 0)
    assert has_line(final) or len(play) == 9


@SETTINGS
@given(games(), st.data())
def test_makemoves_split_anywhere_gives_the_same_board(game, data):
    """Making the moves in two batches (at any split) equals making them at once."""
    play, pos = game
    split = data.draw(st.integers(0, len(play)), label="split")
    g = XO(play, pos, split)
    g.makeMoves(play[split:], pos[split:], len(play) - split)
    assert fields(g.b) == expected_fields(play, pos)


@st.composite
def games_with_an_illegal_move(draw):
    """(play, pos, k, kind): a legal game with one illegal move inserted at index k."""
    play, pos = draw(games())
    length = len(play)
    kinds = ["player", "cell", "after-end"] + (["taken", "twice"] if length > 1 else [])
    kind = draw(st.sampled_from(kinds), label="kind")
    if kind == "after-end":
        k = length
    elif kind in ("taken", "twice"):
        k = draw(st.integers(1, length - 1), label="k")
    else:
        k = draw(st.integers(0, length), label="k")
    mover = -play[k - 1] if k else draw(st.sampled_from([X, O]))
    empty = [c for c in range(9) if c not in pos[:k]]
    if kind == "player":
        bad = (draw(st.sampled_from(BAD_PLAYERS)), draw(st.integers(0, 8)))
    elif kind == "cell":
        bad = (mover, draw(st.sampled_from(BAD_CELLS)))
    elif kind == "taken":
        bad = (mover, draw(st.sampled_from(pos[:k])))
    elif kind == "twice":
        bad = (-mover, draw(st.sampled_from(empty)))
    else:   # the game is over: any move at all, even of the right player on an empty cell
        bad = (mover, draw(st.sampled_from(empty)) if empty else draw(st.integers(0, 8)))
    new_play = play[:k] + [bad[0]] + play[k:]
    new_pos = pos[:k] + [bad[1]] + pos[k:]
    return new_play, new_pos, k, kind


@SETTINGS
@given(games_with_an_illegal_move(), st.data())
def test_an_illegal_move_anywhere_makes_makemoves_change_nothing(case, data):
    """Starting from any legal prefix before the bad move, makeMoves of the rest
    raises a ValueError and leaves the board exactly as it was."""
    play, pos, k, kind = case
    start = data.draw(st.integers(0, k), label="start")
    g = XO(play, pos, start)
    before = fields(g.b)
    with pytest.raises(IllegalMoveError) as info:
        g.makeMoves(play[start:], pos[start:], len(play) - start)
    assert isinstance(info.value, ValueError)
    assert fields(g.b) == before
    # ... and the game still accepts the legal moves that were refused with it.
    g.makeMoves(play[start:k], pos[start:k], k - start)
    assert fields(g.b) == expected_fields(play[:k], pos[:k])


@SETTINGS
@given(games_with_an_illegal_move())
def test_constructor_with_an_illegal_move_raises(case):
    play, pos, k, kind = case
    with pytest.raises(ValueError):
        XO(play, pos, len(play))
    # The moves before the bad one are a legal game.
    assert fields(XO(play, pos, k).b) == expected_fields(play[:k], pos[:k])


@SETTINGS
@given(games_with_an_illegal_move())
def test_the_illegal_move_alone_is_refused(case):
    """makeMove of just the inserted move, after the legal moves before it,
    raises and changes nothing."""
    play, pos, k, kind = case
    g = XO(play, pos, k)
    before = fields(g.b)
    with pytest.raises(ValueError):
        g.makeMove(play[k], pos[k])
    assert fields(g.b) == before


@SETTINGS
@given(games(), st.data())
def test_get_board_is_a_copy_at_every_prefix(game, data):
    play, pos = game
    n = data.draw(st.integers(0, len(play)), label="n")
    g = XO(play, pos, n)
    copy = g.getBoard()
    assert fields(copy) == fields(g.b)
    copy.state[data.draw(st.integers(0, 8))] = 5
    copy.moves[data.draw(st.integers(0, 8))] = 5
    copy.turn[data.draw(st.integers(0, 8))] = 5
    copy.numMoves += 1
    assert fields(g.b) == expected_fields(play[:n], pos[:n])
