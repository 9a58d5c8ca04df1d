from .board import BoardXO, X, O, NOBODY
from .deque import Deque


class BadMove(ValueError):
    """Thrown when a move breaks the rules."""


def _lines():
    out = []
    for i in range(3):
        out.append((3 * i, 3 * i + 1, 3 * i + 2))   # row i
        out.append((i, i + 3, i + 6))               # column i
    out.append((0, 4, 8))
    out.append((2, 4, 6))
    return out


LINES = _lines()


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    # --- small helpers ---
    @staticmethod
    def winnerOf(state):
        for a, b, c in LINES:
            if state[a] != NOBODY and state[a] == state[b] == state[c]:
                return state[a]
        return NOBODY

    @staticmethod
    def isDone(state):
        return XO.winnerOf(state) != NOBODY or NOBODY not in state

    @staticmethod
    def clone(board):
        nb = BoardXO()
        nb.state = list(board.state)
        nb.moves = list(board.moves)
        nb.turn = list(board.turn)
        nb.numMoves = board.numMoves
        return nb

    @staticmethod
    def play(board, who, where):
        board.state[where] = who
        board.moves[board.numMoves] = where
        board.turn[board.numMoves] = who
        board.numMoves += 1

    def _check(self, play, pos):
        if isinstance(play, bool) or not isinstance(play, int) or play not in (X, O):
            raise BadMove("player must be X=-1 or O=1, got %r" % (play,))
        if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos < 9:
            raise BadMove("cell must be 0..8, got %r" % (pos,))
        if XO.isDone(self.b.state):
            raise BadMove("the game is over")
        if self.b.state[pos] != NOBODY:
            raise BadMove("cell %d is already used" % pos)
        if self.b.numMoves and self.b.turn[self.b.numMoves - 1] == play:
            raise BadMove("it is not that player's turn")

    def makeMove(self, play, pos):
        self._check(play, pos)
        XO.play(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0 or n > len(play) or n > len(pos):
            raise BadMove("cannot make %r moves" % (n,))
        trial = XO()
        trial.b = XO.clone(self.b)
        for k in range(n):
            trial.makeMove(play[k], pos[k])
        self.b = trial.b

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        n0 = self.b.numMoves
        me = X if n0 == 0 else -self.b.turn[n0 - 1]
        s = {}
        for i in range(9):
            if self.b.state[i] == NOBODY:
                s[i] = 1

        q = Deque()
        q.pushBack(XO.clone(self.b))
        count = 0
        while not q.isEmpty():
            c = q.popFront()
            count += 1
            if count == 1 or not XO.isDone(c.state):
                nxt = X if c.numMoves == 0 else -c.turn[c.numMoves - 1]
                for i in range(9):
                    if c.state[i] == NOBODY:
                        child = XO.clone(c)
                        XO.play(child, nxt, i)
                        q.pushBack(child)
            else:
                first = c.moves[n0]
                m = c.numMoves
                w = XO.winnerOf(c.state)
                if w == me:
                    new = 10 - m
                    if s[first] > 0 and new > s[first]:
                        s[first] = new
                elif w == -me:
                    new = m - 10
                    if new < s[first]:
                        s[first] = new
                elif s[first] > 0:
                    s[first] = 0

        best = None
        for i in sorted(s):
            if best is None or s[i] > s[best]:
                best = i
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return XO.clone(self.b)

    def gameOver(self):
        return XO.isDone(self.b.state)

    def winner(self):
        return XO.winnerOf(self.b.state)
