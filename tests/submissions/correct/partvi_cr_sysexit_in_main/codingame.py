"""CodinGame "Tic Tac Toe", on the engine's XO.minimaxValues()."""

import sys

from .board import O, X
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, ".": 0}
PLAYERS = {"X": X, "O": O}
CELL_VALUES = (8, 4, 7,
               3, 9, 2,
               6, 1, 5)
PROG = "python -m xo.codingame"
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class BadInput(ValueError):
    def __init__(self, message, line=None):
        super().__init__(message)
        self.line = line      # 1 = the player line, 2..4 = the rows


def _three(cells, who):
    return any(cells[a] == cells[b] == cells[c] == who for a, b, c in LINES)


def solve(player, rows):
    if player not in PLAYERS:
        raise BadInput(f"{player!r}: the engine's player is not X or O", 1)
    if len(rows) != 3:
        raise BadInput(f"a board is 3 rows, not {len(rows)}", 2)
    cells = []
    for r, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != 3:
            raise BadInput(f"row {r + 1} {row!r} is not 3 characters", r + 2)
        for ch in row:
            if ch not in SYMBOLS:
                raise BadInput(f"row {r + 1} {row!r}: {ch!r} is not one of X O .", r + 2)
            cells.append(SYMBOLS[ch])
    me = PLAYERS[player]
    nx, no = cells.count(X), cells.count(O)
    if nx == no:
        turn = X
    elif nx == no + 1:
        turn = O
    else:
        raise BadInput(f"{nx} X and {no} O: no game where X moved first has these counts", 2)
    if turn != me:
        raise BadInput(f"{nx} X and {no} O: it is not {player}'s turn", 1)
    if _three(cells, me):
        raise BadInput(f"{player} to move already has three in a row: no game reaches this board", 2)
    if _three(cells, -me) or 0 not in cells:
        return list(rows)
    xs = [i for i in range(9) if cells[i] == X]
    os_ = [i for i in range(9) if cells[i] == O]
    play, pos = [], []
    for k in range(len(xs) + len(os_)):
        if k % 2 == 0:
            play.append(X)
            pos.append(xs[k // 2])
        else:
            play.append(O)
            pos.append(os_[k // 2])
    values = XO(play, pos, len(pos)).minimaxValues()
    best = max((i for i in range(9) if values[i] is not None),
               key=lambda i: (values[i], CELL_VALUES[i]))
    out = list(rows)
    r, c = divmod(best, 3)
    out[r] = out[r][:c] + player + out[r][c + 1:]
    return out


def _run(stdin):
    chunks = stdin.read().split(b"\n")
    if chunks and chunks[-1] == b"":
        chunks.pop()
    lines = []
    for n, raw in enumerate(chunks, 1):
        try:
            lines.append(raw.rstrip(b"\r").decode("utf-8"))
        except UnicodeDecodeError:
            raise BadInput(f"line {n}: not text (UTF-8)") from None
    if not lines:
        raise BadInput("line 1: the input is empty: no player")
    if lines[0] not in PLAYERS:
        raise BadInput(f"line 1 {lines[0]!r}: the engine's player is not X or O")
    if len(lines) < 4:
        n = len(lines) + 1
        raise BadInput(f"line {n}: the input ends before row {n - 1}")
    if len(lines) > 4:
        raise BadInput("line 5: the input goes on after row 3")
    try:
        return solve(lines[0], lines[1:])
    except BadInput as e:
        raise BadInput(f"line {e.line or 1}: {e}") from None


def main(stdin=None, stdout=None, stderr=None):
    stdin = open(0, "rb", closefd=False) if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    try:
        rows = _run(stdin)
    except ValueError as e:
        print(f"{PROG}: {e}", file=stderr)
        sys.exit(2)
    stdout.write("\n".join(rows) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
