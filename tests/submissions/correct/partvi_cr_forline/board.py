"""Board for Tic Tac Toe."""

X = -1
O = 1

LINES = tuple(
    [tuple(range(r, r + 3)) for r in (0, 3, 6)]
    + [tuple(range(c, 9, 3)) for c in (0, 1, 2)]
    + [(0, 4, 8), (2, 4, 6)]
)

_GLYPH = " OX"  # index by value: 0 -> ' ', 1 -> 'O', -1 -> 'X'


class BoardXO:
    __slots__ = ("state", "moves", "turn", "numMoves")

    def __init__(self):
        self.state, self.moves, self.turn = ([0] * 9 for _ in range(3))
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        cells = "".join(_GLYPH[v] for v in self.state)
        return "\n".join(cells[i:i + 3] for i in range(0, 9, 3))

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")
