"""Part I: The Board

Linear indexing: cell = 3 × row + col

We'll denote the two players in the game, traditionally represented by X and
O, as -1 and 1, respectively. That is `X = -1` and `O = 1`, two constants that
`board.py` defines at the top level.
"""

X = -1
O = 1

EMPTY = 0
"""`state[cell]` is -1 (X), 1 (O), or 0 when no marker has been placed in that cell."""

PLAYERS = (X, O)
CELLS = tuple(range(9))
LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)

SYMBOLS = {X: "X", O: "O", EMPTY: " "}
"""`X`, `O`, or a space for an empty cell"""


class BoardXO:
    """`BoardXO` will consist of the following attributes:

    - `state`: a list of 9 ints, the current state of the game; i.e., where X and
      O have placed their markers: `state[cell]` is -1 (X), 1 (O), or 0 when no
      marker has been placed in that cell.
    - `moves`: a list of 9 ints, the cell selected by the player for the 0th, 1st,
      2nd, 3rd, etc. move.
    - `turn`: a list of 9 ints, the player (-1 or 1) responsible for the 0th, 1st,
      2nd, 3rd, etc. move.
    - `numMoves`: an int, the number of moves that have been made in the game.

    Note: `BoardXO` doesn't need methods to set/get its attributes, as all of them
    are public (this is so we can access/set them without function call overhead).

    >>> from xo import XO, BoardXO, X, O
    >>> g = XO([-1, 1, -1, 1, -1, 1], [2, 0, 3, 7, 6, 8], 6)
    >>> b = g.getBoard()
    >>> b.state
    [1, 0, -1, -1, 0, 0, -1, 1, 1]
    >>> b.numMoves
    6
    >>> b[0], b[1], b[2]
    (1, 0, -1)
    >>> str(b)
    'O X\\nX  \\nXOO'
    """

    __slots__ = ("state", "moves", "turn", "numMoves")

    def __init__(self):
        """`BoardXO()`: the constructor. `state`, `moves` and `turn` should each be a
        new list of nine 0s (all cells unoccupied), and `numMoves` the int 0. Two
        boards never share a list: don't use a list as a default argument, and don't
        put the same list in two boards.
        """
        self.state = [0] * 9
        self.moves = [0] * 9
        self.turn = [0] * 9
        self.numMoves = 0

    def __getitem__(self, pos):
        """`board[pos]` (the method `__getitem__`): return the marker (player)
        occupying the cell `pos`, i.e. `state[pos]`
        """
        return self.state[pos]

    def __str__(self):
        """`str(board)` (the method `__str__`): the current state of the game in X's
        and O's, exactly as above: three lines of exactly three characters each,
        `X`, `O`, or a space for an empty cell, joined by `"\\n"`, with no newline at
        the end. `print(board)` then shows the board.
        """
        c = [SYMBOLS[v] for v in self.state]
        return "\n".join("".join(c[3 * r:3 * r + 3]) for r in range(3))

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")
