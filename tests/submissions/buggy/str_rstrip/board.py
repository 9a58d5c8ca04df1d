X = -1
O = 1
EMPTY = 0

MARK = {X: 'X', O: 'O', EMPTY: ' '}


class BoardXO:
    """Game state. Everything is public like the C++ struct."""

    def __init__(self):
        self.state = [EMPTY for _ in range(9)]
        self.moves = [0 for _ in range(9)]
        self.turn = [0 for _ in range(9)]
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        out = ''
        for i in range(9):
            out += MARK[self.state[i]]
            if i == 2 or i == 5:
                out += '\n'
        return '\n'.join(row.rstrip() for row in out.split('\n'))   # tidy: no spaces at the end of a row
