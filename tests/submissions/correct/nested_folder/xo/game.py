from .board import BoardXO, X, O
from .deque import Deque

WIN_LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8),
             (0, 3, 6), (1, 4, 7), (2, 5, 8),
             (0, 4, 8), (2, 4, 6)]


def winner_of(state):
    for a, b, c in WIN_LINES:
        if state[a] == state[b] == state[c] and state[a] != 0:
            return state[a]
    return 0


def copy_of(board):
    other = BoardXO()
    other.state = board.state[:]
    other.moves = board.moves[:]
    other.turn = board.turn[:]
    other.numMoves = board.numMoves
    return other


def rescore(scores, i, w, me, m):
    """Part V rules for the leaf that started with move i."""
    if w == me:
        if scores[i] > 0 and 10 - m > scores[i]:
            scores[i] = 10 - m
    elif w == -me:
        if m - 10 < scores[i]:
            scores[i] = m - 10
    else:
        if scores[i] > 0:
            scores[i] = 0


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None or pos is not None or n is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        b = self.b
        if type(play) is not int or play not in (-1, 1):
            raise ValueError("player should be -1 or 1")
        if type(pos) is not int or not 0 <= pos <= 8:
            raise ValueError("pos should be 0..8")
        if self.gameOver():
            raise ValueError("game is finished")
        if b.state[pos] != 0:
            raise ValueError("spot already taken")
        if b.numMoves > 0 and b.turn[b.numMoves - 1] == play:
            raise ValueError("players must alternate")
        b.state[pos] = play
        b.moves[b.numMoves] = pos
        b.turn[b.numMoves] = play
        b.numMoves += 1

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("n doesn't match the lists")
        keep = self.b
        self.b = copy_of(keep)
        for k in range(n):
            try:
                self.makeMove(play[k], pos[k])
            except ValueError:
                self.b = keep
                raise

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        root = self.b
        n0 = root.numMoves
        me = -root.turn[n0 - 1] if n0 > 0 else X
        scores = [1 if root.state[i] == 0 else None for i in range(9)]

        q = Deque()
        q.pushBack(copy_of(root))
        seen_root = False
        while not q.isEmpty():
            c = q.popFront()
            w = winner_of(c.state)
            full = 0 not in c.state
            if seen_root and (w != 0 or full):
                rescore(scores, c.moves[n0], w, me, c.numMoves)
                continue
            seen_root = True
            k = c.numMoves
            p = -c.turn[k - 1] if k > 0 else X
            for cell in range(9):
                if c.state[cell] == 0:
                    child = copy_of(c)
                    child.state[cell] = p
                    child.moves[k] = cell
                    child.turn[k] = p
                    child.numMoves = k + 1
                    q.pushBack(child)

        best = None
        for cell in range(9):
            if scores[cell] is None:
                continue
            if best is None or scores[cell] > scores[best]:
                best = cell
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return copy_of(self.b)

    def gameOver(self):
        return winner_of(self.b.state) != 0 or 0 not in self.b.state

    def winner(self):
        return winner_of(self.b.state)
