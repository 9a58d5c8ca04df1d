# Parts II-V: the game and the computer player
from .board import BoardXO, X, O
from .deque import Deque

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8),
         (0, 3, 6), (1, 4, 7), (2, 5, 8),
         (0, 4, 8), (2, 4, 6)]


def winnerOf(state):
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def copyBoard(board):
    c = BoardXO()
    c.state = board.state[:]
    c.moves = board.moves[:]
    c.turn = board.turn[:]
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
        if type(play) is not int or play not in (X, O):
            raise ValueError("player must be -1 (X) or 1 (O)")
        if type(pos) is not int or pos < 0 or pos > 8:
            raise ValueError("position must be 0 to 8")
        if self.gameOver():
            raise ValueError("the game is over")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("players have to take turns")
        addMove(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad number of moves")
        test = XO()
        test.b = copyBoard(self.b)
        for k in range(n):
            test.makeMove(play[k], pos[k])
        self.b = test.b

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        n0 = self.b.numMoves
        me = X if n0 == 0 else -self.b.turn[n0 - 1]
        scores = [None] * 9
        for i in range(9):
            if self.b.state[i] == 0:
                scores[i] = 10

        q = Deque()
        q.pushBack(copyBoard(self.b))
        root = True
        while not q.isEmpty():
            c = q.popFront()
            w = winnerOf(c.state)
            if root or (w == 0 and 0 in c.state):
                root = False
                p = X if c.numMoves == 0 else -c.turn[c.numMoves - 1]
                for i in range(9):
                    if c.state[i] == 0:
                        child = copyBoard(c)
                        addMove(child, p, i)
                        q.pushBack(child)
            else:
                i = c.moves[n0]
                m = c.numMoves
                if w == me:                  # win fast
                    if scores[i] > 0 and 10 - m > scores[i]:
                        scores[i] = 10 - m
                elif w == -me:               # lose slow
                    if m - 10 < scores[i]:
                        scores[i] = m - 10
                elif scores[i] > 0:          # draw
                    scores[i] = 0

        best = None
        for i in range(9):
            if scores[i] is not None and (best is None or scores[i] > scores[best]):
                best = i
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return self.b

    def gameOver(self):
        return winnerOf(self.b.state) != 0 or 0 not in self.b.state

    def winner(self):
        return winnerOf(self.b.state)
