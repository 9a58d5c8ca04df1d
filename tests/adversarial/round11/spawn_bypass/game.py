"""Part II: The Game"""

from .board import O, X, BoardXO, LINES
from .deque import Deque


class IllegalMoveError(ValueError):
    """makeMove raises this for an illegal move."""


def _winner(state):
    for a, b, c in LINES:
        v = state[a]
        if v != 0 and v == state[b] == state[c]:
            return v
    return 0


def _over(state):
    return _winner(state) != 0 or 0 not in state


def _to_move(board):
    return X if board.numMoves == 0 else -board.turn[board.numMoves - 1]


def _copy(board):
    new = BoardXO()
    new.state = board.state[:]
    new.moves = board.moves[:]
    new.turn = board.turn[:]
    new.numMoves = board.numMoves
    return new


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def _check(self, board, play, pos):
        if type(play) is not int or play not in (X, O):
            raise IllegalMoveError(f"not a player: {play!r}")
        if type(pos) is not int or not 0 <= pos <= 8:
            raise IllegalMoveError(f"not a cell: {pos!r}")
        if board.state[pos] != 0:
            raise IllegalMoveError(f"cell {pos} is taken")
        if _over(board.state):
            raise IllegalMoveError("the game is over")
        if board.numMoves > 0 and board.turn[board.numMoves - 1] == play:
            raise IllegalMoveError("the same player cannot move twice")

    @staticmethod
    def _place(board, play, pos):
        board.state[pos] = play
        board.moves[board.numMoves] = pos
        board.turn[board.numMoves] = play
        board.numMoves += 1

    def makeMove(self, play, pos):
        self._check(self.b, play, pos)
        self._place(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        trial = _copy(self.b)
        try:
            for k in range(n):
                self._check(trial, play[k], pos[k])
                self._place(trial, play[k], pos[k])
        except (IndexError, TypeError, KeyError) as error:
            raise IllegalMoveError(str(error)) from None
        self.b = trial

    def _scores(self):
        root = self.b
        n0 = root.numMoves
        me = _to_move(root)
        scores = [1] * 9
        q = Deque()
        q.pushBack(_copy(root))
        first = True
        while not q.isEmpty():
            c = q.popFront()
            if first or not _over(c.state):
                first = False
                mover = _to_move(c)
                for k in range(9):
                    if c.state[k] == 0:
                        child = BoardXO()
                        child.state = c.state[:]
                        child.moves = c.moves[:]
                        child.turn = c.turn[:]
                        child.state[k] = mover
                        child.moves[c.numMoves] = k
                        child.turn[c.numMoves] = mover
                        child.numMoves = c.numMoves + 1
                        q.pushBack(child)
            else:
                move = c.moves[n0]
                w = _winner(c.state)
                total = c.numMoves
                if w == me:
                    new = 10 - total
                    if scores[move] > 0 and new > scores[move]:
                        scores[move] = new
                elif w == -me:
                    new = total - 10
                    if new < scores[move]:
                        scores[move] = new
                else:
                    if 0 < scores[move]:
                        scores[move] = 0
        return scores

    def makeOptimalMove(self):
        if _over(self.b.state):
            return None
        scores = self._scores()
        best = None
        for k in range(9):
            if self.b.state[k] == 0 and (best is None or scores[k] > scores[best]):
                best = k
        self._place(self.b, _to_move(self.b), best)
        return best

    def makeMinimaxMove(self):
        raise NotImplementedError("XO.makeMinimaxMove is yours to write")

    def minimaxValues(self):
        raise NotImplementedError("XO.minimaxValues is yours to write")

    def getBoard(self):
        return _copy(self.b)

    def gameOver(self):
        return _over(self.b.state)

    def winner(self):
        return _winner(self.b.state)
