"""Coding Ninjas "Tic Tac Toe Winner" on top of XO.minimaxValues()."""

import sys

from .board import O, X
from .game import XO

__all__ = ["findTheWinner", "main"]

SYMBOLS = {"X": X, "O": O, "_": 0}
WINNING = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class BoardError(ValueError):
    def __init__(self, text, offset=0):
        ValueError.__init__(self, text)
        self.offset = offset


def findTheWinner(board):
    if len(board) != 3:
        raise BoardError("the board should have three rows")
    cells = []
    for i, row in enumerate(board):
        chars = list(row)
        if len(chars) != 3:
            raise BoardError(f"row {i + 1} {''.join(map(str, chars))!r} should be 3 characters long", i)
        for ch in chars:
            if ch not in SYMBOLS:
                raise BoardError(f"row {i + 1}: {ch!r} is not one of X O _", i)
        cells += [SYMBOLS[ch] for ch in chars]
    if cells.count(X) != cells.count(O):
        raise BoardError(f"{cells.count(X)} X and {cells.count(O)} O: it is not X's turn")
    for who in (X, O):
        if any(cells[a] == cells[b] == cells[c] == who for a, b, c in WINNING):
            raise BoardError("the game is over (three in a row)")
    xs = [i for i, v in enumerate(cells) if v == X]
    os = [i for i, v in enumerate(cells) if v == O]
    order = [cell for pair in zip(xs, os) for cell in pair]
    values = XO([X, O] * len(xs), order, len(order)).minimaxValues()
    best = None
    for i in range(9):
        if values[i] is not None:
            s = (values[i] > 0) - (values[i] < 0)
            if best is None or s > best[0]:
                best = (s, i)
    score, i = best
    return [score, i // 3 + 1, i % 3 + 1]


def main(stdin=None, stdout=None, stderr=None):
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    rows = []
    try:
        for number, raw in enumerate(stdin, start=1):
            try:
                text = raw.decode("utf-8").rstrip("\n")
            except UnicodeDecodeError:
                raise BoardError(f"line {number}: undecodable bytes") from None
            if text.endswith("\r"):
                text = text[:-1]
            if number > 3:
                raise BoardError(f"line {number}: more input after row 3")
            rows.append(text)
        if len(rows) < 3:
            raise BoardError(f"line {len(rows) + 1}: the input ends before row {len(rows) + 1}")
        try:
            score, row, col = findTheWinner(rows)
        except BoardError as e:
            raise BoardError(f"line {e.offset + 1}: {e}") from None
    except BoardError as e:
        stderr.write(f"python -m xo.ninja: {e}\n")
        return 2
    stdout.write(f"{score} {row} {col}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
