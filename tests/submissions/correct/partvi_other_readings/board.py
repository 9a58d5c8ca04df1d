"""Part I: The Board.  X is -1 and O is 1; a cell holding no marker is 0."""

X = -1
O = 1
EMPTY = 0

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

_MARKS = {X: "X", O: "O", EMPTY: " "}


def line_owner(state):
    """The player with three in a row on ``state``, or 0."""
    for a, b, c in LINES:
        if state[a] != EMPTY and state[a] == state[b] == state[c]:
            return state[a]
    return 0


class BoardXO:
    """Where the markers are (state), and who moved where (moves, turn, numMoves)."""

    def __init__(self):
        self.state = [EMPTY] * 9
        self.moves = [0] * 9
        self.turn = [0] * 9
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        rows = []
        for r in range(3):
            rows.append("".join(_MARKS[self.state[3 * r + c]] for c in range(3)))
        return "\n".join(rows)
