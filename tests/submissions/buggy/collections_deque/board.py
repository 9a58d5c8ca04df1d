X = -1
O = 1
NOBODY = 0


class BoardXO:
    def __init__(self):
        self.state = [NOBODY] * 9
        self.moves = [0] * 9
        self.turn = [0] * 9
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        def ch(v):
            return {X: 'X', O: 'O'}.get(v, ' ')
        r0 = ''.join(ch(v) for v in self.state[0:3])
        r1 = ''.join(ch(v) for v in self.state[3:6])
        r2 = ''.join(ch(v) for v in self.state[6:9])
        return r0 + '\n' + r1 + '\n' + r2
