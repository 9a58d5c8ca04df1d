"""Parts II-VI: the game.  Most of the work is done by small module-level
functions on boards; the XO methods only glue them together."""

from .board import CELLS, EMPTY, O, X, BoardXO, finished, three_in_a_row
from .deque import Deque


class IllegalMoveError(ValueError):
    """A move the rules of Tic Tac Toe do not allow."""


# --- helpers on boards -------------------------------------------------------

def clone(board):
    twin = BoardXO()
    twin.state = board.state[:]
    twin.moves = board.moves[:]
    twin.turn = board.turn[:]
    twin.numMoves = board.numMoves
    return twin


def next_player(board):
    n = board.numMoves
    return X if n == 0 else -board.turn[n - 1]


def with_move(board, cell, who):
    """A new board: `board` plus `who` on `cell`, recorded as makeMove would."""
    kid = clone(board)
    kid.state[cell] = who
    kid.moves[kid.numMoves] = cell
    kid.turn[kid.numMoves] = who
    kid.numMoves += 1
    return kid


def open_cells(state):
    return [cell for cell in CELLS if state[cell] == EMPTY]


def why_illegal(board, play, pos):
    """None if `play` may move on `pos`, else the reason."""
    if type(play) is not int or play not in (X, O):
        return f"{play!r} is not a player (-1 or 1)"
    if type(pos) is not int or not 0 <= pos <= 8:
        return f"{pos!r} is not a cell (an int from 0 to 8)"
    if finished(board.state):
        return "the game is over"
    if board.state[pos] != EMPTY:
        return f"cell {pos} is taken"
    if board.numMoves and board.turn[board.numMoves - 1] == play:
        return f"player {play} moved last"
    return None


# lines through each cell, for "did the last move win?" in the minimax search
LINES_THROUGH = (
    ((0, 1, 2), (0, 3, 6), (0, 4, 8)),
    ((0, 1, 2), (1, 4, 7)),
    ((0, 1, 2), (2, 5, 8), (2, 4, 6)),
    ((3, 4, 5), (0, 3, 6)),
    ((3, 4, 5), (1, 4, 7), (0, 4, 8), (2, 4, 6)),
    ((3, 4, 5), (2, 5, 8)),
    ((6, 7, 8), (0, 3, 6), (2, 4, 6)),
    ((6, 7, 8), (1, 4, 7)),
    ((6, 7, 8), (2, 5, 8), (0, 4, 8)),
)


def last_move_won(board):
    """True when the last move of `board` completed a line."""
    n = board.numMoves
    if n == 0:
        return False
    cell = board.moves[n - 1]
    s = board.state
    who = s[cell]
    for a, b, c in LINES_THROUGH[cell]:
        if s[a] == who and s[b] == who and s[c] == who:
            return True
    return False


def leaf_value(board, player):
    """Value of a finished game for `player`: 10 - m, m - 10 or 0."""
    m = board.numMoves
    if last_move_won(board):
        return 10 - m if board.turn[m - 1] == player else m - 10
    return 0


# --- the game ----------------------------------------------------------------

class XO:

    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        reason = why_illegal(self.b, play, pos)
        if reason is not None:
            raise IllegalMoveError(reason)
        b = self.b
        b.state[pos] = play
        b.moves[b.numMoves] = pos
        b.turn[b.numMoves] = play
        b.numMoves += 1

    def makeMoves(self, play, pos, n):
        saved = clone(self.b)
        try:
            for i in range(n):
                self.makeMove(play[i], pos[i])
        except Exception as err:
            self.b = saved
            if isinstance(err, ValueError):
                raise
            raise IllegalMoveError(f"bad move list: {err}") from err

    def getBoard(self):
        return clone(self.b)

    def gameOver(self):
        return finished(self.b.state)

    def winner(self):
        return three_in_a_row(self.b.state)

    # Parts III-V ------------------------------------------------------------

    def makeOptimalMove(self):
        root = self.b
        if finished(root.state):
            return None
        player = next_player(root)
        n0 = root.numMoves
        score = [1] * 9
        q = Deque()
        q.pushBack(clone(root))
        is_root = True
        while not q.isEmpty():
            c = q.popFront()
            won = three_in_a_row(c.state)
            if is_root or (won == 0 and EMPTY in c.state):
                is_root = False
                who = next_player(c)
                for cell in CELLS:
                    if c.state[cell] == EMPTY:
                        q.pushBack(with_move(c, cell, who))
                continue
            first = c.moves[n0]
            m = c.numMoves
            if won == player:
                new = 10 - m
                if score[first] > 0 and new > score[first]:
                    score[first] = new
            elif won == -player:
                new = m - 10
                if new < score[first]:
                    score[first] = new
            elif score[first] > 0:
                score[first] = 0
        best = max(open_cells(root.state), key=lambda cell: (score[cell], -cell))
        self.makeMove(player, best)
        return best

    # Part VI ------------------------------------------------------------------

    def minimaxValues(self):
        root = self.b
        if finished(root.state):
            return [None] * 9
        player = next_player(root)
        parent = []
        value = []
        maximise = []
        q = Deque()
        q.pushBack((clone(root), -1))
        while not q.isEmpty():
            c, p = q.popFront()
            k = len(parent)
            parent.append(p)
            if k == 0 or not (last_move_won(c) or EMPTY not in c.state):
                who = next_player(c)
                value.append(None)
                maximise.append(who == player)
                for cell in CELLS:
                    if c.state[cell] == EMPTY:
                        q.pushBack((with_move(c, cell, who), k))
            else:
                value.append(leaf_value(c, player))
                maximise.append(None)
        for k in range(len(parent) - 1, 0, -1):
            p = parent[k]
            v = value[k]
            have = value[p]
            if have is None or (v > have if maximise[p] else v < have):
                value[p] = v
        result = [None] * 9
        for i, cell in enumerate(open_cells(root.state)):
            result[cell] = value[1 + i]
        return result

    def makeMinimaxMove(self):
        values = self.minimaxValues()
        cells = [cell for cell in CELLS if values[cell] is not None]
        if not cells:
            return None
        best = max(cells, key=lambda cell: (values[cell], -cell))
        self.makeMove(next_player(self.b), best)
        return best
