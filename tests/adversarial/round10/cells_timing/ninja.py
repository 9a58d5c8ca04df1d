"""Coding Ninjas, "Tic Tac Toe Winner"."""

import sys

from .board import O, X
from .game import XO, LINES

__all__ = ["findTheWinner", "main"]

SYMBOLS = {"X": X, "O": O, "_": 0}


class BadInput(ValueError):
    def __init__(self, line, text):
        super().__init__(text)
        self.line = line


def _win(s):
    for a, b, c in LINES:
        if s[a] != 0 and s[a] == s[b] == s[c]:
            return s[a]
    return 0


def _cells(board):
    board = list(board)
    if len(board) != 3:
        raise BadInput(1, "a board has three rows")
    cells = []
    for k, row in enumerate(board):
        if isinstance(row, (list, tuple)):
            row = "".join(str(x) for x in row)
        if type(row) is not str or len(row) != 3:
            raise BadInput(k + 1, f"row {k + 1} is not three characters")
        for ch in row:
            if ch not in SYMBOLS:
                raise BadInput(k + 1, f"row {k + 1} {row!r}: {ch!r} is not one of X O _")
            cells.append(SYMBOLS[ch])
    if cells.count(X) != cells.count(O):
        raise BadInput(1, "it is not X's turn")
    if _win(cells) or 0 not in cells:
        raise BadInput(1, "the game is over")
    return cells


def findTheWinner(board):
    cells = _cells(board)
    xs = [k for k in range(9) if cells[k] == X]
    os_ = [k for k in range(9) if cells[k] == O]
    play, pos = [], []
    for k in range(len(xs)):
        play += [X, O]
        pos += [xs[k], os_[k]]
    values = XO(play, pos, len(pos)).minimaxValues()
    sign = lambda v: (v > 0) - (v < 0)
    best = None
    for k in range(9):
        if values[k] is not None and (best is None or sign(values[k]) > sign(values[best])):
            best = k
    return [sign(values[best]), best // 3 + 1, best % 3 + 1]


def main(stdin=None, stdout=None, stderr=None):
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    lines = stdin.read().split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    try:
        try:
            text = [line.decode("ascii").rstrip("\r") for line in lines]
        except UnicodeDecodeError:
            raise BadInput(1, "the input is not ASCII text")
        if len(text) < 3:
            raise BadInput(max(len(text), 1), "the input ends before the third row")
        if len(text) > 3:
            raise BadInput(4, "the input goes on after the board")
        score, row, col = findTheWinner(text)
    except BadInput as error:
        stderr.write(f"python -m xo.ninja: line {error.line}: {error}\n")
        return 2
    stdout.write(f"{score} {row} {col}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
