"""Parts II-V."""
from .board import BoardXO, X, O
from .deque import Deque

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def line_winner(state):
    for a, b, c in LINES:
        if state[a] == state[b] == state[c] and state[a] != 0:
            return state[a]
    return 0


def copy_board(board):
    new = BoardXO()
    new.state = board.state.copy()
    new.moves = board.moves.copy()
    new.turn = board.turn.copy()
    new.numMoves = board.numMoves
    return new


def next_player(board):
    return X if board.numMoves == 0 else -board.turn[board.numMoves - 1]


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        if type(play) is not int or play not in (X, O):
            raise ValueError("player must be X (-1) or O (1)")
        if type(pos) is not int or not 0 <= pos <= 8:
            raise ValueError("position must be 0 to 8")
        if self.gameOver():
            raise ValueError("game over")
        if self.b.state[pos] != 0:
            raise ValueError("square taken")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("not your turn")
        self._apply(self.b, play, pos)

    @staticmethod
    def _apply(board, play, pos):
        board.state[pos] = play
        board.moves[board.numMoves] = pos
        board.turn[board.numMoves] = play
        board.numMoves += 1

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad n")
        scratch = XO()
        scratch.b = copy_board(self.b)
        for k in range(n):
            scratch.makeMove(play[k], pos[k])
        self.b = scratch.b

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        me = next_player(self.b)
        n0 = self.b.numMoves
        scores = [1 if v == 0 else None for v in self.b.state]

        q = Deque()
        q.pushBack(copy_board(self.b))
        root = True
        while not q.isEmpty():
            c = q.popFront()
            w = line_winner(c.state)
            if root or (w == 0 and 0 in c.state):
                root = False
                p = next_player(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        child = copy_board(c)
                        self._apply(child, p, cell)
                        q.pushBack(child)
                continue
            i = c.moves[n0]
            m = c.numMoves
            if w == me:
                if scores[i] > 0 and 10 - m > scores[i]:
                    scores[i] = 10 - m
            elif w == -me:
                if m - 10 < scores[i]:
                    scores[i] = m - 10
            elif scores[i] > 0:
                scores[i] = 0

        best = None
        for cell in range(9):
            if scores[cell] is not None and (best is None or scores[cell] > scores[best]):
                best = cell
        self._apply(self.b, me, best)
        return best

    def getBoard(self):
        return copy_board(self.b)

    def gameOver(self):
        return line_winner(self.b.state) != 0 or 0 not in self.b.state

    def winner(self):
        return line_winner(self.b.state)
