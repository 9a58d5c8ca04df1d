"""Part I: the board."""

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
        # '.' for an empty square so you can see the grid
        symbols = {X: 'X', O: 'O', 0: '.'}
        rows = []
        for r in range(3):
            rows.append(''.join(symbols[self.state[3 * r + c]] for c in range(3)))
        return '\n'.join(rows)
