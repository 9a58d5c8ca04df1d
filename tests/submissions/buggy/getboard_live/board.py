# Tic tac toe board (project 5, part I)

X = -1
O = 1


class BoardXO:
    def __init__(self):
        self.state = [0] * 9
        self.moves = [0] * 9
        self.turn = [0] * 9
        self.numMoves = 0

    def __getitem__(self, index):
        return self.state[index]

    def __str__(self):
        text = ""
        for r in range(3):
            if r > 0:
                text += "\n"
            for c in range(3):
                cell = self.state[r * 3 + c]
                text += "X" if cell == X else ("O" if cell == O else " ")
        return text
