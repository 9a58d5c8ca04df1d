"""Code Quest 2017, Problem 57: `codequest.py`

Three other judges pose the same problem, each with its own contract. Write
one program for each, in its own file, on top of your engine: read the
board, build an `XO` game whose board it is, ask your `minimaxValues()`, and
apply the judge's own rule to choose among the moves.

To build the game, use `XO(play, pos, n)` with the X and O cells taken
alternately, X first: in every contract below X played first, and a board
that is not over has no three in a row, so any such order is a legal game
that reaches it.

- **Input** (standard input): the number of boards on the first line; then
  each board, three lines of three characters: `X`, `O`, and `*` for an empty
  cell. `O` may also be written as the digit `0` (the problem's own sample
  does): read both. X is always to move and X played first, so a board has as
  many X as O, and its game is not over.
- **The move**: a move that wins at once, if there is one; otherwise the move
  with the highest ±1 minimax score (win 1, draw 0, loss –1: the sign of your
  value). Ties, and several winning moves, go to the first cell in reading
  order (the grid below), which is the lowest cell. A win at once comes before
  a win later on, even when the later win's cell comes first.
- **Output** (standard output): each board after X's move, three lines each,
  nothing between boards. Only the chosen `*` changes, to `X`; every other
  character is written back as it was read (a `0` stays `0`).

The order of the cells, as Code Quest numbers them:

    1 2 3
    4 5 6
    7 8 9

The judges never send bad input, but your programs must refuse it cleanly:
a character that is not allowed, a line of the wrong length, input that ends
too early or goes on after the last board, a first line that is not a whole
number (Code Quest) or not `X` or `O` (CodinGame), counts of X and O that make
it not that player's turn (for Code Quest and Coding Ninjas, a board where it
is not X's turn), and a board whose game is over (Code Quest, Coding Ninjas)
or that no game reaches (the player to move already has three in a row).
"""

import sys

from .board import O, X
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, "0": O, "*": 0}


def solve(rows):
    """- **Function**: `solve(rows)`: three strings in (the rows of one board), the
      three rows after the move out.

    - The functions (`solve`, `findTheWinner`) raise `ValueError`, or a subclass
      of it, with the same words. The words themselves are yours to choose.

    >>> from xo import codequest, ninja, codingame
    >>> codequest.solve(['00X', 'X*0', '**X'])
    ['00X', 'X*0', 'X*X']
    >>> codequest.solve(['XOX', 'OX*', '*O*'])
    ['XOX', 'OX*', 'XO*']
    >>> def refused(call, *args):
    ...     try:
    ...         call(*args)
    ...     except ValueError:
    ...         return True
    ...     return False
    >>> refused(codequest.solve, ['X**', '***', '***'])     # X has moved: O's turn
    True
    """
    raise NotImplementedError("solve is yours to write")


def main(stdin=None, stdout=None, stderr=None):
    """- **How the grader runs them**: it runs each program as
      `python -m xo.codequest` runs it, with the input on standard input, and
      reads what the program writes on standard output and standard error and its
      exit status. It never calls `main()` itself: your module runs as
      `__main__`, and its last two lines, as in the skeleton
      (`if __name__ == "__main__": sys.exit(main())`), call `main()` with no
      arguments. So `main()` given no arguments must read standard input
      (`sys.stdin`, or its bytes, `sys.stdin.buffer`) and write standard output
      and standard error. In the skeleton,
      `main(stdin=None, stdout=None, stderr=None)` takes its streams as arguments
      for your own tests: `stdin` a binary stream (`sys.stdin.buffer` when it is
      `None`), `stdout` and `stderr` text streams (`sys.stdout` and `sys.stderr`
      when they are `None`); it returns the exit status, 0, or 2 for bad input.
      Whether your `main()` uses its arguments or reads `sys.stdin` directly is
      yours to choose: the grader passes none.

    - On the command line: **one line on standard error** that names the input
      line (by its number) and the problem, nothing on standard output, and
      **exit status 2**. Never a traceback.
    - **Which line**: when the problem is in one line, name that line. When it is
      a whole board (its counts of X and O, a game already over, a board no game
      reaches), no one line is at fault: name any of the board's lines (for
      CodinGame, the player's line too), all of them (`lines 2-4`), or none, but
      never a line outside the board. When the input ends too early, name the line
      that is missing or the last line there is. Any of these is accepted.
    - **What the grader sends**: ASCII text in which every line, the last one
      too, ends with `\\n`; nothing follows the last board; and Code Quest's count
      is digits alone, at least 1 (`2`). So on what it never sends, either reading
      is accepted: `\\r\\n` line ends and spaces at the end of a line (read past
      them, or refuse them); a last line with no `\\n` at its end (read it as a
      line, or refuse it); blank lines after the last board (read them as the end
      of the input, or as more input, refused); a count written `' 1'`, `'1 '`,
      `'+1'` or `'01'` (read it as the number, or refuse it); a count of `0`
      (write nothing and end with exit status 0, or refuse it); bytes that are not
      UTF-8 text (refuse them, naming the line that holds them, any other line of
      the input, or none).
    """
    raise NotImplementedError("main is yours to write")


if __name__ == "__main__":
    sys.exit(main())
