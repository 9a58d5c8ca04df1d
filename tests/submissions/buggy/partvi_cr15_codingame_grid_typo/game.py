"""Part II: The Game, and the searches of Parts III-VI."""

from .board import O, X, BoardXO, LINES
from .deque import Deque


class IllegalMoveError(ValueError):
    """A move that breaks the rules."""


class XO:

    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    # -- small tools ---------------------------------------------------------

    @staticmethod
    def _lineOwner(state):
        for line in LINES:
            total = state[line[0]] + state[line[1]] + state[line[2]]
            if total == 3:
                return O
            if total == -3:
                return X
        return 0

    @staticmethod
    def _full(state):
        for v in state:
            if v == 0:
                return False
        return True

    @staticmethod
    def _toMove(board):
        if board.numMoves == 0:
            return X
        return -board.turn[board.numMoves - 1]

    @staticmethod
    def _copy(board):
        c = BoardXO()
        c.state = board.state[:]
        c.moves = board.moves[:]
        c.turn = board.turn[:]
        c.numMoves = board.numMoves
        return c

    @staticmethod
    def _place(board, cell, who):
        board.state[cell] = who
        board.moves[board.numMoves] = cell
        board.turn[board.numMoves] = who
        board.numMoves += 1

    # -- Part II ---------------------------------------------------------------

    def show(self):
        print(str(self.b))

    def makeMove(self, play, pos):
        b = self.b
        if isinstance(play, bool) or not isinstance(play, (int, float)) or play not in (X, O):
            raise IllegalMoveError("the player must be X (-1) or O (1)")
        play = int(play)
        if isinstance(pos, bool) or not isinstance(pos, int) or pos < 0 or pos > 8:
            raise IllegalMoveError("the cell must be an int from 0 to 8")
        pos = int(pos)
        if self.gameOver():
            raise IllegalMoveError("the game is over")
        if b.state[pos] != 0:
            raise IllegalMoveError("that cell is taken")
        if b.numMoves > 0 and b.turn[b.numMoves - 1] == play:
            raise IllegalMoveError("a player cannot move twice in a row")
        self._place(b, pos, play)

    def makeMoves(self, play, pos, n):
        b = self.b
        keep = (b.state[:], b.moves[:], b.turn[:], b.numMoves)
        try:
            i = 0
            while i < n:
                self.makeMove(play[i], pos[i])
                i += 1
        except (ValueError, IndexError, TypeError) as err:
            b.state[:], b.moves[:], b.turn[:] = keep[0], keep[1], keep[2]
            b.numMoves = keep[3]
            raise IllegalMoveError(str(err)) from err

    def getBoard(self):
        return self._copy(self.b)

    def gameOver(self):
        return self._lineOwner(self.b.state) != 0 or self._full(self.b.state)

    def winner(self):
        return self._lineOwner(self.b.state)

    # -- Parts III-V: the handout's scoring rules --------------------------------

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        root = self.b
        me = self._toMove(root)
        n0 = root.numMoves
        s = [1, 1, 1, 1, 1, 1, 1, 1, 1]
        q = Deque()
        q.pushBack(self._copy(root))
        popped = 0
        while not q.isEmpty():
            c = q.popFront()
            popped += 1
            w = self._lineOwner(c.state)
            if popped == 1 or (w == 0 and not self._full(c.state)):
                nxt = self._toMove(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        child = self._copy(c)
                        self._place(child, cell, nxt)
                        q.pushBack(child)
            else:
                i = c.moves[n0]
                m = c.numMoves
                if w == me:
                    if s[i] > 0 and 10 - m > s[i]:
                        s[i] = 10 - m
                elif w == -me:
                    if m - 10 < s[i]:
                        s[i] = m - 10
                else:
                    if 0 < s[i]:
                        s[i] = 0
        best = -1
        for cell in range(9):
            if root.state[cell] == 0 and (best < 0 or s[cell] > s[best]):
                best = cell
        self.makeMove(me, best)
        return best

    # -- Part VI: minimax, breadth-first, values backed up level by level ----------

    def minimaxValues(self):
        out = [None] * 9
        if self.gameOver():
            return out
        root = self.b
        me = self._toMove(root)
        n0 = root.numMoves
        parent = []
        value = []
        level = []
        firstCell = []
        q = Deque()
        q.pushBack([self._copy(root), -1])
        while not q.isEmpty():
            c, p = q.popFront()
            k = len(parent)
            parent.append(p)
            level.append(c.numMoves - n0)
            firstCell.append(c.moves[n0] if k > 0 else None)
            w = self._lineOwner(c.state)
            if k == 0 or (w == 0 and not self._full(c.state)):
                value.append(None)
                nxt = self._toMove(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        child = self._copy(c)
                        self._place(child, cell, nxt)
                        q.pushBack([child, k])
            elif w == me:
                value.append(10 - c.numMoves)
            elif w == -me:
                value.append(c.numMoves - 10)
            else:
                value.append(0)
        k = len(parent) - 1
        while k >= 1:
            p = parent[k]
            mine = level[p] % 2 == 0          # the root's player moves on p
            if value[p] is None:
                value[p] = value[k]
            elif mine and value[k] > value[p]:
                value[p] = value[k]
            elif not mine and value[k] < value[p]:
                value[p] = value[k]
            k -= 1
        k = 1
        while k < len(parent) and parent[k] == 0:
            out[firstCell[k]] = value[k]
            k += 1
        return out

    def makeMinimaxMove(self):
        values = self.minimaxValues()
        best = None
        for cell in range(9):
            if values[cell] is not None and (best is None or values[cell] > values[best]):
                best = cell
        if best is None:
            return None
        self.makeMove(self._toMove(self.b), best)
        return best
