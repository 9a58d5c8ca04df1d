"""Project 5 - XO game with a BFS that scores the first moves."""
from .board import BoardXO, X, O
from .deque import Deque

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def _lineOwner(self, st):
        for a, b, c in LINES:
            if st[a] != 0 and st[a] == st[b] and st[b] == st[c]:
                return st[a]
        return 0

    def _ended(self, st):
        return self._lineOwner(st) != 0 or all(v != 0 for v in st)

    def _copy(self, bd):
        out = BoardXO()
        out.state = bd.state[:]
        out.moves = bd.moves[:]
        out.turn = bd.turn[:]
        out.numMoves = bd.numMoves
        return out

    def makeMove(self, play, pos):
        if type(play) is not int or play not in (-1, 1):
            raise ValueError("player has to be -1 or 1")
        if type(pos) is not int or pos not in range(9):
            raise ValueError("pos has to be 0..8")
        if self._ended(self.b.state):
            raise ValueError("game already over")
        if self.b.state[pos] != 0:
            raise ValueError("pos already has a marker")
        k = self.b.numMoves
        if k and self.b.turn[k - 1] == play:
            raise ValueError("other player's turn")
        self.b.state[pos] = play
        self.b.moves[k] = pos
        self.b.turn[k] = play
        self.b.numMoves = k + 1

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("n out of range")
        saved = self.b
        self.b = self._copy(saved)
        try:
            for k in range(n):
                self.makeMove(play[k], pos[k])
        except ValueError:
            self.b = saved
            raise

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        base = self.b.numMoves
        me = X if base == 0 else -self.b.turn[base - 1]
        scores = {}
        for i in range(9):
            if self.b.state[i] == 0:
                scores[i] = 1

        q = Deque()
        q.pushBack(self._copy(self.b))
        isRoot = True
        while not q.isEmpty():
            cur = q.popFront()
            if isRoot or not self._ended(cur.state):
                isRoot = False
                who = X if cur.numMoves == 0 else -cur.turn[cur.numMoves - 1]
                for i in range(9):
                    if cur.state[i] == 0:
                        nxt = self._copy(cur)
                        nxt.state[i] = who
                        nxt.moves[nxt.numMoves] = i
                        nxt.turn[nxt.numMoves] = who
                        nxt.numMoves += 1
                        q.pushBack(nxt)
                continue
            first = cur.moves[base]
            m = cur.numMoves
            w = self._lineOwner(cur.state)
            if w == me:
                if scores[first] > 0 and 10 - m > scores[first]:
                    scores[first] = 10 - m
            elif w == -me:
                if m - 10 < scores[first]:
                    scores[first] = m - 10
            elif scores[first] > 0:
                scores[first] = 0

        # pick the move with the best score
        bestMove = None
        bestScore = -100
        for i in scores:
            if scores[i] >= bestScore:
                bestScore = scores[i]
                bestMove = i
        self.makeMove(me, bestMove)
        return bestMove

    def getBoard(self):
        return self._copy(self.b)

    def gameOver(self):
        return self._ended(self.b.state)

    def winner(self):
        return self._lineOwner(self.b.state)
