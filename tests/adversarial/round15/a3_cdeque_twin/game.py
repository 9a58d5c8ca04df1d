from .board import O, X, BoardXO
from .deque import Deque

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class IllegalMoveError(ValueError):
    pass


def _winner(state):
    for a, b, c in LINES:
        v = state[a]
        if v != 0 and v == state[b] and v == state[c]:
            return v
    return 0


def _over(bd):
    return _winner(bd.state) != 0 or bd.numMoves >= 9 or 0 not in bd.state


def _next_player(bd):
    if bd.numMoves == 0:
        return X
    return -bd.turn[bd.numMoves - 1]


def _copy(bd):
    c = BoardXO()
    c.state = bd.state[:]
    c.moves = bd.moves[:]
    c.turn = bd.turn[:]
    c.numMoves = bd.numMoves
    return c


def _child(bd, player, cell):
    c = _copy(bd)
    c.state[cell] = player
    c.moves[c.numMoves] = cell
    c.turn[c.numMoves] = player
    c.numMoves += 1
    return c


def _check(bd, play, pos):
    if type(play) is bool or play not in (-1, 1):
        raise IllegalMoveError("bad player")
    if type(pos) is not int or not 0 <= pos <= 8:
        raise IllegalMoveError("bad cell")
    if bd.state[pos] != 0:
        raise IllegalMoveError("cell taken")
    if _over(bd):
        raise IllegalMoveError("game over")
    if bd.numMoves > 0 and bd.turn[bd.numMoves - 1] == play:
        raise IllegalMoveError("same player twice")


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(str(self.b))

    def makeMove(self, play, pos):
        _check(self.b, play, pos)
        b = self.b
        p = int(play)
        b.state[pos] = p
        b.moves[b.numMoves] = pos
        b.turn[b.numMoves] = p
        b.numMoves += 1

    def makeMoves(self, play, pos, n):
        t = _copy(self.b)
        for i in range(n):
            _check(t, play[i], pos[i])
            p = int(play[i])
            t.state[pos[i]] = p
            t.moves[t.numMoves] = pos[i]
            t.turn[t.numMoves] = p
            t.numMoves += 1
        self.b = t

    def _scores(self):
        root = _copy(self.b)
        me = _next_player(root)
        n0 = root.numMoves
        s = [1] * 9
        q = Deque()
        q.pushBack(root)
        first = True
        while not q.isEmpty():
            c = q.popFront()
            if first or not _over(c):
                first = False
                p = _next_player(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        q.pushBack(_child(c, p, cell))
            else:
                m = c.numMoves
                w = _winner(c.state)
                k = c.moves[n0]
                if w == me:
                    new = 10 - m
                    if s[k] > 0 and new > s[k]:
                        s[k] = new
                elif w == -me:
                    new = m - 10
                    if new < s[k]:
                        s[k] = new
                else:
                    if 0 < s[k]:
                        s[k] = 0
        return s

    def makeOptimalMove(self):
        if _over(self.b):
            return None
        s = self._scores()
        best = None
        for cell in range(9):
            if self.b.state[cell] == 0 and (best is None or s[cell] > s[best]):
                best = cell
        self.makeMove(_next_player(self.b), best)
        return best

    def makeMinimaxMove(self):
        raise NotImplementedError

    def minimaxValues(self):
        raise NotImplementedError

    def getBoard(self):
        return _copy(self.b)

    def gameOver(self):
        return _over(self.b)

    def winner(self):
        return _winner(self.b.state)
