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
        symbol = {-1: "X", 1: "O", 0: " "}
        lines = []
        for row in range(3):
            lines.append("".join(symbol[self.state[row * 3 + col]] for col in range(3)))
        return "\n".join(lines)
