"""CodinGame "Tic Tac Toe" on top of XO.minimaxValues()."""

import sys

from .board import O, X
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, ".": 0}
PLAYERS = {"X": X, "O": O}
CELL_VALUES = (8, 4, 7,
               3, 9, 2,
               6, 1, 5)
WINNING = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class BoardError(ValueError):
    def __init__(self, text, line=1):
        ValueError.__init__(self, text)
        self.line = line


def solve(player, rows):
    if player not in PLAYERS:
        raise BoardError(f"{player!r}: the engine's player is not X or O", 1)
    if len(rows) != 3:
        raise BoardError("the board should have three rows", 2)
    cells = []
    for i, row in enumerate(rows):
        if len(row) != 3:
            raise BoardError(f"row {i + 1} {row!r} should be 3 characters long", i + 2)
        for ch in row:
            if ch not in SYMBOLS:
                raise BoardError(f"row {i + 1} {row!r}: {ch!r} is not one of X O .", i + 2)
        cells += [SYMBOLS[ch] for ch in row]
    nx, no = cells.count(X), cells.count(O)
    to_move = {0: X, 1: O}.get(nx - no)
    if to_move is None:
        raise BoardError(f"{nx} X and {no} O: X played first, so these counts cannot happen", 2)
    if to_move != PLAYERS[player]:
        raise BoardError(f"{nx} X and {no} O: it is not {player}'s turn", 1)
    line_of = lambda who: any(cells[a] == cells[b] == cells[c] == who for a, b, c in WINNING)
    if line_of(to_move):
        raise BoardError(f"{player} already has three in a row: no game reaches this board", 2)
    if line_of(-to_move) or all(cells):
        return list(rows)
    xs = [i for i, v in enumerate(cells) if v == X]
    os = [i for i, v in enumerate(cells) if v == O]
    order = [None] * (nx + no)
    order[0::2] = xs
    order[1::2] = os
    values = XO([X, O] * nx, order, len(order)).minimaxValues()
    best = max((i for i in range(9) if values[i] is not None), key=lambda i: (values[i], CELL_VALUES[i]))
    r, c = divmod(best, 3)
    rows = list(rows)
    rows[r] = rows[r][:c] + player + rows[r][c + 1:]
    return rows


def main(stdin=None, stdout=None, stderr=None):
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    lines = []
    try:
        for number, raw in enumerate(stdin, start=1):
            try:
                text = raw.decode("utf-8").rstrip("\n")
            except UnicodeDecodeError:
                raise BoardError(f"line {number}: undecodable bytes") from None
            if text.endswith("\r"):
                text = text[:-1]
            if number == 1 and text not in PLAYERS:
                raise BoardError(f"line 1 {text!r}: the engine's player is not X or O")
            if number > 4:
                raise BoardError(f"line {number}: more input after the board")
            lines.append(text)
        if not lines:
            raise BoardError("line 1: no input: expected X or O")
        if len(lines) < 4:
            raise BoardError(f"line {len(lines) + 1}: the input ends before row {len(lines)}")
        try:
            result = solve(lines[0], lines[1:])
        except BoardError as e:
            raise BoardError(f"line {e.line}: {e}") from None
    except BoardError as e:
        stderr.write(f"python -m xo.codingame: {e}\n")
        return 2
    stdout.write("".join(row + "\n" for row in result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
