"""The board."""

X, O = -1, 1


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
        out = ""
        for i, v in enumerate(self.state):
            if i and i % 3 == 0:
                out += "\n"
            match v:
                case -1:
                    out += "X"
                case 1:
                    out += "O"
                case _:
                    out += " "
        return out

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")
