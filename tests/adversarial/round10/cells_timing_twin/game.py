"""Parts II, IV, V and VI."""

from .board import O, X, BoardXO
from .deque import Deque

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class IllegalMoveError(ValueError):
    pass


def _winner(s):
    for a, b, c in LINES:
        if s[a] != 0 and s[a] == s[b] == s[c]:
            return s[a]
    return 0


def _over(s):
    return _winner(s) != 0 or 0 not in s


def _to_move(b):
    return X if b.numMoves == 0 else -b.turn[b.numMoves - 1]


def _child(c, cell, player):
    n = BoardXO()
    n.state = c.state[:]
    n.moves = c.moves[:]
    n.turn = c.turn[:]
    n.state[cell] = player
    n.moves[c.numMoves] = cell
    n.turn[c.numMoves] = player
    n.numMoves = c.numMoves + 1
    return n


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None or pos is not None or n is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(str(self.b))

    @staticmethod
    def _check(b, play, pos):
        if type(play) is bool or play not in (X, O):
            raise IllegalMoveError(f"not a player: {play!r}")
        if type(pos) is not int or not 0 <= pos <= 8:
            raise IllegalMoveError(f"not a cell: {pos!r}")
        if b.state[pos] != 0:
            raise IllegalMoveError(f"cell {pos} is taken")
        if _over(b.state):
            raise IllegalMoveError("the game is over")
        if b.numMoves > 0 and b.turn[b.numMoves - 1] == play:
            raise IllegalMoveError("the same player cannot move twice in a row")

    @staticmethod
    def _apply(b, play, pos):
        play = X if play == X else O
        b.state[pos] = play
        b.moves[b.numMoves] = pos
        b.turn[b.numMoves] = play
        b.numMoves += 1

    def makeMove(self, play, pos):
        self._check(self.b, play, pos)
        self._apply(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        try:
            play, pos = list(play), list(pos)
            if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
                raise IllegalMoveError(f"bad number of moves: {n!r}")
        except TypeError as error:
            raise IllegalMoveError(str(error)) from None
        trial = self.getBoard()
        for k in range(n):
            self._check(trial, play[k], pos[k])
            self._apply(trial, play[k], pos[k])
        self.b = trial

    def _search(self):
        """Part III-V: breadth-first with the Deque, Part V scores."""
        root = self.getBoard()
        player = _to_move(root)
        n0 = root.numMoves
        s = [1] * 9
        q = Deque()
        q.pushBack(root)
        while not q.isEmpty():
            c = q.popFront()
            st = c.state
            w = _winner(st)
            if c is root or (w == 0 and 0 in st):
                mover = player if (c.numMoves - n0) % 2 == 0 else -player
                for cell in range(9):
                    if st[cell] == 0:
                        q.pushBack(_child(c, cell, mover))
            else:
                first = c.moves[n0]
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
        s = self._search()
        best = None
        for cell in range(9):
            if self.b.state[cell] == 0 and (best is None or s[cell] > s[best]):
                best = cell
        self.makeMove(_to_move(self.b), best)
        return best

    def minimaxValues(self):
        if self.gameOver():
            return [None] * 9
        root = self.getBoard()
        player = _to_move(root)
        n0 = root.numMoves
        parent, value, mover_of = [], [], []
        q = Deque()
        q.pushBack((root, -1))
        k = 0
        while not q.isEmpty():
            c, p = q.popFront()
            parent.append(p)
            st = c.state
            w = _winner(st)
            mover = player if (c.numMoves - n0) % 2 == 0 else -player
            mover_of.append(mover)
            if k == 0 or (w == 0 and 0 in st):
                value.append(None)
                for cell in range(9):
                    if st[cell] == 0:
                        q.pushBack((_child(c, cell, mover), k))
            else:
                m = c.numMoves
                value.append(10 - m if w == player else m - 10 if w == -player else 0)
            k += 1
        for k in range(len(parent) - 1, 0, -1):
            p = parent[k]
            if value[p] is None or (value[k] > value[p] if mover_of[p] == player else value[k] < value[p]):
                value[p] = value[k]
        result = [None] * 9
        # the root's children are boards 1..e in ascending cell order
        k = 1
        for cell in range(9):
            if root.state[cell] == 0:
                result[cell] = value[k]
                k += 1
        return result

    def makeMinimaxMove(self):
        if self.gameOver():
            return None
        v = self.minimaxValues()
        best = None
        for cell in range(9):
            if v[cell] is not None and (best is None or v[cell] > v[best]):
                best = cell
        self.makeMove(_to_move(self.b), best)
        return best

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
