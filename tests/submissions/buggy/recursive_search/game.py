# Project 5 game.
# makeOptimalMove walks the move tree with a recursive function (depth first),
# scoring every finished game with the win fast / lose slow rules.
from .board import BoardXO, X, O

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner_of(state):
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def copy_board(board):
    c = BoardXO()
    c.state = list(board.state)
    c.moves = list(board.moves)
    c.turn = list(board.turn)
    c.numMoves = board.numMoves
    return c


def play_on(board, play, pos):
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
            raise ValueError("player must be -1 or 1")
        if type(pos) is not int or pos < 0 or pos > 8:
            raise ValueError("position must be 0..8")
        if self.gameOver():
            raise ValueError("game over")
        if self.b.state[pos] != 0:
            raise ValueError("position taken")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("same player twice")
        play_on(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad n")
        other = XO()
        other.b = copy_board(self.b)
        for k in range(n):
            other.makeMove(play[k], pos[k])
        self.b = other.b

    def _explore(self, board, first, me, scores):
        w = winner_of(board.state)
        if w != 0 or 0 not in board.state:
            m = board.numMoves
            if w == me:
                if scores[first] > 0 and 10 - m > scores[first]:
                    scores[first] = 10 - m
            elif w == -me:
                if m - 10 < scores[first]:
                    scores[first] = m - 10
            elif scores[first] > 0:
                scores[first] = 0
            return
        p = -board.turn[board.numMoves - 1]
        for cell in range(9):
            if board.state[cell] == 0:
                child = copy_board(board)
                play_on(child, p, cell)
                self._explore(child, first, me, scores)

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        n0 = self.b.numMoves
        me = X if n0 == 0 else -self.b.turn[n0 - 1]
        scores = [None] * 9
        for cell in range(9):
            if self.b.state[cell] == 0:
                scores[cell] = 1
                child = copy_board(self.b)
                play_on(child, me, cell)
                self._explore(child, cell, me, scores)

        best = None
        for cell in range(9):
            if scores[cell] is not None and (best is None or scores[cell] > scores[best]):
                best = cell
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return copy_board(self.b)

    def gameOver(self):
        return winner_of(self.b.state) != 0 or 0 not in self.b.state

    def winner(self):
        return winner_of(self.b.state)
