"""Code Quest 2017, Problem 57: X to move; a win at once first, otherwise the
best +-1 minimax score; ties to the first cell in reading order."""

import re
import sys

from .board import LINES, O, X
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, "0": O, "*": 0}
ROW = re.compile(r"[XO0*]{3}")
COUNT = re.compile(r"[0-9]+")


class BadInput(ValueError):
    pass


def _sign(v):
    return (v > 0) - (v < 0)


def _wins_at_once(state, cell, who):
    return any(cell in line and all(state[i] == who or i == cell for i in line)
               for line in LINES)


def solve(rows):
    if not isinstance(rows, list) or len(rows) != 3:
        raise BadInput("a board is three rows")
    for r, row in enumerate(rows, 1):
        if not isinstance(row, str) or not ROW.fullmatch(row):
            raise BadInput(f"row {r} {row!r} is not three of X O 0 *")
    flat = "".join(rows)
    state = [SYMBOLS[ch] for ch in flat]
    xs = [i for i, v in enumerate(state) if v == X]
    os_ = [i for i, v in enumerate(state) if v == O]
    if len(xs) != len(os_):
        raise BadInput(f"{len(xs)} X and {len(os_)} O: it is not X's turn")
    if any(state[a] and state[a] == state[b] == state[c] for a, b, c in LINES):
        raise BadInput("the game is already over (three in a row)")
    play, pos = [], []
    for x_cell, o_cell in zip(xs, os_):
        play += [X, O]
        pos += [x_cell, o_cell]
    values = XO(play, pos, len(pos)).minimaxValues()
    empty = [i for i in range(9) if state[i] == 0]
    at_once = [i for i in empty if _wins_at_once(state, i, X)]
    if at_once:
        cell = at_once[0]
    else:
        cell = max(empty, key=lambda i: (_sign(values[i]), -i))
    flat = flat[:cell] + "X" + flat[cell + 1:]
    return [flat[0:3], flat[3:6], flat[6:9]]


def _lines(data):
    pieces = data.split(b"\n")
    if pieces[-1] == b"":
        pieces.pop()
    lines = []
    for number, raw in enumerate(pieces, 1):
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise BadInput(f"line {number}: not UTF-8 text") from None
    return lines


def _run(data):
    lines = _lines(data)
    if not lines:
        raise BadInput("line 1: the input is empty (no count of boards)")
    if not COUNT.fullmatch(lines[0]):
        raise BadInput(f"line 1 {lines[0]!r}: the count of boards is not a whole number")
    count = int(lines[0])
    out = []
    done = {}
    for board in range(count):
        rows = []
        for r in range(3):
            number = 2 + 3 * board + r
            if number > len(lines):
                raise BadInput(f"line {number}: the input ends before row {r + 1} "
                               f"of board {board + 1} (of {count})")
            row = lines[number - 1]
            if len(row) != 3:
                raise BadInput(f"line {number}: row {r + 1} {row!r} has {len(row)} characters, not 3")
            bad = re.search(r"[^XO0*]", row)
            if bad:
                raise BadInput(f"line {number}: row {r + 1} {row!r}: {bad.group()!r} is not one of X O 0 *")
            rows.append(row)
        key = "".join(rows)
        if key not in done:
            first = 2 + 3 * board
            try:
                done[key] = solve(rows)
            except ValueError as err:
                raise BadInput(f"lines {first}-{first + 2}: board {board + 1}: {err}") from None
        out.extend(done[key])
    if len(lines) > 1 + 3 * count:
        raise BadInput(f"line {2 + 3 * count}: more input after the last board")
    return "".join(row + "\n" for row in out)


def main(stdin=None, stdout=None, stderr=None):
    stdin = sys.stdin.buffer if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    try:
        text = _run(stdin.read())
    except BadInput as err:
        stderr.write(f"python -m xo.codequest: {err}\n")
        return 2
    stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
