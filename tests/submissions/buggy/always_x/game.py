from .board import BoardXO, X, O
from .deque import Deque


def winner(state):
    wins = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    for a, b, c in wins:
        if state[a] != 0 and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def done(state):
    return winner(state) != 0 or 0 not in state


def clone(board):
    nb = BoardXO()
    nb.state = list(board.state)
    nb.moves = list(board.moves)
    nb.turn = list(board.turn)
    nb.numMoves = board.numMoves
    return nb


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        if isinstance(play, bool) or not isinstance(play, int) or play not in (X, O):
            raise ValueError("play must be -1 or 1")
        if isinstance(pos, bool) or not isinstance(pos, int) or pos < 0 or pos > 8:
            raise ValueError("pos must be 0-8")
        if done(self.b.state):
            raise ValueError("game over")
        if self.b.state[pos] != 0:
            raise ValueError("occupied")
        n = self.b.numMoves
        if n > 0 and self.b.turn[n - 1] == play:
            raise ValueError("same player twice")
        self.b.state[pos] = play
        self.b.moves[n] = pos
        self.b.turn[n] = play
        self.b.numMoves = n + 1

    def makeMoves(self, play, pos, n):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad n")
        old = clone(self.b)
        try:
            for k in range(n):
                self.makeMove(play[k], pos[k])
        except ValueError:
            self.b = old
            raise

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        n0 = self.b.numMoves
        nextPlayer = X if n0 == 0 else -self.b.turn[n0 - 1]

        scores = [None] * 9
        for i in range(9):
            if self.b.state[i] == 0:
                scores[i] = 1

        q = Deque()
        q.pushBack(clone(self.b))
        first = True
        while not q.isEmpty():
            c = q.popFront()
            if first or not done(c.state):
                first = False
                p = X if c.numMoves == 0 else -c.turn[c.numMoves - 1]
                for cell in range(9):
                    if c.state[cell] == 0:
                        child = clone(c)
                        k = child.numMoves
                        child.state[cell] = p
                        child.moves[k] = cell
                        child.turn[k] = p
                        child.numMoves = k + 1
                        q.pushBack(child)
            else:
                i = c.moves[n0]
                m = c.numMoves
                w = winner(c.state)
                if w == X:            # computer (X) wins
                    if scores[i] > 0 and 10 - m > scores[i]:
                        scores[i] = 10 - m
                elif w == O:          # human (O) wins
                    if m - 10 < scores[i]:
                        scores[i] = m - 10
                else:
                    if scores[i] > 0:
                        scores[i] = 0

        best = None
        for i in range(9):
            if scores[i] is not None and (best is None or scores[i] > scores[best]):
                best = i
        self.makeMove(nextPlayer, best)
        return best

    def getBoard(self):
        return clone(self.b)

    def gameOver(self):
        return done(self.b.state)

    def winner(self):
        return winner(self.b.state)
