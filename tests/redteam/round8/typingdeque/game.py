from .board import O, X, BoardXO, LINES
from .deque import Deque


class IllegalMoveError(ValueError):
    pass


def _winner(s):
    for a, b, c in LINES:
        if s[a] != 0 and s[a] == s[b] == s[c]:
            return s[a]
    return 0


def _over(s):
    return _winner(s) != 0 or 0 not in s


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def _check(self, b, play, pos):
        if type(play) is not int or play not in (-1, 1):
            raise IllegalMoveError("bad player")
        if type(pos) is not int or not 0 <= pos <= 8:
            raise IllegalMoveError("bad cell")
        if b.state[pos] != 0:
            raise IllegalMoveError("taken")
        if _over(b.state):
            raise IllegalMoveError("over")
        if b.numMoves and b.turn[b.numMoves - 1] == play:
            raise IllegalMoveError("twice")

    @staticmethod
    def _apply(b, play, pos):
        b.state[pos] = play
        b.moves[b.numMoves] = pos
        b.turn[b.numMoves] = play
        b.numMoves += 1

    def makeMove(self, play, pos):
        self._check(self.b, play, pos)
        self._apply(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        t = self.getBoard()
        for k in range(n):
            self._check(t, play[k], pos[k])
            self._apply(t, play[k], pos[k])
        self.b = t

    def _toMove(self):
        b = self.b
        return -b.turn[b.numMoves - 1] if b.numMoves else X

    def scores(self):
        root = self.getBoard()
        me = self._toMove()
        n0 = root.numMoves
        s = [1] * 9
        q = Deque()
        q.pushBack(root)
        while not q.isEmpty():
            c = q.popFront()
            st = c.state
            w = _winner(st)
            if c is root or (w == 0 and 0 in st):
                nxt = -c.turn[c.numMoves - 1] if c.numMoves else X
                if c is root:
                    nxt = me
                for cell in range(9):
                    if st[cell] == 0:
                        k = BoardXO()
                        k.state = st[:]
                        k.moves = c.moves[:]
                        k.turn = c.turn[:]
                        k.state[cell] = nxt
                        k.moves[c.numMoves] = cell
                        k.turn[c.numMoves] = nxt
                        k.numMoves = c.numMoves + 1
                        q.pushBack(k)
            else:
                m = c.numMoves
                first = c.moves[n0]
                if w == me:
                    new = 10 - m
                    if s[first] > 0 and new > s[first]:
                        s[first] = new
                elif w == -me:
                    new = m - 10
                    if new < s[first]:
                        s[first] = new
                elif 0 < s[first]:
                    s[first] = 0
        return s

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        s = self.scores()
        best = None
        for cell in range(9):
            if self.b.state[cell] == 0 and (best is None or s[cell] > s[best]):
                best = cell
        self.makeMove(self._toMove(), best)
        return best

    def makeMinimaxMove(self):
        raise NotImplementedError

    def minimaxValues(self):
        raise NotImplementedError

    def getBoard(self):
        c = BoardXO()
        c.state = self.b.state[:]
        c.moves = self.b.moves[:]
        c.turn = self.b.turn[:]
        c.numMoves = self.b.numMoves
        return c

    def gameOver(self):
        return _over(self.b.state)

    def winner(self):
        return _winner(self.b.state)
