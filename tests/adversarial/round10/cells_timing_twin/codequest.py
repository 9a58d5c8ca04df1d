"""Code Quest 2017, Problem 57."""

import sys

from .board import O, X
from .game import XO, LINES

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, "0": O, "*": 0}


class BadInput(ValueError):
    def __init__(self, line, text):
        super().__init__(text)
        self.line = line


def _win(s):
    for a, b, c in LINES:
        if s[a] != 0 and s[a] == s[b] == s[c]:
            return s[a]
    return 0


def _board(rows, first_line=1):
    if len(rows) != 3:
        raise BadInput(first_line, "a board has three rows")
    cells = []
    for k, row in enumerate(rows):
        if type(row) is not str or len(row) != 3:
            raise BadInput(first_line + k, f"row {k + 1} {row!r} is not three characters")
        for ch in row:
            if ch not in SYMBOLS:
                raise BadInput(first_line + k, f"row {k + 1} {row!r}: {ch!r} is not one of X O 0 *")
            cells.append(SYMBOLS[ch])
    xs, os_ = cells.count(X), cells.count(O)
    if xs != os_:
        raise BadInput(first_line, "it is not X's turn")
    if _win(cells) or 0 not in cells:
        raise BadInput(first_line, "the game is over")
    return cells


def _game(cells):
    xs = [k for k in range(9) if cells[k] == X]
    os_ = [k for k in range(9) if cells[k] == O]
    play, pos = [], []
    for k in range(len(xs)):
        play += [X, O]
        pos += [xs[k], os_[k]]
    return XO(play, pos, len(pos))


def solve(rows):
    rows = list(rows)
    cells = _board(rows)
    best = None
    for k in range(9):
        if cells[k] == 0:
            trial = cells[:]
            trial[k] = X
            if _win(trial) == X:
                best = k
                break
    if best is None:
        values = _game(cells).minimaxValues()
        sign = lambda v: (v > 0) - (v < 0)
        for k in range(9):
            if values[k] is not None and (best is None or sign(values[k]) > sign(values[best])):
                best = k
    out = [list(r) for r in rows]
    out[best // 3][best % 3] = "X"
    return ["".join(r) for r in out]


def main(stdin=None, stdout=None, stderr=None):
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    data = stdin.read()
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    try:
        try:
            text = [line.decode("ascii").rstrip("\r") for line in lines]
        except UnicodeDecodeError:
            raise BadInput(1, "the input is not ASCII text")
        if not text:
            raise BadInput(1, "the input is empty")
        if not text[0].isdigit():
            raise BadInput(1, f"{text[0]!r} is not a whole number")
        count = int(text[0])
        out = []
        for b in range(count):
            start = 1 + 3 * b
            rows = text[start:start + 3]
            if len(rows) < 3:
                raise BadInput(min(len(text), start + 3), f"the input ends before board {b + 1} (of {count})")
            out += solve_rows(rows, start + 1)
        if len(text) > 1 + 3 * count:
            raise BadInput(2 + 3 * count, "the input goes on after the last board")
    except BadInput as error:
        stderr.write(f"python -m xo.codequest: line {error.line}: {error}\n")
        return 2
    stdout.write("".join(r + "\n" for r in out))
    return 0


def solve_rows(rows, first_line):
    _board(rows, first_line)
    return solve(rows)


if __name__ == "__main__":
    sys.exit(main())
