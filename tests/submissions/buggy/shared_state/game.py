# XO class - parts II to V
from .board import BoardXO, X, O
from .deque import Deque

WINNING = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]


def whoWins(s):
    for line in WINNING:
        if s[line[0]] != 0 and s[line[0]] == s[line[1]] and s[line[0]] == s[line[2]]:
            return s[line[0]]
    return 0


def over(s):
    return whoWins(s) != 0 or 0 not in s


def copyBoard(b):
    return BoardXO(b.state[:], b.moves[:], b.turn[:], b.numMoves)


def mark(b, play, pos):
    b.state[pos] = play
    b.moves[b.numMoves] = pos
    b.turn[b.numMoves] = play
    b.numMoves += 1


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO([0] * 9, [0] * 9, [0] * 9, 0)
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        if type(play) is not int or play not in [X, O]:
            raise ValueError("play must be X or O")
        if type(pos) is not int or pos < 0 or pos > 8:
            raise ValueError("pos must be 0 to 8")
        if over(self.b.state):
            raise ValueError("game over")
        if self.b.state[pos] != 0:
            raise ValueError("spot taken")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("wait your turn")
        mark(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad n")
        tmp = XO()
        tmp.b = copyBoard(self.b)
        for k in range(n):
            tmp.makeMove(play[k], pos[k])
        self.b = tmp.b

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
            if root or not over(c.state):
                root = False
                p = X if c.numMoves == 0 else -c.turn[c.numMoves - 1]
                for i in range(9):
                    if c.state[i] == 0:
                        child = copyBoard(c)
                        mark(child, p, i)
                        q.pushBack(child)
            else:
                i = c.moves[n0]
                m = c.numMoves
                w = whoWins(c.state)
                if w == me:
                    if s[i] > 0 and 10 - m > s[i]:
                        s[i] = 10 - m
                elif w == -me:
                    if m - 10 < s[i]:
                        s[i] = m - 10
                elif s[i] > 0:
                    s[i] = 0

        best = -1
        for i in range(9):
            if s[i] is not None and (best == -1 or s[i] > s[best]):
                best = i
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return copyBoard(self.b)

    def gameOver(self):
        return over(self.b.state)

    def winner(self):
        return whoWins(self.b.state)
