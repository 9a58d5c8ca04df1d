"""XO game (parts II-V)."""
from .board import BoardXO, X, O
from .deque import Deque

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winnerOf(state):
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def finished(state):
    return winnerOf(state) != 0 or 0 not in state


def addMove(board, play, pos):
    board.state[pos] = play
    board.moves[board.numMoves] = pos
    board.turn[board.numMoves] = play
    board.numMoves += 1


def childOf(board, play, pos):
    """New board = board plus one move (used by the search)."""
    c = BoardXO()
    c.state = board.state[:]
    c.moves = board.moves[:]
    c.turn = board.turn[:]
    c.numMoves = board.numMoves
    addMove(c, play, pos)
    return c


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        if type(play) is not int or play not in (X, O):
            raise ValueError("player must be -1 or 1")
        if type(pos) is not int or pos < 0 or pos > 8:
            raise ValueError("position must be 0-8")
        if self.gameOver():
            raise ValueError("game is over")
        if self.b.state[pos] != 0:
            raise ValueError("position is taken")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("same player twice")
        self.b.state[pos] = play

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad n")
        old = self.b
        self.b = self.getBoard()      # try the moves on a copy
        try:
            for k in range(n):
                self.makeMove(play[k], pos[k])
        except ValueError:
            self.b = old
            raise

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        n0 = self.b.numMoves
        me = X if n0 == 0 else -self.b.turn[n0 - 1]
        score = [None] * 9
        for i in range(9):
            if self.b.state[i] == 0:
                score[i] = 1

        q = Deque()
        q.pushBack(self.getBoard())
        root = True
        while not q.isEmpty():
            c = q.popFront()
            if root or not finished(c.state):
                root = False
                p = X if c.numMoves == 0 else -c.turn[c.numMoves - 1]
                for i in range(9):
                    if c.state[i] == 0:
                        q.pushBack(childOf(c, p, i))
            else:
                i = c.moves[n0]
                m = c.numMoves
                w = winnerOf(c.state)
                if w == me:
                    if score[i] > 0 and 10 - m > score[i]:
                        score[i] = 10 - m
                elif w == -me:
                    if m - 10 < score[i]:
                        score[i] = m - 10
                elif score[i] > 0:
                    score[i] = 0

        best = None
        for i in range(9):
            if score[i] is not None and (best is None or score[i] > score[best]):
                best = i
        addMove(self.b, me, best)
        return best

    def getBoard(self):
        c = BoardXO()
        c.state = self.b.state[:]
        c.moves = self.b.moves[:]
        c.turn = self.b.turn[:]
        c.numMoves = self.b.numMoves
        return c

    def gameOver(self):
        return finished(self.b.state)

    def winner(self):
        return winnerOf(self.b.state)
