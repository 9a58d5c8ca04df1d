"""The game: XO, its moves and the breadth-first search for the best one."""

from .board import O, X, BoardXO, LINES
from .deque import Deque


class IllegalMoveError(ValueError):
    """Raised for a move the rules forbid."""


def _winner_of(state):
    for a, b, c in LINES:
        s = state[a]
        if s != 0 and s == state[b] and s == state[c]:
            return s
    return 0


def _over(board):
    return _winner_of(board.state) != 0 or 0 not in board.state


def _to_move(board):
    if board.numMoves == 0:
        return X
    return -board.turn[board.numMoves - 1]


def _copy(board):
    nb = BoardXO()
    nb.state = board.state[:]
    nb.moves = board.moves[:]
    nb.turn = board.turn[:]
    nb.numMoves = board.numMoves
    return nb


def _check(board, play, pos):
    if type(play) is not int or play not in (X, O):
        raise IllegalMoveError(f"{play!r} is not a player (-1 or 1)")
    if type(pos) is not int or not 0 <= pos <= 8:
        raise IllegalMoveError(f"{pos!r} is not a cell from 0 to 8")
    if _over(board):
        raise IllegalMoveError("the game is over")
    if board.state[pos] != 0:
        raise IllegalMoveError(f"cell {pos} is taken")
    if board.numMoves > 0 and board.turn[board.numMoves - 1] == play:
        raise IllegalMoveError("the same player cannot move twice in a row")


def _place(board, play, pos):
    n = board.numMoves
    board.state[pos] = play
    board.moves[n] = pos
    board.turn[n] = play
    board.numMoves = n + 1


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            if n is None:
                n = len(pos)
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        _check(self.b, play, pos)
        _place(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise IllegalMoveError(f"cannot make {n!r} moves")
        trial = _copy(self.b)
        for i in range(n):
            _check(trial, play[i], pos[i])
            _place(trial, play[i], pos[i])
        self.b = trial

    def _scores(self):
        root = _copy(self.b)
        player = _to_move(root)
        n0 = root.numMoves
        s = [1] * 9
        q = Deque()
        q.pushBack(root)
        while not q.isEmpty():
            c = q.popFront()
            if c is root or not _over(c):
                nxt = _to_move(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        child = _copy(c)
                        _place(child, nxt, cell)
                        q.pushBack(child)
            else:
                first = c.moves[n0]
                w = _winner_of(c.state)
                m = c.numMoves
                if w == player:
                    new = 10 - m
                    if s[first] > 0 and new > s[first]:
                        s[first] = new
                elif w == -player:
                    new = m - 10
                    if new < s[first]:
                        s[first] = new
                else:
                    if 0 < s[first]:
                        s[first] = 0
        return s

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        s = self._scores()
        best = None
        for cell in range(9):
            if self.b.state[cell] == 0 and (best is None or s[cell] > s[best]):
                best = cell
        _place(self.b, _to_move(self.b), best)
        return best

    def minimaxValues(self):
        root = _copy(self.b)
        if _over(root):
            return [None] * 9
        player = _to_move(root)
        parent = []
        value = []
        maxer = []          # True where the root's player moves on that board
        q = Deque()
        q.pushBack((root, -1))
        while not q.isEmpty():
            c, p = q.popFront()
            k = len(parent)
            parent.append(p)
            if k == 0 or not _over(c):
                value.append(None)
                nxt = _to_move(c)
                maxer.append(nxt == player)
                for cell in range(9):
                    if c.state[cell] == 0:
                        child = _copy(c)
                        _place(child, nxt, cell)
                        q.pushBack((child, k))
            else:
                w = _winner_of(c.state)
                m = c.numMoves
                if w == player:
                    value.append(10 - m)
                elif w == -player:
                    value.append(m - 10)
                else:
                    value.append(0)
                maxer.append(False)
        for k in range(len(parent) - 1, 0, -1):
            p = parent[k]
            v = value[k]
            if value[p] is None or (maxer[p] and v > value[p]) or (not maxer[p] and v < value[p]):
                value[p] = v
        out = [None] * 9
        k = 1
        for cell in range(9):
            if root.state[cell] == 0:
                out[cell] = value[k]
                k += 1
        return out

    def makeMinimaxMove(self):
        if self.gameOver():
            return None
        vals = self.minimaxValues()
        best = None
        for cell in range(9):
            if vals[cell] is not None and (best is None or vals[cell] > vals[best]):
                best = cell
        _place(self.b, _to_move(self.b), best)
        return best

    def getBoard(self):
        return _copy(self.b)

    def gameOver(self):
        return _over(self.b)

    def winner(self):
        return _winner_of(self.b.state)
