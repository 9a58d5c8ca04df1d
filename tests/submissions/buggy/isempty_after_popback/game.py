"""Parts II, IV, V using structural pattern matching."""

from .board import O, X, BoardXO
from .deque import Deque


class IllegalMoveError(ValueError):
    pass


_TRIPLES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6),
            (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def _winner(state):
    for i, j, k in _TRIPLES:
        match (state[i], state[j], state[k]):
            case (-1, -1, -1):
                return X
            case (1, 1, 1):
                return O
    return 0


def _fresh_copy(src):
    dst = BoardXO()
    dst.state = src.state[:]
    dst.moves = src.moves[:]
    dst.turn = src.turn[:]
    dst.numMoves = src.numMoves
    return dst


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def _over(self, board):
        return _winner(board.state) != 0 or board.state.count(0) == 0

    def _assert_legal(self, board, play, pos):
        match play:
            case -1 | 1:
                pass
            case _:
                raise IllegalMoveError(f"bad player {play!r}")
        if pos.__class__ is not int or not 0 <= pos <= 8:
            raise IllegalMoveError(f"bad cell {pos!r}")
        if self._over(board):
            raise IllegalMoveError("the game is already over")
        if board.state[pos] != 0:
            raise IllegalMoveError(f"cell {pos} is occupied")
        if board.numMoves > 0 and board.turn[board.numMoves - 1] == play:
            raise IllegalMoveError("players must alternate")

    @staticmethod
    def _write(board, play, pos):
        board.state[pos] = play
        board.moves[board.numMoves] = pos
        board.turn[board.numMoves] = play
        board.numMoves += 1

    def makeMove(self, play, pos):
        self._assert_legal(self.b, play, pos)
        self._write(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        pending = _fresh_copy(self.b)
        for i in range(n):
            self._assert_legal(pending, play[i], pos[i])
            self._write(pending, play[i], pos[i])
        self.b = pending

    def makeOptimalMove(self):
        if self._over(self.b):
            return None
        n0 = self.b.numMoves
        me = -self.b.turn[n0 - 1] if n0 else X
        scores = [1] * 9
        q = Deque()
        q.pushBack((None, _fresh_copy(self.b)))
        while not q.isEmpty():
            first, c = q.popFront()
            if first is None or not self._over(c):
                nxt = -c.turn[c.numMoves - 1] if c.numMoves else X
                for cell in range(9):
                    if c.state[cell] == 0:
                        kid = _fresh_copy(c)
                        self._write(kid, nxt, cell)
                        q.pushBack((cell if first is None else first, kid))
                continue
            total = c.numMoves
            match _winner(c.state):
                case w if w == me:
                    if scores[first] > 0 and 10 - total > scores[first]:
                        scores[first] = 10 - total
                case w if w == -me:
                    scores[first] = min(scores[first], total - 10)
                case _:
                    if scores[first] > 0:
                        scores[first] = 0
        legal = [cell for cell in range(9) if self.b.state[cell] == 0]
        best = max(scores[cell] for cell in legal)
        move = next(cell for cell in legal if scores[cell] == best)
        self.makeMove(me, move)
        return move

    def getBoard(self):
        return _fresh_copy(self.b)

    def gameOver(self):
        return self._over(self.b)

    def winner(self):
        return _winner(self.b.state)
