"""Coding Ninjas "Tic Tac Toe Winner"."""

import sys

from .board import O, X
from .game import XO

SYMBOLS = {"X": X, "O": O, "_": 0}
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class BadInput(ValueError):
    pass


def _won(state):
    for a, b, c in LINES:
        if state[a] and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def _state(board):
    if not isinstance(board, (list, tuple)) or len(board) != 3:
        raise BadInput("lines 1-3: a board is three rows")
    state = []
    for k, row in enumerate(board):
        if isinstance(row, (list, tuple)):
            row = "".join(ch if isinstance(ch, str) else "?" for ch in row)
        if not isinstance(row, str) or len(row) != 3:
            raise BadInput(f"line {k + 1} {row!r}: a row is three characters")
        for ch in row:
            if ch not in SYMBOLS:
                raise BadInput(f"line {k + 1} {row!r}: {ch!r} is not one of X O _")
            state.append(SYMBOLS[ch])
    xs, os_ = state.count(X), state.count(O)
    if xs != os_:
        raise BadInput(f"lines 1-3: {xs} X and {os_} O: it is not X's turn")
    if _won(state) or 0 not in state:
        raise BadInput("lines 1-3: the game is over")
    return state


def findTheWinner(board):
    state = _state(board)
    xs = [c for c in range(9) if state[c] == X]
    os_ = [c for c in range(9) if state[c] == O]
    play, pos = [], []
    for k in range(len(xs)):
        play += [X, O]
        pos += [xs[k], os_[k]]
    values = XO(play, pos, len(pos)).minimaxValues()
    cells = [c for c in range(9) if state[c] == 0]
    sign = {c: (values[c] > 0) - (values[c] < 0) for c in cells}
    best = max(cells, key=lambda c: (sign[c], -c))
    return [sign[best], best // 3 + 1, best % 3 + 1]


def main(stdin=None, stdout=None, stderr=None):
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        text = stdin.read().decode("utf-8")
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        lines = [l.rstrip("\r").rstrip(" ") for l in lines]
        while lines and lines[-1] == "":
            lines.pop()
        if len(lines) < 3:
            raise BadInput(f"line {len(lines) + 1}: the input ends after {len(lines)} rows")
        for k in range(3):
            row = lines[k]
            if len(row) != 3:
                raise BadInput(f"line {k + 1} {row!r}: a row is three characters")
            for ch in row:
                if ch not in SYMBOLS:
                    raise BadInput(f"line {k + 1} {row!r}: {ch!r} is not one of X O _")
        if len(lines) > 3:
            raise BadInput("line 4: more input after the board")
        score, row, col = findTheWinner(lines[:3])
    except (BadInput, UnicodeDecodeError) as error:
        stderr.write(f"python -m xo.ninja: {error}\n")
        return 2
    stdout.write(f"{score} {row} {col}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
