"""Parts II-V: the XO class.

The search puts new boards in at the FRONT of the deque and takes them out
at the BACK. That's still first-in first-out, so it's still BFS.
"""

from .board import BoardXO, X, O
from .deque import Deque

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    # ---- helpers ----
    @staticmethod
    def _winner(state):
        for a, b, c in LINES:
            if state[a] and state[a] == state[b] == state[c]:
                return state[a]
        return 0

    @staticmethod
    def _copy(board):
        c = BoardXO()
        c.state = board.state[:]
        c.moves = board.moves[:]
        c.turn = board.turn[:]
        c.numMoves = board.numMoves
        return c

    @staticmethod
    def _next(board):
        if board.numMoves == 0:
            return X
        return -board.turn[board.numMoves - 1]

    @classmethod
    def _done(cls, board):
        return cls._winner(board.state) != 0 or board.state.count(0) == 0

    # ---- the API ----
    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        if isinstance(play, bool) or not isinstance(play, int) or abs(play) != 1:
            raise ValueError("invalid player")
        if isinstance(pos, bool) or not isinstance(pos, int) or pos < 0 or pos > 8:
            raise ValueError("invalid position")
        if self._done(self.b):
            raise ValueError("game is over")
        if self.b.state[pos] != 0:
            raise ValueError("position taken")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("not your turn")
        n = self.b.numMoves
        self.b.state[pos] = play
        self.b.moves[n] = pos
        self.b.turn[n] = play
        self.b.numMoves = n + 1

    def makeMoves(self, play, pos, n):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("invalid n")
        backup = self._copy(self.b)
        try:
            for k in range(n):
                self.makeMove(play[k], pos[k])
        except ValueError:
            self.b = backup
            raise

    def makeOptimalMove(self):
        if self._done(self.b):
            return None
        player = self._next(self.b)
        n0 = self.b.numMoves
        s = [None] * 9
        for i in range(9):
            if self.b.state[i] == 0:
                s[i] = 1

        q = Deque()
        q.pushFront(self._copy(self.b))
        root = True
        while len(q) > 0:
            c = q.popBack()
            if root or not self._done(c):
                root = False
                p = self._next(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        child = self._copy(c)
                        child.state[cell] = p
                        child.moves[child.numMoves] = cell
                        child.turn[child.numMoves] = p
                        child.numMoves += 1
                        q.pushFront(child)
            else:
                i = c.moves[n0]
                m = c.numMoves
                w = self._winner(c.state)
                if w == player:
                    new = 10 - m
                    if s[i] > 0 and new > s[i]:
                        s[i] = new
                elif w == -player:
                    new = m - 10
                    if new < s[i]:
                        s[i] = new
                elif 0 < s[i]:
                    s[i] = 0

        best = None
        for i in range(9):
            if s[i] is not None and (best is None or s[i] > s[best]):
                best = i
        self.makeMove(player, best)
        return best

    def getBoard(self):
        return self._copy(self.b)

    def gameOver(self):
        return self._done(self.b)

    def winner(self):
        return self._winner(self.b.state)
