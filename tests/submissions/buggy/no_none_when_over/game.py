# game.py for project 5
from .board import BoardXO, X, O
from .deque import Deque

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner_in(state):
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] and state[a] == state[c]:
            return state[a]
    return 0


def new_copy(board):
    b = BoardXO()
    b.state = board.state[:]
    b.moves = board.moves[:]
    b.turn = board.turn[:]
    b.numMoves = board.numMoves
    return b


def set_move(board, play, pos):
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
            raise ValueError("player must be X or O")
        if type(pos) is not int or pos < 0 or pos > 8:
            raise ValueError("pos must be 0-8")
        if self.gameOver():
            raise ValueError("game over")
        if self.b.state[pos] != 0:
            raise ValueError("spot taken")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("same player twice")
        set_move(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad n")
        tryout = XO()
        tryout.b = new_copy(self.b)
        for k in range(n):
            tryout.makeMove(play[k], pos[k])
        self.b = tryout.b

    def makeOptimalMove(self):
        n0 = self.b.numMoves
        me = X if n0 == 0 else -self.b.turn[n0 - 1]
        scores = [None] * 9
        for i in range(9):
            if self.b.state[i] == 0:
                scores[i] = 1

        q = Deque()
        q.pushBack(new_copy(self.b))
        root = True
        while not q.isEmpty():
            c = q.popFront()
            w = winner_in(c.state)
            if root or (w == 0 and 0 in c.state):
                root = False
                p = X if c.numMoves == 0 else -c.turn[c.numMoves - 1]
                for i in range(9):
                    if c.state[i] == 0:
                        child = new_copy(c)
                        set_move(child, p, i)
                        q.pushBack(child)
            else:
                i = c.moves[n0]
                m = c.numMoves
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
        set_move(self.b, me, best)
        return best

    def getBoard(self):
        return new_copy(self.b)

    def gameOver(self):
        return winner_in(self.b.state) != 0 or 0 not in self.b.state

    def winner(self):
        return winner_in(self.b.state)
