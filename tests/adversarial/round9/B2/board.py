"""Part I: the board."""

X = -1
O = 1


class BoardXO:
    def __init__(self):
        self.state = [0] * 9
        self.moves = [0] * 9
        self.turn = [0] * 9
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        symbols = {-1: "X", 1: "O", 0: " "}
        return "\n".join("".join(symbols[v] for v in self.state[r:r + 3]) for r in (0, 3, 6))
