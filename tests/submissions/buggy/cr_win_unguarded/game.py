"""The game XO and its breadth-first search."""

from .board import O, X, BoardXO, LINES
from .deque import Deque


class IllegalMoveError(ValueError):
    """A move the rules forbid."""


def _winner_of(state):
    for a, b, c in LINES:
        v = state[a]
        if v != 0 and v == state[b] and v == state[c]:
            return v
    return 0


def _over(board):
    return _winner_of(board.state) != 0 or board.numMoves >= 9 or 0 not in board.state


def _to_move(board):
    if board.numMoves == 0:
        return X
    return -board.turn[board.numMoves - 1]


def _child(board, cell, player):
    c = BoardXO()
    c.state = board.state[:]
    c.moves = board.moves[:]
    c.turn = board.turn[:]
    n = board.numMoves
    c.state[cell] = player
    c.moves[n] = cell
    c.turn[n] = player
    c.numMoves = n + 1
    return c


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def _check(self, board, play, pos):
        if type(play) is bool or play not in (X, O):
            raise IllegalMoveError(f"{play!r} is not a player")
        if type(pos) is not int or not 0 <= pos <= 8:
            raise IllegalMoveError(f"{pos!r} is not a cell")
        if _over(board):
            raise IllegalMoveError("the game is over")
        if board.state[pos] != 0:
            raise IllegalMoveError(f"cell {pos} is taken")
        if board.numMoves > 0 and board.turn[board.numMoves - 1] == play:
            raise IllegalMoveError("the same player cannot move twice in a row")

    def makeMove(self, play, pos):
        self._check(self.b, play, pos)
        self.b = _child(self.b, pos, int(play))

    def makeMoves(self, play, pos, n):
        board = self.b
        for i in range(n):
            self._check(board, play[i], pos[i])
            board = _child(board, pos[i], int(play[i]))
        self.b = board

    def makeOptimalMove(self):
        root = self.getBoard()
        if _over(root):
            return None
        me = _to_move(root)
        n0 = root.numMoves
        scores = [1] * 9

        q = Deque()
        q.pushBack(root)
        while not q.isEmpty():
            c = q.popFront()
            if c is root or not _over(c):
                nxt = _to_move(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        q.pushBack(_child(c, cell, nxt))
            else:
                first = c.moves[n0]
                w = _winner_of(c.state)
                m = c.numMoves
                if w == me:
                    new = 10 - m
                    if new > scores[first]:
                        scores[first] = new
                elif w == -me:
                    new = m - 10
                    if new < scores[first]:
                        scores[first] = new
                else:
                    if 0 < scores[first]:
                        scores[first] = 0

        best = None
        for cell in range(9):
            if root.state[cell] == 0 and (best is None or scores[cell] > scores[best]):
                best = cell
        self.makeMove(me, best)
        return best

    def makeMinimaxMove(self):
        raise NotImplementedError("XO.makeMinimaxMove is yours to write")

    def minimaxValues(self):
        raise NotImplementedError("XO.minimaxValues is yours to write")

    def getBoard(self):
        c = BoardXO()
        c.state = self.b.state[:]
        c.moves = self.b.moves[:]
        c.turn = self.b.turn[:]
        c.numMoves = self.b.numMoves
        return c

    def gameOver(self):
        return _over(self.b)

    def winner(self):
        return _winner_of(self.b.state)
