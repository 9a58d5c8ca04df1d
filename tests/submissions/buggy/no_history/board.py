"""BoardXO struct for project 5."""

X = -1
O = 1


class BoardXO:
    def __init__(self):
        self.state = [0, 0, 0, 0, 0, 0, 0, 0, 0]
        self.moves = [0, 0, 0, 0, 0, 0, 0, 0, 0]
        self.turn = [0, 0, 0, 0, 0, 0, 0, 0, 0]
        self.numMoves = 0

    def __getitem__(self, i):
        return self.state[i]

    def __str__(self):
        chars = []
        for v in self.state:
            if v == -1:
                chars.append('X')
            elif v == 1:
                chars.append('O')
            else:
                chars.append(' ')
        top = chars[0] + chars[1] + chars[2]
        mid = chars[3] + chars[4] + chars[5]
        bot = chars[6] + chars[7] + chars[8]
        return top + '\n' + mid + '\n' + bot
