# game.py - XO class
from board import BoardXO, X, O
from deque import Deque

LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]


def checkWin(state):
    for line in LINES:
        a = state[line[0]]
        if a != 0 and a == state[line[1]] and a == state[line[2]]:
            return a
    return 0


def copyB(b):
    c = BoardXO()
    c.state = b.state[:]
    c.moves = b.moves[:]
    c.turn = b.turn[:]
    c.numMoves = b.numMoves
    return c


def place(b, play, pos):
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
        if type(play) is not int or (play != X and play != O):
            raise ValueError("player is -1 or 1")
        if type(pos) is not int or pos < 0 or pos > 8:
            raise ValueError("position is 0-8")
        if self.b.state[pos] != 0:
            raise ValueError("that square is full")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("can't go twice")
        place(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad n")
        t = XO()
        t.b = copyB(self.b)
        for k in range(n):
            t.makeMove(play[k], pos[k])
        self.b = t.b

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        n0 = self.b.numMoves
        if n0 == 0:
            me = X
        else:
            me = -self.b.turn[n0 - 1]
        sc = [None] * 9
        for i in range(9):
            if self.b.state[i] == 0:
                sc[i] = 1

        q = Deque()
        q.pushBack(copyB(self.b))
        root = True
        while not q.isEmpty():
            c = q.popFront()
            w = checkWin(c.state)
            if root or (w == 0 and 0 in c.state):
                root = False
                if c.numMoves == 0:
                    p = X
                else:
                    p = -c.turn[c.numMoves - 1]
                for i in range(9):
                    if c.state[i] == 0:
                        ch = copyB(c)
                        place(ch, p, i)
                        q.pushBack(ch)
            else:
                i = c.moves[n0]
                m = c.numMoves
                if w == me:
                    if sc[i] > 0 and 10 - m > sc[i]:
                        sc[i] = 10 - m
                elif w == -me:
                    if m - 10 < sc[i]:
                        sc[i] = m - 10
                else:
                    if sc[i] > 0:
                        sc[i] = 0

        best = None
        for i in range(9):
            if sc[i] is not None:
                if best is None or sc[i] > sc[best]:
                    best = i
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return copyB(self.b)

    def gameOver(self):
        return checkWin(self.b.state) != 0 or 0 not in self.b.state

    def winner(self):
        return checkWin(self.b.state)
