"""Part II: The Game"""

from .board import O, X, BoardXO, LINES
from .deque import Deque


class IllegalMoveError(ValueError):
    pass


def _winner(state):
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def _over(state):
    return _winner(state) != 0 or 0 not in state


def _child(c, cell, player):
    k = BoardXO()
    k.state = c.state[:]
    k.moves = c.moves[:]
    k.turn = c.turn[:]
    n = c.numMoves
    k.state[cell] = player
    k.moves[n] = cell
    k.turn[n] = player
    k.numMoves = n + 1
    return k


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None or pos is not None or n is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(str(self.b))

    def _check(self, b, play, pos):
        if type(play) is bool or play not in (X, O):
            raise IllegalMoveError("not a player")
        if type(pos) is not int or not 0 <= pos <= 8:
            raise IllegalMoveError("not a cell")
        if b.state[pos] != 0:
            raise IllegalMoveError("cell taken")
        if _over(b.state):
            raise IllegalMoveError("game over")
        if b.numMoves > 0 and b.turn[b.numMoves - 1] == play:
            raise IllegalMoveError("same player twice")

    def _apply(self, b, play, pos):
        play = int(play)
        n = b.numMoves
        b.state[pos] = play
        b.moves[n] = pos
        b.turn[n] = play
        b.numMoves = n + 1

    def makeMove(self, play, pos):
        self._check(self.b, play, pos)
        self._apply(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        trial = self.getBoard()
        for i in range(n):
            self._check(trial, play[i], pos[i])
            self._apply(trial, play[i], pos[i])
        self.b = trial

    def _to_move(self, b):
        return X if b.numMoves == 0 else -b.turn[b.numMoves - 1]

    def makeOptimalMove(self):
        b = self.b
        if _over(b.state):
            return None
        me = self._to_move(b)
        n0 = b.numMoves
        scores = [1] * 9
        q = Deque()
        root = self.getBoard()
        q.pushBack(root)
        while not q.isEmpty():
            c = q.popFront()
            st = c.state
            w = _winner(st)
            if c is root or (w == 0 and 0 in st):
                player = me if (c.numMoves - n0) % 2 == 0 else -me
                for cell in range(9):
                    if st[cell] == 0:
                        q.pushBack(_child(c, cell, player))
            else:
                first = c.moves[n0]
                m = c.numMoves
                if w == me:
                    new = 10 - m
                    if scores[first] > 0 and new > scores[first]:
                        scores[first] = new
                elif w == -me:
                    new = m - 10
                    if new < scores[first]:
                        scores[first] = new
                else:
                    if 0 < scores[first]:
                        scores[first] = 0
        best = None
        for cell in range(9):
            if b.state[cell] == 0 and (best is None or scores[cell] > scores[best]):
                best = cell
        self.makeMove(me, best)
        return best

    def makeMinimaxMove(self):
        raise NotImplementedError

    def minimaxValues(self):
        raise NotImplementedError

    def getBoard(self):
        k = BoardXO()
        k.state = self.b.state[:]
        k.moves = self.b.moves[:]
        k.turn = self.b.turn[:]
        k.numMoves = self.b.numMoves
        return k

    def gameOver(self):
        return _over(self.b.state)

    def winner(self):
        return _winner(self.b.state)
