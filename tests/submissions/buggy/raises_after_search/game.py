from .board import BoardXO, X, O, EMPTY
from .deque import Deque

# all 8 ways to get three in a row
WINS = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6),
        (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def clone(board):
    b = BoardXO()
    b.state = board.state[:]
    b.moves = board.moves[:]
    b.turn = board.turn[:]
    b.numMoves = board.numMoves
    return b


def get_winner(state):
    for line in WINS:
        total = state[line[0]] + state[line[1]] + state[line[2]]
        if total == 3 * X:
            return X
        if total == 3 * O:
            return O
    return 0


def over(state):
    return get_winner(state) != 0 or EMPTY not in state


def to_move(board):
    if board.numMoves == 0:
        return X
    return -board.turn[board.numMoves - 1]


def apply_move(board, play, pos):
    n = board.numMoves
    board.state[pos] = play
    board.moves[n] = pos
    board.turn[n] = play
    board.numMoves = n + 1


def update_score(scores, i, result, m):
    # Part V rules (result: 1 = we won, -1 = they won, 0 = draw)
    if result == 1:
        new = 10 - m
        if scores[i] > 0 and new > scores[i]:
            scores[i] = new
    elif result == -1:
        new = m - 10
        if new < scores[i]:
            scores[i] = new
    else:
        if 0 < scores[i]:
            scores[i] = 0


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if n is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b)

    def _validate(self, play, pos):
        if type(play) != int or play not in (X, O):
            raise ValueError("bad player %r" % (play,))
        if type(pos) != int or pos not in range(9):
            raise ValueError("bad position %r" % (pos,))
        if over(self.b.state):
            raise ValueError("game is over")
        if self.b.state[pos] != EMPTY:
            raise ValueError("cell %d is taken" % pos)
        if self.b.numMoves > 0 and play == self.b.turn[self.b.numMoves - 1]:
            raise ValueError("players have to take turns")

    def makeMove(self, play, pos):
        self._validate(play, pos)
        apply_move(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) != int or n < 0 or n > min(len(play), len(pos)):
            raise ValueError("bad n")
        scratch = XO()
        scratch.b = self.getBoard()
        for k in range(n):
            scratch.makeMove(play[k], pos[k])   # raises before we touch self.b
        self.b = scratch.b

    def makeOptimalMove(self):
        if self.gameOver():
            return None
        root = self.b
        player = to_move(root)
        first = root.numMoves
        scores = [None] * 9
        for i in range(9):
            if root.state[i] == EMPTY:
                scores[i] = 1

        q = Deque()
        q.pushBack(clone(root))
        popped_root = False
        while not q.isEmpty():
            c = q.popFront()
            if not popped_root or not over(c.state):
                popped_root = True
                who = to_move(c)
                for cell in range(9):
                    if c.state[cell] == EMPTY:
                        kid = clone(c)
                        apply_move(kid, who, cell)
                        q.pushBack(kid)
            else:
                w = get_winner(c.state)
                if w == player:
                    result = 1
                elif w == -player:
                    result = -1
                else:
                    result = 0
                update_score(scores, c.moves[first], result, c.numMoves)

        best = None
        for i in range(9):
            if scores[i] is not None:
                if best is None or scores[i] > scores[best]:
                    best = i
        self.makeMove(player, str(best))     # the cell passed as text: makeMove refuses it
        return best

    def getBoard(self):
        return clone(self.b)

    def gameOver(self):
        return over(self.b.state)

    def winner(self):
        return get_winner(self.b.state)
