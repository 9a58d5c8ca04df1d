"""Tic Tac Toe game + AI."""
from .board import BoardXO, X, O
from .deque import Deque

WINS = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winnerOf(st):
    for a, b, c in WINS:
        if st[a] != 0 and st[a] == st[b] and st[a] == st[c]:
            return st[a]
    return 0


def copyOf(bd):
    nb = BoardXO()
    nb.state = list(bd.state)
    nb.moves = list(bd.moves)
    nb.turn = list(bd.turn)
    nb.numMoves = bd.numMoves
    return nb


def addMove(bd, play, pos):
    bd.state[pos] = play
    bd.moves[bd.numMoves] = pos
    bd.turn[bd.numMoves] = play
    bd.numMoves += 1


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        # the game (or the user) only asks for legal moves
        addMove(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        tmp = copyOf(self.b)
        for k in range(n):
            addMove(tmp, play[k], pos[k])
        self.b = tmp

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        n0 = self.b.numMoves
        me = X if n0 == 0 else -self.b.turn[n0 - 1]
        best_score = [None] * 9
        for i in range(9):
            if self.b.state[i] == 0:
                best_score[i] = 1

        q = Deque()
        q.pushBack(copyOf(self.b))
        root = True
        while not q.isEmpty():
            c = q.popFront()
            w = winnerOf(c.state)
            if root or (w == 0 and 0 in c.state):
                root = False
                p = X if c.numMoves == 0 else -c.turn[c.numMoves - 1]
                for i in range(9):
                    if c.state[i] == 0:
                        child = copyOf(c)
                        addMove(child, p, i)
                        q.pushBack(child)
            else:
                i = c.moves[n0]
                m = c.numMoves
                if w == me:
                    if best_score[i] > 0 and 10 - m > best_score[i]:
                        best_score[i] = 10 - m
                elif w == -me:
                    if m - 10 < best_score[i]:
                        best_score[i] = m - 10
                elif best_score[i] > 0:
                    best_score[i] = 0

        move = None
        for i in range(9):
            if best_score[i] is not None and (move is None or best_score[i] > best_score[move]):
                move = i
        self.makeMove(me, move)
        return move

    def getBoard(self):
        return copyOf(self.b)

    def gameOver(self):
        return winnerOf(self.b.state) != 0 or 0 not in self.b.state

    def winner(self):
        return winnerOf(self.b.state)
