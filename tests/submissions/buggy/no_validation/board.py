"""Part I: BoardXO."""

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

    def _char(self, pos):
        if self.state[pos] == X:
            return "X"
        if self.state[pos] == O:
            return "O"
        return " "

    def __str__(self):
        return "\n".join(self._char(r) + self._char(r + 1) + self._char(r + 2) for r in (0, 3, 6))
