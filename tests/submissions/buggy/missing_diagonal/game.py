# Part II - V
from .board import BoardXO, X, O
from .deque import Deque


def getWinner(s):
    # rows
    for r in range(3):
        if s[3 * r] != 0 and s[3 * r] == s[3 * r + 1] == s[3 * r + 2]:
            return s[3 * r]
    # columns
    for c in range(3):
        if s[c] != 0 and s[c] == s[c + 3] == s[c + 6]:
            return s[c]
    # diagonal
    if s[0] != 0 and s[0] == s[4] == s[8]:
        return s[0]
    return 0


def isFull(s):
    return 0 not in s


def duplicate(b):
    d = BoardXO()
    d.state = list(b.state)
    d.moves = list(b.moves)
    d.turn = list(b.turn)
    d.numMoves = b.numMoves
    return d


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        if isinstance(play, bool) or not isinstance(play, int) or play not in (-1, 1):
            raise ValueError("player must be -1 or 1")
        if isinstance(pos, bool) or not isinstance(pos, int) or pos < 0 or pos > 8:
            raise ValueError("position must be 0..8")
        if self.gameOver():
            raise ValueError("the game is over")
        if self.b.state[pos] != 0:
            raise ValueError("position not empty")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("players must take turns")
        k = self.b.numMoves
        self.b.state[pos] = play
        self.b.moves[k] = pos
        self.b.turn[k] = play
        self.b.numMoves += 1

    def makeMoves(self, play, pos, n):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("invalid n")
        before = duplicate(self.b)
        try:
            for k in range(n):
                self.makeMove(play[k], pos[k])
        except ValueError:
            self.b = before
            raise

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        n0 = self.b.numMoves
        me = X if n0 == 0 else -self.b.turn[n0 - 1]
        scores = [None] * 9
        for i in range(9):
            if self.b.state[i] == 0:
                scores[i] = 1

        q = Deque()
        q.pushBack(duplicate(self.b))
        first = True
        while not q.isEmpty():
            c = q.popFront()
            w = getWinner(c.state)
            if first or (w == 0 and not isFull(c.state)):
                first = False
                p = X if c.numMoves == 0 else -c.turn[c.numMoves - 1]
                for i in range(9):
                    if c.state[i] == 0:
                        d = duplicate(c)
                        d.state[i] = p
                        d.moves[d.numMoves] = i
                        d.turn[d.numMoves] = p
                        d.numMoves += 1
                        q.pushBack(d)
            else:
                i = c.moves[n0]
                m = c.numMoves
                if w == me:
                    if scores[i] > 0 and 10 - m > scores[i]:
                        scores[i] = 10 - m
                elif w == -me:
                    if m - 10 < scores[i]:
                        scores[i] = m - 10
                else:
                    if scores[i] > 0:
                        scores[i] = 0

        best = None
        for i in range(9):
            if scores[i] is not None and (best is None or scores[i] > scores[best]):
                best = i
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return duplicate(self.b)

    def gameOver(self):
        return getWinner(self.b.state) != 0 or isFull(self.b.state)

    def winner(self):
        return getWinner(self.b.state)
