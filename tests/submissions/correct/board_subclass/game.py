"""Parts II, IV, V, with a little more structure."""

import enum

from .board import O, X, BoardXO
from .deque import Deque


class IllegalMoveError(ValueError):
    pass


class Outcome(enum.Enum):
    ONGOING = "ongoing"
    X_WINS = X
    O_WINS = O
    DRAW = "draw"


_LINES = tuple(
    [(3 * r, 3 * r + 1, 3 * r + 2) for r in range(3)]
    + [(c, c + 3, c + 6) for c in range(3)]
    + [(0, 4, 8), (2, 4, 6)]
)


def outcome(state):
    for a, b, c in _LINES:
        if state[a] and state[a] == state[b] == state[c]:
            return Outcome(state[a])
    if all(state):
        return Outcome.DRAW
    return Outcome.ONGOING


class _Node(BoardXO):
    """A search board: a BoardXO that also knows whether it is the root."""

    __slots__ = ("isRoot",)

    def __init__(self):
        super().__init__()
        self.isRoot = False

    @classmethod
    def of(cls, board, isRoot=False):
        node = cls()
        node.state = board.state[:]
        node.moves = board.moves[:]
        node.turn = board.turn[:]
        node.numMoves = board.numMoves
        node.isRoot = isRoot
        return node

    @property
    def mover(self):
        return X if self.numMoves == 0 else -self.turn[self.numMoves - 1]

    def child(self, cell):
        kid = _Node.of(self)
        p = self.mover
        kid.state[cell] = p
        kid.moves[kid.numMoves] = cell
        kid.turn[kid.numMoves] = p
        kid.numMoves += 1
        return kid


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    @property
    def mover(self):
        """The player to move: the opposite of the last mover; X on an empty board."""
        b = self.b
        return X if b.numMoves == 0 else -b.turn[b.numMoves - 1]

    @property
    def outcome(self):
        return outcome(self.b.state)

    def show(self):
        print(self.b)

    def _problem(self, play, pos):
        if play not in (X, O):
            return f"{play!r} is not a player"
        if type(pos) is not int:
            return f"{pos!r} is not a cell"
        if not 0 <= pos <= 8:
            return f"{pos} is off the board"
        if self.outcome is not Outcome.ONGOING:
            return "the game is over"
        if self.b.state[pos] != 0:
            return f"cell {pos} is taken"
        if self.b.numMoves and play != self.mover:
            return "that player just moved"
        return None

    def makeMove(self, play, pos):
        problem = self._problem(play, pos)
        if problem:
            raise IllegalMoveError(problem)
        b = self.b
        b.state[pos] = play
        b.moves[b.numMoves] = pos
        b.turn[b.numMoves] = play
        b.numMoves += 1

    def makeMoves(self, play, pos, n):
        saved = self.getBoard()
        try:
            for i in range(n):
                self.makeMove(play[i], pos[i])
        except (ValueError, IndexError, TypeError) as e:
            self.b = saved
            raise IllegalMoveError(f"move {i} is illegal: {e}") from e

    def makeOptimalMove(self):
        if self.outcome is not Outcome.ONGOING:
            return None
        me = self.mover
        mine = Outcome(me)
        theirs = Outcome(-me)
        n0 = self.b.numMoves
        scores = [1] * 9
        q = Deque()
        q.pushBack(_Node.of(self.b, isRoot=True))
        while not q.isEmpty():
            c = q.popFront()
            result = outcome(c.state)
            if c.isRoot or result is Outcome.ONGOING:
                for cell in range(9):
                    if c.state[cell] == 0:
                        q.pushBack(c.child(cell))
                continue
            k = c.moves[n0]
            if result is mine:
                new = 10 - c.numMoves
                if scores[k] > 0 and new > scores[k]:
                    scores[k] = new
            elif result is theirs:
                new = c.numMoves - 10
                if new < scores[k]:
                    scores[k] = new
            elif 0 < scores[k]:
                scores[k] = 0
        best = -100
        cell = None
        for k in range(9):
            if self.b.state[k] == 0 and scores[k] > best:
                best, cell = scores[k], k
        self.makeMove(me, cell)
        return cell

    def getBoard(self):
        copy = BoardXO()
        copy.state = self.b.state[:]
        copy.moves = self.b.moves[:]
        copy.turn = self.b.turn[:]
        copy.numMoves = self.b.numMoves
        return copy

    def gameOver(self):
        return self.outcome is not Outcome.ONGOING

    def winner(self):
        o = self.outcome
        return o.value if o in (Outcome.X_WINS, Outcome.O_WINS) else 0
