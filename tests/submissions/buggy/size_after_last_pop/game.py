"""The XO game (Parts II, IV, V)."""

from collections import namedtuple

from .board import O, X, BoardXO
from .deque import Deque

Entry = namedtuple("Entry", ["board", "first"])


class IllegalMoveError(ValueError):
    """An illegal move."""


def winner_of(s):
    if s[0] != 0 and s[0] == s[1] and s[1] == s[2]:
        return s[0]
    if s[3] != 0 and s[3] == s[4] and s[4] == s[5]:
        return s[3]
    if s[6] != 0 and s[6] == s[7] and s[7] == s[8]:
        return s[6]
    if s[0] != 0 and s[0] == s[3] and s[3] == s[6]:
        return s[0]
    if s[1] != 0 and s[1] == s[4] and s[4] == s[7]:
        return s[1]
    if s[2] != 0 and s[2] == s[5] and s[5] == s[8]:
        return s[2]
    if s[0] != 0 and s[0] == s[4] and s[4] == s[8]:
        return s[0]
    if s[2] != 0 and s[2] == s[4] and s[4] == s[6]:
        return s[2]
    return 0


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None or pos is not None or n is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(str(self.b))

    @staticmethod
    def _validate(b, play, pos):
        if play != X and play != O:
            raise IllegalMoveError("play must be X (-1) or O (1)")
        if isinstance(pos, bool) or not isinstance(pos, int):
            raise IllegalMoveError("pos must be an int")
        if pos < 0 or pos > 8:
            raise IllegalMoveError("pos must be between 0 and 8")
        if winner_of(b.state) != 0 or b.numMoves >= 9:
            raise IllegalMoveError("the game is over")
        if b.state[pos] != 0:
            raise IllegalMoveError("that cell is taken")
        if b.numMoves > 0 and b.turn[b.numMoves - 1] == play:
            raise IllegalMoveError("a player cannot move twice in a row")

    @staticmethod
    def _apply(b, play, pos):
        b.state[pos] = play
        b.moves[b.numMoves] = pos
        b.turn[b.numMoves] = play
        b.numMoves = b.numMoves + 1

    def makeMove(self, play, pos):
        self._validate(self.b, play, pos)
        self._apply(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        scratch = self.getBoard()
        for i in range(n):
            self._validate(scratch, play[i], pos[i])
            self._apply(scratch, play[i], pos[i])
        self.b = scratch

    def _next_player(self, b):
        return X if b.numMoves == 0 else -b.turn[b.numMoves - 1]

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        me = self._next_player(self.b)
        scores = [1] * 9
        q = Deque()
        q.pushBack(Entry(self.getBoard(), None))
        while not q.isEmpty():
            entry = q.popFront()
            c = entry.board
            w = winner_of(c.state)
            finished = w != 0 or c.numMoves == 9
            if entry.first is None or not finished:
                p = self._next_player(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        child = BoardXO()
                        child.state = c.state[:]
                        child.moves = c.moves[:]
                        child.turn = c.turn[:]
                        child.numMoves = c.numMoves
                        self._apply(child, p, cell)
                        first = cell if entry.first is None else entry.first
                        q.pushBack(Entry(child, first))
            else:
                k = entry.first
                total = c.numMoves
                if w == me:
                    new = 10 - total
                    if scores[k] > 0 and new > scores[k]:
                        scores[k] = new
                elif w == -me:
                    new = total - 10
                    if new < scores[k]:
                        scores[k] = new
                elif 0 < scores[k]:
                    scores[k] = 0
        empties = [cell for cell in range(9) if self.b.state[cell] == 0]
        top = max(scores[cell] for cell in empties)
        choice = min(cell for cell in empties if scores[cell] == top)
        self.makeMove(me, choice)
        return choice

    def getBoard(self):
        copy = BoardXO()
        copy.state = list(self.b.state)
        copy.moves = list(self.b.moves)
        copy.turn = list(self.b.turn)
        copy.numMoves = self.b.numMoves
        return copy

    def gameOver(self):
        return winner_of(self.b.state) != 0 or all(v != 0 for v in self.b.state)

    def winner(self):
        return winner_of(self.b.state)
