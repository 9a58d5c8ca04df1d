"""Code Quest 2017, Problem 57 "Tic Tac Toe" (Part VI), on the engine's ``XO.minimaxValues()``."""

import re
import sys

from .board import O, X
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, "0": O, "*": 0}
LENIENT = True            # read past \r\n, trailing spaces, blank lines at the end, counts like ' 1' / '01'
WHOLE_BOARD = "all"        # which lines a whole-board error names: all / none / first / line1
_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class BadBoard(ValueError):
    """``row`` is 0, 1 or 2 when one row is at fault, None when the whole board is."""

    def __init__(self, problem, row=None):
        super().__init__(problem)
        self.problem = problem
        self.row = row


def _won(cells, who):
    return any(cells[a] == cells[b] == cells[c] == who for a, b, c in _LINES)


def _read(rows):
    if len(rows) != 3:
        raise BadBoard(f"a board is 3 rows, not {len(rows)}")
    cells = []
    for r, row in enumerate(rows):
        if not isinstance(row, str):
            raise BadBoard(f"row {r + 1} is not a string", r)
        if len(row) != 3:
            raise BadBoard(f"row {r + 1} {row!r} has {len(row)} characters, not 3", r)
        for ch in row:
            if ch not in SYMBOLS:
                raise BadBoard(f"row {r + 1} {row!r}: {ch!r} is not one of X O 0 *", r)
            cells.append(SYMBOLS[ch])
    xs = [k for k in range(9) if cells[k] == X]
    os_ = [k for k in range(9) if cells[k] == O]
    if len(xs) != len(os_):
        raise BadBoard(f"{len(xs)} X and {len(os_)} O: it is not X's turn")
    if _won(cells, X) or _won(cells, O):
        raise BadBoard("the game is over: there is three in a row")
    return cells, xs, os_


def solve(rows):
    cells, xs, os_ = _read(rows)
    play, pos = [], []
    for a, b in zip(xs, os_):
        play += [X, O]
        pos += [a, b]
    game = XO(play, pos, len(pos))
    empty = [k for k in range(9) if cells[k] == 0]
    choice = None
    for k in empty:                        # a win at once comes first
        trial = cells[:]
        trial[k] = X
        if _won(trial, X):
            choice = k
            break
    if choice is None:
        values = game.minimaxValues()
        sign = lambda v: (v > 0) - (v < 0)
        for k in empty:
            if choice is None or sign(values[k]) > sign(values[choice]):
                choice = k
    out = [list(r) for r in rows]
    out[choice // 3][choice % 3] = "X"
    return ["".join(r) for r in out]


def _count(text):
    if LENIENT:
        text = text.strip(" ")
        return int(text) if re.fullmatch(r"[0-9]+", text) else None
    return int(text) if re.fullmatch(r"0|[1-9][0-9]*", text) else None


def _lines(data):
    text = data.decode("utf-8")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if LENIENT:
        lines = [ln.rstrip("\r").rstrip(" ") for ln in lines]
        while lines and lines[-1].strip() == "":
            lines.pop()
    return lines


def _board_lines(first):
    if WHOLE_BOARD == "all":
        return f"lines {first}-{first + 2}: "
    if WHOLE_BOARD == "first":
        return f"line {first}: "
    if WHOLE_BOARD == "line1":
        return "line 1: "
    return ""


def run(data):
    """Return the output text, or raise BadBoard whose message names the line."""
    try:
        lines = _lines(data)
    except UnicodeDecodeError:
        raise BadBoard("line 1: the input is not text") from None
    if not lines:
        raise BadBoard("line 1: the input is empty: no count of boards")
    count = _count(lines[0])
    if count is None:
        raise BadBoard(f"line 1: {lines[0]!r} is not a whole number of boards")
    out = []
    for b in range(count):
        first = 2 + 3 * b
        rows = lines[first - 1:first + 2]
        if len(rows) < 3:
            missing = first + len(rows)
            raise BadBoard(f"line {missing}: the input ends before row {len(rows) + 1} of board {b + 1} (of {count})")
        try:
            out += solve(rows)
        except BadBoard as e:
            where = f"line {first + e.row}: " if e.row is not None else _board_lines(first)
            raise BadBoard(f"{where}board {b + 1}: {e.problem}") from None
    if len(lines) > 1 + 3 * count:
        raise BadBoard(f"line {2 + 3 * count}: the input goes on after the last board")
    return "".join(r + "\n" for r in out)


def main(stdin=None, stdout=None, stderr=None):
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    try:
        text = run(stdin.read())
    except BadBoard as e:
        stderr.write(f"python -m xo.codequest: {e.problem}\n")
        return 2
    stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
