# Part II-V - the game and the AI
import copy

from .board import BoardXO, X, O
from .deque import Deque

LINES = [
    [0, 1, 2], [3, 4, 5], [6, 7, 8],
    [0, 3, 6], [1, 4, 7], [2, 5, 8],
    [0, 4, 8], [2, 4, 6],
]


def whoWon(state):
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] and state[b] == state[c]:
            return state[a]
    return 0


def isOver(board):
    return whoWon(board.state) != 0 or 0 not in board.state


def nextPlayer(board):
    # X goes first on an empty board, otherwise whoever did not move last
    if board.numMoves == 0:
        return X
    return -board.turn[board.numMoves - 1]


def place(board, play, pos):
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
        if type(play) is not int or (play != X and play != O):
            raise ValueError("player has to be -1 or 1")
        if type(pos) is not int or pos < 0 or pos > 8:
            raise ValueError("position has to be 0 to 8")
        if self.gameOver():
            raise ValueError("the game is already over")
        if self.b.state[pos] != 0:
            raise ValueError("that spot is taken")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("a player can't move twice in a row")
        place(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad number of moves")
        # do the moves on a copy so a bad move leaves the game alone
        test = XO()
        test.b = copy.deepcopy(self.b)
        for k in range(n):
            test.makeMove(play[k], pos[k])
        self.b = test.b

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        me = nextPlayer(self.b)
        n0 = self.b.numMoves

        score = [None] * 9
        for cell in range(9):
            if self.b.state[cell] == 0:
                score[cell] = 1

        q = Deque()
        q.pushBack(copy.deepcopy(self.b))
        isRoot = True
        while not q.isEmpty():
            c = q.popFront()
            if isRoot or not isOver(c):
                isRoot = False
                p = nextPlayer(c)
                for cell in range(9):
                    if c.state[cell] == 0:
                        child = copy.deepcopy(c)
                        place(child, p, cell)
                        q.pushBack(child)
            else:
                # leaf: score the first move that got us here
                i = c.moves[n0]
                m = c.numMoves
                w = whoWon(c.state)
                if w == me:
                    new = 10 - m
                    if score[i] > 0 and new > score[i]:
                        score[i] = new
                elif w == -me:
                    new = m - 10
                    if new < score[i]:
                        score[i] = new
                else:
                    if 0 < score[i]:
                        score[i] = 0

        best = -1
        for cell in range(9):
            if score[cell] is not None and (best == -1 or score[cell] > score[best]):
                best = cell
        self.makeMove(me, best)
        return best

    def getBoard(self):
        return copy.deepcopy(self.b)

    def gameOver(self):
        return isOver(self.b)

    def winner(self):
        return whoWon(self.b.state)
