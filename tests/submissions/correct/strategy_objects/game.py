"""Parts II, IV, V: the scoring rules are a strategy object."""

from .board import O, X, BoardXO
from .deque import Deque


class IllegalMoveError(ValueError):
    pass


class PartIVScoring:
    initial = 10

    def update(self, current, me, won_by, total):
        if won_by == me:
            return current
        if won_by == -me:
            return -10 if -10 < current else current
        return 0 if 0 < current else current


class WinFastLoseSlow(PartIVScoring):
    initial = 1

    def update(self, current, me, won_by, total):
        if won_by == me:
            new = 10 - total
            return new if current > 0 and new > current else current
        if won_by == -me:
            new = total - 10
            return new if new < current else current
        return 0 if 0 < current else current


class XO:
    scoring = WinFastLoseSlow()

    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    @staticmethod
    def _check(board, play, pos):
        if isinstance(play, bool) or play not in (X, O):
            raise IllegalMoveError("play must be -1 or 1")
        if isinstance(pos, bool) or not isinstance(pos, int):
            raise IllegalMoveError("pos must be an int")
        if pos not in range(9):
            raise IllegalMoveError("pos must be in 0..8")
        if board.over():
            raise IllegalMoveError("game over")
        if board.state[pos]:
            raise IllegalMoveError("occupied")
        if board.numMoves and board.turn[board.numMoves - 1] == play:
            raise IllegalMoveError("twice in a row")

    def makeMove(self, play, pos):
        self._check(self.b, play, pos)
        self.b.place(play, pos)

    def makeMoves(self, play, pos, n):
        draft = self.b.copy()
        for p, c in list(zip(play, pos))[:n]:
            self._check(draft, p, c)
            draft.place(p, c)
        if draft.numMoves != self.b.numMoves + n:
            raise IllegalMoveError("not enough moves given")
        self.b = draft

    def makeOptimalMove(self):
        if self.b.over():
            return None
        me = self.b.nextPlayer()
        n0 = self.b.numMoves
        rules = self.scoring
        scores = [rules.initial] * 9
        q = Deque()
        root = self.b.copy()
        q.pushBack(root)
        while not q.isEmpty():
            c = q.popFront()
            if c is root or not c.over():
                for cell in c.empties():
                    q.pushBack(c.child(cell))
            else:
                k = c.moves[n0]
                scores[k] = rules.update(scores[k], me, c.winner(), c.numMoves)
        best = sorted(self.b.empties(), key=lambda cell: (-scores[cell], cell))[0]
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return self.b.copy()

    def gameOver(self):
        return self.b.over()

    def winner(self):
        return self.b.winner()
