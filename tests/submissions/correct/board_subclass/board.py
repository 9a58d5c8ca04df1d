"""Part I."""

X = -1
O = 1


class BoardXO:
    __slots__ = ("state", "moves", "turn", "numMoves")

    def __init__(self):
        self.state = list(bytes(9))
        self.moves = list(bytes(9))
        self.turn = list(bytes(9))
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        chars = " OX"  # index 0 -> empty, 1 -> O, -1 -> X
        text = "".join(chars[v] for v in self.state)
        return "\n".join((text[0:3], text[3:6], text[6:9]))

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")
