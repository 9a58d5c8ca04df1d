"""Code Quest 2017, Problem 57 "Tic Tac Toe", on the engine's XO.minimaxValues()."""

import sys

from .board import O, X
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, "0": O, "*": 0}
PROG = "python -m xo.codequest"
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class BadInput(ValueError):
    """Bad input; ``line`` is the offset of the offending row (0-2) or None."""

    def __init__(self, message, row=None):
        super().__init__(message)
        self.row = row


def _three(cells, who):
    return any(cells[a] == cells[b] == cells[c] == who for a, b, c in LINES)


def _cells(rows):
    if len(rows) != 3:
        raise BadInput(f"a board is 3 rows, not {len(rows)}")
    cells = []
    for r, row in enumerate(rows):
        if not isinstance(row, str):
            raise BadInput(f"row {r + 1} is not a string", r)
        if len(row) != 3:
            raise BadInput(f"row {r + 1} {row!r} has {len(row)} characters, not 3", r)
        for ch in row:
            if ch not in SYMBOLS:
                raise BadInput(f"row {r + 1} {row!r}: {ch!r} is not one of X O 0 *", r)
            cells.append(SYMBOLS[ch])
    return cells


def _choose(cells):
    nx, no = cells.count(X), cells.count(O)
    if nx != no:
        raise BadInput(f"{nx} X and {no} O: it is not X's turn")
    if _three(cells, X):
        raise BadInput("X already has three in a row: no game reaches this board")
    if _three(cells, O):
        raise BadInput("O has three in a row: the game is over")
    xs = [i for i in range(9) if cells[i] == X]
    os_ = [i for i in range(9) if cells[i] == O]
    play, pos = [], []
    for a, b in zip(xs, os_):
        play += [X, O]
        pos += [a, b]
    values = XO(play, pos, len(pos)).minimaxValues()
    empty = [i for i in range(9) if cells[i] == 0]
    for i in empty:
        trial = cells[:]
        trial[i] = X
        if _three(trial, X):
            return i
    sign = lambda v: (v > 0) - (v < 0)
    best = max(sign(values[i]) for i in empty)
    return next(i for i in empty if sign(values[i]) == best)


def solve(rows):
    cells = _cells(rows)
    cell = _choose(cells)
    out = list(rows)
    r, c = divmod(cell, 3)
    out[r] = out[r][:c] + "X" + out[r][c + 1:]
    return out


def _lines(stdin):
    data = stdin.read()
    chunks = data.split(b"\n")
    if chunks and chunks[-1] == b"":
        chunks.pop()
    lines = []
    for n, raw in enumerate(chunks, 1):
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise BadInput(f"line {n}: not text (UTF-8)") from None
    return lines


def _run(stdin):
    lines = _lines(stdin)
    if not lines:
        raise BadInput("line 1: the input is empty: no number of boards")
    first = lines[0].strip()
    if not first.isdigit() or not first.isascii():
        raise BadInput(f"line 1 {lines[0]!r}: the number of boards is not a whole number")
    count = int(first)
    out = []
    for b in range(count):
        rows = []
        for r in range(3):
            n = 2 + 3 * b + r
            if n > len(lines):
                raise BadInput(f"line {n}: the input ends before row {r + 1} of board {b + 1} (of {count})")
            rows.append(lines[n - 1])
        try:
            out.extend(solve(rows))
        except BadInput as e:
            n = 2 + 3 * b + (e.row if e.row is not None else 0)
            raise BadInput(f"line {n}: board {b + 1}: {e}") from None
    extra = 2 + 3 * count
    if len(lines) >= extra:
        raise BadInput(f"line {extra}: the input goes on after the last board ({count})")
    return out


def main(stdin=None, stdout=None, stderr=None):
    stdin = sys.stdin.buffer if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    try:
        out = _run(stdin)
    except ValueError as e:
        print(f"{PROG}: {e}", file=stderr)
        return 2
    for row in out:
        print(row, file=stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
