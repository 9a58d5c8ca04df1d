"""Code Quest 2017, Problem 57: `codequest.py`."""

import sys

from .board import O, X
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, "0": O, "*": 0}
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6),
         (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class BadInput(ValueError):
    """Bad input; `line` is the line number to name (or a (first, last) pair)."""

    def __init__(self, message, line=None):
        super().__init__(message)
        self.line = line


def _has_three(cells, who):
    return any(all(cells[i] == who for i in line) for line in LINES)


def _check_rows(rows):
    if not isinstance(rows, list) or len(rows) != 3:
        raise BadInput("a board is three rows")
    for r, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != 3:
            raise BadInput(f"row {r + 1} {row!r} is not three characters", r)
        for ch in row:
            if ch not in SYMBOLS:
                raise BadInput(f"row {r + 1} {row!r}: {ch!r} is not one of X O 0 *", r)


def _board_of(rows):
    """Check a whole board; return its cells as ints."""
    cells = [SYMBOLS[ch] for row in rows for ch in row]
    nx, no = cells.count(X), cells.count(O)
    if nx != no:
        raise BadInput(f"{nx} X and {no} O: it is not X's turn")
    if _has_three(cells, X):
        raise BadInput("X, to move, already has three in a row: no game reaches this board")
    if _has_three(cells, O):
        raise BadInput("O has three in a row: the game is over")
    return cells


def solve(rows):
    _check_rows(rows)
    cells = _board_of(rows)
    xs = [i for i in range(9) if cells[i] == X]
    os_ = [i for i in range(9) if cells[i] == O]
    play, pos = [], []
    for a, b in zip(xs, os_):
        play += [X, O]
        pos += [a, b]
    game = XO(play, pos, len(pos))
    values = game.minimaxValues()

    choice = None
    for cell in range(9):                      # a win at once comes first
        if cells[cell] == 0:
            trial = cells[:]
            trial[cell] = X
            if _has_three(trial, X):
                choice = cell
                break
    if choice is None:
        best_sign = None
        for cell in range(9):
            v = values[cell]
            if v is None:
                continue
            sign = (v > 0) - (v < 0)
            if best_sign is None or sign > best_sign:
                best_sign, choice = sign, cell
    r, c = divmod(choice, 3)
    out = list(rows)
    out[r] = out[r][:c] + "X" + out[r][c + 1:]
    return out


def _read_lines(data):
    """Split bytes into text lines; every line must end with a newline."""
    chunks = data.split(b"\n")
    if chunks[-1] == b"":
        chunks.pop()
    elif chunks:
        raise BadInput("the last line does not end with a newline", len(chunks))
    lines = []
    for i, chunk in enumerate(chunks):
        try:
            lines.append(chunk.decode("utf-8"))
        except UnicodeDecodeError:
            raise BadInput("the line is not UTF-8 text", i + 1) from None
    return lines


def _run(data):
    lines = _read_lines(data)
    if not lines:
        raise BadInput("the input is empty: no count of boards", 1)
    head = lines[0]
    if head == "" or any(ch not in "0123456789" for ch in head):
        raise BadInput(f"the count {head!r} is not a whole number", 1)
    count = int(head)
    out = []
    for k in range(count):
        first = 2 + 3 * k
        rows = []
        for r in range(3):
            number = first + r
            if number > len(lines):
                raise BadInput(f"the input ends before row {r + 1} of board {k + 1} (of {count})", number)
            rows.append(lines[number - 1])
        try:
            _check_rows(rows)
        except BadInput as err:
            raise BadInput(f"board {k + 1}: {err}", first + err.line) from None
        try:
            out.extend(solve(rows))
        except BadInput as err:
            raise BadInput(f"board {k + 1}: {err}", (first, first + 2)) from None
    if len(lines) > 1 + 3 * count:
        raise BadInput(f"the input goes on after the last board ({count})", 2 + 3 * count)
    return out


def main(stdin=None, stdout=None, stderr=None):
    stdin = sys.stdin.buffer if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    try:
        out = _run(stdin.read())
    except BadInput as err:
        where = err.line
        if isinstance(where, tuple):
            where = f"lines {where[0]}-{where[1]}"
        else:
            where = f"line {where}"
        stderr.write(f"python -m xo.codequest: {where}: {err}\n")
        return 2
    for row in out:
        stdout.write(row + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
