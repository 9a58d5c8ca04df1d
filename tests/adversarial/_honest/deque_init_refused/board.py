"""The Tic Tac Toe board: players, winning lines and the ``BoardXO`` struct.

Cells use linear indexing, ``3*row + col``::

    0 | 1 | 2
    3 | 4 | 5
    6 | 7 | 8
"""

X = -1
"""Player X (moves first in a standard game)."""

O = 1
"""Player O."""

EMPTY = 0
"""An unoccupied cell."""

PLAYERS = (X, O)
"""Every player, X first."""

CELLS = tuple(range(9))
"""Every cell index, top-left to bottom-right."""

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),             # diagonals
)
"""The eight winning lines: three rows, three columns, two diagonals."""

SYMBOLS = {X: "X", O: "O", EMPTY: " "}
"""How ``str(board)`` draws each cell value."""


class BoardXO:
    """The state of one game: where the markers are and who moved when.

    Every field is public, as in the handout's C++ struct, so that the search
    can read and copy boards without method-call overhead.

    >>> b = BoardXO()
    >>> b.state, b.numMoves
    ([0, 0, 0, 0, 0, 0, 0, 0, 0], 0)
    >>> b.state = [1, 0, -1, -1, 0, 0, -1, 1, 1]
    >>> b[0], b[1], b[2]
    (1, 0, -1)
    >>> print(b)
    O X
    X  
    XOO
    """

    __slots__ = ("state", "moves", "turn", "numMoves")

    def __init__(self):
        """Make the empty board: no markers, no moves."""
        # BEGIN SOLUTION
        self.state = [EMPTY] * 9
        self.moves = [0] * 9
        self.turn = [0] * 9
        self.numMoves = 0
        # END SOLUTION

    def __getitem__(self, pos):
        """Return the marker at cell ``pos``: -1 (X), 1 (O) or 0 (empty)."""
        # BEGIN SOLUTION
        return self.state[pos]
        # END SOLUTION

    def __str__(self):
        """Draw the board as three lines of three characters: ``X``, ``O`` or a space."""
        # BEGIN SOLUTION
        cells = [SYMBOLS[v] for v in self.state]
        return "\n".join("".join(cells[r:r + 3]) for r in (0, 3, 6))
        # END SOLUTION

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")
