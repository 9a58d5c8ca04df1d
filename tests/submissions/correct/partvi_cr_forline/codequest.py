"""Code Quest 2017, Problem 57 "Tic Tac Toe" on top of XO.minimaxValues()."""

import sys

from .board import O, X
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, "0": O, "*": 0}
WINNING = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class BoardError(ValueError):
    """The input breaks the contract; ``offset`` is the row (0, 1, 2) at fault."""

    def __init__(self, text, offset=0):
        ValueError.__init__(self, text)
        self.offset = offset


def has_line(cells, who):
    for a, b, c in WINNING:
        if cells[a] == who and cells[b] == who and cells[c] == who:
            return True
    return False


def read_board(rows):
    if len(rows) != 3:
        raise BoardError("a board has three rows")
    cells = []
    for i, row in enumerate(rows):
        if len(row) != 3:
            raise BoardError(f"row {i + 1} {row!r} should be 3 characters long", i)
        bad = [ch for ch in row if ch not in SYMBOLS]
        if bad:
            raise BoardError(f"row {i + 1} {row!r}: {bad[0]!r} is not X, O, 0 or *", i)
        cells += [SYMBOLS[ch] for ch in row]
    if cells.count(X) != cells.count(O):
        raise BoardError(f"{cells.count(X)} X and {cells.count(O)} O: X is not the one to move")
    if has_line(cells, X):
        raise BoardError("X already has three in a row (no game reaches it)")
    if has_line(cells, O):
        raise BoardError("the game is already over: O has three in a row")
    return cells


def game_of(cells):
    xs = [i for i, v in enumerate(cells) if v == X]
    os = [i for i, v in enumerate(cells) if v == O]
    order = [cell for pair in zip(xs, os) for cell in pair]
    return XO([X, O] * len(xs), order, len(order))


def pick(cells):
    empties = [i for i, v in enumerate(cells) if v == 0]
    for i in empties:
        if has_line(cells[:i] + [X] + cells[i + 1:], X):
            return i
    values = game_of(cells).minimaxValues()
    scored = [((values[i] > 0) - (values[i] < 0), -i) for i in empties]
    return -max(scored)[1]


def solve(rows):
    cells = read_board(rows)
    i = pick(cells)
    r, c = divmod(i, 3)
    rows = list(rows)
    rows[r] = rows[r][:c] + "X" + rows[r][c + 1:]
    return rows


def numbered_lines(stream):
    for number, raw in enumerate(stream, start=1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise BoardError(f"line {number}: undecodable bytes") from None
        if text.endswith("\n"):
            text = text[:-1]
        if text.endswith("\r"):
            text = text[:-1]
        yield number, text


def main(stdin=None, stdout=None, stderr=None):
    if stdin is None:
        stdin = sys.stdin.buffer
    if stdout is None:
        stdout = sys.stdout
    if stderr is None:
        stderr = sys.stderr
    written = []
    try:
        lines = numbered_lines(stdin)
        got = next(lines, None)
        if got is None:
            raise BoardError("line 1: no input: expected the number of boards")
        first = got[1]
        if not (first.strip().isascii() and first.strip().isdigit()):
            raise BoardError(f"line 1 {first!r}: the number of boards should be a whole number")
        total = int(first)
        number = 1
        for board in range(1, total + 1):
            rows = []
            for r in range(1, 4):
                got = next(lines, None)
                if got is None:
                    raise BoardError(f"line {number + 1}: the input ends before row {r} of board {board} (of {total})")
                number, text = got
                rows.append(text)
            try:
                written += solve(rows)
            except BoardError as e:
                raise BoardError(f"line {number - 2 + e.offset}: board {board}: {e}") from None
        extra = next(lines, None)
        if extra is not None:
            raise BoardError(f"line {extra[0]}: more input after the last board")
    except BoardError as e:
        stderr.write(f"python -m xo.codequest: {e}\n")
        return 2
    for row in written:
        stdout.write(row + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
