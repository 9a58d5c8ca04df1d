"""XO game class with the BFS AI (parts II - V)."""

from .board import BoardXO, X, O
from .deque import Deque


def three_in_a_row(s):
    """Return -1/1 if that player has a line, 0 otherwise."""
    # rows
    for r in (0, 3, 6):
        if s[r] != 0 and s[r] == s[r + 1] == s[r + 2]:
            return s[r]
    # columns
    for c in (0, 1, 2):
        if s[c] != 0 and s[c] == s[c + 3] == s[c + 6]:
            return s[c]
    # diagonals
    if s[4] != 0 and s[0] == s[4] == s[8]:
        return s[4]
    if s[4] != 0 and s[2] == s[4] == s[6]:
        return s[4]
    return 0


def copy_board(b):
    nb = BoardXO()
    nb.state = list(b.state)
    nb.moves = list(b.moves)
    nb.turn = list(b.turn)
    nb.numMoves = b.numMoves
    return nb


def finished(b):
    return three_in_a_row(b.state) != 0 or 0 not in b.state


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None and pos is not None and n is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(str(self.b))

    def makeMove(self, play, pos):
        if isinstance(play, bool) or not isinstance(play, int) or play not in (-1, 1):
            raise ValueError("invalid player: " + repr(play))
        if isinstance(pos, bool) or not isinstance(pos, int) or not (0 <= pos <= 8):
            raise ValueError("invalid position: " + repr(pos))
        if self.gameOver():
            raise ValueError("game over, no more moves")
        if self.b.state[pos] != 0:
            raise ValueError("position already used")
        k = self.b.numMoves
        if k > 0 and self.b.turn[k - 1] == play:
            raise ValueError("not this player's turn")
        self.b.state[pos] = play
        self.b.moves[k] = pos
        self.b.turn[k] = play
        self.b.numMoves = k + 1

    def makeMoves(self, play, pos, n):
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError("n must be a non-negative int")
        if n > len(play) or n > len(pos):
            raise ValueError("not enough moves given")
        # remember the board, put it back if something goes wrong
        saved = copy_board(self.b)
        try:
            for k in range(n):
                self.makeMove(play[k], pos[k])
        except ValueError:
            self.b = saved
            raise

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        start = self.b.numMoves
        player = X if start == 0 else -self.b.turn[start - 1]
        s = [None] * 9
        for i in range(9):
            if self.b.state[i] == 0:
                s[i] = 1

        q = Deque()
        q.pushBack(copy_board(self.b))
        root = True
        while not q.isEmpty():
            c = q.popFront()
            if root or not finished(c):
                root = False
                k = c.numMoves
                who = X if k == 0 else -c.turn[k - 1]
                for cell in range(9):
                    if c.state[cell] == 0:
                        nxt = copy_board(c)
                        nxt.state[cell] = who
                        nxt.moves[k] = cell
                        nxt.turn[k] = who
                        nxt.numMoves = k + 1
                        q.pushBack(nxt)
            else:
                i = c.moves[start]
                m = c.numMoves
                w = three_in_a_row(c.state)
                if w == player:           # we win
                    if s[i] > 0 and 10 - m > s[i]:
                        s[i] = 10 - m
                elif w == -player:        # they win
                    if m - 10 < s[i]:
                        s[i] = m - 10
                elif s[i] > 0:            # draw
                    s[i] = 0

        best = None
        for i in range(9):
            if s[i] is None:
                continue
            if best is None or s[i] > s[best]:
                best = i
        self.makeMove(player, best)
        return best

    def getBoard(self):
        return copy_board(self.b)

    def gameOver(self):
        return finished(self.b)

    def winner(self):
        return three_in_a_row(self.b.state)
