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
        letters = ""
        for v in self.state:
            if v == X:
                letters += "X"
            elif v == O:
                letters += "O"
            else:
                letters += " "
        return letters[0:3] + "\n" + letters[3:6] + "\n" + letters[6:9]
