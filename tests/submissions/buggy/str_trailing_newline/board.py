# board.py (part I)
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
        out = ""
        for r in range(3):
            for c in range(3):
                v = self.state[r * 3 + c]
                if v == X:
                    out += "X"
                elif v == O:
                    out += "O"
                else:
                    out += " "
            out += "\n"
        return out
