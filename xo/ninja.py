"""Coding Ninjas "Tic Tac Toe Winner" (Part VI), on the engine's ``XO.minimaxValues()``.

The contract: the board is three rows of ``X``, ``O`` and ``_`` (empty); X is
to move and X played first, so a board has as many X as O, and no three in a
row (a game that is over leaves X no move).  ``findTheWinner`` returns
``[score, row, col]``: the best ±1 minimax score X can get (win 1, draw 0,
loss -1) and the move that gets it, ties going to the minimum row, then the
minimum column.  Ties are on the ±1 score alone, as the statement's own
solution compares moves: a later win with the minimum row beats a win at once
further down (``["XOX", "OX_", "_O_"]`` gives ``[1, 2, 3]``).

Rows and columns are **1-based**, as the statement's example says: "positions
3, 3" is the bottom-right cell.

On the command line, ``python -m xo.ninja`` reads the three rows from
standard input and prints ``score row col``.  Bad input -- a wrong character
or line length, fewer than three lines, more input after them, or a board
where it is not X's turn -- is one line on standard error naming the problem
and the input line, and exit status 2.  ``findTheWinner`` raises
``ValueError`` (or a subclass of it) with the same words.  Run it from the
folder that holds ``xo/``: ``python -m xo.ninja < board.txt``.

>>> findTheWinner(["XOX", "OOX", "___"])
[1, 3, 3]
"""

import sys

from .board import O, X
from .game import XO  # noqa: F401 -- the engine: an XO game of the board, then its minimaxValues()
# BEGIN SOLUTION
from .judge import (InputError, at, check_not_over, check_reachable, check_turn, need, no_more, read_board, run,
                    sign, values_of)
# END SOLUTION

__all__ = ["findTheWinner", "main"]

SYMBOLS = {"X": X, "O": O, "_": 0}
"""Each character a board may hold, and the cell value it stands for (0: empty)."""
# BEGIN SOLUTION
__all__ += ["InputError"]
# END SOLUTION


def findTheWinner(board):
    """Return ``[score, row, col]``: X's best ±1 minimax score and its move, rows and columns 1-based.

    ``board`` is three strings or three lists of one-character strings.  Among
    moves with the best score, the one with the minimum row, then the minimum
    column.  Raise ``ValueError`` (or a subclass) for a board that breaks
    the contract (see the module's docstring), its message naming the problem.

    >>> findTheWinner([["X", "O", "X"], ["O", "O", "X"], ["_", "_", "_"]])
    [1, 3, 3]
    >>> findTheWinner(["___", "___", "___"])
    [0, 1, 1]
    >>> try:
    ...     findTheWinner(["X__", "_O_", "__O"])        # 1 X and 2 O: not X's turn
    ... except ValueError:
    ...     print("refused")
    refused
    """
    # BEGIN SOLUTION
    state = read_board(board, SYMBOLS)
    check_turn(state, board, X)
    check_reachable(state, board, X)
    check_not_over(state, board, X)
    values = values_of(state)
    best = None
    for cell, value in enumerate(values):       # reading order: minimum row, then minimum column
        if value is not None and (best is None or sign(value) > sign(values[best])):
            best = cell
    return [sign(values[best]), best // 3 + 1, best % 3 + 1]
    # END SOLUTION


# BEGIN SOLUTION
def _body(lines):
    rows = [need(lines, r, f"row {r + 1} of 3") for r in range(3)]
    try:
        score, row, col = findTheWinner(rows)
    except InputError as error:
        raise at(1, error, last=3) from None
    no_more(lines, 3)
    return f"{score} {row} {col}\n"
# END SOLUTION


def main(stdin=None, stdout=None, stderr=None):
    """Run ``python -m xo.ninja``: a board from standard input, ``score row col`` to standard output.

    ``stdin`` is a binary stream (``sys.stdin.buffer`` by default), ``stdout``
    and ``stderr`` text streams (``sys.stdout``, ``sys.stderr``).  Return the
    exit status: 0, or 2 for bad input, after one line on ``stderr`` naming the
    input line and the problem (and nothing on ``stdout``).

    >>> import io
    >>> main(io.BytesIO(b"XOX\\nOOX\\n___\\n"), sys.stdout, sys.stdout)
    1 3 3
    0
    >>> errors = io.StringIO()
    >>> main(io.BytesIO(b"XOX\\nOOX\\n_-_\\n"), sys.stdout, errors)     # a '-' on line 3
    2
    >>> errors.getvalue().count("\\n"), "line 3" in errors.getvalue()
    (1, True)
    """
    # BEGIN SOLUTION
    return run("python -m xo.ninja", _body, stdin, stdout, stderr)
    # END SOLUTION


if __name__ == "__main__":
    sys.exit(main())
