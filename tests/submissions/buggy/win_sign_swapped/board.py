"""Part I: BoardXO and the two players."""

X = -1
O = 1

_WINNING_LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)


class BoardXO:
    __slots__ = ("state", "moves", "turn", "numMoves")

    def __init__(self):
        self.state = [0 for _ in range(9)]
        self.moves = [0 for _ in range(9)]
        self.turn = [0 for _ in range(9)]
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        glyph = {X: "X", O: "O", 0: " "}
        return "\n".join(
            "".join(glyph[self.state[i]] for i in (r, r + 1, r + 2))
            for r in (0, 3, 6)
        )

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")
