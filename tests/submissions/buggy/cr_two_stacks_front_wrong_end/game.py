"""XO: the game (Part II), its breadth-first search (Parts III-V) and the
level-by-level minimax backup (Part VI)."""

from .board import BoardXO, X, O
from .deque import Deque


class IllegalMoveError(ValueError):
    """A move the rules of Tic Tac Toe forbid."""


# every winning line, as the sets of cells a player needs
WINS = [(a, a + 1, a + 2) for a in (0, 3, 6)] + [(a, a + 3, a + 6) for a in (0, 1, 2)] + [(0, 4, 8), (2, 4, 6)]


def three_in_a_row(state):
    """The player with three in a row on ``state``, else 0."""
    for line in WINS:
        first = state[line[0]]
        if first and all(state[c] == first for c in line):
            return first
    return 0


def player_to_move(b):
    return -b.turn[b.numMoves - 1] if b.numMoves else X


def finished(b):
    return bool(three_in_a_row(b.state)) or all(b.state)


def extend(b, cell, who):
    """A new board: ``b`` plus ``who`` on ``cell``, recorded as makeMove records it."""
    nb = BoardXO()
    nb.state, nb.moves, nb.turn = b.state[:], b.moves[:], b.turn[:]
    nb.state[cell] = who
    nb.moves[b.numMoves] = cell
    nb.turn[b.numMoves] = who
    nb.numMoves = b.numMoves + 1
    return nb


def clone(b):
    nb = BoardXO()
    nb.state, nb.moves, nb.turn, nb.numMoves = b.state[:], b.moves[:], b.turn[:], b.numMoves
    return nb


def is_int(v):
    return type(v) is int


class XO:
    """A game of Tic Tac Toe; its board is ``self.b``."""

    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if (play, pos, n) != (None, None, None):
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def _why_illegal(self, b, play, pos):
        if not is_int(play) or play not in (X, O):
            return f"player {play!r} is neither X (-1) nor O (1)"
        if not is_int(pos) or pos not in range(9):
            return f"cell {pos!r} is not an int from 0 to 8"
        if finished(b):
            return "the game is already over"
        if b.state[pos]:
            return f"cell {pos} is already taken"
        if b.numMoves and b.turn[b.numMoves - 1] == play:
            return "a player may not move twice in a row"
        return None

    def makeMove(self, play, pos):
        problem = self._why_illegal(self.b, play, pos)
        if problem:
            raise IllegalMoveError(problem)
        self.b = extend(self.b, pos, play)

    def makeMoves(self, play, pos, n):
        if not is_int(n) or n < 0:
            raise IllegalMoveError(f"n = {n!r} is not a count of moves")
        try:
            moves = [(play[k], pos[k]) for k in range(n)]
        except (TypeError, IndexError, KeyError):
            raise IllegalMoveError(f"play and pos do not hold {n} moves") from None
        b = self.b
        for who, cell in moves:
            problem = self._why_illegal(b, who, cell)
            if problem:
                raise IllegalMoveError(problem)
            b = extend(b, cell, who)
        self.b = b

    def getBoard(self):
        return clone(self.b)

    def gameOver(self):
        return finished(self.b)

    def winner(self):
        return three_in_a_row(self.b.state)

    def makeOptimalMove(self):
        if finished(self.b):
            return None
        root = clone(self.b)
        me = player_to_move(root)
        n0 = root.numMoves
        score = [1] * 9
        q = Deque()
        q.pushBack(root)
        while not q.isEmpty():
            c = q.popFront()
            if c is root or not finished(c):
                who = player_to_move(c)
                for cell in range(9):
                    if not c.state[cell]:
                        q.pushBack(extend(c, cell, who))
                continue
            move, m, w = c.moves[n0], c.numMoves, three_in_a_row(c.state)
            if w == me:
                if score[move] > 0 and 10 - m > score[move]:
                    score[move] = 10 - m
            elif w == -me:
                score[move] = min(score[move], m - 10)
            elif score[move] > 0:
                score[move] = 0
        empty = [cell for cell in range(9) if not root.state[cell]]
        best = max(empty, key=lambda cell: (score[cell], -cell))
        self.makeMove(me, best)
        return best

    def minimaxValues(self):
        if finished(self.b):
            return [None] * 9
        root = clone(self.b)
        me = player_to_move(root)
        parents, values, movers = [], [], []
        q = Deque()
        q.pushBack((root, -1))
        while not q.isEmpty():
            c, p = q.popFront()
            k = len(parents)
            parents.append(p)
            if c is root or not finished(c):
                who = player_to_move(c)
                values.append(None)
                movers.append(who)
                for cell in range(9):
                    if not c.state[cell]:
                        q.pushBack((extend(c, cell, who), k))
            else:
                m, w = c.numMoves, three_in_a_row(c.state)
                values.append(10 - m if w == me else m - 10 if w else 0)
                movers.append(None)
        for k in range(len(parents) - 1, 0, -1):
            p, v = parents[k], values[k]
            if values[p] is None or (v > values[p] if movers[p] == me else v < values[p]):
                values[p] = v
        out = [None] * 9
        empty = [cell for cell in range(9) if not root.state[cell]]
        for i, cell in enumerate(empty):
            out[cell] = values[1 + i]
        return out

    def makeMinimaxMove(self):
        values = self.minimaxValues()
        cells = [cell for cell in range(9) if values[cell] is not None]
        if not cells:
            return None
        best = max(cells, key=lambda cell: (values[cell], -cell))
        self.makeMove(player_to_move(self.b), best)
        return best
