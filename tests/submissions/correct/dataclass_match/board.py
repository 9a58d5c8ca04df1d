"""Part I: BoardXO."""

X = -1
O = 1


class BoardXO:
    __slots__ = ("state", "moves", "turn", "numMoves")

    def __init__(self):
        self.state = [0] * 9
        self.moves = [0] * 9
        self.turn = [0] * 9
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    @staticmethod
    def _char(value):
        match value:
            case -1:
                return "X"
            case 1:
                return "O"
            case _:
                return " "

    def __str__(self):
        chars = [self._char(v) for v in self.state]
        return "\n".join(["".join(chars[0:3]), "".join(chars[3:6]), "".join(chars[6:9])])

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")
