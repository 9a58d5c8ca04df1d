"""Part I: The Board (linear indexing: cell = 3 * row + col)."""

X = -1
O = 1

EMPTY = 0
PLAYERS = (X, O)
CELLS = tuple(range(9))
LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)

SYMBOLS = {X: "X", O: "O", EMPTY: " "}


class BoardXO:
    __slots__ = ("state", "moves", "turn", "numMoves")

    def __init__(self):
        self.state = [0, 0, 0, 0, 0, 0, 0, 0, 0]
        self.moves = [0, 0, 0, 0, 0, 0, 0, 0, 0]
        self.turn = [0, 0, 0, 0, 0, 0, 0, 0, 0]
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        rows = []
        for r in range(3):
            row = ""
            for c in range(3):
                row += SYMBOLS[self.state[3 * r + c]]
            rows.append(row)
        return "\n".join(rows)

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")
