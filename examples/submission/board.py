# Part I: the board
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
        marks = {X: "X", O: "O", 0: " "}
        rows = []
        for r in range(3):
            rows.append(marks[self.state[3 * r]] + marks[self.state[3 * r + 1]] + marks[self.state[3 * r + 2]])
        return "\n".join(rows)
