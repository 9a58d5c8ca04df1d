"""Part II's XO class, with the breadth-first search of Parts III-V."""

from .board import O, X, BoardXO, LINES
from .deque import Deque


class IllegalMoveError(ValueError):
    """A move against the rules."""


def who_won(s):
    return next((s[i] for i, j, k in LINES if s[i] != 0 and s[i] == s[j] == s[k]), 0)


def is_finished(s):
    return who_won(s) != 0 or s.count(0) == 0


def clone(bd):
    new = BoardXO()
    new.state = bd.state[:]
    new.moves = bd.moves[:]
    new.turn = bd.turn[:]
    new.numMoves = bd.numMoves
    return new


def reason_refused(bd, play, pos):
    if isinstance(play, bool) or not isinstance(play, int) or play not in (X, O):
        return "not a player: %r" % (play,)
    if isinstance(pos, bool) or not isinstance(pos, int) or pos not in range(9):
        return "not a cell: %r" % (pos,)
    if is_finished(bd.state):
        return "game over"
    if bd.state[pos]:
        return "cell %d is occupied" % pos
    if bd.numMoves and bd.turn[bd.numMoves - 1] == play:
        return "not this player's turn"
    return None


def put(bd, play, pos):
    i = bd.numMoves
    bd.state[pos], bd.moves[i], bd.turn[i] = play, pos, play
    bd.numMoves = i + 1


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n if n is not None else len(play))

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        why = reason_refused(self.b, play, pos)
        if why is not None:
            raise IllegalMoveError(why)
        put(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0 or n > min(len(play), len(pos)):
            raise IllegalMoveError("bad n: %r" % (n,))
        work = clone(self.b)
        for k in range(n):
            why = reason_refused(work, play[k], pos[k])
            if why is not None:
                raise IllegalMoveError("move %d: %s" % (k, why))
            put(work, play[k], pos[k])
        self.b.state[:], self.b.moves[:], self.b.turn[:] = work.state, work.moves, work.turn
        self.b.numMoves = work.numMoves

    def getBoard(self):
        return clone(self.b)

    def gameOver(self):
        return is_finished(self.b.state)

    def winner(self):
        return who_won(self.b.state)

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        root = clone(self.b)
        n0 = root.numMoves
        me = -root.turn[n0 - 1] if n0 else X
        score = [1] * 9

        dq = Deque()
        dq.pushBack((root, None))              # (board, the first move that led to it)
        while len(dq):
            c, first = dq.popFront()
            if first is None or not is_finished(c.state):
                nxt = -c.turn[c.numMoves - 1] if c.numMoves else X
                for cell in [i for i in range(9) if c.state[i] == 0]:
                    kid = clone(c)
                    put(kid, nxt, cell)
                    dq.pushBack((kid, cell if first is None else first))
                continue
            m = c.numMoves
            w = who_won(c.state)
            if w == me:
                if score[first] > 0 and 10 - m > score[first]:
                    score[first] = 10 - m
            elif w == -me:
                if score[first] > 0:           # the first loss found for this move
                    score[first] = m - 10
            elif 0 < score[first]:
                score[first] = 0

        empties = [i for i in range(9) if root.state[i] == 0]
        pick = max(empties, key=lambda i: (score[i], -i))
        self.makeMove(me, pick)
        return pick

    def makeMinimaxMove(self):
        raise NotImplementedError("Part VI is not assigned")

    def minimaxValues(self):
        raise NotImplementedError("Part VI is not assigned")
