"""Coding Ninjas, "Tic Tac Toe Winner": [score, row, col], 1-based, ties on
the +-1 score to the minimum row, then the minimum column."""

import re
import sys

from .board import LINES, O, X
from .game import XO

__all__ = ["findTheWinner", "main"]

SYMBOLS = {"X": X, "O": O, "_": 0}
ROW = re.compile(r"[XO_]{3}")


class BadInput(ValueError):
    pass


def _row_text(row, r):
    if isinstance(row, str):
        return row
    if isinstance(row, list) and all(isinstance(ch, str) and len(ch) == 1 for ch in row):
        return "".join(row)
    raise BadInput(f"row {r} {row!r} is neither a string nor a list of one-character strings")


def findTheWinner(board):
    if not isinstance(board, list) or len(board) != 3:
        raise BadInput("a board is a list of three rows")
    rows = [_row_text(row, r) for r, row in enumerate(board, 1)]
    for r, row in enumerate(rows, 1):
        if not ROW.fullmatch(row):
            raise BadInput(f"row {r} {row!r} is not three of X O _")
    state = [SYMBOLS[ch] for ch in "".join(rows)]
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
    sign = {i: (v > 0) - (v < 0) for i, v in enumerate(values) if v is not None}
    cell = max(sign, key=lambda i: (sign[i], -i))
    return [sign[cell], cell // 3 + 1, cell % 3 + 1]


def _run(data):
    pieces = data.split(b"\n")
    if pieces[-1] == b"":
        pieces.pop()
    lines = []
    for number, raw in enumerate(pieces, 1):
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise BadInput(f"line {number}: not UTF-8 text") from None
    for number in range(1, 4):
        if number > len(lines):
            raise BadInput(f"line {number}: the input ends before row {number}")
        row = lines[number - 1]
        if len(row) != 3:
            raise BadInput(f"line {number}: row {number} {row!r} has {len(row)} characters, not 3")
        bad = re.search(r"[^XO_]", row)
        if bad:
            raise BadInput(f"line {number}: row {number} {row!r}: {bad.group()!r} is not one of X O _")
    if len(lines) > 3:
        raise BadInput("line 4: more input after the board")
    try:
        score, row, col = findTheWinner(lines[:3])
    except ValueError as err:
        raise BadInput(f"lines 1-3: {err}") from None
    return f"{score} {row} {col}\n"


def main(stdin=None, stdout=None, stderr=None):
    stdin = sys.stdin.buffer if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    try:
        text = _run(stdin.read())
    except BadInput as err:
        stderr.write(f"python -m xo.ninja: {err}\n")
        return 2
    stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
