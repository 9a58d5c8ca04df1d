"""XO game with a breadth-first optimal move."""

from itertools import compress

from .board import O, X, BoardXO, LINES
from .deque import Deque


class IllegalMoveError(ValueError):
    pass


def three_in_a_row(state):
    """Return the player owning a full line, else 0."""
    return next((state[a] for a, b, c in LINES
                 if state[a] and state[a] == state[b] == state[c]), 0)


def is_finished(state):
    return bool(three_in_a_row(state)) or all(state)


def empty_cells(state):
    return compress(range(9), (v == 0 for v in state))


def mover(board):
    return -board.turn[board.numMoves - 1] if board.numMoves else X


def child_of(board, player, cell):
    kid = BoardXO()
    kid.state = board.state[:]
    kid.state[cell] = player
    kid.moves = board.moves[:]
    kid.moves[board.numMoves] = cell
    kid.turn = board.turn[:]
    kid.turn[board.numMoves] = player
    kid.numMoves = board.numMoves + 1
    return kid


def clone(board):
    twin = BoardXO()
    twin.state, twin.moves, twin.turn = board.state[:], board.moves[:], board.turn[:]
    twin.numMoves = board.numMoves
    return twin


def is_cell(pos):
    return isinstance(pos, int) and not isinstance(pos, bool) and pos in range(9)


def is_player(play):
    return isinstance(play, int) and not isinstance(play, bool) and play in (X, O)


def legal_child(board, play, pos):
    """The board after a legal move, or IllegalMoveError."""
    if not is_player(play):
        raise IllegalMoveError(f"not a player: {play!r}")
    if not is_cell(pos):
        raise IllegalMoveError(f"not a cell: {pos!r}")
    if is_finished(board.state):
        raise IllegalMoveError("game over")
    if board.state[pos]:
        raise IllegalMoveError(f"cell {pos} already taken")
    if board.numMoves and board.turn[board.numMoves - 1] == play:
        raise IllegalMoveError("a player cannot move twice in a row")
    return child_of(board, play, pos)


def leaves(root):
    """Breadth-first: yield every finished board below root (root itself is always expanded)."""
    q = Deque()
    q.pushBack(root)
    while q:
        c = q.popFront()
        if c is root or not is_finished(c.state):
            p = mover(c)
            for cell in empty_cells(c.state):
                q.pushBack(child_of(c, p, cell))
        else:
            yield c


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, len(pos) if n is None else n)

    def show(self):
        print(str(self.b))

    def makeMove(self, play, pos):
        self.b = legal_child(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= min(len(play), len(pos)):
            raise IllegalMoveError(f"bad number of moves: {n!r}")
        board = self.b
        for who, where in zip(play[:n], pos[:n]):
            board = legal_child(board, who, where)
        self.b = board

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        root = clone(self.b)
        me, n0 = mover(root), root.numMoves
        score = dict.fromkeys(empty_cells(root.state), 1)
        for leaf in leaves(root):
            first, m = leaf.moves[n0], leaf.numMoves
            who_won = three_in_a_row(leaf.state)
            if who_won == me:
                if score[first] > 0 and 10 - m > score[first]:
                    score[first] = 10 - m
            elif who_won == -me:
                score[first] = min(score[first], m - 10)
            elif score[first] > 0:
                score[first] = 0
        best = max(sorted(score), key=lambda cell: score[cell])  # max keeps the first of equals
        self.makeMove(me, best)
        return best

    def minimaxValues(self):
        root = clone(self.b)
        if is_finished(root.state):
            return [None] * 9
        me, n0 = mover(root), root.numMoves
        parents, values, depths = [], [], []
        q = Deque()
        q.pushBack((root, -1))
        while q:
            board, up = q.popFront()
            k = len(parents)
            parents.append(up)
            depths.append(board.numMoves - n0)
            if k == 0 or not is_finished(board.state):
                values.append(None)
                p = mover(board)
                for cell in empty_cells(board.state):
                    q.pushBack((child_of(board, p, cell), k))
            else:
                won, m = three_in_a_row(board.state), board.numMoves
                values.append(10 - m if won == me else m - 10 if won else 0)
        for k in reversed(range(1, len(parents))):
            up = parents[k]
            mine = depths[up] % 2 == 0       # the root's player moves on even depths
            if values[up] is None or (values[k] > values[up] if mine else values[k] < values[up]):
                values[up] = values[k]
        result = [None] * 9
        for number, cell in enumerate(empty_cells(root.state), start=1):
            result[cell] = values[number]
        return result

    def makeMinimaxMove(self):
        if self.gameOver():
            return None
        vals = self.minimaxValues()
        best = max((c for c in range(9) if vals[c] is not None), key=lambda c: (vals[c], -c))
        self.makeMove(mover(self.b), best)
        return best

    def getBoard(self):
        return clone(self.b)

    def gameOver(self):
        return is_finished(self.b.state)

    def winner(self):
        return three_in_a_row(self.b.state)
