# Part I - the board
X = -1
O = 1


class BoardXO:
    def __init__(self):
        self.state = [0] * 9   # 0 = empty, -1 = X, 1 = O
        self.moves = [0] * 9   # cell picked on each move
        self.turn = [0] * 9    # who made each move
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        rows = []
        for r in range(3):
            line = ""
            for c in range(3):
                v = self.state[3 * r + c]
                if v == X:
                    line += "X"
                elif v == O:
                    line += "O"
                else:
                    line += " "
            rows.append(line)
        return "\n".join(rows)
