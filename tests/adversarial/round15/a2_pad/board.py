X = -1
O = 1
EMPTY = 0


class BoardXO:
    __slots__ = ("state", "moves", "turn", "numMoves")

    def __init__(self):
        self.state = [0] * 9
        self.moves = [0] * 9
        self.turn = [0] * 9
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        sym = {X: "X", O: "O", EMPTY: " "}
        s = "".join(sym[v] for v in self.state)
        return s[0:3] + "\n" + s[3:6] + "\n" + s[6:9]

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")
