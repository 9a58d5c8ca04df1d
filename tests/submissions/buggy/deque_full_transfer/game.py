"""The XO game and its breadth-first search."""

from .board import O, X, BoardXO, LINES
from .deque import Deque


class IllegalMoveError(ValueError):
    """Raised for a move the rules forbid."""


def _winner_of(state):
    for a, b, c in LINES:
        v = state[a]
        if v != 0 and v == state[b] and v == state[c]:
            return v
    return 0


def _check(board, play, pos):
    """Raise IllegalMoveError if play at pos is illegal on board."""
    if type(play) is not int or play not in (X, O):
        raise IllegalMoveError(f"{play!r} is not a player")
    if type(pos) is not int or not 0 <= pos <= 8:
        raise IllegalMoveError(f"{pos!r} is not a cell")
    if board.state[pos] != 0:
        raise IllegalMoveError(f"cell {pos} is taken")
    if board.numMoves >= 9 or _winner_of(board.state) != 0:
        raise IllegalMoveError("the game is over")
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
                n = len(play)
            self.makeMoves(play, pos, n)

    def show(self):
        print(str(self.b))

    def makeMove(self, play, pos):
        _check(self.b, play, pos)
        _place(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        # validate every move on a scratch board first; touch self.b only
        # once all of them are known to be legal
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise IllegalMoveError(f"cannot make {n!r} moves")
        scratch = self.b.copy()
        for i in range(n):
            _check(scratch, play[i], pos[i])
            _place(scratch, play[i], pos[i])
        for i in range(n):
            _place(self.b, play[i], pos[i])

    def getBoard(self):
        return self.b.copy()

    def gameOver(self):
        return bool(self.b.numMoves >= 9 or _winner_of(self.b.state) != 0)

    def winner(self):
        return _winner_of(self.b.state)

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        root = self.b.copy()
        n0 = root.numMoves
        me = -root.turn[n0 - 1] if n0 > 0 else X
        scores = [1] * 9
        q = Deque()
        q.pushBack([root, -1])           # queue items: [board, first cell]
        while not q.isEmpty():
            item = q.popFront()
            c, first = item[0], item[1]
            cs = c.state
            w = _winner_of(cs)
            is_root = 1 if first == -1 else 0
            if is_root or (w == 0 and c.numMoves < 9):
                k = c.numMoves
                nxt = me if (k - n0) % 2 == 0 else -me
                for cell in range(9):
                    if cs[cell] == 0:
                        ch = BoardXO()
                        st = cs[:]
                        st[cell] = nxt
                        ch.state = st
                        mv = c.moves[:]
                        mv[k] = cell
                        ch.moves = mv
                        tn = c.turn[:]
                        tn[k] = nxt
                        ch.turn = tn
                        ch.numMoves = k + 1
                        q.pushBack([ch, cell if is_root else first])
            else:
                f = c.moves[n0]
                m = c.numMoves
                if w == me:
                    new = 10 - m
                    if scores[f] > 0 and new > scores[f]:
                        scores[f] = new
                elif w == -me:
                    new = m - 10
                    if new < scores[f]:
                        scores[f] = new
                else:
                    if 0 < scores[f]:
                        scores[f] = 0
        best = None
        for cell in range(9):
            if root.state[cell] == 0 and (best is None or scores[cell] > scores[best]):
                best = cell
        self.makeMove(me, best)
        return best
