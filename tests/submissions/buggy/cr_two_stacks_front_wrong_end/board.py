# board.py -- Part I
X = -1
O = 1


class BoardXO:
    def __init__(self):
        self.state = [0, 0, 0, 0, 0, 0, 0, 0, 0]
        self.moves = [0, 0, 0, 0, 0, 0, 0, 0, 0]
        self.turn = [0, 0, 0, 0, 0, 0, 0, 0, 0]
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        out = ""
        for i in range(9):
            v = self.state[i]
            if v == X:
                out += "X"
            elif v == O:
                out += "O"
            else:
                out += " "
            if i == 2 or i == 5:
                out += "\n"
        return out
