"""Tools around the reference for the grader, the handout and TAs.

Not part of the student API (students submit ``deque.py``, ``board.py`` and
``game.py`` only): building boards from positions, the depth-aware minimax,
every reachable position, and the size of a move tree.

>>> b = board_from_moves([(X, 0)])
>>> handout_move(b), minimax_move(b)
(1, 4)
"""

from functools import lru_cache

from .board import CELLS, EMPTY, O, X, BoardXO
from .game import PART_IV, PART_V, RULES, _breadth_first_minimax, best_cell, player_to_move, score_moves, winner_of

__all__ = [
    "PART_IV", "PART_V", "RULES", "board_from_moves", "board_from_state", "handout_scores",
    "handout_move", "minimax_scores", "minimax_move", "minimax_backup", "reachable_positions", "tree_size",
    "player_to_move", "winner_of", "is_over",
]


def is_over(state):
    """Return True when ``state`` has three in a row or no empty cell."""
    return winner_of(state) != 0 or EMPTY not in state


def board_from_moves(moves):
    r"""Return the ``BoardXO`` reached by ``moves``, a sequence of ``(player, cell)``.

    No rule is checked: this is how the grader builds positions field by field.

    >>> str(board_from_moves([(X, 4), (O, 0)]))
    'O  \n X \n   '
    """
    board = BoardXO()
    for k, (player, cell) in enumerate(moves):
        board.state[cell] = player
        board.moves[k] = cell
        board.turn[k] = player
    board.numMoves = len(moves)
    return board


def moves_for_state(state, to_move=None):
    """Return a legal move order ``[(player, cell), ...]`` that reaches ``state``.

    ``to_move`` is the player who moves next (for a board that is not over);
    it decides who moved first when both have the same number of markers.
    In a finished game with a winner, the winning line is completed last.

    >>> moves_for_state([1, 0, -1, -1, 0, 0, -1, 1, 1], to_move=X)
    [(-1, 2), (1, 0), (-1, 3), (1, 7), (-1, 6), (1, 8)]
    """
    xs = [c for c in CELLS if state[c] == X]
    os_ = [c for c in CELLS if state[c] == O]
    if abs(len(xs) - len(os_)) > 1:
        raise ValueError(f"no legal game reaches {list(state)!r}")
    if len(xs) > len(os_):
        first = X
    elif len(os_) > len(xs):
        first = O
    else:
        first = to_move if to_move is not None else X
        if winner_of(state):       # the winner moved last, so the other moved first
            first = -winner_of(state)
    cells = {X: xs, O: os_}

    def search(order, used, player):
        if len(order) == len(xs) + len(os_):
            return order
        for cell in cells[player]:
            if cell in used:
                continue
            trial = [EMPTY] * 9
            for who, c in order + [(player, cell)]:
                trial[c] = who
            done = len(order) + 1 == len(xs) + len(os_)
            if winner_of(trial) and not done:
                continue           # a game that ended early cannot go on
            found = search(order + [(player, cell)], used | {cell}, -player)
            if found:
                return found
        return None

    order = search([], frozenset(), first)
    if order is None:
        raise ValueError(f"no legal game reaches {list(state)!r}")
    return order


def board_from_state(state, to_move=None):
    """Return a ``BoardXO`` with ``state`` and a legal history leading to it."""
    return board_from_moves(moves_for_state(state, to_move))


def handout_scores(board, rule=PART_V):
    """Return the handout's scores of every move (``None`` for taken cells)."""
    return score_moves(board, rule)


def handout_move(board, rule=PART_V):
    """Return the cell the handout's rules choose, or ``None`` if the game is over."""
    if is_over(board.state):
        return None
    return best_cell(score_moves(board, rule))


@lru_cache(maxsize=None)
def _negamax(state, mover):
    """Depth-aware value of ``state`` for ``mover``, who is about to move."""
    m = 9 - state.count(EMPTY)
    best = None
    for cell in CELLS:
        if state[cell] == EMPTY:
            value = _move_value(state, mover, cell, m)
            if best is None or value > best:
                best = value
    return best


def _move_value(state, mover, cell, m):
    child = state[:cell] + (mover,) + state[cell + 1:]
    if winner_of(child):
        return 10 - (m + 1)
    if m + 1 == 9:
        return 0
    return -_negamax(child, -mover)


def minimax_scores(board):
    """Return each move's depth-aware minimax score for the player to move.

    A win scores ``10 - m`` and a loss ``m - 10`` (``m`` the number of moves
    when the game ends), a draw 0, with both sides playing their best.

    >>> minimax_scores(board_from_moves([(X, 0)]))
    [None, -3, -3, -3, 0, -3, -3, -3, -3]
    """
    state = tuple(board.state)
    mover = player_to_move(board)
    m = 9 - state.count(EMPTY)
    return [_move_value(state, mover, c, m) if state[c] == EMPTY else None for c in CELLS]


def minimax_backup(board):
    """Return the Part VI search's own bookkeeping: ``(parent, value)``, one entry per board of the move tree.

    Boards are numbered in the order the breadth-first search of
    ``XO.minimaxValues()`` pops them: the root is 0 (its parent -1), and its
    children, 1, 2, ..., are its empty cells in ascending order.
    ``value[k]`` is board k's value once backed up, for the player to move
    there: a leaf's is ``m - 10`` when that player has lost, 0 for a draw; an
    inner board's is the best of its children's, each negated.  The handout's
    Part VI figure is drawn from these lists.

    >>> parent, value = minimax_backup(board_from_moves([(X, 2), (O, 0), (X, 3), (O, 7), (X, 6), (O, 8)]))
    >>> parent
    [-1, 0, 0, 0, 1, 1, 3, 3, 5, 6]
    >>> value
    [3, 2, -3, 2, -2, 1, 1, -2, -1, -1]
    """
    if is_over(board.state):
        raise ValueError("the game is over: there is no move tree to back up")
    record = {}
    _breadth_first_minimax(board, record)
    return record["parent"], record["value"]


def minimax_move(board):
    """Return the minimax-optimal cell (lowest index among ties), or ``None`` if over."""
    if is_over(board.state):
        return None
    return best_cell(minimax_scores(board))


def reachable_positions(first=X):
    """Yield ``(state, to_move)`` for every reachable position not over, once each.

    ``first`` is the player who makes the first move; the empty board (with X
    to move, as the contract says) is yielded only for X-first games.  Order:
    by number of moves, then as found breadth-first.

    >>> sum(1 for _ in reachable_positions(X)), sum(1 for _ in reachable_positions(O))
    (4520, 4519)
    """
    start = (EMPTY,) * 9
    level = {start: first}
    if first == X:
        yield start, X
    for _ in range(9):
        nxt = {}
        for state, mover in level.items():
            for cell in CELLS:
                if state[cell] == EMPTY:
                    child = state[:cell] + (mover,) + state[cell + 1:]
                    if child not in nxt and not is_over(child):
                        nxt[child] = -mover
        for state, mover in nxt.items():
            yield state, mover
        level = nxt


def tree_size(board):
    """Return ``(nodes, leaves)`` of the move tree below ``board``, root included.

    >>> tree_size(BoardXO())
    (549946, 255168)
    """
    def count(state, mover):
        nodes, leaves = 1, 0
        for cell in CELLS:
            if state[cell] == EMPTY:
                state[cell] = mover
                if is_over(state):
                    nodes += 1
                    leaves += 1
                else:
                    n, l = count(state, -mover)
                    nodes += n
                    leaves += l
                state[cell] = EMPTY
        return nodes, leaves

    if is_over(board.state):
        return 1, 1
    return count(list(board.state), player_to_move(board))
