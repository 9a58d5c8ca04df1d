"""Part I: the board.  The four public fields plus a few module-level helpers
that work on a bare `state` list (the search calls them without a board)."""

X = -1
O = 1
EMPTY = 0

CELLS = tuple(range(9))
LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)
GLYPH = {X: "X", O: "O", EMPTY: " "}


def three_in_a_row(state):
    """The player holding a full line of `state`, or 0."""
    for a, b, c in LINES:
        who = state[a]
        if who and who == state[b] == state[c]:
            return who
    return 0


def finished(state):
    """True when someone has a line or no cell is empty."""
    return three_in_a_row(state) != 0 or EMPTY not in state


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
        flat = "".join(GLYPH[v] for v in self.state)
        return "\n".join((flat[:3], flat[3:6], flat[6:]))

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")
