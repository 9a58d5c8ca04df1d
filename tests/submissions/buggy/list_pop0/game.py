# game.py
from board import BoardXO, X, O
from deque import Deque


def winnerOf(s):
    for a, b, c in [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]:
        if s[a] != 0 and s[a] == s[b] and s[b] == s[c]:
            return s[a]
    return 0


def overState(s):
    return winnerOf(s) != 0 or 0 not in s


def copyBoard(b):
    c = BoardXO()
    c.state = b.state[:]
    c.moves = b.moves[:]
    c.turn = b.turn[:]
    c.numMoves = b.numMoves
    return c


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        if type(play) is not int or play not in (X, O):
            raise ValueError("bad player")
        if type(pos) is not int or pos < 0 or pos > 8:
            raise ValueError("bad pos")
        if overState(self.b.state):
            raise ValueError("game over")
        if self.b.state[pos] != 0:
            raise ValueError("taken")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("twice in a row")
        k = self.b.numMoves
        self.b.state[pos] = play
        self.b.moves[k] = pos
        self.b.turn[k] = play
        self.b.numMoves = k + 1

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad n")
        old = copyBoard(self.b)
        try:
            for k in range(n):
                self.makeMove(play[k], pos[k])
        except ValueError:
            self.b = old
            raise

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        n0 = self.b.numMoves
        me = X if n0 == 0 else -self.b.turn[n0 - 1]
        s = [None] * 9
        for i in range(9):
            if self.b.state[i] == 0:
                s[i] = 1
        q = Deque()
        q.pushBack(copyBoard(self.b))
        root = True
        while not q.isEmpty():
            c = q.popFront()
            if root or not overState(c.state):
                root = False
                k = c.numMoves
                p = X if k == 0 else -c.turn[k - 1]
                for i in range(9):
                    if c.state[i] == 0:
                        d = copyBoard(c)
                        d.state[i] = p
                        d.moves[k] = i
                        d.turn[k] = p
                        d.numMoves = k + 1
                        q.pushBack(d)
            else:
                i = c.moves[n0]
                m = c.numMoves
                w = winnerOf(c.state)
                if w == me:
                    if s[i] > 0 and 10 - m > s[i]:
                        s[i] = 10 - m
                elif w == -me:
                    if m - 10 < s[i]:
                        s[i] = m - 10
                elif s[i] > 0:
                    s[i] = 0
        best = None
        for i in range(9):
            if s[i] is not None and (best is None or s[i] > s[best]):
                best = i
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return copyBoard(self.b)

    def gameOver(self):
        return overState(self.b.state)

    def winner(self):
        return winnerOf(self.b.state)
