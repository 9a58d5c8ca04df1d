"""Coding Ninjas, "Tic Tac Toe Winner": `ninja.py`

Three other judges pose the same problem, each with its own contract. Write
one program for each, in its own file, on top of your engine: read the
board, build an `XO` game whose board it is, ask your `minimaxValues()`, and
apply the judge's own rule to choose among the moves.

To build the game, use `XO(play, pos, n)` with the X and O cells taken
alternately, X first: in every contract below X played first, and a board
that is not over has no three in a row, so any such order is a legal game
that reaches it.

- **Rows and columns are 1-based**, as the statement's example says: the top
  left cell is row 1, column 1, and the bottom right one row 3, column 3.
- **Ties** go to the minimum row, then the minimum column. Ties are on the
  ±1 score alone, as the statement's own solution compares moves: of two moves
  that both win, the one with the minimum row (then column) is chosen, even
  when the other wins sooner (see the example below).
- **Command line**: the three rows on standard input; `score row col` on one
  line of standard output.

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
# BEGIN SOLUTION
from .judge import (InputError, at, check_not_over, check_reachable, check_turn, need, no_more, read_board, run,
                    sign, values_of)
# END SOLUTION

__all__ = ["findTheWinner", "main"]

SYMBOLS = {"X": X, "O": O, "_": 0}
# BEGIN SOLUTION
__all__ += ["InputError"]
# END SOLUTION


def findTheWinner(board):
    """- **Function**: `findTheWinner(board)` returns `[score, row, col]`: the best
      ±1 minimax score X can get (win 1, draw 0, loss –1) and the move that gets
      it. `board` is three strings, or three lists of one-character strings, of
      `X`, `O` and `_` (empty). X is to move and X played first (as many X as O),
      and the game is not over. The grader passes only those two forms: a list
      holding an item that is not one character (`['XOX']`, `['XO', 'X']`) may be
      refused as bad input, or read as the row its items make when joined
      (`'XOX'`); either is accepted.

    Ties are on the ±1 score: `findTheWinner(['XOX', 'OX_', '_O_'])` returns
    `[1, 2, 3]`. X wins at once with a move in row 3, column 1, and also wins, 2
    moves later, with a move in row 2, column 3: both score 1, and row 2 comes
    first.

    - The functions (`solve`, `findTheWinner`) raise `ValueError`, or a subclass
      of it, with the same words. The words themselves are yours to choose. A
      function is given rows, not input lines, so its message may leave the line
      number out: only that it raises `ValueError` is checked.

    >>> from xo import codequest, ninja, codingame
    >>> ninja.findTheWinner(['XOX', 'OOX', '___'])
    [1, 3, 3]
    >>> ninja.findTheWinner(['XOX', 'OX_', '_O_'])             # ties on the ±1 score
    [1, 2, 3]
    >>> def refused(call, *args):
    ...     try:
    ...         call(*args)
    ...     except ValueError:
    ...         return True
    ...     return False
    >>> refused(ninja.findTheWinner, ['OOO', 'XX_', 'X__'])  # the game is over
    True
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
      **exit status 2**. Never a traceback. The grader looks for the line's number
      in that line (`line 3: …`, or `lines 2-4` for a whole board): the rest of
      its words, and their order, are yours. A number that follows the word
      `line` (or `lines`) is the line you name: `line 4: row 3 …` names line 4,
      not line 3.
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
    # BEGIN SOLUTION
    return run("python -m xo.ninja", _body, stdin, stdout, stderr)
    # END SOLUTION


if __name__ == "__main__":
    sys.exit(main())
