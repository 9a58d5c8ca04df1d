# game.py (parts II-V)
from .board import BoardXO, X, O
from .deque import Deque


def winning_player(s):
    lines = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
    for a, b, c in lines:
        if s[a] != 0 and s[a] == s[b] and s[b] == s[c]:
            return s[a]
    return 0


def copy_board(b):
    n = BoardXO()
    n.state = b.state[:]
    n.moves = b.moves[:]
    n.turn = b.turn[:]
    n.numMoves = b.numMoves
    return n


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        if type(play) is not int or play not in (-1, 1):
            raise ValueError("play must be -1 or 1")
        if type(pos) is not int or pos < 0 or pos > 8:
            raise ValueError("pos must be in 0..8")
        if self.gameOver():
            raise ValueError("game over")
        if self.b.state[pos]:
            raise ValueError("pos taken")
        k = self.b.numMoves
        if k > 0 and self.b.turn[k - 1] == play:
            raise ValueError("not your turn")
        self.b.state[pos] = play
        self.b.moves[k] = pos
        self.b.turn[k] = play
        self.b.numMoves = k + 1

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad n")
        keep = copy_board(self.b)
        try:
            for k in range(n):
                self.makeMove(play[k], pos[k])
        except ValueError:
            self.b = keep
            raise

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        n0 = self.b.numMoves
        me = X if n0 == 0 else -self.b.turn[n0 - 1]
        score = {i: 1 for i in range(9) if self.b.state[i] == 0}

        q = Deque()
        q.pushBack(copy_board(self.b))
        root = True
        while not q.isEmpty():
            c = q.popFront()
            w = winning_player(c.state)
            if root or (w == 0 and 0 in c.state):
                root = False
                k = c.numMoves
                p = X if k == 0 else -c.turn[k - 1]
                for cell in range(9):
                    if c.state[cell] == 0:
                        ch = copy_board(c)
                        ch.state[cell] = p
                        ch.moves[k] = cell
                        ch.turn[k] = p
                        ch.numMoves = k + 1
                        q.pushBack(ch)
            else:
                i = c.moves[n0]
                m = c.numMoves
                if w == me:
                    if score[i] > 0 and 10 - m > score[i]:
                        score[i] = 10 - m
                elif w == -me:
                    if m - 10 < score[i]:
                        score[i] = m - 10
                elif score[i] > 0:
                    score[i] = 0

        best = None
        for cell in sorted(score):
            if best is None or score[cell] > score[best]:
                best = cell
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return copy_board(self.b)

    def gameOver(self):
        return winning_player(self.b.state) != 0 or 0 not in self.b.state

    def winner(self):
        return winning_player(self.b.state)
