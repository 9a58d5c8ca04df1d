from .board import BoardXO, X, O, EMPTY
from .deque import Deque

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def lineWinner(s):
    for a, b, c in LINES:
        if s[a] != EMPTY and s[a] == s[b] and s[a] == s[c]:
            return s[a]
    return 0


def copyBoard(b):
    n = BoardXO()
    n.state = b.state[:]
    n.moves = b.moves[:]
    n.turn = b.turn[:]
    n.numMoves = b.numMoves
    return n


def putMarker(b, play, pos):
    b.state[pos] = play
    b.moves[b.numMoves] = pos
    b.turn[b.numMoves] = play
    b.numMoves += 1


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        if type(play) is not int or play not in (X, O):
            raise ValueError("player must be -1 or 1")
        if type(pos) is not int or not 0 <= pos <= 8:
            raise ValueError("pos must be 0..8")
        if self.gameOver():
            raise ValueError("game is over")
        if self.b.state[pos] != EMPTY:
            raise ValueError("cell not empty")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("players take turns")
        putMarker(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad n")
        trial = XO()
        trial.b = copyBoard(self.b)
        for k in range(n):
            trial.makeMove(play[k], pos[k])
        self.b = trial.b

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        n0 = self.b.numMoves
        me = X if n0 == 0 else -self.b.turn[n0 - 1]
        score = [None] * 9
        for i in range(9):
            if self.b.state[i] == EMPTY:
                score[i] = 1

        # the deque is used as a stack here (push and pop at the back);
        # the order doesn't matter since every leaf gets looked at anyway
        stack = Deque()
        stack.pushBack(copyBoard(self.b))
        root = True
        while not stack.isEmpty():
            c = stack.popBack()
            w = lineWinner(c.state)
            if root or (w == 0 and EMPTY in c.state):
                root = False
                p = X if c.numMoves == 0 else -c.turn[c.numMoves - 1]
                for i in range(9):
                    if c.state[i] == EMPTY:
                        child = copyBoard(c)
                        putMarker(child, p, i)
                        stack.pushBack(child)
            else:
                i = c.moves[n0]
                m = c.numMoves
                if w == me:
                    if score[i] > 0 and 10 - m > score[i]:
                        score[i] = 10 - m
                elif w == -me:
                    if m - 10 < score[i]:
                        score[i] = m - 10
                elif score[i] > 0:
                    score[i] = 0

        best = None
        for i in range(9):
            if score[i] is not None and (best is None or score[i] > score[best]):
                best = i
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return copyBoard(self.b)

    def gameOver(self):
        return lineWinner(self.b.state) != 0 or EMPTY not in self.b.state

    def winner(self):
        return lineWinner(self.b.state)
