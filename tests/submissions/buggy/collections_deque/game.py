from .board import BoardXO, X, O, NOBODY
from .deque import Deque

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def getWinner(state):
    for i, j, k in LINES:
        if state[i] != NOBODY and state[i] == state[j] and state[j] == state[k]:
            return state[i]
    return NOBODY


def gameIsOver(state):
    return getWinner(state) != NOBODY or NOBODY not in state


def cloneBoard(b):
    c = BoardXO()
    c.state = b.state[:]
    c.moves = b.moves[:]
    c.turn = b.turn[:]
    c.numMoves = b.numMoves
    return c


def playOn(b, play, pos):
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
        if type(pos) is not int or pos < 0 or pos > 8:
            raise ValueError("pos must be 0..8")
        if gameIsOver(self.b.state):
            raise ValueError("game is over")
        if self.b.state[pos] != NOBODY:
            raise ValueError("position taken")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("same player twice")
        playOn(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad n")
        g = XO()
        g.b = cloneBoard(self.b)
        for k in range(n):
            g.makeMove(play[k], pos[k])
        self.b = g.b

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        n0 = self.b.numMoves
        me = X if n0 == 0 else -self.b.turn[n0 - 1]
        scores = [None] * 9
        for i in range(9):
            if self.b.state[i] == NOBODY:
                scores[i] = 1

        q = Deque()
        q.pushBack(cloneBoard(self.b))
        root = True
        while not q.isEmpty():
            c = q.popFront()
            if root or not gameIsOver(c.state):
                root = False
                p = X if c.numMoves == 0 else -c.turn[c.numMoves - 1]
                for i in range(9):
                    if c.state[i] == NOBODY:
                        child = cloneBoard(c)
                        playOn(child, p, i)
                        q.pushBack(child)
            else:
                first = c.moves[n0]
                m = c.numMoves
                w = getWinner(c.state)
                if w == me:
                    if scores[first] > 0 and 10 - m > scores[first]:
                        scores[first] = 10 - m
                elif w == -me:
                    if m - 10 < scores[first]:
                        scores[first] = m - 10
                elif scores[first] > 0:
                    scores[first] = 0

        best = None
        for i in range(9):
            if scores[i] is not None and (best is None or scores[i] > scores[best]):
                best = i
        playOn(self.b, me, best)
        return best

    def getBoard(self):
        return cloneBoard(self.b)

    def gameOver(self):
        return gameIsOver(self.b.state)

    def winner(self):
        return getWinner(self.b.state)
