"""Code Quest 2017, Problem 57 "Tic Tac Toe" (Part VI), on the engine's ``XO.minimaxValues()``.

The contract: X (Jon) is always to move and X played first, so a board has as
many X as O, and no three in a row (a game that is over leaves X no move).
Each board is three lines of three characters: ``X``, ``O`` and ``*`` for an
empty cell; the digit ``0`` is read as ``O`` too, since the problem's sample
prints it so.  The move:

* a move that wins at once, if there is one;
* otherwise the move with the highest ±1 minimax score (win 1, draw 0, loss -1);
* ties, and several winning moves, go to the first cell in reading order::

      1 2 3
      4 5 6
      7 8 9

Only the chosen cell changes, from ``*`` to ``X``: every other character is
written back as it was read (an ``O`` stays ``O``, a ``0`` stays ``0``).

On the command line, ``python -m xo.codequest`` reads standard input: the
number of boards, then three lines per board; it writes each board after the
move, three lines each.  Bad input -- a count line that is not a whole number,
a wrong character or line length, input that ends before the last board,
input left after it, or a board where it is not X's turn -- is one line on
standard error naming the problem and the input line, and exit status 2;
nothing is written to standard output.  ``solve`` raises ``ValueError`` (or
a subclass of it) with the same words.  Run it from the folder that holds
``xo/``: ``python -m xo.codequest < boards.txt``.

>>> solve(["OOX", "X*O", "**X"])
['OOX', 'X*O', 'X*X']
>>> solve(["00X", "X*0", "**X"])
['00X', 'X*0', 'X*X']
>>> solve(["***", "***", "***"])
['X**', '***', '***']
"""

import sys

from .board import O, X
from .game import XO  # noqa: F401 -- the engine: an XO game of the board, then its minimaxValues()
# BEGIN SOLUTION
from .board import EMPTY
from .judge import (InputError, at, check_not_over, check_reachable, check_turn, need, no_more, read_board, run,
                    sign, values_of)
# END SOLUTION

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, "0": O, "*": 0}
"""Each character a board may hold, and the cell value it stands for (0: empty)."""

# BEGIN SOLUTION
__all__ += ["InputError", "choose"]


def choose(values, moves):
    """Return the cell Code Quest's rules choose from the depth-aware values of X's moves.

    ``values`` is ``XO.minimaxValues()`` (None for taken cells) and ``moves``
    the number of markers on the board: a win at once scores ``10 - (moves + 1)``.

    >>> choose([None, 5, 3, 5, None, 0, None, None, None], 4)   # two wins at once: the first
    1
    >>> choose([None, 3, 0, 3, None, 5, None, None, None], 4)   # an immediate win beats an earlier win
    5
    >>> choose([None, -3, 0, 0, None, -1, None, None, None], 4)
    2
    """
    now = 10 - (moves + 1)
    for cell, value in enumerate(values):
        if value == now:
            return cell
    best = None
    for cell, value in enumerate(values):
        if value is not None and (best is None or sign(value) > sign(values[best])):
            best = cell
    return best
# END SOLUTION


def solve(rows):
    """Return the board after X's move: three strings in, three strings out.

    Raise ``ValueError`` (or a subclass) for a board that breaks the
    contract (see the module's docstring), its message naming the problem.

    >>> solve(["XO*", "*X*", "O**"])
    ['XO*', '*X*', 'O*X']
    >>> for rows in (["XO*", "*X*", "***"], ["XO*", "*Q*", "***"]):   # 2 X and 1 O; a Q
    ...     try:
    ...         solve(rows)
    ...     except ValueError:
    ...         print("refused")
    refused
    refused
    """
    # BEGIN SOLUTION
    state = read_board(rows, SYMBOLS)
    check_turn(state, rows, X)
    check_reachable(state, rows, X)
    check_not_over(state, rows, X)
    cell = choose(values_of(state), 9 - state.count(EMPTY))
    out = [list(row) for row in rows]
    out[cell // 3][cell % 3] = "X"
    return ["".join(row) for row in out]
    # END SOLUTION


# BEGIN SOLUTION
def _body(lines):
    count_line = need(lines, 0, "the number of boards")
    count = count_line.strip()
    if not count.isascii() or not count.isdigit():
        raise InputError(f"line 1 {count_line!r}: the number of boards is not a whole number")
    out = []
    for k in range(int(count)):
        first = 1 + 3 * k
        rows = [need(lines, first + r, f"row {r + 1} of board {k + 1} (of {int(count)})") for r in range(3)]
        try:
            out.extend(solve(rows))
        except InputError as error:
            raise at(first + 1, error, last=first + 3, label=f" (board {k + 1})") from None
    no_more(lines, 1 + 3 * int(count))
    return "".join(row + "\n" for row in out)
# END SOLUTION


def main(stdin=None, stdout=None, stderr=None):
    """Run ``python -m xo.codequest``: boards from standard input, the boards after X's move to standard output.

    ``stdin`` is a binary stream (``sys.stdin.buffer`` by default), ``stdout``
    and ``stderr`` text streams (``sys.stdout``, ``sys.stderr``).  Return the
    exit status: 0, or 2 for bad input, after one line on ``stderr`` naming the
    input line and the problem (and nothing on ``stdout``).

    >>> import io
    >>> main(io.BytesIO(b"2\\nOOX\\nX*O\\n**X\\n***\\n***\\n***\\n"), sys.stdout, sys.stdout)
    OOX
    X*O
    X*X
    X**
    ***
    ***
    0
    >>> errors = io.StringIO()
    >>> main(io.BytesIO(b"2\\nOOX\\nX*O\\n**X\\n"), sys.stdout, errors)    # board 2 is missing
    2
    >>> errors.getvalue().count("\\n"), "line 5" in errors.getvalue()
    (1, True)
    """
    # BEGIN SOLUTION
    return run("python -m xo.codequest", _body, stdin, stdout, stderr)
    # END SOLUTION


if __name__ == "__main__":
    sys.exit(main())
