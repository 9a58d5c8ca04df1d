"""Code Quest 2017, Problem 57: `codequest.py` (plain loops, no regexes)."""

import sys

from .board import O, X, LINES
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, "0": O, "*": 0}


class InputError(ValueError):
    def __init__(self, where, what):
        super().__init__(what)
        self.where = where          # "line 3" or "lines 2-4"
        self.what = what


def checkRow(row, r):
    if not isinstance(row, str):
        raise ValueError(f"row {r} is not a string")
    if len(row) != 3:
        raise ValueError(f"row {r} {row!r} has {len(row)} characters, not 3")
    for ch in row:
        if ch not in SYMBOLS:
            raise ValueError(f"row {r} {row!r}: {ch!r} is not one of X O 0 *")


def solve(rows):
    if not isinstance(rows, (list, tuple)) or len(rows) != 3:
        raise ValueError("a board is three rows")
    for r in range(3):
        checkRow(rows[r], r + 1)
    cells = rows[0] + rows[1] + rows[2]
    state = []
    xs = []
    os_ = []
    for i in range(9):
        v = SYMBOLS[cells[i]]
        state.append(v)
        if v == X:
            xs.append(i)
        elif v == O:
            os_.append(i)
    if len(xs) != len(os_):
        raise ValueError(f"X has {len(xs)} markers and O {len(os_)}: it is not X's turn")
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] and state[b] == state[c]:
            raise ValueError("the game is over: someone has three in a row")
    play = []
    pos = []
    for i in range(len(xs)):
        play.append(X)
        pos.append(xs[i])
        play.append(O)
        pos.append(os_[i])
    game = XO(play, pos, len(pos))
    values = game.minimaxValues()

    choice = None
    for cell in range(9):                     # a win at once, first in reading order
        if state[cell] != 0:
            continue
        for line in LINES:
            if cell in line:
                others = [i for i in line if i != cell]
                if state[others[0]] == X and state[others[1]] == X:
                    choice = cell
                    break
        if choice is not None:
            break
    if choice is None:                        # else the best sign, first in reading order
        bestSign = -2
        for cell in range(9):
            if values[cell] is None:
                continue
            sign = 1 if values[cell] > 0 else (-1 if values[cell] < 0 else 0)
            if sign > bestSign:
                bestSign = sign
                choice = cell
    cells = cells[:choice] + "X" + cells[choice + 1:]
    return [cells[0:3], cells[3:6], cells[6:9]]


def readLines(data):
    text = []
    number = 0
    for raw in data.split(b"\n"):
        number += 1
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError(f"line {number}", "not UTF-8 text") from None
        text.append(line.rstrip(" \r"))
    if text and text[-1] == "":
        text.pop()
    while text and text[-1] == "":     # blank lines after the input: its end
        text.pop()
    return text


def run(data):
    lines = readLines(data)
    if len(lines) == 0:
        raise InputError("line 1", "the input is empty: no count of boards")
    first = lines[0]
    if first == "" or not first.isascii() or not first.isdigit() or first[0] == "0":
        raise InputError("line 1", f"{first!r}: the count of boards is not a whole number of at least 1")
    count = int(first)
    out = []
    for k in range(count):
        top = 2 + 3 * k
        rows = []
        for r in range(3):
            if top + r > len(lines):
                raise InputError(f"line {top + r}", f"the input ends before row {r + 1} of board {k + 1}")
            try:
                checkRow(lines[top + r - 1], r + 1)
            except ValueError as err:
                raise InputError(f"line {top + r}", str(err)) from None
            rows.append(lines[top + r - 1])
        try:
            out += solve(rows)
        except ValueError as err:
            raise InputError(f"lines {top}-{top + 2}", f"board {k + 1}: {err}") from None
    if len(lines) > 1 + 3 * count:
        raise InputError(f"line {2 + 3 * count}", "more input after the last board")
    return out


def main(stdin=None, stdout=None, stderr=None):
    if stdin is None:
        stdin = sys.stdin.buffer
    if stdout is None:
        stdout = sys.stdout
    if stderr is None:
        stderr = sys.stderr
    try:
        rows = run(stdin.read())
    except InputError as err:
        print(f"python -m xo.codequest: {err.where}: {err.what}", file=stderr)
        return 2
    for row in rows:
        print(row, file=stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
