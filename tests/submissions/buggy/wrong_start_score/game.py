# Project 5: the XO class
from .board import BoardXO, X, O, EMPTY
from .deque import Deque

TRIPLES = [
    (0, 1, 2), (3, 4, 5), (6, 7, 8),   # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),   # cols
    (0, 4, 8), (2, 4, 6),              # diagonals
]


def find_winner(state):
    for t in TRIPLES:
        a, b, c = state[t[0]], state[t[1]], state[t[2]]
        if a != EMPTY and a == b and b == c:
            return a
    return 0


def is_finished(state):
    return find_winner(state) != 0 or state.count(EMPTY) == 0


def board_copy(board):
    nb = BoardXO()
    nb.state = list(board.state)
    nb.moves = list(board.moves)
    nb.turn = list(board.turn)
    nb.numMoves = board.numMoves
    return nb


def put(board, play, pos):
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
            raise ValueError("invalid player")
        if type(pos) is not int or not (0 <= pos <= 8):
            raise ValueError("invalid position")
        if is_finished(self.b.state):
            raise ValueError("game is over")
        if self.b.state[pos] != EMPTY:
            raise ValueError("position is taken")
        if self.b.numMoves > 0 and self.b.turn[self.b.numMoves - 1] == play:
            raise ValueError("players alternate")
        put(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise ValueError("bad number of moves")
        test = XO()
        test.b = board_copy(self.b)
        for k in range(n):
            test.makeMove(play[k], pos[k])
        self.b = test.b

    def makeOptimalMove(self):
        if is_finished(self.b.state):
            return None
        start = self.b.numMoves
        player = X if start == 0 else -self.b.turn[start - 1]

        # starting score for every open square
        score = [None] * 9
        for i in range(9):
            if self.b.state[i] == EMPTY:
                score[i] = 10

        q = Deque()
        q.pushBack(board_copy(self.b))
        root = True
        while not q.isEmpty():
            c = q.popFront()
            if root or not is_finished(c.state):
                root = False
                who = X if c.numMoves == 0 else -c.turn[c.numMoves - 1]
                for i in range(9):
                    if c.state[i] == EMPTY:
                        child = board_copy(c)
                        put(child, who, i)
                        q.pushBack(child)
            else:
                i = c.moves[start]
                m = c.numMoves
                w = find_winner(c.state)
                if w == player:
                    new = 10 - m
                    if score[i] > 0 and new > score[i]:
                        score[i] = new
                elif w == -player:
                    new = m - 10
                    if new < score[i]:
                        score[i] = new
                elif 0 < score[i]:
                    score[i] = 0

        best = None
        for i in range(9):
            if score[i] is not None and (best is None or score[i] > score[best]):
                best = i
        put(self.b, player, best)
        return best

    def getBoard(self):
        return board_copy(self.b)

    def gameOver(self):
        return is_finished(self.b.state)

    def winner(self):
        return find_winner(self.b.state)
