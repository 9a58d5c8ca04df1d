"""Part II: The Game"""

from .board import O, X, BoardXO, LINES
from .deque import Deque


class IllegalMoveError(ValueError):
    pass


def _won(state):
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] == state[c]:
            return state[a]
    return 0


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None or pos is not None or n is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(str(self.b))

    @staticmethod
    def _apply(b, play, pos):
        if type(play) is bool or play not in (X, O) or type(play) not in (int, float):
            raise IllegalMoveError("bad player")
        play = int(play)
        if type(pos) is not int or not 0 <= pos <= 8:
            raise IllegalMoveError("bad cell")
        if b.state[pos] != 0:
            raise IllegalMoveError("cell taken")
        if _won(b.state) or b.numMoves >= 9 or 0 not in b.state:
            raise IllegalMoveError("game over")
        if b.numMoves > 0 and b.turn[b.numMoves - 1] == play:
            raise IllegalMoveError("same player twice")
        b.state[pos] = play
        b.moves[b.numMoves] = pos
        b.turn[b.numMoves] = play
        b.numMoves += 1

    def makeMove(self, play, pos):
        c = self.getBoard()
        self._apply(c, play, pos)
        self.b = c

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > 9:
            raise IllegalMoveError("bad n")
        try:
            if len(play) < n or len(pos) < n:
                raise IllegalMoveError("too few moves")
        except TypeError:
            raise IllegalMoveError("bad lists")
        c = self.getBoard()
        for i in range(n):
            self._apply(c, play[i], pos[i])
        self.b = c

    def _to_move(self, b):
        return X if b.numMoves == 0 else -b.turn[b.numMoves - 1]

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        root = self.getBoard()
        n0 = root.numMoves
        me = self._to_move(root)
        s = [10] * 9
        q = Deque()
        q.pushBack(root)
        while not q.isEmpty():
            c = q.popFront()
            w = _won(c.state)
            if c is root or (not w and c.numMoves < 9):
                nm = c.numMoves
                p = me if (nm - n0) % 2 == 0 else -me
                for k in range(9):
                    if c.state[k] == 0:
                        d = BoardXO()
                        d.state = c.state[:]
                        d.moves = c.moves[:]
                        d.turn = c.turn[:]
                        d.state[k] = p
                        d.moves[nm] = k
                        d.turn[nm] = p
                        d.numMoves = nm + 1
                        q.pushBack(d)
            else:
                m = c.moves[n0]
                t = c.numMoves
                if w == me:
                    pass
                elif w == -me:
                    if -10 < s[m]:
                        s[m] = -10
                else:
                    if 0 < s[m]:
                        s[m] = 0
        best = None
        for k in range(9):
            if root.state[k] == 0 and (best is None or s[k] > s[best]):
                best = k
        self.makeMove(me, best)
        return best

    def makeMinimaxMove(self):
        raise NotImplementedError

    def minimaxValues(self):
        raise NotImplementedError

    def getBoard(self):
        c = BoardXO()
        c.state = self.b.state[:]
        c.moves = self.b.moves[:]
        c.turn = self.b.turn[:]
        c.numMoves = self.b.numMoves
        return c

    def gameOver(self):
        return bool(_won(self.b.state)) or 0 not in self.b.state

    def winner(self):
        return _won(self.b.state)
