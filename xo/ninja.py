"""Coding Ninjas "Tic Tac Toe Winner" on the Part VI engine (``XO.minimaxValues()``).

The contract: the board is three rows of ``X``, ``O`` and ``_`` (empty); X is
to move and X played first, so a board has as many X as O, and no three in a
row (a game that is over leaves X no move).  ``findTheWinner`` returns
``[score, row, col]``: the best ±1 minimax score X can get (win 1, draw 0,
loss -1) and the move that gets it, ties going to the minimum row, then the
minimum column.

Rows and columns are **1-based**, as the statement's example says: "positions
3, 3" is the bottom-right cell.

On the command line, ``python -m xo.ninja`` reads the three rows from
standard input and prints ``score row col``.  Bad input -- a wrong character
or line length, fewer than three lines, more input after them, or a board
where it is not X's turn -- is one line on standard error naming the problem
and the input line, and exit status 2.  ``findTheWinner`` raises
``InputError`` (a ``ValueError``) with the same words.

>>> findTheWinner(["XOX", "OOX", "___"])
[1, 3, 3]
"""

import sys

from .board import O, X, EMPTY
from .judge import (InputError, at, check_not_over, check_reachable, check_turn, need, no_more, read_board, run,
                    sign, values_of)

__all__ = ["InputError", "findTheWinner", "main"]

SYMBOLS = {"X": X, "O": O, "_": EMPTY}
"""Each character a board may hold, and the cell it stands for."""


def findTheWinner(board):
    """Return ``[score, row, col]``: X's best ±1 minimax score and its move, rows and columns 1-based.

    ``board`` is three strings or three lists of one-character strings.  Among
    moves with the best score, the one with the minimum row, then the minimum
    column.  Raise ``InputError`` (a ``ValueError``) for a board that breaks
    the contract (see the module's docstring).

    >>> findTheWinner([["X", "O", "X"], ["O", "O", "X"], ["_", "_", "_"]])
    [1, 3, 3]
    >>> findTheWinner(["___", "___", "___"])
    [0, 1, 1]
    >>> findTheWinner(["X__", "_O_", "__O"])
    Traceback (most recent call last):
    ...
    xo.judge.InputError: board 'X__/_O_/__O': 1 X and 2 O, so it is not X's turn (X moves when the counts are equal, X having played first)
    """
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


def _body(lines):
    rows = [need(lines, r, f"row {r + 1} of 3") for r in range(3)]
    try:
        score, row, col = findTheWinner(rows)
    except InputError as error:
        raise at(1, error, last=3) from None
    no_more(lines, 3)
    return f"{score} {row} {col}\n"


def main(stdin=None, stdout=None, stderr=None):
    """Run ``python -m xo.ninja``: a board from standard input, ``score row col`` to standard output.

    Return the exit status: 0, or 2 for bad input (one line on standard error).

    >>> import io
    >>> main(io.BytesIO(b"XOX\\nOOX\\n___\\n"), sys.stdout, sys.stdout)
    1 3 3
    0
    >>> main(io.BytesIO(b"XOX\\nOOX\\n_-_\\n"), sys.stdout, sys.stdout)
    python -m xo.ninja: line 3: row 3 '_-_': '-' is not one of X O _
    2
    """
    return run("python -m xo.ninja", _body, stdin, stdout, stderr)


if __name__ == "__main__":
    sys.exit(main())
