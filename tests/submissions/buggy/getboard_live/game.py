# Project 5 - game.py
from .board import BoardXO, X, O
from .deque import Deque

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def who_won(st):
    for a, b, c in LINES:
        if st[a] and st[a] == st[b] and st[b] == st[c]:
            return st[a]
    return 0


def ended(st):
    return who_won(st) != 0 or 0 not in st


def make_copy(bd):
    nb = BoardXO()
    nb.state = bd.state[:]
    nb.moves = bd.moves[:]
    nb.turn = bd.turn[:]
    nb.numMoves = bd.numMoves
    return nb


def do_move(bd, play, pos):
    k = bd.numMoves
    bd.state[pos] = play
    bd.moves[k] = pos
    bd.turn[k] = play
    bd.numMoves = k + 1


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
            raise ValueError("bad position")
        if ended(self.b.state):
            raise ValueError("game over")
        if self.b.state[pos] != 0:
            raise ValueError("position taken")
        if self.b.numMoves and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("not this player's turn")
        do_move(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad n")
        trial = XO()
        trial.b = make_copy(self.b)
        for k in range(n):
            trial.makeMove(play[k], pos[k])
        self.b = trial.b

    def makeOptimalMove(self):
        if ended(self.b.state):
            return None
        n0 = self.b.numMoves
        me = X if n0 == 0 else -self.b.turn[n0 - 1]
        sc = [None] * 9
        for i in range(9):
            if self.b.state[i] == 0:
                sc[i] = 1

        q = Deque()
        q.pushBack(make_copy(self.b))
        root = True
        while not q.isEmpty():
            c = q.popFront()
            if root or not ended(c.state):
                root = False
                p = X if c.numMoves == 0 else -c.turn[c.numMoves - 1]
                for i in range(9):
                    if c.state[i] == 0:
                        kid = make_copy(c)
                        do_move(kid, p, i)
                        q.pushBack(kid)
            else:
                i = c.moves[n0]
                m = c.numMoves
                w = who_won(c.state)
                if w == me:
                    if sc[i] > 0 and 10 - m > sc[i]:
                        sc[i] = 10 - m
                elif w == -me:
                    if m - 10 < sc[i]:
                        sc[i] = m - 10
                elif sc[i] > 0:
                    sc[i] = 0

        best = None
        for i in range(9):
            if sc[i] is not None and (best is None or sc[i] > sc[best]):
                best = i
        do_move(self.b, me, best)
        return best

    def getBoard(self):
        return self.b

    def gameOver(self):
        return ended(self.b.state)

    def winner(self):
        return who_won(self.b.state)
