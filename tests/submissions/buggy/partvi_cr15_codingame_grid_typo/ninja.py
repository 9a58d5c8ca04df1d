"""Coding Ninjas, "Tic Tac Toe Winner": `ninja.py` (plain loops)."""

import sys

from .board import O, X, LINES
from .game import XO

__all__ = ["findTheWinner", "main"]

SYMBOLS = {"X": X, "O": O, "_": 0}


def asRow(row, r):
    if isinstance(row, (list, tuple)):
        joined = ""
        for item in row:
            if not isinstance(item, str):
                raise ValueError(f"row {r} holds {item!r}, not a string")
            joined += item
        row = joined
    if not isinstance(row, str):
        raise ValueError(f"row {r} is not a string")
    if len(row) != 3:
        raise ValueError(f"row {r} {row!r} has {len(row)} characters, not 3")
    for ch in row:
        if ch not in SYMBOLS:
            raise ValueError(f"row {r} {row!r}: {ch!r} is not one of X O _")
    return row


def findTheWinner(board):
    if not isinstance(board, (list, tuple)) or len(board) != 3:
        raise ValueError("the board must be three rows")
    cells = ""
    for r in range(3):
        cells += asRow(board[r], r + 1)
    state = [SYMBOLS[ch] for ch in cells]
    xs = [i for i in range(9) if state[i] == X]
    os_ = [i for i in range(9) if state[i] == O]
    if len(xs) != len(os_):
        raise ValueError(f"X has {len(xs)} markers and O {len(os_)}: it is not X's turn")
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] == state[c]:
            raise ValueError("the game is over: someone has three in a row")
    play, pos = [], []
    for i in range(len(xs)):
        play += [X, O]
        pos += [xs[i], os_[i]]
    values = XO(play, pos, len(pos)).minimaxValues()
    best = None
    bestScore = None
    for cell in range(9):                   # reading order = minimum row, then column
        if values[cell] is None:
            continue
        score = 1 if values[cell] > 0 else (-1 if values[cell] < 0 else 0)
        if best is None or score > bestScore:
            best, bestScore = cell, score
    return [bestScore, best // 3 + 1, best % 3 + 1]


def main(stdin=None, stdout=None, stderr=None):
    if stdin is None:
        stdin = sys.stdin.buffer
    if stdout is None:
        stdout = sys.stdout
    if stderr is None:
        stderr = sys.stderr
    lines = []
    try:
        for number, raw in enumerate(stdin.read().split(b"\n"), 1):
            try:
                lines.append(raw.decode("utf-8").rstrip(" \r"))
            except UnicodeDecodeError:
                raise ValueError(f"line {number}: not UTF-8 text") from None
        while lines and lines[-1] == "":
            lines.pop()
        for number in (1, 2, 3):
            if number > len(lines):
                raise ValueError(f"line {number}: the input ends before row {number}")
            try:
                asRow(lines[number - 1], number)
            except ValueError as err:
                raise ValueError(f"line {number}: {err}") from None
        if len(lines) > 3:
            raise ValueError("line 4: more input after the board")
        try:
            score, row, col = findTheWinner(lines)
        except ValueError as err:
            raise ValueError(f"lines 1-3: {err}") from None
    except ValueError as err:
        print(f"python -m xo.ninja: {err}", file=stderr)
        return 2
    print(score, row, col, file=stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
