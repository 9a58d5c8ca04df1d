"""CodinGame "Tic Tac Toe" (Part VI), on the engine's ``XO.minimaxValues()``.

The contract: the engine plays ``X`` or ``O``; the board is three rows of
``X``, ``O`` and ``.`` (empty).  X played first, as the puzzle's constraints
say ("If engine is X, there will always be an equal number of Xs and Os.
Else, there will always be one more X than O"): so it is X's turn when the
counts are equal and O's when X has one more, and no other counts are
accepted (the puzzle leaves no room for O-first games).  The player to move
cannot already have three in a row (no game reaches such a board).

The move: win in the fewest moves, otherwise draw, otherwise lose in the
most moves, against an opponent who plays as well (depth-aware minimax);
ties go to the cell with the highest value in::

    8 | 4 | 7
    3 | 9 | 2
    6 | 1 | 5

A board already won (by the player who just moved) or full is returned
unchanged.  One that is won or full and whose counts also say it is not the
engine's turn breaks two rules at once: the handout accepts either answer,
written back unchanged or refused (the course's solution refuses it).

On the command line, ``python -m xo.codingame`` reads the engine's player
and the three rows from standard input and writes the three rows after the
move.  Bad input -- a first line that is not ``X`` or ``O``, a wrong
character or line length, fewer than four lines, more input after them,
counts of X and O that make it not that player's turn, or a board no game
reaches -- is one line on standard error naming the problem and the input
line, and exit status 2.  ``solve`` raises ``ValueError`` (or a subclass of
it) with the same words.  Run it from the folder that holds ``xo/``:
``python -m xo.codingame < game.txt``.

>>> solve("X", ["XOX", "OOX", "..."])
['XOX', 'OOX', '..X']
"""

import sys

from .board import O, X
from .game import XO  # noqa: F401 -- the engine: an XO game of the board, then its minimaxValues()
# BEGIN SOLUTION
from .board import EMPTY
from .judge import (InputError, at, check_reachable, check_turn, lines_of, need, no_more, read_board, run,
                    values_of)
# END SOLUTION

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, ".": 0}
"""Each character a board may hold, and the cell value it stands for (0: empty)."""

PLAYERS = {"X": X, "O": O}

CELL_VALUES = (8, 4, 7,
               3, 9, 2,
               6, 1, 5)
"""The tie-break: among equally good moves, the cell with the highest value."""

# BEGIN SOLUTION
__all__ += ["InputError", "choose"]


def choose(values):
    """Return the cell with the best depth-aware value, the highest ``CELL_VALUES`` among ties.

    >>> choose([0, None, 0, None, 0, None, None, None, None])   # a draw everywhere: the centre
    4
    >>> choose([5, None, -2, None, None, None, 5, None, None])  # wins as fast: corner 0 beats corner 6
    0
    """
    best = None
    for cell, value in enumerate(values):
        if value is None:
            continue
        if best is None or (value, CELL_VALUES[cell]) > (values[best], CELL_VALUES[best]):
            best = cell
    return best
# END SOLUTION


def solve(player, rows):
    """Return the board after ``player``'s move (``"X"`` or ``"O"``): three strings in, three strings out.

    A board already won or full comes back unchanged.  Raise ``ValueError``
    (or a subclass) for input that breaks the contract (see the module's
    docstring), its message naming the problem.

    >>> solve("O", ["X..", "...", "..."])
    ['X..', '.O.', '...']
    >>> solve("O", ["XXX", "OO.", "..."])
    ['XXX', 'OO.', '...']
    >>> for player, rows in (("O", ["X..", "O..", "..."]), ("x", ["...", "...", "..."])):  # not O's turn; x
    ...     try:
    ...         solve(player, rows)
    ...     except ValueError:
    ...         print("refused")
    refused
    refused
    """
    # BEGIN SOLUTION
    if player not in PLAYERS:
        raise InputError(f"player {player!r}: not X or O")
    me = PLAYERS[player]
    state = read_board(rows, SYMBOLS)
    check_turn(state, rows, me)
    check_reachable(state, rows, me)
    if lines_of(state) or EMPTY not in state:
        return list(rows)
    cell = choose(values_of(state))
    out = [list(row) for row in rows]
    out[cell // 3][cell % 3] = player
    return ["".join(row) for row in out]
    # END SOLUTION


# BEGIN SOLUTION
def _body(lines):
    player = need(lines, 0, "the engine's player")
    if player not in PLAYERS:
        raise InputError(f"line 1 {player!r}: the engine's player is not X or O")
    rows = [need(lines, 1 + r, f"row {r + 1} of 3") for r in range(3)]
    try:
        out = solve(player, rows)
    except InputError as error:
        raise at(2, error, last=4) from None
    no_more(lines, 4)
    return "".join(row + "\n" for row in out)
# END SOLUTION


def main(stdin=None, stdout=None, stderr=None):
    """Run ``python -m xo.codingame``: the player and a board from standard input, the board after the move to standard output.

    ``stdin`` is a binary stream (``sys.stdin.buffer`` by default), ``stdout``
    and ``stderr`` text streams (``sys.stdout``, ``sys.stderr``).  Return the
    exit status: 0, or 2 for bad input, after one line on ``stderr`` naming the
    input line and the problem (and nothing on ``stdout``).

    >>> import io
    >>> main(io.BytesIO(b"X\\nXOX\\nOOX\\n...\\n"), sys.stdout, sys.stdout)
    XOX
    OOX
    ..X
    0
    >>> errors = io.StringIO()
    >>> main(io.BytesIO(b"Z\\nXOX\\nOOX\\n...\\n"), sys.stdout, errors)   # Z on line 1
    2
    >>> errors.getvalue().count("\\n"), "line 1" in errors.getvalue()
    (1, True)
    """
    # BEGIN SOLUTION
    return run("python -m xo.codingame", _body, stdin, stdout, stderr)
    # END SOLUTION


if __name__ == "__main__":
    sys.exit(main())
