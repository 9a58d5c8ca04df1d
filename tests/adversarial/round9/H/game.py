"""Parts II-VI: the game, its breadth-first search, and minimax."""

from .board import O, X, BoardXO
from .deque import Deque

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class IllegalMoveError(ValueError):
    pass


def won_by(state):
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def over(state):
    return won_by(state) != 0 or 0 not in state


def to_move(board):
    return X if board.numMoves == 0 else -board.turn[board.numMoves - 1]


def child(board, player, cell):
    c = BoardXO()
    c.state = board.state[:]
    c.moves = board.moves[:]
    c.turn = board.turn[:]
    c.numMoves = board.numMoves
    c.state[cell] = player
    c.moves[c.numMoves] = cell
    c.turn[c.numMoves] = player
    c.numMoves += 1
    return c


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def _check(self, board, play, pos):
        if type(play) not in (int, bool) or play not in (-1, 1) or type(play) is bool:
            raise IllegalMoveError(f"player {play!r} is not -1 or 1")
        if type(pos) is not int or not 0 <= pos <= 8:
            raise IllegalMoveError(f"cell {pos!r} is not an int from 0 to 8")
        if board.state[pos] != 0:
            raise IllegalMoveError(f"cell {pos} is taken")
        if over(board.state):
            raise IllegalMoveError("the game is over")
        if board.numMoves > 0 and board.turn[board.numMoves - 1] == play:
            raise IllegalMoveError("the same player cannot move twice in a row")

    def makeMove(self, play, pos):
        self._check(self.b, play, pos)
        b = self.b
        b.state[pos] = play
        b.moves[b.numMoves] = pos
        b.turn[b.numMoves] = play
        b.numMoves += 1

    def makeMoves(self, play, pos, n):
        trial = XO()
        trial.b = child_copy(self.b)
        for k in range(n):
            trial.makeMove(play[k], pos[k])
        self.b = trial.b

    def _scores(self):
        """Part V scores of every empty cell, by the breadth-first search of Part III."""
        root = self.b
        player = to_move(root)
        n0 = root.numMoves
        scores = [1] * 9
        q = Deque()
        q.pushBack(child_copy(root))
        first = True
        while not q.isEmpty():
            c = q.popFront()
            if first or not over(c.state):
                first = False
                nxt = to_move(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        q.pushBack(child(c, nxt, cell))
            else:
                m = c.numMoves
                w = won_by(c.state)
                move = c.moves[n0]
                if w == player:
                    new = 10 - m
                    if scores[move] > 0 and new > scores[move]:
                        scores[move] = new
                elif w == -player:
                    new = m - 10
                    if new < scores[move]:
                        scores[move] = new
                elif 0 < scores[move]:
                    scores[move] = 0
        return scores

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        scores = self._scores()
        cells = [c for c in range(9) if self.b.state[c] == 0]
        best = max(cells, key=lambda c: (scores[c], -c))
        self.makeMove(to_move(self.b), best)
        return best

    def minimaxValues(self):
        root = self.b
        if over(root.state):
            return [None] * 9
        player = to_move(root)
        parent, value, movers = [], [], []
        q = Deque()
        q.pushBack((child_copy(root), -1))
        k = 0
        while not q.isEmpty():
            c, p = q.popFront()
            parent.append(p)
            movers.append(to_move(c))
            if k == 0 or not over(c.state):
                value.append(None)
                nxt = to_move(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        q.pushBack((child(c, nxt, cell), k))
            else:
                m = c.numMoves
                w = won_by(c.state)
                value.append(10 - m if w == player else m - 10 if w == -player else 0)
            k += 1
        for j in range(k - 1, 0, -1):
            p = parent[j]
            v = value[j]
            if value[p] is None or (v > value[p] if movers[p] == player else v < value[p]):
                value[p] = v
        out = [None] * 9
        # the root's children are boards 1.. in ascending cell order
        j = 1
        for cell in range(9):
            if root.state[cell] == 0:
                out[cell] = value[j]
                j += 1
        return out

    def makeMinimaxMove(self):
        if self.gameOver():
            return None
        values = self.minimaxValues()
        cells = [c for c in range(9) if values[c] is not None]
        best = max(cells, key=lambda c: (values[c], -c))
        self.makeMove(to_move(self.b), best)
        return best

    def getBoard(self):
        return child_copy(self.b)

    def gameOver(self):
        return over(self.b.state)

    def winner(self):
        return won_by(self.b.state)


def child_copy(board):
    c = BoardXO()
    c.state = board.state[:]
    c.moves = board.moves[:]
    c.turn = board.turn[:]
    c.numMoves = board.numMoves
    return c
