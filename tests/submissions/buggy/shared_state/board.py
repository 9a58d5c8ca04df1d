# BoardXO - part I
X = -1
O = 1


class BoardXO:
    # the lists can be passed in, handy for copying boards in the search
    def __init__(self, state=[0] * 9, moves=[0] * 9, turn=[0] * 9, numMoves=0):
        self.state = state
        self.moves = moves
        self.turn = turn
        self.numMoves = numMoves

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        text = ""
        for i in range(9):
            if self.state[i] == X:
                text += "X"
            elif self.state[i] == O:
                text += "O"
            else:
                text += " "
            if i == 2 or i == 5:
                text += "\n"
        return text
