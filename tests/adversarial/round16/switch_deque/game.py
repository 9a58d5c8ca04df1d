from .board import O, X, BoardXO, LINES
from .deque import Deque


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


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(str(self.b))

    def _check(self, bd, play, pos):
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

    def _apply(self, bd, play, pos):
        self._check(bd, play, pos)
        play = int(play)
        bd.state[pos] = play
        bd.moves[bd.numMoves] = pos
        bd.turn[bd.numMoves] = play
        bd.numMoves += 1

    def makeMove(self, play, pos):
        self._apply(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        bd = _copy(self.b)
        for i in range(n):
            self._apply(bd, play[i], pos[i])
        self.b = bd

    def makeOptimalMove(self):
        root = _copy(self.b)
        if _over(root):
            return None
        me = _next_player(root)
        n0 = root.numMoves
        s = [1] * 9
        q = Deque()
        q.pushBack(root)
        while not q.isEmpty():
            c = q.popFront()
            w = _winner(c.state)
            if c is root or not (w != 0 or c.numMoves >= 9):
                p = _next_player(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        ch = _copy(c)
                        ch.state[cell] = p
                        ch.moves[ch.numMoves] = cell
                        ch.turn[ch.numMoves] = p
                        ch.numMoves += 1
                        q.pushBack(ch)
            else:
                m = c.moves[n0]
                total = c.numMoves
                if w == me:
                    new = 10 - total
                    if s[m] > 0 and new > s[m]:
                        s[m] = new
                elif w == -me:
                    new = total - 10
                    if new < s[m]:
                        s[m] = new
                else:
                    if 0 < s[m]:
                        s[m] = 0
        best = None
        for cell in range(9):
            if root.state[cell] == 0 and (best is None or s[cell] > s[best]):
                best = cell
        self.makeMove(me, best)
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
