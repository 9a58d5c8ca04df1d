from .board import O, X, BoardXO, LINES
from .deque import Deque


class IllegalMoveError(ValueError):
    pass


def _winner(state):
    for a, b, c in LINES:
        v = state[a]
        if v != 0 and v == state[b] == state[c]:
            return v
    return 0


def _over(b):
    return _winner(b.state) != 0 or b.numMoves >= 9 or 0 not in b.state


def _next(b):
    return X if b.numMoves == 0 else -b.turn[b.numMoves - 1]



def _dfs(state, n, me, p, first, s):
    """Recursive (depth-first) Part V scoring of every finished game under the first move ``first``."""
    if first is not None:
        w = _winner(state)
        if w != 0 or 0 not in state:
            if w == me:
                ns = 10 - n
                if s[first] > 0 and ns > s[first]:
                    s[first] = ns
            elif w == -me:
                ns = n - 10
                if ns < s[first]:
                    s[first] = ns
            elif 0 < s[first]:
                s[first] = 0
            return
    for cell in range(9):
        if state[cell] == 0:
            state[cell] = p
            _dfs(state, n + 1, me, -p, cell if first is None else first, s)
            state[cell] = 0


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def _check(self, b, play, pos):
        if type(play) is bool or play not in (-1, 1):
            raise IllegalMoveError("bad player")
        if type(pos) is not int or not 0 <= pos <= 8:
            raise IllegalMoveError("bad cell")
        if b.state[pos] != 0:
            raise IllegalMoveError("cell taken")
        if _over(b):
            raise IllegalMoveError("game over")
        if b.numMoves > 0 and b.turn[b.numMoves - 1] == play:
            raise IllegalMoveError("same player twice")

    @staticmethod
    def _apply(b, play, pos):
        play = int(play)
        b.state[pos] = play
        b.moves[b.numMoves] = pos
        b.turn[b.numMoves] = play
        b.numMoves += 1

    def makeMove(self, play, pos):
        self._check(self.b, play, pos)
        self._apply(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        nb = self.getBoard()
        for i in range(n):
            self._check(nb, play[i], pos[i])
            self._apply(nb, play[i], pos[i])
        self.b = nb

    def _scores(self):
        root = self.getBoard()
        n0 = root.numMoves
        me = _next(root)
        s = [1] * 9
        q = Deque()
        q.pushBack(root)
        first = True
        while not q.isEmpty():
            c = q.popFront()
            if first or not _over(c):
                first = False
                p = _next(c)
                k = c.numMoves
                for cell in range(9):
                    if c.state[cell] == 0:
                        ch = BoardXO()
                        st = c.state[:]
                        st[cell] = p
                        mv = c.moves[:]
                        mv[k] = cell
                        tu = c.turn[:]
                        tu[k] = p
                        ch.state = st
                        ch.moves = mv
                        ch.turn = tu
                        ch.numMoves = k + 1
                        q.pushBack(ch)
            else:
                m0 = c.moves[n0]
                w = _winner(c.state)
                m = c.numMoves
                if w == me:
                    ns = 10 - m
                    if s[m0] > 0 and ns > s[m0]:
                        s[m0] = ns
                elif w == -me:
                    ns = m - 10
                    if ns < s[m0]:
                        s[m0] = ns
                else:
                    if 0 < s[m0]:
                        s[m0] = 0
        return s

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        s = self._dfs_scores()
        best = None
        for cell in range(9):
            if self.b.state[cell] == 0 and (best is None or s[cell] > s[best]):
                best = cell
        self.makeMove(_next(self.b), best)
        return best

    def _dfs_scores(self):
        me = _next(self.b)
        s = [1] * 9
        _dfs(self.b.state[:], self.b.numMoves, me, me, None, s)
        return s

    def makeMinimaxMove(self):
        raise NotImplementedError

    def minimaxValues(self):
        raise NotImplementedError

    def getBoard(self):
        nb = BoardXO()
        nb.state = self.b.state[:]
        nb.moves = self.b.moves[:]
        nb.turn = self.b.turn[:]
        nb.numMoves = self.b.numMoves
        return nb

    def gameOver(self):
        return _over(self.b)

    def winner(self):
        return _winner(self.b.state)
