"""Coding Ninjas "Tic Tac Toe Winner", on my minimaxValues().  A row given as a list is read as the row its items
make when joined (the handout accepts that, or refusing a list whose items are not one character)."""

import sys

from .board import O, X, line_owner
from .codequest import BadInput, game_of, grid, run, sign, where


def findTheWinner(board):
    if not isinstance(board, (list, tuple)) or len(board) != 3:
        raise BadInput(f"a board is 3 rows, not {board!r}")
    rows = []
    for r, row in enumerate(board):
        if isinstance(row, (list, tuple)) and all(isinstance(item, str) for item in row):
            row = "".join(row)
        rows.append(row)
    cells = grid(rows, "XO_")
    state = [X if ch == "X" else O if ch == "O" else 0 for ch in cells]
    if state.count(X) != state.count(O):
        raise BadInput(f"{state.count(X)} X and {state.count(O)} O: it is not X's turn", (0, 2))
    if line_owner(state) or 0 not in state:
        raise BadInput("the game is over", (0, 2))
    values = game_of(state).minimaxValues()
    best = None
    for c in range(9):
        if values[c] is not None and (best is None or sign(values[c]) > sign(values[best])):
            best = c
    return [sign(values[best]), best // 3 + 1, best % 3 + 1]


def _body(lines):
    if len(lines) < 3:
        raise BadInput(f"line {len(lines) + 1}: the input ends before row {len(lines) + 1} of 3")
    if len(lines) > 3:
        raise BadInput(f"line 4 {lines[3]!r}: more input after the board")
    try:
        score, row, col = findTheWinner(lines)
    except BadInput as error:
        raise BadInput(where(error, 1)) from None
    return f"{score} {row} {col}\n"


def main(stdin=None, stdout=None, stderr=None):
    return run("ninja", _body, stdin, stdout, stderr)


if __name__ == "__main__":
    sys.exit(main())
