"""Parts II-V: the game class and its breadth-first move chooser."""

from .board import O, X, BoardXO
from .deque import Deque

_ROWS = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
_COLS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
_DIAGS = ((0, 4, 8), (2, 4, 6))
_TRIPLES = _ROWS + _COLS


class IllegalMoveError(ValueError):
    """A move that breaks the rules of Tic Tac Toe."""


# ---------------------------------------------------------------------------
# helpers on bare boards (used by XO and by the search)

def _three_in_row(state):
    """The player holding a whole line of ``state``, or 0."""
    for a, b, c in _TRIPLES:
        v = state[a]
        if v != 0 and v == state[b] == state[c]:
            return v
    return 0


def _finished(board):
    """True when someone has won or no cell is left."""
    return _three_in_row(board.state) != 0 or board.numMoves >= 9


def _player_to_move(board):
    """Whoever did not make the last move; X on an empty board."""
    if board.numMoves == 0:
        return X
    return -board.turn[board.numMoves - 1]


def _clone(board):
    twin = BoardXO.__new__(BoardXO)
    twin.state = board.state[:]
    twin.moves = board.moves[:]
    twin.turn = board.turn[:]
    twin.numMoves = board.numMoves
    return twin


def _place(board, play, pos):
    """Record the move on ``board`` (no checking)."""
    k = board.numMoves
    board.state[pos] = play
    board.moves[k] = pos
    board.turn[k] = play
    board.numMoves = k + 1


def _check_move(board, play, pos):
    if isinstance(play, bool) or play not in (X, O):
        raise IllegalMoveError(f"{play!r} is not a player (-1 or 1)")
    if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos <= 8:
        raise IllegalMoveError(f"{pos!r} is not a cell from 0 to 8")
    if _finished(board):
        raise IllegalMoveError("the game is already over")
    if board.state[pos] != 0:
        raise IllegalMoveError(f"cell {pos} is already taken")
    if board.numMoves > 0 and board.turn[board.numMoves - 1] == play:
        raise IllegalMoveError("a player cannot move twice in a row")


# ---------------------------------------------------------------------------
# Part V scoring

class _Scorer:
    """Scores of the first moves, by the "win fast, lose slow" rules."""

    def __init__(self, me):
        self.me = me
        self.score = [1] * 9

    def leaf(self, first, who_won, total):
        current = self.score[first]
        if who_won == self.me:
            new = 10 - total
            if current > 0 and new > current:
                self.score[first] = new
        elif who_won == -self.me:
            new = total - 10
            if new < current:
                self.score[first] = new
        else:
            if 0 < current:
                self.score[first] = 0

    def best(self, cells):
        pick = None
        for cell in cells:              # ascending: the lowest wins ties
            if pick is None or self.score[cell] > self.score[pick]:
                pick = cell
        return pick


class XO:
    """A game of Tic Tac Toe; its board is the public attribute ``b``."""

    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        _check_move(self.b, play, pos)
        _place(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        trial = _clone(self.b)
        try:
            for k in range(n):
                _check_move(trial, play[k], pos[k])
                _place(trial, play[k], pos[k])
        except (IndexError, TypeError) as err:
            raise IllegalMoveError(f"cannot make {n!r} moves: {err}") from None
        self.b = trial

    def getBoard(self):
        return _clone(self.b)

    def gameOver(self):
        return _finished(self.b)

    def winner(self):
        return _three_in_row(self.b.state)

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        root = _clone(self.b)
        n0 = root.numMoves
        me = _player_to_move(root)
        scorer = _Scorer(me)

        queue = Deque()
        queue.pushBack(root)
        while not queue.isEmpty():
            c = queue.popFront()
            if c is root or not _finished(c):
                mover = me if c.numMoves == n0 else -c.turn[c.numMoves - 1]
                for cell in range(9):
                    if c.state[cell] == 0:
                        child = _clone(c)
                        _place(child, mover, cell)
                        queue.pushBack(child)
            else:
                scorer.leaf(c.moves[n0], _three_in_row(c.state), c.numMoves)

        empty = [cell for cell in range(9) if root.state[cell] == 0]
        choice = scorer.best(empty)
        _place(self.b, me, choice)
        return choice

    # Part VI (optional; not assigned)
    def makeMinimaxMove(self):
        raise NotImplementedError("XO.makeMinimaxMove is not written")

    def minimaxValues(self):
        raise NotImplementedError("XO.minimaxValues is not written")
