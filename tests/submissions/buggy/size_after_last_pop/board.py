"""The Tic Tac Toe board (Part I)."""

X = -1
O = 1


class BoardXO:
    """Public struct-like board."""

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
                v = self.state[3 * r + c]
                if v == X:
                    row += "X"
                elif v == O:
                    row += "O"
                else:
                    row += " "
            rows.append(row)
        return "\n".join(rows)

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")
