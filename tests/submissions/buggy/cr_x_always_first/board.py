"""Part I: the players and the board."""

X = -1
O = 1

_MARK = {X: "X", O: "O", 0: " "}


class BoardXO:
    """Plain record of a game: cell contents, move history, move count."""

    __slots__ = ("state", "moves", "turn", "numMoves")

    def __init__(self):
        self.state = [0] * 9
        self.moves = [0] * 9
        self.turn = [0] * 9
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        rows = []
        for r in range(0, 9, 3):
            rows.append("".join(_MARK[v] for v in self.state[r:r + 3]))
        return "\n".join(rows)

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")
