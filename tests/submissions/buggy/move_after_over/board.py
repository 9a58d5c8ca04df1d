# board.py
X = -1
O = 1


class BoardXO:
    def __init__(self):
        self.state = []
        self.moves = []
        self.turn = []
        for i in range(9):
            self.state.append(0)
            self.moves.append(0)
            self.turn.append(0)
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        s = ""
        for i in range(9):
            if self.state[i] == X:
                s = s + "X"
            elif self.state[i] == O:
                s = s + "O"
            else:
                s = s + " "
            if i % 3 == 2 and i != 8:
                s = s + "\n"
        return s
