# Part I
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
        pic = {X: "X", O: "O", 0: " "}
        return "\n".join(pic[self.state[i]] + pic[self.state[i + 1]] + pic[self.state[i + 2]]
                         for i in range(0, 9, 3))
