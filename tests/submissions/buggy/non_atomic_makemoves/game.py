from .board import BoardXO, X, O
from .deque import Deque

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8),
         (0, 3, 6), (1, 4, 7), (2, 5, 8),
         (0, 4, 8), (2, 4, 6)]


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        if isinstance(play, bool) or not isinstance(play, int) or play not in (X, O):
            raise ValueError("invalid player")
        if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos <= 8:
            raise ValueError("invalid position")
        if self.gameOver():
            raise ValueError("game is over")
        if self.b.state[pos] != 0:
            raise ValueError("position occupied")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("same player twice")
        XO._add(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("invalid n")
        for k in range(n):
            self.makeMove(play[k], pos[k])

    @staticmethod
    def _add(board, play, pos):
        board.state[pos] = play
        board.moves[board.numMoves] = pos
        board.turn[board.numMoves] = play
        board.numMoves += 1

    @staticmethod
    def _copy(board):
        c = BoardXO()
        c.state = list(board.state)
        c.moves = list(board.moves)
        c.turn = list(board.turn)
        c.numMoves = board.numMoves
        return c

    @staticmethod
    def _win(state):
        for a, b, c in LINES:
            if state[a] != 0 and state[a] == state[b] == state[c]:
                return state[a]
        return 0

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        n0 = self.b.numMoves
        player = X if n0 == 0 else -self.b.turn[n0 - 1]
        scores = [None] * 9
        for i in range(9):
            if self.b.state[i] == 0:
                scores[i] = 1

        q = Deque()
        q.pushBack(XO._copy(self.b))
        rootDone = False
        while not q.isEmpty():
            c = q.popFront()
            w = XO._win(c.state)
            if not rootDone or (w == 0 and 0 in c.state):
                rootDone = True
                p = X if c.numMoves == 0 else -c.turn[c.numMoves - 1]
                for i in range(9):
                    if c.state[i] == 0:
                        child = XO._copy(c)
                        XO._add(child, p, i)
                        q.pushBack(child)
            else:
                i = c.moves[n0]
                m = c.numMoves
                if w == player:
                    if scores[i] > 0 and 10 - m > scores[i]:
                        scores[i] = 10 - m
                elif w == -player:
                    if m - 10 < scores[i]:
                        scores[i] = m - 10
                elif scores[i] > 0:
                    scores[i] = 0

        best = None
        for i in range(9):
            if scores[i] is not None and (best is None or scores[i] > scores[best]):
                best = i
        self.makeMove(player, best)
        return best

    def getBoard(self):
        return XO._copy(self.b)

    def gameOver(self):
        return XO._win(self.b.state) != 0 or 0 not in self.b.state

    def winner(self):
        return XO._win(self.b.state)
