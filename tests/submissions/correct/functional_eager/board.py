X = -1
O = 1

ROWS = ((0, 1, 2), (3, 4, 5), (6, 7, 8))


def _glyph(v):
    return "X" if v == X else "O" if v == O else " "


class BoardXO:
    __slots__ = ("state", "moves", "turn", "numMoves")

    def __init__(self):
        self.state = [0] * 9
        self.moves = [0] * 9
        self.turn = [0] * 9
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        return "\n".join(map(lambda row: "".join(_glyph(self.state[i]) for i in row), ROWS))

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")
