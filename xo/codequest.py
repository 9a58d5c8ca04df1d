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
# BEGIN SOLUTION
from .board import EMPTY
from .judge import (InputError, at, check_not_over, check_reachable, check_turn, need, no_more, read_board, run,
                    sign, values_of)
# END SOLUTION

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, "0": O, "*": 0}

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
    """- **Function**: `solve(rows)`: three strings in (the rows of one board), the
      three rows after the move out.

    - The functions (`solve`, `findTheWinner`) raise `ValueError`, or a subclass
      of it, with the same words. The words themselves are yours to choose. A
      function is given rows, not input lines, so its message may leave the line
      number out: only that it raises `ValueError` is checked.

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
    return run("python -m xo.codequest", _body, stdin, stdout, stderr)
    # END SOLUTION


if __name__ == "__main__":
    sys.exit(main())
