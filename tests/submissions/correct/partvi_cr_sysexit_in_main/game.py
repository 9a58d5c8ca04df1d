"""XO: moves, rules and a breadth-first search that scores leaves as they are made."""

from .board import O, X, BoardXO
from .deque import Deque

_ROWS = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
_LINES = _ROWS + tuple(zip(*_ROWS)) + ((0, 4, 8), (2, 4, 6))


class IllegalMoveError(ValueError):
    pass


def winnerOf(state):
    for line in _LINES:
        total = state[line[0]] + state[line[1]] + state[line[2]]
        if total == 3:
            return O
        if total == -3:
            return X
    return 0


def finished(state):
    return winnerOf(state) != 0 or 0 not in state


def nextPlayer(b):
    return X if b.numMoves == 0 else -b.turn[b.numMoves - 1]


def copyBoard(b):
    c = BoardXO()
    c.state = list(b.state)
    c.moves = list(b.moves)
    c.turn = list(b.turn)
    c.numMoves = b.numMoves
    return c


def withMove(b, play, pos):
    c = copyBoard(b)
    c.state[pos] = play
    c.moves[c.numMoves] = pos
    c.turn[c.numMoves] = play
    c.numMoves += 1
    return c


def rescore(score, first, leaf, me):
    """Apply the Part V rule for one finished board."""
    m = leaf.numMoves
    w = winnerOf(leaf.state)
    if w == me:
        new = 10 - m
        if score[first] > 0 and new > score[first]:
            score[first] = new
    elif w == -me:
        new = m - 10
        if new < score[first]:
            score[first] = new
    elif 0 < score[first]:
        score[first] = 0


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            self.makeMoves(play, pos, len(play) if n is None else n)

    def show(self):
        print(self.b.__str__())

    def _problem(self, play, pos):
        b = self.b
        if type(play) is not int or abs(play) != 1:
            return "player must be X (-1) or O (1)"
        if type(pos) is not int or pos not in range(9):
            return "cell must be an int from 0 to 8"
        if finished(b.state):
            return "the game is over"
        if b.state[pos] != 0:
            return f"cell {pos} is taken"
        if b.numMoves > 0 and b.turn[b.numMoves - 1] == play:
            return "players must alternate"
        return None

    def makeMove(self, play, pos):
        problem = self._problem(play, pos)
        if problem:
            raise IllegalMoveError(problem)
        b = self.b
        b.state[pos] = play
        b.moves[b.numMoves] = pos
        b.turn[b.numMoves] = play
        b.numMoves += 1

    def makeMoves(self, play, pos, n):
        if type(n) is not int or n < 0 or n > len(play) or n > len(pos):
            raise IllegalMoveError(f"there are not {n!r} moves to make")
        saved = copyBoard(self.b)
        try:
            for k in range(n):
                self.makeMove(play[k], pos[k])
        except ValueError:
            self.b.state, self.b.moves, self.b.turn, self.b.numMoves = (
                saved.state, saved.moves, saved.turn, saved.numMoves)
            raise

    def makeOptimalMove(self):
        root = copyBoard(self.b)
        if finished(root.state):
            return None
        me = nextPlayer(root)
        n0 = root.numMoves
        score = [1] * 9
        q = Deque()
        q.pushBack((root, None))
        while not q.isEmpty():
            board, first = q.popFront()
            p = nextPlayer(board)
            for cell in range(9):
                if board.state[cell]:
                    continue
                kid = withMove(board, p, cell)
                f = cell if first is None else first
                if finished(kid.state):
                    rescore(score, f, kid, me)   # scored as soon as it is made
                else:
                    q.pushBack((kid, f))
        empties = [c for c in range(9) if root.state[c] == 0]
        best = empties[0]
        for c in empties[1:]:
            if score[c] > score[best]:
                best = c
        self.makeMove(me, best)
        return best

    def minimaxValues(self):
        root = copyBoard(self.b)
        if finished(root.state):
            return [None] * 9
        me = nextPlayer(root)
        parentOf, valueOf, meMoves = [], [], []
        q = Deque()
        q.pushBack([root, -1])
        while not q.isEmpty():
            board, parent = q.popFront()
            number = len(parentOf)
            parentOf.append(parent)
            p = nextPlayer(board)
            meMoves.append(p == me)
            if number == 0 or not finished(board.state):
                valueOf.append(None)
                for cell in range(9):
                    if board.state[cell] == 0:
                        q.pushBack([withMove(board, p, cell), number])
            else:
                w = winnerOf(board.state)
                m = board.numMoves
                match w:
                    case 0:
                        valueOf.append(0)
                    case _ if w == me:
                        valueOf.append(10 - m)
                    case _:
                        valueOf.append(m - 10)
        for number in range(len(parentOf) - 1, 0, -1):
            parent = parentOf[number]
            v = valueOf[number]
            cur = valueOf[parent]
            if cur is None or (meMoves[parent] and v > cur) or (not meMoves[parent] and v < cur):
                valueOf[parent] = v
        answer = [None] * 9
        empties = [c for c in range(9) if root.state[c] == 0]
        for i, c in enumerate(empties):
            answer[c] = valueOf[i + 1]
        return answer

    def makeMinimaxMove(self):
        if self.gameOver():
            return None
        vals = self.minimaxValues()
        empties = [c for c in range(9) if vals[c] is not None]
        best = empties[0]
        for c in empties[1:]:
            if vals[c] > vals[best]:
                best = c
        self.makeMove(nextPlayer(self.b), best)
        return best

    def getBoard(self):
        return copyBoard(self.b)

    def gameOver(self):
        return finished(self.b.state)

    def winner(self):
        return winnerOf(self.b.state)
