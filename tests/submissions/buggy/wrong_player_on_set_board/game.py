"""XO class for project 5."""
from .board import BoardXO, X, O
from .deque import Deque

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winnerOf(state):
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def isOver(state):
    return winnerOf(state) != 0 or 0 not in state


def whoseTurn(state):
    # X goes first, so if both have the same number of markers it's X's turn
    if state.count(X) == state.count(O):
        return X
    return O


def copyBoard(board):
    c = BoardXO()
    c.state = list(board.state)
    c.moves = list(board.moves)
    c.turn = list(board.turn)
    c.numMoves = board.numMoves
    return c


def addMove(board, play, pos):
    board.state[pos] = play
    board.moves[board.numMoves] = pos
    board.turn[board.numMoves] = play
    board.numMoves += 1


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        if isinstance(play, bool) or not isinstance(play, int) or play not in (X, O):
            raise ValueError("player must be -1 or 1")
        if isinstance(pos, bool) or not isinstance(pos, int) or pos < 0 or pos > 8:
            raise ValueError("position must be 0-8")
        if isOver(self.b.state):
            raise ValueError("game over")
        if self.b.state[pos] != 0:
            raise ValueError("spot taken")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("not your turn")
        addMove(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad n")
        scratch = XO()
        scratch.b = copyBoard(self.b)
        for k in range(n):
            scratch.makeMove(play[k], pos[k])
        self.b = scratch.b

    def makeOptimalMove(self):
        if isOver(self.b.state):
            return None
        me = whoseTurn(self.b.state)
        n0 = self.b.numMoves
        scores = [None] * 9
        for i in range(9):
            if self.b.state[i] == 0:
                scores[i] = 1

        q = Deque()
        q.pushBack(copyBoard(self.b))
        root = True
        while not q.isEmpty():
            c = q.popFront()
            if root or not isOver(c.state):
                root = False
                p = whoseTurn(c.state)
                for i in range(9):
                    if c.state[i] == 0:
                        child = copyBoard(c)
                        addMove(child, p, i)
                        q.pushBack(child)
            else:
                i = c.moves[n0]
                m = c.numMoves
                w = winnerOf(c.state)
                if w == me:
                    if scores[i] > 0 and 10 - m > scores[i]:
                        scores[i] = 10 - m
                elif w == -me:
                    if m - 10 < scores[i]:
                        scores[i] = m - 10
                elif scores[i] > 0:
                    scores[i] = 0

        best = None
        for i in range(9):
            if scores[i] is not None and (best is None or scores[i] > scores[best]):
                best = i
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return copyBoard(self.b)

    def gameOver(self):
        return isOver(self.b.state)

    def winner(self):
        return winnerOf(self.b.state)
