# Project 5 game class.
# The BFS queue holds (board, first move) pairs, so a leaf knows which of
# our moves it came from without looking at board.moves.

from .board import BoardXO, X, O
from .deque import Deque

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def check_winner(st):
    for (a, b, c) in LINES:
        if st[a] != 0 and st[a] == st[b] and st[a] == st[c]:
            return st[a]
    return 0


def board_full(st):
    for v in st:
        if v == 0:
            return False
    return True


def dup(bd):
    nb = BoardXO()
    nb.state = list(bd.state)
    nb.moves = list(bd.moves)
    nb.turn = list(bd.turn)
    nb.numMoves = bd.numMoves
    return nb


def who_moves(bd):
    if bd.numMoves == 0:
        return X
    return -bd.turn[bd.numMoves - 1]


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        if type(play) is not int or not (play == -1 or play == 1):
            raise ValueError("play must be -1 or 1")
        if type(pos) is not int or pos < 0 or pos >= 9:
            raise ValueError("pos must be between 0 and 8")
        if self.gameOver():
            raise ValueError("game already finished")
        if self.b.state[pos] != 0:
            raise ValueError("pos is occupied")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("player already moved")
        self._put(self.b, play, pos)

    @staticmethod
    def _put(bd, play, pos):
        bd.state[pos] = play
        bd.moves[bd.numMoves] = pos
        bd.turn[bd.numMoves] = play
        bd.numMoves += 1

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("n is not a valid number of moves")
        temp = XO()
        temp.b = dup(self.b)
        for k in range(n):
            temp.makeMove(play[k], pos[k])
        self.b = temp.b

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        me = who_moves(self.b)
        score = {}
        for cell in range(9):
            if self.b.state[cell] == 0:
                score[cell] = 1

        q = Deque()
        q.pushBack((dup(self.b), None))
        while not q.isEmpty():
            bd, first = q.popFront()
            w = check_winner(bd.state)
            if first is None or (w == 0 and not board_full(bd.state)):
                p = who_moves(bd)
                for cell in range(9):
                    if bd.state[cell] == 0:
                        child = dup(bd)
                        self._put(child, p, cell)
                        q.pushBack((child, cell if first is None else first))
                continue
            # finished game -> update the score of "first"
            m = bd.numMoves
            if w == me:
                if score[first] > 0 and 10 - m > score[first]:
                    score[first] = 10 - m
            elif w == -me:
                score[first] = min(score[first], m - 10)
            elif score[first] > 0:
                score[first] = 0

        best = min(score)
        for cell in sorted(score):
            if score[cell] > score[best]:
                best = cell
        self._put(self.b, me, best)
        return best

    def getBoard(self):
        return dup(self.b)

    def gameOver(self):
        return check_winner(self.b.state) != 0 or board_full(self.b.state)

    def winner(self):
        return check_winner(self.b.state)
