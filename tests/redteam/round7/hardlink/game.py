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


def _over(board):
    return _winner(board.state) != 0 or board.numMoves >= 9 or 0 not in board.state


def _to_move(board):
    return X if board.numMoves == 0 else -board.turn[board.numMoves - 1]


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(str(self.b))

    @staticmethod
    def _apply(b, play, pos):
        if type(play) not in (int, bool) or play not in (-1, 1) or type(play) is bool:
            raise IllegalMoveError("bad player")
        if type(pos) is not int or not 0 <= pos <= 8:
            raise IllegalMoveError("bad cell")
        if b.state[pos] != 0:
            raise IllegalMoveError("cell taken")
        if _winner(b.state) != 0 or b.numMoves >= 9 or 0 not in b.state:
            raise IllegalMoveError("game over")
        if b.numMoves > 0 and b.turn[b.numMoves - 1] == play:
            raise IllegalMoveError("same player twice")
        b.state[pos] = play
        b.moves[b.numMoves] = pos
        b.turn[b.numMoves] = play
        b.numMoves += 1

    def makeMove(self, play, pos):
        self._apply(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        c = self.getBoard()
        for k in range(n):
            self._apply(c, play[k], pos[k])
        self.b = c

    def makeOptimalMove(self):
        root = self.b
        if _over(root):
            return None
        n0 = root.numMoves
        me = _to_move(root)
        s = [1] * 9
        q = Deque()
        r = BoardXO()
        r.state, r.moves, r.turn, r.numMoves = root.state[:], root.moves[:], root.turn[:], root.numMoves
        q.pushBack(r)
        first = True
        while not q.isEmpty():
            c = q.popFront()
            w = _winner(c.state)
            if first or (w == 0 and c.numMoves < 9):
                first = False
                nxt = me if c.numMoves == n0 else -c.turn[c.numMoves - 1]
                for cell in range(9):
                    if c.state[cell] == 0:
                        ch = BoardXO()
                        ch.state = c.state[:]
                        ch.moves = c.moves[:]
                        ch.turn = c.turn[:]
                        ch.state[cell] = nxt
                        ch.moves[c.numMoves] = cell
                        ch.turn[c.numMoves] = nxt
                        ch.numMoves = c.numMoves + 1
                        q.pushBack(ch)
            else:
                m = c.moves[n0]
                t = c.numMoves
                if w == me:
                    new = 10 - t
                    if s[m] > 0 and new > s[m]:
                        s[m] = new
                elif w == -me:
                    new = t - 10
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
        c = BoardXO()
        c.state, c.moves, c.turn, c.numMoves = self.b.state[:], self.b.moves[:], self.b.turn[:], self.b.numMoves
        return c

    def gameOver(self):
        return _over(self.b)

    def winner(self):
        return _winner(self.b.state)
