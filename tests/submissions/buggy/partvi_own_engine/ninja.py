"""Coding Ninjas "Tic Tac Toe Winner" on XO.minimaxValues()."""
import sys

from .board import O, X
from .codequest import BadInput, check, over, parse, values


def findTheWinner(board):
    """[score, row, col]: X's best +-1 minimax score, rows and columns from 1, ties to the lowest row, column."""
    cells = parse(["".join(row) for row in board], {"X": X, "O": O, "_": 0})
    check(cells, X)
    if over(cells):
        raise BadInput("the game is over")
    vals = values(cells)
    sgn = lambda v: (v > 0) - (v < 0)
    cell = max((c for c in range(9) if vals[c] is not None), key=lambda c: (sgn(vals[c]), -c))
    return [sgn(vals[cell]), cell // 3 + 1, cell % 3 + 1]


if __name__ == "__main__":
    lines = [line.rstrip("\n") for line in sys.stdin]
    try:
        if len(lines) < 3:
            raise BadInput(f"line {len(lines) + 1}: the input ends before row {len(lines) + 1}")
        if len(lines) > 3:
            raise BadInput(f"line 4: more input after the board")
        for k, row in enumerate(lines):
            try:
                parse([row, "___", "___"], {"X": X, "O": O, "_": 0})
            except BadInput as e:
                raise BadInput(f"line {k + 1}: {e}") from None
        print(*findTheWinner(lines))
    except BadInput as e:
        sys.stderr.write(f"ninja: {e}\n")
        exit(2)
