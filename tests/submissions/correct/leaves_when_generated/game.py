from .board import BoardXO, X, O
from .deque import Deque

ROWS = [(0, 1, 2), (3, 4, 5), (6, 7, 8),
        (0, 3, 6), (1, 4, 7), (2, 5, 8),
        (0, 4, 8), (2, 4, 6)]


def winnerOf(state):
    for a, b, c in ROWS:
        if state[a] == state[b] == state[c] != 0:
            return state[a]
    return 0


def copyOf(board):
    new = BoardXO()
    new.state = board.state.copy()
    new.moves = board.moves.copy()
    new.turn = board.turn.copy()
    new.numMoves = board.numMoves
    return new


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def checkMove(self, play, pos):
        """Raise ValueError if play can't go at pos right now."""
        if isinstance(play, bool) or play not in (X, O) or not isinstance(play, int):
            raise ValueError("player must be X (-1) or O (1)")
        if isinstance(pos, bool) or not isinstance(pos, int):
            raise ValueError("position must be an int")
        if pos < 0 or pos > 8:
            raise ValueError("position out of range")
        if self.gameOver():
            raise ValueError("game is over")
        if self.b[pos] != 0:
            raise ValueError("square is not empty")
        if self.b.numMoves and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("wrong player")

    def makeMove(self, play, pos):
        self.checkMove(play, pos)
        k = self.b.numMoves
        self.b.state[pos] = play
        self.b.moves[k] = pos
        self.b.turn[k] = play
        self.b.numMoves += 1

    def makeMoves(self, play, pos, n):
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= min(len(play), len(pos)):
            raise ValueError("bad move count")
        old = self.b
        self.b = copyOf(old)
        try:
            for k in range(n):
                self.makeMove(play[k], pos[k])
        except ValueError:
            self.b = old      # undo everything
            raise

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        n0 = self.b.numMoves
        me = X if n0 == 0 else -self.b.turn[n0 - 1]
        scores = [1 if v == 0 else None for v in self.b.state]

        # BFS. A child that ends the game gets scored right away, only
        # unfinished games go into the queue.
        q = Deque()
        q.pushBack(copyOf(self.b))
        while not q.isEmpty():
            c = q.popFront()
            k = c.numMoves
            p = X if k == 0 else -c.turn[k - 1]
            for cell in range(9):
                if c.state[cell] != 0:
                    continue
                child = copyOf(c)
                child.state[cell] = p
                child.moves[k] = cell
                child.turn[k] = p
                child.numMoves = k + 1
                w = winnerOf(child.state)
                if w == 0 and 0 in child.state:
                    q.pushBack(child)
                    continue
                first = child.moves[n0]
                m = child.numMoves
                if w == me:
                    if scores[first] > 0 and 10 - m > scores[first]:
                        scores[first] = 10 - m
                elif w == -me:
                    if m - 10 < scores[first]:
                        scores[first] = m - 10
                elif scores[first] > 0:
                    scores[first] = 0

        best = None
        for cell in range(9):
            if scores[cell] is not None and (best is None or scores[cell] > scores[best]):
                best = cell
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return copyOf(self.b)

    def gameOver(self):
        return winnerOf(self.b.state) != 0 or 0 not in self.b.state

    def winner(self):
        return winnerOf(self.b.state)
