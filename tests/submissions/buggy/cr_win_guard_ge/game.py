"""XO: moves, rules and the optimal move (Parts II-V)."""

from .board import O, X, BoardXO, LINES
from .deque import Deque


class IllegalMoveError(ValueError):
    pass


class XO:
    def __init__(self, play=None, pos=None, n=None):
        self.b = BoardXO()
        if play is not None:
            if n is None:
                n = len(play)
            self.makeMoves(play, pos, n)

    # ---- helpers -------------------------------------------------------
    @staticmethod
    def lineOwner(state):
        for line in LINES:
            s = state[line[0]] + state[line[1]] + state[line[2]]
            if s == 3 or s == -3:
                return s // 3
        return 0

    @staticmethod
    def ended(state):
        return XO.lineOwner(state) != 0 or 0 not in state

    @staticmethod
    def duplicate(bd):
        d = BoardXO()
        d.state, d.moves, d.turn, d.numMoves = bd.state[:], bd.moves[:], bd.turn[:], bd.numMoves
        return d

    @staticmethod
    def validate(bd, play, pos):
        if not (type(play) is int and play in (X, O)):
            raise IllegalMoveError(f"bad player {play!r}")
        if not (type(pos) is int and 0 <= pos < 9):
            raise IllegalMoveError(f"bad cell {pos!r}")
        if XO.ended(bd.state):
            raise IllegalMoveError("the game is over")
        if bd.state[pos] != 0:
            raise IllegalMoveError(f"cell {pos} is already taken")
        if bd.numMoves and bd.turn[bd.numMoves - 1] == play:
            raise IllegalMoveError("players must alternate")

    @staticmethod
    def record(bd, play, pos):
        bd.state[pos] = play
        bd.moves[bd.numMoves] = pos
        bd.turn[bd.numMoves] = play
        bd.numMoves += 1

    # ---- Part II ---------------------------------------------------------
    def show(self):
        print(self.b)

    def makeMove(self, play, pos):
        XO.validate(self.b, play, pos)
        XO.record(self.b, play, pos)

    def makeMoves(self, play, pos, n):
        if type(n) is not int or not 0 <= n <= min(len(play), len(pos)):
            raise IllegalMoveError(f"bad number of moves {n!r}")
        trial = XO.duplicate(self.b)
        for p, c in zip(play[:n], pos[:n]):
            XO.validate(trial, p, c)
            XO.record(trial, p, c)
        self.b = trial

    def getBoard(self):
        return XO.duplicate(self.b)

    def gameOver(self):
        return XO.ended(self.b.state)

    def winner(self):
        return XO.lineOwner(self.b.state)

    # ---- Parts III-V -----------------------------------------------------
    def makeOptimalMove(self):
        if self.gameOver():
            return None
        root = self.getBoard()
        start = root.numMoves
        player = X if start == 0 else -root.turn[start - 1]
        points = [1] * 9

        todo = Deque()
        todo.pushBack(root)
        while not todo.isEmpty():
            cur = todo.popFront()
            if cur is root or not XO.ended(cur.state):
                mover = player if cur is root else -cur.turn[cur.numMoves - 1]
                for sq in range(9):
                    if cur.state[sq] == 0:
                        nxt = XO.duplicate(cur)
                        XO.record(nxt, mover, sq)
                        todo.pushBack(nxt)
                continue
            opening = cur.moves[start]
            total = cur.numMoves
            result = XO.lineOwner(cur.state)
            if result == player:
                fresh = 10 - total
                if points[opening] >= 0 and fresh > points[opening]:
                    points[opening] = fresh
            elif result == -player:
                fresh = total - 10
                if fresh < points[opening]:
                    points[opening] = fresh
            else:
                if 0 < points[opening]:
                    points[opening] = 0

        ranked = sorted((sq for sq in range(9) if root.state[sq] == 0),
                        key=lambda sq: (-points[sq], sq))
        choice = ranked[0]
        self.makeMove(player, choice)
        return choice

    def makeMinimaxMove(self):
        raise NotImplementedError("Part VI is not assigned")

    def minimaxValues(self):
        raise NotImplementedError("Part VI is not assigned")
