"""XO: rules as a table; search keeps a parent pointer per board."""

from .board import O, X, BoardXO
from .deque import Deque

WINS = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]


class IllegalMoveError(ValueError):
    pass


def _win(state):
    for line in WINS:
        v = state[line[0]]
        if v != 0 and all(state[i] == v for i in line):
            return v
    return 0


def _done(b):
    return _win(b.state) != 0 or all(v != 0 for v in b.state)


def _is_cell(pos):
    return type(pos) is int and pos in range(9)


RULES = (
    (lambda b, p, c: p in (X, O) and type(p) is int, "play must be X (-1) or O (1)"),
    (lambda b, p, c: _is_cell(c), "pos must be an int in 0..8"),
    (lambda b, p, c: not _done(b), "the game is over"),
    (lambda b, p, c: b.state[c] == 0, "cell already occupied"),
    (lambda b, p, c: b.numMoves == 0 or b.turn[b.numMoves - 1] != p, "not this player's turn"),
)


def _enforce(b, p, c):
    for ok, message in RULES:
        if not ok(b, p, c):
            raise IllegalMoveError(message)


def _commit(b, p, c):
    b.state[c] = p
    b.moves[b.numMoves] = c
    b.turn[b.numMoves] = p
    b.numMoves += 1


def _dup(b):
    d = BoardXO()
    d.state = b.state[:]
    d.moves = b.moves[:]
    d.turn = b.turn[:]
    d.numMoves = b.numMoves
    return d


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if n is not None:
            self.makeMoves(play, pos, n)

    def show(self):
        print(self.b.__str__())

    def makeMove(self, play, pos):
        _enforce(self.b, play, pos)
        _commit(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if n < 0 or n > len(play) or n > len(pos):
            raise IllegalMoveError("n is out of range")
        b = _dup(self.b)
        for i in range(n):
            _enforce(b, play[i], pos[i])
            _commit(b, play[i], pos[i])
        self.b = b

    def makeOptimalMove(self):
        b = self.b
        if _done(b):
            return None
        me = X if b.numMoves == 0 else -b.turn[b.numMoves - 1]
        s = [1] * 9
        q = Deque()
        root = (_dup(b), None)
        q.pushBack(root)
        while not q.isEmpty():
            item = q.popFront()
            c, parent = item
            if parent is None or not _done(c):
                nxt = X if c.numMoves == 0 else -c.turn[c.numMoves - 1]
                for cell in range(9):
                    if c.state[cell] == 0:
                        child = _dup(c)
                        _commit(child, nxt, cell)
                        q.pushBack((child, item))
            else:
                # walk the parent pointers up to the child of the root
                node = item
                while node[1] is not root:
                    node = node[1]
                first = node[0].moves[node[0].numMoves - 1]
                w = _win(c.state)
                total = b.numMoves
                if w == me:
                    if s[first] > 0 and 10 - total > s[first]:
                        s[first] = 10 - total
                elif w == -me:
                    if total - 10 < s[first]:
                        s[first] = total - 10
                elif s[first] > 0:
                    s[first] = 0
        choice = max((cell for cell in range(9) if b.state[cell] == 0),
                     key=lambda cell: (s[cell], -cell))
        self.makeMove(me, choice)
        return choice

    def getBoard(self):
        return _dup(self.b)

    def gameOver(self):
        return _done(self.b)

    def winner(self):
        return _win(self.b.state)
