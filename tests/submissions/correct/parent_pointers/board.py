"""BoardXO: a plain struct."""

X = -1
O = 1
_NAMES = {-1: "X", 1: "O", 0: " "}


class BoardXO:
    __slots__ = ("state", "moves", "turn", "numMoves")

    def __init__(self):
        self.state, self.moves, self.turn = [0] * 9, [0] * 9, [0] * 9
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        s = self.state
        lines = []
        for start in range(0, 9, 3):
            lines.append(_NAMES[s[start]] + _NAMES[s[start + 1]] + _NAMES[s[start + 2]])
        return lines[0] + "\n" + lines[1] + "\n" + lines[2]

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")
