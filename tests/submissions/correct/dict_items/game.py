"""Parts II, IV, V: the game."""

from .board import O, X, BoardXO, LINES
from .deque import Deque


class IllegalMoveError(ValueError):
    pass


def _winner(state):
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def _over(board):
    return _winner(board.state) != 0 or 0 not in board.state


def _to_move(board):
    if board.numMoves == 0:
        return X
    return -board.turn[board.numMoves - 1]


def _copy(board):
    nb = BoardXO()
    nb.state = board.state[:]
    nb.moves = board.moves[:]
    nb.turn = board.turn[:]
    nb.numMoves = board.numMoves
    return nb


def _check(board, play, pos):
    if play not in (X, O) or type(play) is bool:
        raise IllegalMoveError(f"play must be -1 or 1, not {play!r}")
    if type(pos) is not int or not 0 <= pos <= 8:
        raise IllegalMoveError(f"pos must be an int from 0 to 8, not {pos!r}")
    if board.state[pos] != 0:
        raise IllegalMoveError(f"cell {pos} is already taken")
    if _over(board):
        raise IllegalMoveError("the game is over")
    if board.numMoves > 0 and board.turn[board.numMoves - 1] == play:
        raise IllegalMoveError("the same player cannot move twice in a row")


def _place(board, play, pos):
    board.state[pos] = play
    board.moves[board.numMoves] = pos
    board.turn[board.numMoves] = play
    board.numMoves += 1


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        _check(self.b, play, pos)
        _place(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        trial = _copy(self.b)
        for i in range(n):
            _check(trial, play[i], pos[i])
            _place(trial, play[i], pos[i])
        self.b = trial

    def makeOptimalMove(self):
        root = self.b
        if _over(root):
            return None
        player = _to_move(root)
        n0 = root.numMoves
        scores = [1] * 9
        q = Deque()
        q.pushBack({"board": _copy(root), "root": True})
        while not q.isEmpty():
            node = q.popFront()
            c = node["board"]
            if node["root"] or not _over(c):
                nxt = _to_move(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        child = _copy(c)
                        _place(child, nxt, cell)
                        q.pushBack({"board": child, "root": False})
            else:
                first = c.moves[n0]
                w = _winner(c.state)
                m = c.numMoves
                if w == player:
                    new = 10 - m
                    if scores[first] > 0 and new > scores[first]:
                        scores[first] = new
                elif w == -player:
                    new = m - 10
                    if new < scores[first]:
                        scores[first] = new
                else:
                    if 0 < scores[first]:
                        scores[first] = 0
        best = None
        for cell in range(9):
            if root.state[cell] == 0 and (best is None or scores[cell] > scores[best]):
                best = cell
        self.makeMove(player, best)
        return best

    def getBoard(self):
        return _copy(self.b)

    def gameOver(self):
        return _over(self.b)

    def winner(self):
        return _winner(self.b.state)
