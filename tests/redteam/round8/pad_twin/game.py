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
        root = self.b
        me = self._toMove()
        memo = {}

        def below(state, nxt):
            # (lowest score of a loss or draw below, highest win score below), Part V rules
            key = (state, nxt)
            if key in memo:
                return memo[key]
            lo, hi = None, None
            for cell in range(9):
                if state[cell] == 0:
                    child = state[:cell] + (nxt,) + state[cell + 1:]
                    w = _winner(child)
                    m = 9 - child.count(0)
                    if w == me:
                        a, b = None, 10 - m
                    elif w == -me:
                        a, b = m - 10, None
                    elif 0 not in child:
                        a, b = 0, None
                    else:
                        a, b = below(child, -nxt)
                    if a is not None and (lo is None or a < lo):
                        lo = a
                    if b is not None and (hi is None or b > hi):
                        hi = b
            memo[key] = (lo, hi)
            return lo, hi

        s = [1] * 9
        st = tuple(root.state)
        for cell in range(9):
            if st[cell] == 0:
                child = st[:cell] + (me,) + st[cell + 1:]
                w = _winner(child)
                m = 9 - child.count(0)
                if w == me:
                    s[cell] = max(1, 10 - m)
                elif 0 not in child:
                    s[cell] = 0
                else:
                    lo, hi = below(child, -me)
                    s[cell] = lo if lo is not None else max(1, hi if hi is not None else 1)
        self._theater(root, me)
        return s

    def _theater(self, root, me):
        pass

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
