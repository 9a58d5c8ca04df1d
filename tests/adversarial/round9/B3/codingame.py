"""CodinGame "Tic Tac Toe"."""

import sys

from .board import O, X
from .game import XO

SYMBOLS = {"X": X, "O": O, ".": 0}
PLAYERS = {"X": X, "O": O}
CELL_VALUES = (8, 4, 7, 3, 9, 2, 6, 1, 5)
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class BadInput(ValueError):
    pass


def _wins(state, who):
    return any(state[a] == state[b] == state[c] == who for a, b, c in LINES)


def _solve(player, rows, first=2):
    if player not in PLAYERS:
        raise BadInput(f"line {first - 1} {player!r}: the engine's player is not X or O")
    if not isinstance(rows, (list, tuple)) or len(rows) != 3:
        raise BadInput(f"lines {first}-{first + 2}: a board is three rows")
    state = []
    for k, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != 3:
            raise BadInput(f"line {first + k} {row!r}: a row is three characters")
        for ch in row:
            if ch not in SYMBOLS:
                raise BadInput(f"line {first + k} {row!r}: {ch!r} is not one of X O .")
            state.append(SYMBOLS[ch])
    xs, os_ = state.count(X), state.count(O)
    if xs == os_:
        turn = X
    elif xs == os_ + 1:
        turn = O
    else:
        raise BadInput(f"lines {first}-{first + 2}: {xs} X and {os_} O: no game with X first reaches it")
    if _wins(state, turn):
        raise BadInput(f"lines {first}-{first + 2}: the player to move already has three in a row")
    if PLAYERS[player] != turn:
        raise BadInput(f"lines {first - 1}-{first + 2}: {xs} X and {os_} O: it is not {player}'s turn")
    if _wins(state, -turn) or 0 not in state:
        return list(rows)
    xcells = [c for c in range(9) if state[c] == X]
    ocells = [c for c in range(9) if state[c] == O]
    play, pos = [], []
    for k in range(len(xcells)):
        play.append(X)
        pos.append(xcells[k])
        if k < len(ocells):
            play.append(O)
            pos.append(ocells[k])
    values = XO(play, pos, len(pos)).minimaxValues()
    cells = [c for c in range(9) if values[c] is not None]
    best = max(cells, key=lambda c: (values[c], CELL_VALUES[c]))
    out = [list(r) for r in rows]
    out[best // 3][best % 3] = player
    return ["".join(r) for r in out]


def solve(player, rows):
    return _solve(player, list(rows) if isinstance(rows, (list, tuple)) else rows)


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
        if not lines or lines[0] not in PLAYERS:
            raise BadInput(f"line 1 {lines[0] if lines else ''!r}: the engine's player is not X or O")
        if len(lines) < 4:
            raise BadInput(f"line {len(lines) + 1}: the input ends after {len(lines) - 1} rows")
        if len(lines) > 4:
            raise BadInput("line 5: more input after the board")
        out = _solve(lines[0], lines[1:4])
    except (BadInput, UnicodeDecodeError) as error:
        stderr.write(f"python -m xo.codingame: {error}\n")
        return 2
    stdout.write("".join(r + "\n" for r in out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
