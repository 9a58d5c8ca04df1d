# game.py -- Parts II, IV, V (and VI)
from .board import X, O, BoardXO
from .deque import Deque


class IllegalMoveError(ValueError):
    pass


WIN_LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]


def whoWon(s):
    for line in WIN_LINES:
        total = s[line[0]] + s[line[1]] + s[line[2]]
        if total == 3:
            return O
        if total == -3:
            return X
    return 0


def nextPlayer(board):
    if board.numMoves == 0:
        return X
    return -board.turn[board.numMoves - 1]


def copyBoard(board):
    nb = BoardXO()
    nb.state = board.state[:]
    nb.moves = board.moves[:]
    nb.turn = board.turn[:]
    nb.numMoves = board.numMoves
    return nb


def isFinished(board):
    if whoWon(board.state) != 0:
        return True
    for v in board.state:
        if v == 0:
            return False
    return True


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(str(self.b))

    def _legal(self, board, play, pos):
        # True and 1.0 compare equal to 1: they are taken as O.
        if isinstance(play, (int, float)) and (play == 1 or play == -1):
            play = O if play == 1 else X
        else:
            raise IllegalMoveError("bad player: " + repr(play))
        if isinstance(pos, bool) or not isinstance(pos, int) or pos < 0 or pos > 8:
            raise IllegalMoveError("bad cell: " + repr(pos))
        if isFinished(board):
            raise IllegalMoveError("game over")
        if board.state[pos] != 0:
            raise IllegalMoveError("cell taken: " + str(pos))
        if board.numMoves > 0 and board.turn[board.numMoves - 1] == play:
            raise IllegalMoveError("player moved twice")
        return play

    def _put(self, board, play, pos):
        board.state[pos] = play
        board.moves[board.numMoves] = pos
        board.turn[board.numMoves] = play
        board.numMoves += 1

    def makeMove(self, play, pos):
        play = self._legal(self.b, play, pos)
        self._put(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise IllegalMoveError("bad n")
        if play is None or pos is None or len(play) < n or len(pos) < n:
            raise IllegalMoveError("not enough moves")
        scratch = copyBoard(self.b)
        for i in range(n):
            p = self._legal(scratch, play[i], pos[i])
            self._put(scratch, p, pos[i])
        self.b = scratch

    def getBoard(self):
        return copyBoard(self.b)

    def gameOver(self):
        return isFinished(self.b)

    def winner(self):
        return whoWon(self.b.state)

    def makeOptimalMove(self):
        if isFinished(self.b):
            return None
        root = copyBoard(self.b)
        player = nextPlayer(root)
        n0 = root.numMoves
        s = [1, 1, 1, 1, 1, 1, 1, 1, 1]
        q = Deque()
        q.pushBack(root)
        while not q.isEmpty():
            c = q.popFront()
            if c is root or not isFinished(c):
                who = nextPlayer(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        kid = copyBoard(c)
                        kid.state[cell] = who
                        kid.moves[kid.numMoves] = cell
                        kid.turn[kid.numMoves] = who
                        kid.numMoves += 1
                        q.pushBack(kid)
            else:
                i = c.moves[n0]
                w = whoWon(c.state)
                if w == player:
                    score = 10 - c.numMoves
                    if s[i] > 0 and score > s[i]:
                        s[i] = score
                elif w == -player:
                    score = c.numMoves - 10
                    if score < s[i]:
                        s[i] = score
                else:
                    if 0 < s[i]:
                        s[i] = 0
        choice = -1
        for cell in range(9):
            if root.state[cell] == 0:
                if choice == -1 or s[cell] > s[choice]:
                    choice = cell
        self.makeMove(player, choice)
        return choice

    def minimaxValues(self):
        if isFinished(self.b):
            return [None] * 9
        root = copyBoard(self.b)
        player = nextPlayer(root)
        parent = []
        value = []
        maximise = []
        q = Deque()
        q.pushBack((root, -1))
        while not q.isEmpty():
            c, p = q.popFront()
            k = len(parent)
            parent.append(p)
            if c is root or not isFinished(c):
                who = nextPlayer(c)
                value.append(None)
                maximise.append(who == player)
                for cell in range(9):
                    if c.state[cell] == 0:
                        kid = copyBoard(c)
                        kid.state[cell] = who
                        kid.moves[kid.numMoves] = cell
                        kid.turn[kid.numMoves] = who
                        kid.numMoves += 1
                        q.pushBack((kid, k))
            else:
                w = whoWon(c.state)
                m = c.numMoves
                maximise.append(False)
                if w == player:
                    value.append(10 - m)
                elif w == -player:
                    value.append(m - 10)
                else:
                    value.append(0)
        for k in range(len(parent) - 1, 0, -1):
            p = parent[k]
            if value[p] is None:
                value[p] = value[k]
            elif maximise[p] and value[k] > value[p]:
                value[p] = value[k]
            elif not maximise[p] and value[k] < value[p]:
                value[p] = value[k]
        result = [None] * 9
        k = 1
        for cell in range(9):
            if root.state[cell] == 0:
                result[cell] = value[k]
                k += 1
        return result

    def makeMinimaxMove(self):
        vals = self.minimaxValues()
        choice = -1
        for cell in range(9):
            if vals[cell] is not None and (choice == -1 or vals[cell] > vals[choice]):
                choice = cell
        if choice == -1:
            return None
        self.makeMove(nextPlayer(self.b), choice)
        return choice
