"""CodinGame, "Tic Tac Toe": `codingame.py` (plain loops)."""

import sys

from .board import O, X, LINES
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, ".": 0}

PLAYERS = {"X": X, "O": O}

CELL_VALUES = (8, 4, 7,
               3, 9, 2,
               6, 1, 5)


def checkRow(row, r):
    if not isinstance(row, str):
        raise ValueError(f"row {r} is not a string")
    if len(row) != 3:
        raise ValueError(f"row {r} {row!r} has {len(row)} characters, not 3")
    for ch in row:
        if ch not in SYMBOLS:
            raise ValueError(f"row {r} {row!r}: {ch!r} is not one of X O .")


def solve(player, rows):
    if player != "X" and player != "O" or not isinstance(player, str):
        raise ValueError(f"the engine's player {player!r} is not X or O")
    if not isinstance(rows, (list, tuple)) or len(rows) != 3:
        raise ValueError("a board is three rows")
    for r in range(3):
        checkRow(rows[r], r + 1)
    cells = rows[0] + rows[1] + rows[2]
    state = [SYMBOLS[ch] for ch in cells]
    won = False
    for a, b, c in LINES:
        if state[a] != 0 and state[a] == state[b] == state[c]:
            won = True
    if won or 0 not in state:               # over: written back as it is
        return [rows[0], rows[1], rows[2]]
    xs = [i for i in range(9) if state[i] == X]
    os_ = [i for i in range(9) if state[i] == O]
    if len(xs) == len(os_):
        toMove = "X"
    elif len(xs) == len(os_) + 1:
        toMove = "O"
    else:
        raise ValueError(f"X has {len(xs)} markers and O {len(os_)}: no game has these counts")
    if toMove != player:
        raise ValueError(f"X has {len(xs)} markers and O {len(os_)}: it is {toMove}'s turn, not {player}'s")
    play, pos = [], []
    for i in range(len(xs)):
        play.append(X)
        pos.append(xs[i])
        if i < len(os_):
            play.append(O)
            pos.append(os_[i])
    values = XO(play, pos, len(pos)).minimaxValues()
    best = None
    for cell in range(9):
        if values[cell] is None:
            continue
        if (best is None or values[cell] > values[best]
                or (values[cell] == values[best] and CELL_VALUES[cell] > CELL_VALUES[best])):
            best = cell
    cells = cells[:best] + player + cells[best + 1:]
    return [cells[0:3], cells[3:6], cells[6:9]]


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
        if not lines:
            raise ValueError("line 1: the input is empty: no player")
        if lines[0] not in PLAYERS:
            raise ValueError(f"line 1 {lines[0]!r}: the engine's player is not X or O")
        for number in (2, 3, 4):
            if number > len(lines):
                raise ValueError(f"line {number}: the input ends before row {number - 1}")
            try:
                checkRow(lines[number - 1], number - 1)
            except ValueError as err:
                raise ValueError(f"line {number}: {err}") from None
        if len(lines) > 4:
            raise ValueError("line 5: more input after the board")
        try:
            rows = solve(lines[0], lines[1:4])
        except ValueError as err:
            raise ValueError(f"lines 2-4: {err}") from None
    except ValueError as err:
        print(f"python -m xo.codingame: {err}", file=stderr)
        return 2
    for row in rows:
        print(row, file=stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
