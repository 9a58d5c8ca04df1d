# game.py
from board import BoardXO, X, O
from deque import Deque


def lineWinner(st):
    lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6],
             [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
    for ln in lines:
        if st[ln[0]] != 0 and st[ln[0]] == st[ln[1]] and st[ln[1]] == st[ln[2]]:
            return st[ln[0]]
    return 0


def copyBoard(src):
    dst = BoardXO()
    for i in range(9):
        dst.state[i] = src.state[i]
        dst.moves[i] = src.moves[i]
        dst.turn[i] = src.turn[i]
    dst.numMoves = src.numMoves
    return dst


def gameDone(bd):
    if lineWinner(bd.state) != 0:
        return True
    return 0 not in bd.state


def legal(bd, play, pos):
    """Return an error message, or None if the move is fine."""
    if type(play) is not int or (play != -1 and play != 1):
        return "player must be -1 or 1"
    if type(pos) is not int or pos < 0 or pos > 8:
        return "position must be 0-8"
    if gameDone(bd):
        return "game over"
    if bd.state[pos] != 0:
        return "position taken"
    if bd.numMoves > 0 and bd.turn[bd.numMoves - 1] == play:
        return "same player twice"
    return None


def doMove(bd, play, pos):
    bd.state[pos] = play
    bd.moves[bd.numMoves] = pos
    bd.turn[bd.numMoves] = play
    bd.numMoves = bd.numMoves + 1


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        err = legal(self.b, play, pos)
        if err is not None:
            raise ValueError(err)
        doMove(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("wrong number of moves")
        # check all moves on a scratch board first
        tmp = copyBoard(self.b)
        for k in range(n):
            err = legal(tmp, play[k], pos[k])
            if err is not None:
                raise ValueError("move " + str(k) + ": " + err)
            doMove(tmp, play[k], pos[k])
        self.b = tmp

    def makeOptimalMove(self):
        if gameDone(self.b):
            return None
        n0 = self.b.numMoves
        if n0 == 0:
            me = X
        else:
            me = -self.b.turn[n0 - 1]
        them = -me
        scores = [None, None, None, None, None, None, None, None, None]
        for i in range(9):
            if self.b.state[i] == 0:
                scores[i] = 1

        q = Deque()
        q.pushBack(copyBoard(self.b))
        first = True
        while not q.isEmpty():
            c = q.popFront()
            if first or not gameDone(c):
                first = False
                if c.numMoves == 0:
                    p = X
                else:
                    p = -c.turn[c.numMoves - 1]
                for pos in range(9):
                    if c.state[pos] == 0:
                        nb = copyBoard(c)
                        doMove(nb, p, pos)
                        q.pushBack(nb)
            else:
                i = c.moves[n0]
                m = c.numMoves
                w = lineWinner(c.state)
                if w == me:
                    if scores[i] > 0 and 10 - m > scores[i]:
                        scores[i] = 10 - m
                elif w == them:
                    if m - 10 < scores[i]:
                        scores[i] = m - 10
                else:
                    if 0 < scores[i]:
                        scores[i] = 0

        bestPos = -1
        bestScore = -100
        for i in range(9):
            if scores[i] is not None and scores[i] > bestScore:
                bestScore = scores[i]
                bestPos = i
        doMove(self.b, me, bestPos)
        return bestPos

    def getBoard(self):
        return copyBoard(self.b)

    def gameOver(self):
        return gameDone(self.b)

    def winner(self):
        return lineWinner(self.b.state)
