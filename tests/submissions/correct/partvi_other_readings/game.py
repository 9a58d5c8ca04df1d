"""Parts II to VI: the game, its breadth-first search by the Part V rules, and minimax backed up level by level."""

from .board import EMPTY, O, X, BoardXO, line_owner
from .deque import Deque


class IllegalMoveError(ValueError):
    """A move the rules forbid."""


def _as_player(play):
    """The player ``play`` stands for.  A float equal to -1 or 1 is taken as that player (the handout accepts
    either reading); a bool is refused, it is no number of a player."""
    if type(play) in (int, float) and play in (X, O):
        return int(play)
    raise IllegalMoveError(f"{play!r} is not a player: X is -1, O is 1")


def _copy(board):
    new = BoardXO()
    new.state = board.state[:]
    new.moves = board.moves[:]
    new.turn = board.turn[:]
    new.numMoves = board.numMoves
    return new


def _over(board):
    return line_owner(board.state) != 0 or EMPTY not in board.state


def _to_move(board):
    return X if board.numMoves == 0 else -board.turn[board.numMoves - 1]


def _place(board, play, pos):
    """Check the move against the rules, then make it on ``board``."""
    play = _as_player(play)
    if type(pos) is not int or not 0 <= pos <= 8:
        raise IllegalMoveError(f"{pos!r} is not a cell from 0 to 8")
    if board.state[pos] != EMPTY:
        raise IllegalMoveError(f"cell {pos} is taken")
    if _over(board):
        raise IllegalMoveError("the game is over")
    if board.numMoves > 0 and board.turn[board.numMoves - 1] == play:
        raise IllegalMoveError("the same player cannot move twice in a row")
    board.state[pos] = play
    board.moves[board.numMoves] = pos
    board.turn[board.numMoves] = play
    board.numMoves += 1


def _child(board, player, cell):
    child = _copy(board)
    child.state[cell] = player
    child.moves[child.numMoves] = cell
    child.turn[child.numMoves] = player
    child.numMoves += 1
    return child


class XO:
    """A game of Tic Tac Toe; its board is ``b``."""

    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None or pos is not None or n is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        trial = _copy(self.b)
        _place(trial, play, pos)
        self.b = trial

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or play is None or pos is None or n > len(play) or n > len(pos):
            raise IllegalMoveError(f"cannot make {n!r} moves of these lists")
        trial = _copy(self.b)
        for k in range(n):
            _place(trial, play[k], pos[k])
        self.b = trial

    def makeOptimalMove(self):
        if _over(self.b):
            return None
        root = _copy(self.b)
        me, n0 = _to_move(root), root.numMoves
        scores = [1] * 9
        q = Deque()
        q.pushBack(root)
        while not q.isEmpty():
            c = q.popFront()
            if c is root or not _over(c):
                nxt = _to_move(c)
                for cell in range(9):
                    if c.state[cell] == EMPTY:
                        q.pushBack(_child(c, nxt, cell))
                continue
            first, total, won = c.moves[n0], c.numMoves, line_owner(c.state)
            if won == me:
                if scores[first] > 0 and 10 - total > scores[first]:
                    scores[first] = 10 - total
            elif won == -me:
                if total - 10 < scores[first]:
                    scores[first] = total - 10
            elif 0 < scores[first]:
                scores[first] = 0
        cell = _best([scores[c] if root.state[c] == EMPTY else None for c in range(9)])
        self.makeMove(me, cell)
        return cell

    def minimaxValues(self):
        if _over(self.b):
            return [None] * 9
        root = _copy(self.b)
        me = _to_move(root)
        parent, value, mover, cell_of = [], [], [], []
        q = Deque()
        q.pushBack((root, -1))
        while not q.isEmpty():
            c, p = q.popFront()
            k = len(parent)
            parent.append(p)
            cell_of.append(c.moves[c.numMoves - 1] if c.numMoves else None)
            if k == 0 or not _over(c):
                nxt = _to_move(c)
                mover.append(nxt)
                value.append(None)
                for cell in range(9):
                    if c.state[cell] == EMPTY:
                        q.pushBack((_child(c, nxt, cell), k))
            else:
                won, m = line_owner(c.state), c.numMoves
                mover.append(None)
                value.append(10 - m if won == me else m - 10 if won == -me else 0)
        for k in range(len(parent) - 1, 0, -1):
            p = parent[k]
            if value[p] is None or (value[k] > value[p] if mover[p] == me else value[k] < value[p]):
                value[p] = value[k]
        values = [None] * 9
        for k in range(1, len(parent)):
            if parent[k] == 0:
                values[cell_of[k]] = value[k]
        return values

    def makeMinimaxMove(self):
        if _over(self.b):
            return None
        cell = _best(self.minimaxValues())
        self.makeMove(_to_move(self.b), cell)
        return cell

    def getBoard(self):
        return _copy(self.b)

    def gameOver(self):
        return _over(self.b)

    def winner(self):
        return line_owner(self.b.state)


def _best(values):
    """The cell with the highest value, the lowest cell among ties (None where a cell is taken)."""
    best = None
    for cell, v in enumerate(values):
        if v is not None and (best is None or v > values[best]):
            best = cell
    return best
