"""Parts II-VI, written around generators: the children of a board are
generated lazily, and the searches consume them."""

from .board import O, X, BoardXO
from .deque import Deque


class IllegalMoveError(ValueError):
    pass


LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def winner_of(state):
    return next((state[a] for a, b, c in LINES if state[a] != 0 and state[a] == state[b] == state[c]), 0)


def done(board):
    return winner_of(board.state) != 0 or 0 not in board.state


def player_to_move(board):
    return X if board.numMoves == 0 else -board.turn[board.numMoves - 1]


def duplicate(board):
    nb = BoardXO()
    nb.state, nb.moves, nb.turn, nb.numMoves = board.state[:], board.moves[:], board.turn[:], board.numMoves
    return nb


def children(board):
    """Yield every child of board, empty cells in ascending order."""
    who = player_to_move(board)
    n = board.numMoves
    for cell, v in enumerate(board.state):
        if v == 0:
            kid = duplicate(board)
            kid.state[cell] = who
            kid.moves[n] = cell
            kid.turn[n] = who
            kid.numMoves = n + 1
            yield kid


def bfs(root, tag=False):
    """Breadth-first over the move tree with the Deque.  Yields (board, k, parent)
    in pop order; k counts the boards popped."""
    q = Deque()
    q.pushBack((root, -1))
    k = 0
    while not q.isEmpty():
        c, p = q.popFront()
        yield c, k, p
        if k == 0 or not done(c):
            for kid in children(c):
                q.pushBack((kid, k))
        k += 1


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None or pos is not None or n is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def _legal(self, board, play, pos):
        if type(play) is not int or play not in (X, O):
            raise IllegalMoveError(f"player {play!r}?")
        if type(pos) is not int or pos not in range(9):
            raise IllegalMoveError(f"cell {pos!r}?")
        if done(board):
            raise IllegalMoveError("the game is over")
        if board.state[pos]:
            raise IllegalMoveError(f"cell {pos} is taken")
        if board.numMoves and board.turn[board.numMoves - 1] == play:
            raise IllegalMoveError("one player, twice in a row")

    @staticmethod
    def _put(board, play, pos):
        n = board.numMoves
        board.state[pos] = play
        board.moves[n] = pos
        board.turn[n] = play
        board.numMoves = n + 1

    def makeMove(self, play, pos):
        self._legal(self.b, play, pos)
        self._put(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > min(len(play), len(pos)):
            raise IllegalMoveError(f"n {n!r}?")
        trial = duplicate(self.b)
        for i in range(n):
            self._legal(trial, play[i], pos[i])
            self._put(trial, play[i], pos[i])
        self.b = trial

    def makeOptimalMove(self):
        if done(self.b):
            return None
        root = duplicate(self.b)
        n0, me = root.numMoves, player_to_move(root)
        score = [1] * 9
        for c, k, _ in bfs(root):
            if k == 0 or not done(c):
                continue
            w, m, i = winner_of(c.state), c.numMoves, c.moves[n0]
            if w == me:
                if score[i] > 0 and 10 - m > score[i]:
                    score[i] = 10 - m
            elif w == -me:
                if m - 10 < score[i]:
                    score[i] = m - 10
            elif score[i] > 0:
                score[i] = 0
        cell = max((i for i in range(9) if root.state[i] == 0), key=lambda i: (score[i], -i))
        self.makeMove(me, cell)
        return cell

    def minimaxValues(self):
        if done(self.b):
            return [None] * 9
        root = duplicate(self.b)
        me, n0 = player_to_move(root), root.numMoves
        parent, value, maxing = [], [], []
        for c, k, p in bfs(root):
            parent.append(p)
            maxing.append((c.numMoves - n0) % 2 == 0)
            if k == 0 or not done(c):
                value.append(None)
            else:
                w, m = winner_of(c.state), c.numMoves
                value.append(0 if w == 0 else (10 - m if w == me else m - 10))
        for k in range(len(parent) - 1, 0, -1):
            p = parent[k]
            if value[p] is None or (maxing[p] and value[k] > value[p]) or (not maxing[p] and value[k] < value[p]):
                value[p] = value[k]
        out = [None] * 9
        for k, cell in enumerate((i for i in range(9) if root.state[i] == 0), 1):
            out[cell] = value[k]
        return out

    def makeMinimaxMove(self):
        if done(self.b):
            return None
        v = self.minimaxValues()
        cell = max((i for i in range(9) if v[i] is not None), key=lambda i: (v[i], -i))
        self.makeMove(player_to_move(self.b), cell)
        return cell

    def getBoard(self):
        return duplicate(self.b)

    def gameOver(self):
        return done(self.b)

    def winner(self):
        return winner_of(self.b.state)
