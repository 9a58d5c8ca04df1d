"""CodinGame, "Tic Tac Toe": `codingame.py`

Three other judges pose the same problem, each with its own contract. Write
one program for each, in its own file, on top of your engine: read the
board, build an `XO` game whose board it is, ask your `minimaxValues()`, and
apply the judge's own rule to choose among the moves.

To build the game, use `XO(play, pos, n)` with the X and O cells taken
alternately, X first: in every contract below X played first, and a board
that is not over has no three in a row, so any such order is a legal game
that reaches it.

- **Input** (standard input): the first line is the engine's player, `X` or
  `O`; then three lines of three characters: `X`, `O`, and `.` for an empty
  cell. X played first: it is X's turn when the counts of X and O are equal,
  O's when X has one more.
- **The move**: depth-aware minimax, your `minimaxValues()` as it is: win in
  the fewest moves, otherwise draw, otherwise lose in the most moves. Ties go
  to the cell with the highest value in the grid below (the centre, then the
  corners, then the edges).

- **Output** (standard output): the three lines after the move.

The value of each cell, for CodinGame's ties:

    8 | 4 | 7
    3 | 9 | 2
    6 | 1 | 5

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
from .judge import (InputError, at, check_reachable, check_turn, lines_of, need, no_more, read_board, run,
                    values_of)
# END SOLUTION

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, ".": 0}

PLAYERS = {"X": X, "O": O}

CELL_VALUES = (8, 4, 7,
               3, 9, 2,
               6, 1, 5)
"""The value of each cell, for CodinGame's ties:"""

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
    """- **Function**: `solve(player, rows)`: the player (`"X"` or `"O"`) and three
      strings in, the three rows after the move out.

    - A board that is **already won** (by the player who just moved) **or full**
      is written back unchanged. A board that is already won or full and is also
      bad input as a whole board (below: its counts say it is not that player's
      turn, or the player to move already has three in a row) breaks two rules at
      once: write it back unchanged, or refuse it as bad input; either is
      accepted. For example, `X` with `XXX`, `OO.`, `...` (X has three in a row,
      and 3 X and 2 O make it O's turn), and `O` with `XOX`, `XOX`, `OOX` (a full
      board, on which O, to move, has three in a row down the middle).

    - The functions (`solve`, `findTheWinner`) raise `ValueError`, or a subclass
      of it, with the same words. The words themselves are yours to choose. A
      function is given rows, not input lines, so its message may leave the line
      number out: only that it raises `ValueError` is checked.

    >>> from xo import codequest, ninja, codingame
    >>> codingame.solve('X', ['XOX', 'OOX', '...'])
    ['XOX', 'OOX', '..X']
    >>> codingame.solve('X', ['...', '...', '...'])
    ['...', '.X.', '...']
    >>> codingame.solve('O', ['XXX', 'OO.', '...'])
    ['XXX', 'OO.', '...']
    >>> def refused(call, *args):
    ...     try:
    ...         call(*args)
    ...     except ValueError:
    ...         return True
    ...     return False
    >>> refused(codingame.solve, 'O', ['...', '...', '...'])  # X moves first
    True
    >>> refused(codingame.solve, 'x', ['...', '...', '...'])  # not X or O
    True
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
    return run("python -m xo.codingame", _body, stdin, stdout, stderr)
    # END SOLUTION


if __name__ == "__main__":
    sys.exit(main())
