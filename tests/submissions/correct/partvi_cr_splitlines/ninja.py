"""Coding Ninjas "Tic Tac Toe Winner", on the engine's XO.minimaxValues()."""

import sys

from .board import O, X
from .game import XO

__all__ = ["findTheWinner", "main"]

SYMBOLS = {"X": X, "O": O, "_": 0}
PROG = "python -m xo.ninja"
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class BadInput(ValueError):
    def __init__(self, message, row=None):
        super().__init__(message)
        self.row = row


def _three(cells, who):
    return any(cells[a] == cells[b] == cells[c] == who for a, b, c in LINES)


def findTheWinner(board):
    if len(board) != 3:
        raise BadInput(f"a board is 3 rows, not {len(board)}")
    cells = []
    for r, row in enumerate(board):
        text = row if isinstance(row, str) else "".join(row)
        if len(text) != 3 or (not isinstance(row, str) and len(row) != 3):
            raise BadInput(f"row {r + 1} {text!r} is not 3 characters", r)
        for ch in text:
            if ch not in SYMBOLS:
                raise BadInput(f"row {r + 1} {text!r}: {ch!r} is not one of X O _", r)
            cells.append(SYMBOLS[ch])
    nx, no = cells.count(X), cells.count(O)
    if nx != no:
        raise BadInput(f"{nx} X and {no} O: it is not X's turn")
    if _three(cells, X) or _three(cells, O):
        raise BadInput("the game is over: there is three in a row")
    play, pos = [], []
    for a, b in zip([i for i in range(9) if cells[i] == X], [i for i in range(9) if cells[i] == O]):
        play += [X, O]
        pos += [a, b]
    values = XO(play, pos, len(pos)).minimaxValues()
    sign = lambda v: (v > 0) - (v < 0)
    empty = [i for i in range(9) if cells[i] == 0]
    score = max(sign(values[i]) for i in empty)
    cell = next(i for i in empty if sign(values[i]) == score)
    return [score, cell // 3 + 1, cell % 3 + 1]


def _run(stdin):
    chunks = stdin.read().split(b"\n")
    if chunks and chunks[-1] == b"":
        chunks.pop()
    lines = []
    for n, raw in enumerate(chunks, 1):
        try:
            lines.append(raw.rstrip(b"\r").decode("utf-8"))
        except UnicodeDecodeError:
            raise BadInput(f"line {n}: not text (UTF-8)") from None
    if len(lines) < 3:
        n = len(lines) + 1
        raise BadInput(f"line {n}: the input ends before row {n}")
    if len(lines) > 3:
        raise BadInput("line 4: the input goes on after row 3")
    try:
        return findTheWinner(lines)
    except BadInput as e:
        raise BadInput(f"line {1 + (e.row or 0)}: {e}") from None


def main(stdin=None, stdout=None, stderr=None):
    stdin = sys.stdin.buffer if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    try:
        score, row, col = _run(stdin)
    except ValueError as e:
        print(f"{PROG}: {e}", file=stderr)
        return 2
    print(score, row, col, file=stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
