# board.py
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
        s = ""
        for i in range(9):
            s += "X" if self.state[i] == X else ("O" if self.state[i] == O else " ")
        return s[:3] + "\n" + s[3:6] + "\n" + s[6:]
