"""Parts II-V: the XO game and makeOptimalMove()."""

from .board import O, X, BoardXO, LINES
from .deque import Deque

WIN, LOSS, DRAW, OPEN = "win", "loss", "draw", "open"


class IllegalMoveError(ValueError):
    pass


def lineHolder(state):
    for line in LINES:
        first = state[line[0]]
        if first != 0 and all(state[i] == first for i in line):
            return first
    return 0


def outcome(board, player):
    """How the game on ``board`` stands for ``player``: WIN, LOSS, DRAW, or OPEN (not over)."""
    if board.numMoves == 9:
        return DRAW
    holder = lineHolder(board.state)
    if holder == player:
        return WIN
    if holder == -player:
        return LOSS
    return OPEN


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, len(play) if n is None else n)

    def show(self):
        print(self.b)

    def _illegal(self, board, play, pos):
        if type(play) is not int or play not in (X, O):
            return "unknown player %r" % (play,)
        if type(pos) is not int or pos < 0 or pos >= 9:
            return "unknown cell %r" % (pos,)
        if lineHolder(board.state) != 0 or 0 not in board.state:
            return "the game has ended"
        if board.state[pos] != 0:
            return "cell %d is full" % pos
        if board.numMoves != 0 and board.turn[board.numMoves - 1] == play:
            return "it is the other player's turn"
        return None

    @staticmethod
    def _mark(board, play, pos):
        i = board.numMoves
        board.state[pos] = play
        board.moves[i] = pos
        board.turn[i] = play
        board.numMoves = i + 1

    @staticmethod
    def _clone(board):
        twin = BoardXO()
        twin.state = board.state[:]
        twin.moves = board.moves[:]
        twin.turn = board.turn[:]
        twin.numMoves = board.numMoves
        return twin

    def makeMove(self, play, pos):
        why = self._illegal(self.b, play, pos)
        if why:
            raise IllegalMoveError(why)
        self._mark(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise IllegalMoveError("n out of range: %r" % (n,))
        trial = self._clone(self.b)
        for i in range(n):
            why = self._illegal(trial, play[i], pos[i])
            if why:
                raise IllegalMoveError("move %d: %s" % (i, why))
            self._mark(trial, play[i], pos[i])
        self.b = trial

    def getBoard(self):
        return self._clone(self.b)

    def gameOver(self):
        return lineHolder(self.b.state) != 0 or 0 not in self.b.state

    def winner(self):
        return lineHolder(self.b.state)

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        root = self._clone(self.b)
        n0 = root.numMoves
        player = X if n0 == 0 else -root.turn[n0 - 1]
        tally = [1] * 9

        pending = Deque()
        pending.pushBack(root)
        while not pending.isEmpty():
            c = pending.popFront()
            result = outcome(c, player)
            if c is root or result == OPEN:
                mover = player if (c.numMoves - n0) % 2 == 0 else -player
                for cell in range(9):
                    if c.state[cell] == 0:
                        kid = self._clone(c)
                        self._mark(kid, mover, cell)
                        pending.pushBack(kid)
                continue
            first, total = c.moves[n0], c.numMoves
            if result == WIN:
                if tally[first] > 0 and 10 - total > tally[first]:
                    tally[first] = 10 - total
            elif result == LOSS:
                if total - 10 < tally[first]:
                    tally[first] = total - 10
            elif tally[first] > 0:
                tally[first] = 0

        top = max(tally[cell] for cell in range(9) if root.state[cell] == 0)
        choice = next(cell for cell in range(9) if root.state[cell] == 0 and tally[cell] == top)
        self.makeMove(player, choice)
        return choice

    def makeMinimaxMove(self):
        raise NotImplementedError("Part VI is not assigned")

    def minimaxValues(self):
        raise NotImplementedError("Part VI is not assigned")
