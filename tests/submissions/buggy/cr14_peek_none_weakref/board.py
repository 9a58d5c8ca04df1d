"""Part I: BoardXO."""

X = -1
O = 1

_ROWS = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
_MARK = {X: "X", O: "O"}


class BoardXO:
    __slots__ = ("state", "moves", "turn", "numMoves", "__weakref__")

    def __init__(self):
        self.state = list(bytes(9))
        self.moves = list(bytes(9))
        self.turn = list(bytes(9))
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        return "\n".join("".join(_MARK.get(self.state[i], " ") for i in row) for row in _ROWS)

    def __repr__(self):
        return f"<BoardXO {self.state} moves={self.moves} turn={self.turn} n={self.numMoves}>"
