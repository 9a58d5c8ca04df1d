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
        out = []
        for row in range(3):
            s = ""
            for col in range(3):
                v = self.state[row * 3 + col]
                s += "X" if v == X else "O" if v == O else " "
            out.append(s)
        return "\n".join(out)
