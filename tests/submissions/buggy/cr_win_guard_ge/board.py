"""Tic Tac Toe board (Part I).  Cells are numbered 3*row + col."""

X = -1
O = 1
EMPTY = 0
PLAYERS = (X, O)
CELLS = tuple(range(9))
ROWS = tuple((3 * r, 3 * r + 1, 3 * r + 2) for r in range(3))
COLS = tuple((c, c + 3, c + 6) for c in range(3))
DIAGS = ((0, 4, 8), (2, 4, 6))
LINES = ROWS + COLS + DIAGS
SYMBOLS = {X: "X", O: "O", EMPTY: " "}


class BoardXO:
    __slots__ = ("state", "moves", "turn", "numMoves")

    def __init__(self):
        self.state = [EMPTY] * 9
        self.moves = [0] * 9
        self.turn = [0] * 9
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        out = ""
        for i, v in enumerate(self.state):
            if i and i % 3 == 0:
                out += "\n"
            out += "X" if v == X else "O" if v == O else " "
        return out

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")
