"""Parts II, IV, V and VI: the XO game (classic object-oriented style)."""

from .board import O, X, BoardXO, LINES
from .deque import Deque


class IllegalMoveError(ValueError):
    """Raised for a move the rules of Tic Tac Toe refuse."""


def _line_winner(state):
    for a, b, c in LINES:
        s = state[a]
        if s != 0 and s == state[b] and s == state[c]:
            return s
    return 0


def _to_move(board):
    if board.numMoves == 0:
        return X
    return -board.turn[board.numMoves - 1]


def _child(board, cell, player):
    kid = BoardXO()
    kid.state = board.state[:]
    kid.moves = board.moves[:]
    kid.turn = board.turn[:]
    n = board.numMoves
    kid.state[cell] = player
    kid.moves[n] = cell
    kid.turn[n] = player
    kid.numMoves = n + 1
    return kid


def _copy(board):
    nb = BoardXO()
    nb.state = board.state[:]
    nb.moves = board.moves[:]
    nb.turn = board.turn[:]
    nb.numMoves = board.numMoves
    return nb


class XO:
    """A game of Tic Tac Toe, kept in the board `b`."""

    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None or pos is not None or n is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    # ----------------------------------------------------------- moves
    def _check(self, play, pos):
        b = self.b
        if type(play) is not int or play not in (X, O):
            raise IllegalMoveError(f"{play!r} is not a player")
        if type(pos) is not int or not 0 <= pos <= 8:
            raise IllegalMoveError(f"{pos!r} is not a cell")
        if b.state[pos] != 0:
            raise IllegalMoveError(f"cell {pos} is taken")
        if self.gameOver():
            raise IllegalMoveError("the game is over")
        if b.numMoves > 0 and b.turn[b.numMoves - 1] == play:
            raise IllegalMoveError("the same player cannot move twice in a row")

    def makeMove(self, play, pos):
        self._check(play, pos)
        b = self.b
        b.state[pos] = play
        b.moves[b.numMoves] = pos
        b.turn[b.numMoves] = play
        b.numMoves += 1

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise IllegalMoveError(f"{n!r} is not a number of moves for these lists")
        b = self.b
        saved_state = b.state[:]
        saved_moves = b.moves[:]
        saved_turn = b.turn[:]
        saved_n = b.numMoves
        try:
            for i in range(n):
                self.makeMove(play[i], pos[i])
        except ValueError:
            b.state = saved_state
            b.moves = saved_moves
            b.turn = saved_turn
            b.numMoves = saved_n
            raise

    # ----------------------------------------------------------- queries
    def getBoard(self):
        return _copy(self.b)

    def gameOver(self):
        return self.winner() != 0 or 0 not in self.b.state

    def winner(self):
        return _line_winner(self.b.state)

    # ----------------------------------------------------------- Part V
    def makeOptimalMove(self):
        if self.gameOver():
            return None
        root = _copy(self.b)
        n0 = root.numMoves
        me = _to_move(root)
        scores = [1] * 9

        q = Deque()
        q.pushBack(root)
        while not q.isEmpty():
            c = q.popFront()
            w = _line_winner(c.state)
            if c is root or (w == 0 and c.numMoves < 9):
                nxt = _to_move(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        q.pushBack(_child(c, cell, nxt))
            else:
                first = c.moves[n0]
                m = c.numMoves
                if w == me:
                    new = 10 - m
                    if scores[first] > 0 and new > scores[first]:
                        scores[first] = new
                elif w == -me:
                    new = m - 10
                    if new < scores[first]:
                        scores[first] = new
                else:
                    if 0 < scores[first]:
                        scores[first] = 0

        best = None
        for cell in range(9):
            if root.state[cell] == 0 and (best is None or scores[cell] > scores[best]):
                best = cell
        self.makeMove(me, best)
        return best

    # ----------------------------------------------------------- Part VI
    def minimaxValues(self):
        if self.gameOver():
            return [None] * 9
        root = _copy(self.b)
        me = _to_move(root)
        n0 = root.numMoves

        parent = []
        value = []
        maxing = []      # True where the root's player moves on that board
        q = Deque()
        q.pushBack((root, -1))
        while not q.isEmpty():
            c, p = q.popFront()
            k = len(parent)
            parent.append(p)
            w = _line_winner(c.state)
            if c is root or (w == 0 and c.numMoves < 9):
                value.append(None)
                maxing.append((c.numMoves - n0) % 2 == 0)
                nxt = _to_move(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        q.pushBack((_child(c, cell, nxt), k))
            else:
                maxing.append(None)
                m = c.numMoves
                if w == me:
                    value.append(10 - m)
                elif w == -me:
                    value.append(m - 10)
                else:
                    value.append(0)

        for k in range(len(parent) - 1, 0, -1):
            p = parent[k]
            v = value[k]
            if value[p] is None:
                value[p] = v
            elif maxing[p] and v > value[p]:
                value[p] = v
            elif not maxing[p] and v < value[p]:
                value[p] = v

        result = [None] * 9
        # the root's children are boards 1, 2, ... in ascending cell order
        k = 1
        for cell in range(9):
            if root.state[cell] == 0:
                result[cell] = value[k]
                k += 1
        return result

    def makeMinimaxMove(self):
        if self.gameOver():
            return None
        values = self.minimaxValues()
        best = None
        for cell in range(9):
            if values[cell] is not None and (best is None or values[cell] > values[best]):
                best = cell
        self.makeMove(_to_move(self.b), best)
        return best
