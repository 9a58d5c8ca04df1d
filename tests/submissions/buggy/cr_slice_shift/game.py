"""Tic Tac Toe game."""

from .board import O, X, BoardXO
from .deque import Deque

WINS = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class IllegalMoveError(ValueError):
    """An illegal move."""


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None or pos is not None:
            self.makeMoves(play, pos, n if n is not None else len(pos))

    # ---- helpers -------------------------------------------------------
    @staticmethod
    def _who_won(st):
        for i, j, k in WINS:
            if st[i] != 0 and st[i] == st[j] == st[k]:
                return st[i]
        return 0

    @staticmethod
    def _done(st):
        return XO._who_won(st) != 0 or st.count(0) == 0

    @staticmethod
    def _next(bd):
        return X if bd.numMoves == 0 else -bd.turn[bd.numMoves - 1]

    @staticmethod
    def _dup(bd):
        return BoardXO(bd.state[:], bd.moves[:], bd.turn[:], bd.numMoves)

    @staticmethod
    def _apply(bd, play, pos):
        k = bd.numMoves
        bd.state[pos] = play
        bd.moves[k] = pos
        bd.turn[k] = play
        bd.numMoves = k + 1

    @classmethod
    def _validate(cls, bd, play, pos):
        if play.__class__ is not int or (play != X and play != O):
            raise IllegalMoveError("player must be -1 or 1")
        if pos.__class__ is not int or pos < 0 or pos > 8:
            raise IllegalMoveError("cell must be an int 0..8")
        if cls._done(bd.state):
            raise IllegalMoveError("the game is already over")
        if bd.state[pos]:
            raise IllegalMoveError("that cell is occupied")
        if bd.numMoves and bd.turn[bd.numMoves - 1] == play:
            raise IllegalMoveError("not your turn")

    # ---- the interface -------------------------------------------------
    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        self._validate(self.b, play, pos)
        self._apply(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise IllegalMoveError(f"cannot take {n!r} moves")
        try:
            pairs = [(play[i], pos[i]) for i in range(n)]
        except (TypeError, IndexError) as e:
            raise IllegalMoveError(f"cannot take {n!r} moves: {e}") from None
        scratch = self._dup(self.b)
        for p, c in pairs:
            self._validate(scratch, p, c)
            self._apply(scratch, p, c)
        b = self.b
        b.state, b.moves, b.turn, b.numMoves = scratch.state, scratch.moves, scratch.turn, scratch.numMoves

    def makeOptimalMove(self):
        if self._done(self.b.state):
            return None
        root = self._dup(self.b)
        me = self._next(root)
        n0 = root.numMoves
        scores = {cell: 1 for cell in range(9) if root.state[cell] == 0}
        q = Deque()
        q.pushBack(root)
        while len(q) > 0:
            c = q.popFront()
            won = self._who_won(c.state)
            if c is root or (won == 0 and 0 in c.state):
                who = self._next(c)
                for cell, v in enumerate(c.state):
                    if v == 0:
                        kid = self._dup(c)
                        self._apply(kid, who, cell)
                        q.pushBack(kid)
                continue
            cell0 = c.moves[n0]
            m = c.numMoves
            cur = scores[cell0]
            if won == me:
                if cur > 0 and 10 - m > cur:
                    scores[cell0] = 10 - m
            elif won == -me:
                if m - 10 < cur:
                    scores[cell0] = m - 10
            elif cur > 0:
                scores[cell0] = 0
        top = max(scores.values())
        pick = min(cell for cell, s in scores.items() if s == top)
        self._apply(self.b, me, pick)
        return pick

    def makeMinimaxMove(self):
        raise NotImplementedError("XO.makeMinimaxMove is yours to write")

    def minimaxValues(self):
        raise NotImplementedError("XO.minimaxValues is yours to write")

    def getBoard(self):
        return self._dup(self.b)

    def gameOver(self):
        return self._done(self.b.state)

    def winner(self):
        return self._who_won(self.b.state)
