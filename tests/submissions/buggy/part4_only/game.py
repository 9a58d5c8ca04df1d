# Parts II - IV
from .board import BoardXO, X, O
from .deque import Deque

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner_of(state):
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def game_over(state):
    return winner_of(state) != 0 or 0 not in state


def copy_board(b):
    c = BoardXO()
    c.state = b.state[:]
    c.moves = b.moves[:]
    c.turn = b.turn[:]
    c.numMoves = b.numMoves
    return c


def add_move(b, play, pos):
    b.state[pos] = play
    b.moves[b.numMoves] = pos
    b.turn[b.numMoves] = play
    b.numMoves += 1


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        if type(play) is not int or play not in (X, O):
            raise ValueError("bad player")
        if type(pos) is not int or pos < 0 or pos > 8:
            raise ValueError("bad position")
        if game_over(self.b.state):
            raise ValueError("game over")
        if self.b.state[pos] != 0:
            raise ValueError("taken")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("not your turn")
        add_move(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad n")
        g = XO()
        g.b = copy_board(self.b)
        for k in range(n):
            g.makeMove(play[k], pos[k])
        self.b = g.b

    def makeOptimalMove(self):
        if game_over(self.b.state):
            return None
        n0 = self.b.numMoves
        me = X if n0 == 0 else -self.b.turn[n0 - 1]
        # every move starts at 10 (assume it wins)
        score = [None] * 9
        for i in range(9):
            if self.b.state[i] == 0:
                score[i] = 10

        q = Deque()
        q.pushBack(copy_board(self.b))
        root = True
        while not q.isEmpty():
            c = q.popFront()
            if root or not game_over(c.state):
                root = False
                p = X if c.numMoves == 0 else -c.turn[c.numMoves - 1]
                for cell in range(9):
                    if c.state[cell] == 0:
                        child = copy_board(c)
                        add_move(child, p, cell)
                        q.pushBack(child)
            else:
                i = c.moves[n0]
                w = winner_of(c.state)
                if w == me:
                    pass                          # we won, nothing to do
                elif w == -me:
                    if -10 < score[i]:
                        score[i] = -10
                else:
                    if 0 < score[i]:
                        score[i] = 0

        best = None
        for i in range(9):
            if score[i] is not None and (best is None or score[i] > score[best]):
                best = i
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return copy_board(self.b)

    def gameOver(self):
        return game_over(self.b.state)

    def winner(self):
        return winner_of(self.b.state)
