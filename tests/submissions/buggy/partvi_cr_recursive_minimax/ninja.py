"""Coding Ninjas, "Tic Tac Toe Winner": [score, row, col], 1-based, X to move."""

import sys

from .board import O, X
from .game import XO

__all__ = ["findTheWinner", "main"]

SYMBOLS = {"X": X, "O": O, "_": 0}
TRIPLES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class InputProblem(ValueError):
    """Bad input; args[0] is the message, args[1] (if any) where it is."""

    def __str__(self):
        return str(self.args[0]) if self.args else ""


def findTheWinner(board):
    grid = [list(row) for row in board]          # strings or lists of one-character strings
    if len(grid) != 3:
        raise InputProblem(f"expected 3 rows, got {len(grid)}", 0)
    cells = []
    for r, row in enumerate(grid):
        if len(row) != 3:
            raise InputProblem(f"row {r + 1} has {len(row)} cells, not 3", r)
        for ch in row:
            if ch not in SYMBOLS:
                raise InputProblem(f"row {r + 1}: {ch!r} is not one of X O _", r)
            cells.append(SYMBOLS[ch])
    if cells.count(X) != cells.count(O):
        raise InputProblem(f"{cells.count(X)} X and {cells.count(O)} O: not X's turn", 0)
    if any(cells[a] != 0 and cells[a] == cells[b] == cells[c] for a, b, c in TRIPLES):
        raise InputProblem("three in a row: the game is over", 0)
    xs = [i for i in range(9) if cells[i] == X]
    os = [i for i in range(9) if cells[i] == O]
    play = [X, O] * len(xs)
    pos = [v for pair in zip(xs, os) for v in pair]
    values = XO(play, pos, len(pos)).minimaxValues()
    options = [((values[i] > 0) - (values[i] < 0), -(i // 3), -(i % 3)) for i in range(9) if values[i] is not None]
    score, negrow, negcol = max(options)
    return [score, 1 - negrow, 1 - negcol]


def main(stdin=None, stdout=None, stderr=None):
    stream = sys.stdin.buffer if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    try:
        rows = []
        number = 0
        while True:
            raw = stream.readline()
            if not raw:
                break
            number += 1
            try:
                text = raw.decode("utf-8").rstrip("\n").removesuffix("\r")
            except UnicodeDecodeError:
                raise InputProblem(f"line {number}: not UTF-8 text") from None
            if number == 4:
                raise InputProblem("line 4: input continues after row 3")
            rows.append(text)
        if number < 3:
            raise InputProblem(f"line {number + 1}: the input ends before row {number + 1}")
        try:
            result = findTheWinner(rows)
        except InputProblem as e:
            raise InputProblem(f"line {e.args[1] + 1 if len(e.args) > 1 else 1}: {e.args[0]}") from None
    except InputProblem as e:
        print(f"python -m xo.ninja: {e.args[0]}", file=stderr)
        return 2
    print(*result, file=stdout)
    return 0


if __name__ == "__main__":
    exit(main())
