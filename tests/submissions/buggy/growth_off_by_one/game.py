from .board import O, X, BoardXO
from .deque import Deque

ALL_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6),
             (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
LINES_THROUGH = tuple(tuple(l for l in ALL_LINES if cell in l) for cell in range(9))


class IllegalMoveError(ValueError):
    pass


def find_winner(state):
    for a, b, c in ALL_LINES:
        if state[a] != 0 and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def last_move_won(state, cell):
    p = state[cell]
    return any(state[a] == p and state[b] == p and state[c] == p
               for a, b, c in LINES_THROUGH[cell])


def is_over(board):
    return find_winner(board.state) != 0 or board.numMoves >= 9 or 0 not in board.state


def player_to_move(board):
    return -board.turn[board.numMoves - 1] if board.numMoves > 0 else X


def copy_board(board):
    new = BoardXO()
    new.state = board.state[:]
    new.moves = board.moves[:]
    new.turn = board.turn[:]
    new.numMoves = board.numMoves
    return new


def record(board, play, pos):
    board.state[pos] = play
    board.moves[board.numMoves] = pos
    board.turn[board.numMoves] = play
    board.numMoves += 1


def illegal_reason(board, play, pos):
    if not (play == -1 or play == 1):
        return "play must be -1 (X) or 1 (O)"
    if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos <= 8:
        return "pos must be an int from 0 to 8"
    if board.state[pos] != 0:
        return "cell already taken"
    if is_over(board):
        return "game is over"
    if board.numMoves > 0 and board.turn[board.numMoves - 1] == play:
        return "same player cannot move twice"
    return ""


def rescore(scores, cell, me, won_by, total):
    """Part V scoring rules for one finished game under first move `cell`."""
    if won_by == me:
        new = 10 - total
        if scores[cell] > 0 and new > scores[cell]:
            scores[cell] = new
    elif won_by == -me:
        new = total - 10
        if new < scores[cell]:
            scores[cell] = new
    elif 0 < scores[cell]:
        scores[cell] = 0


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        why = illegal_reason(self.b, play, pos)
        if why:
            raise IllegalMoveError(why)
        record(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        trial = copy_board(self.b)
        for i in range(n):
            why = illegal_reason(trial, play[i], pos[i])
            if why:
                raise IllegalMoveError(f"move {i}: {why}")
            record(trial, play[i], pos[i])
        self.b = trial

    def makeOptimalMove(self):
        """BFS; finished boards are scored as soon as they are made and never pushed."""
        if is_over(self.b):
            return None
        me = player_to_move(self.b)
        n0 = self.b.numMoves
        scores = [1] * 9
        q = Deque()
        q.pushBack(copy_board(self.b))
        while not q.isEmpty():
            c = q.popFront()
            p = player_to_move(c)
            for cell in range(9):
                if c.state[cell]:
                    continue
                child = copy_board(c)
                record(child, p, cell)
                if last_move_won(child.state, cell):
                    rescore(scores, child.moves[n0], me, p, child.numMoves)
                elif child.numMoves == 9 or 0 not in child.state:
                    rescore(scores, child.moves[n0], me, 0, child.numMoves)
                else:
                    q.pushBack(child)
        open_cells = [i for i in range(9) if self.b.state[i] == 0]
        best = open_cells[0]
        for i in open_cells[1:]:
            if scores[i] > scores[best]:
                best = i
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return copy_board(self.b)

    def gameOver(self):
        return is_over(self.b)

    def winner(self):
        return find_winner(self.b.state)
