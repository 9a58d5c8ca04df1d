"""Parts II-VI: the XO game and its breadth-first searches."""

from .board import O, X, BoardXO
from .deque import Deque

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class IllegalMoveError(ValueError):
    """Raised for a move the rules forbid."""


def _winner(state):
    for a, b, c in _LINES:
        v = state[a]
        if v != 0 and v == state[b] and v == state[c]:
            return v
    return 0


def _over(board):
    return board.numMoves >= 9 or _winner(board.state) != 0 or 0 not in board.state


def _to_move(board):
    if board.numMoves == 0:
        return X
    return -board.turn[board.numMoves - 1]


def _child(board, cell, player):
    kid = BoardXO()
    kid.state = board.state[:]
    kid.moves = board.moves[:]
    kid.turn = board.turn[:]
    n = board.numMoves
    kid.state[cell] = player
    kid.moves[n] = cell
    kid.turn[n] = player
    kid.numMoves = n + 1
    return kid


def _copy(board):
    c = BoardXO()
    c.state = list(board.state)
    c.moves = list(board.moves)
    c.turn = list(board.turn)
    c.numMoves = board.numMoves
    return c


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None or pos is not None or n is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    # -- rules --------------------------------------------------------------
    @staticmethod
    def _check(board, play, pos):
        if type(play) is not int or play not in (X, O):          # True and 1.0 refused
            raise IllegalMoveError(f"{play!r} is not a player (-1 or 1)")
        if type(pos) is not int or not 0 <= pos <= 8:
            raise IllegalMoveError(f"{pos!r} is not a cell from 0 to 8")
        if _over(board):
            raise IllegalMoveError("the game is over")
        if board.state[pos] != 0:
            raise IllegalMoveError(f"cell {pos} is taken")
        if board.numMoves > 0 and board.turn[board.numMoves - 1] == play:
            raise IllegalMoveError("the same player cannot move twice in a row")

    @staticmethod
    def _apply(board, play, pos):
        n = board.numMoves
        board.state[pos] = play
        board.moves[n] = pos
        board.turn[n] = play
        board.numMoves = n + 1

    def makeMove(self, play, pos):
        self._check(self.b, play, pos)
        self._apply(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0:
            raise IllegalMoveError(f"{n!r} is not a number of moves")
        try:
            if n > len(play) or n > len(pos):
                raise IllegalMoveError("fewer moves given than n")
        except TypeError:
            raise IllegalMoveError("play and pos must be lists") from None
        trial = _copy(self.b)
        for k in range(n):
            self._check(trial, play[k], pos[k])
            self._apply(trial, play[k], pos[k])
        self.b = trial

    def getBoard(self):
        return _copy(self.b)

    def gameOver(self):
        return _over(self.b)

    def winner(self):
        return _winner(self.b.state)

    # -- Parts III-V ----------------------------------------------------------
    def makeOptimalMove(self):
        if _over(self.b):
            return None
        root = _copy(self.b)
        me = _to_move(root)
        n0 = root.numMoves
        scores = [1] * 9
        q = Deque()
        q.pushBack(root)
        while not q.isEmpty():
            c = q.popFront()
            w = _winner(c.state)
            if c is root or (w == 0 and c.numMoves < 9):
                nxt = _to_move(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        q.pushBack(_child(c, cell, nxt))
            else:
                first = c.moves[n0]
                m = c.numMoves
                if w == me:
                    new = 10 - m
                    if scores[first] > 0 and new > scores[first]:
                        scores[first] = new
                elif w == -me:
                    new = m - 10
                    if new < scores[first]:
                        scores[first] = new
                elif 0 < scores[first]:
                    scores[first] = 0
        best = None
        for cell in range(9):
            if root.state[cell] == 0 and (best is None or scores[cell] > scores[best]):
                best = cell
        self.makeMove(me, best)
        return best

    # -- Part VI --------------------------------------------------------------
    def minimaxValues(self):
        if _over(self.b):
            return [None] * 9
        root = _copy(self.b)
        me = _to_move(root)
        parent, value, mover = [], [], []
        q = Deque()
        q.pushBack((root, -1))
        while not q.isEmpty():
            c, p = q.popFront()
            k = len(parent)
            parent.append(p)
            w = _winner(c.state)
            m = c.numMoves
            if c is root or (w == 0 and m < 9):
                nxt = _to_move(c)
                value.append(None)
                mover.append(nxt)
                for cell in range(9):
                    if c.state[cell] == 0:
                        q.pushBack((_child(c, cell, nxt), k))
            else:
                mover.append(0)
                value.append(10 - m if w == me else m - 10 if w == -me else 0)
        for k in range(len(parent) - 1, 0, -1):
            p = parent[k]
            v = value[k]
            if value[p] is None or (v > value[p] if mover[p] == me else v < value[p]):
                value[p] = v
        out = [None] * 9
        for k in range(1, len(parent)):
            if parent[k] != 0:
                break
            # the root's children are boards 1, 2, ... in ascending cell order
        cells = [cell for cell in range(9) if root.state[cell] == 0]
        for i, cell in enumerate(cells):
            out[cell] = value[i + 1]
        return out

    def makeMinimaxMove(self):
        values = self.minimaxValues()
        best = None
        for cell in range(9):
            if values[cell] is not None and (best is None or values[cell] > values[best]):
                best = cell
        if best is None:
            return None
        self.makeMove(_to_move(self.b), best)
        return best
