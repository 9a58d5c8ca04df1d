"""Parts II, IV and V."""

from typing import NamedTuple

from .board import O, X, BoardXO, _WINNING_LINES
from .deque import Deque


class IllegalMoveError(ValueError):
    """A move that the rules of Tic Tac Toe forbid."""


class Item(NamedTuple):
    board: BoardXO
    depth: int


def _three(state):
    for line in _WINNING_LINES:
        total = state[line[0]] + state[line[1]] + state[line[2]]
        if total == 3 * X:
            return X
        if total == 3 * O:
            return O
    return 0


def _clone(b):
    c = BoardXO()
    c.state, c.moves, c.turn, c.numMoves = b.state[:], b.moves[:], b.turn[:], b.numMoves
    return c


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    # -- helpers -------------------------------------------------------
    @staticmethod
    def _mover(b):
        return -b.turn[b.numMoves - 1] if b.numMoves else X

    @staticmethod
    def _finished(b):
        return _three(b.state) != 0 or 0 not in b.state

    @classmethod
    def _legal(cls, b, play, pos):
        if type(pos) is bool or not isinstance(pos, int):
            raise IllegalMoveError(f"not a cell: {pos!r}")
        if not (play in (-1, 1)):
            raise IllegalMoveError(f"not a player: {play!r}")
        if not 0 <= pos < 9:
            raise IllegalMoveError(f"no cell {pos}")
        if cls._finished(b):
            raise IllegalMoveError("game over")
        if b.state[pos]:
            raise IllegalMoveError(f"cell {pos} taken")
        if b.numMoves and b.turn[b.numMoves - 1] == play:
            raise IllegalMoveError("not your turn")

    @staticmethod
    def _put(b, play, pos):
        k = b.numMoves
        b.state[pos] = play
        b.moves[k] = pos
        b.turn[k] = play
        b.numMoves = k + 1

    # -- public API ----------------------------------------------------
    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        self._legal(self.b, play, pos)
        self._put(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        work = _clone(self.b)
        for p, cell in zip(play[:n], pos[:n]):
            self._legal(work, p, cell)
            self._put(work, p, cell)
        if min(len(play), len(pos)) < n:
            raise IllegalMoveError("fewer than n moves given")
        self.b = work

    def makeOptimalMove(self):
        root = self.b
        if self._finished(root):
            return None
        me = self._mover(root)
        n0 = root.numMoves
        score = {cell: 1 for cell in range(9) if root.state[cell] == 0}
        q = Deque()
        q.pushBack(Item(_clone(root), 0))
        while not q.isEmpty():
            c, depth = q.popFront()
            if depth == 0 or not self._finished(c):
                p = self._mover(c)
                for cell in range(9):
                    if not c.state[cell]:
                        child = _clone(c)
                        self._put(child, p, cell)
                        q.pushBack(Item(child, depth + 1))
                continue
            first = c.moves[n0]
            who = _three(c.state)
            total = c.numMoves
            if who == me:
                new = 10 - total
                if score[first] > 0 and new > score[first]:
                    score[first] = new
            elif who == -me:
                new = total - 10
                if new < score[first]:
                    score[first] = new
            elif score[first] > 0:
                score[first] = 0
        best = max(sorted(score), key=lambda cell: score[cell])
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return _clone(self.b)

    def gameOver(self):
        return self._finished(self.b)

    def winner(self):
        return _three(self.b.state)
