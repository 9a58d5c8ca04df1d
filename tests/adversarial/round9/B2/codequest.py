"""Code Quest 2017, Problem 57."""

import sys

from .board import O, X
from .game import XO

SYMBOLS = {"X": X, "O": O, "0": O, "*": 0}
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class BadInput(ValueError):
    pass


def _won(state):
    for a, b, c in LINES:
        if state[a] and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def _state(rows, first=1):
    if not isinstance(rows, (list, tuple)) or len(rows) != 3:
        raise BadInput(f"lines {first}-{first + 2}: a board is three rows")
    state = []
    for k, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != 3:
            raise BadInput(f"line {first + k} {row!r}: a row is three characters")
        for ch in row:
            if ch not in SYMBOLS:
                raise BadInput(f"line {first + k} {row!r}: {ch!r} is not one of X O 0 *")
            state.append(SYMBOLS[ch])
    xs, os_ = state.count(X), state.count(O)
    if xs != os_:
        raise BadInput(f"lines {first}-{first + 2}: {xs} X and {os_} O: it is not X's turn")
    if _won(state) or 0 not in state:
        raise BadInput(f"lines {first}-{first + 2}: the game is over")
    return state


def _game(state):
    xs = [c for c in range(9) if state[c] == X]
    os_ = [c for c in range(9) if state[c] == O]
    play, pos = [], []
    for k in range(len(xs)):
        play += [X, O]
        pos += [xs[k], os_[k]]
    return XO(play, pos, len(pos))


def _solve(rows, first=1):
    state = _state(rows, first)
    cells = [c for c in range(9) if state[c] == 0]
    now = None
    for c in cells:
        s = state[:]
        s[c] = X
        if _won(s) == X:
            now = c
            break
    if now is None:
        values = _game(state).minimaxValues()
        sign = {c: (values[c] > 0) - (values[c] < 0) for c in cells}
        now = max(cells, key=lambda c: (sign[c], -c))
    out = [list(r) for r in rows]
    out[now // 3][now % 3] = "X"
    return ["".join(r) for r in out]


def solve(rows):
    return _solve(list(rows))


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
        if not lines:
            raise BadInput("line 1: the input is empty")
        count = lines[0].strip()
        if not count.isdigit():
            raise BadInput(f"line 1 {lines[0]!r}: not a whole number")
        count = int(count)
        out = []
        for b in range(count):
            first = 2 + 3 * b
            rows = lines[first - 1:first + 2]
            if len(rows) < 3:
                raise BadInput(f"line {first + len(rows)}: the input ends before row {len(rows) + 1} of board "
                               f"{b + 1} (of {count})")
            out += _solve(rows, first)
        if len(lines) > 1 + 3 * count:
            raise BadInput(f"line {2 + 3 * count}: more input after the last board")
    except (BadInput, UnicodeDecodeError) as error:
        stderr.write(f"python -m xo.codequest: {error}\n")
        return 2
    stdout.write("".join(r + "\n" for r in out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
