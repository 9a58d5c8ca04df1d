"""CodinGame "Tic Tac Toe": depth-aware minimax, ties to the highest cell value."""

import sys

from .board import O, X
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, ".": 0}
PLAYERS = {"X": X, "O": O}
CELL_VALUES = (8, 4, 7,
               3, 9, 2,
               6, 1, 5)
TRIPLES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class InputProblem(ValueError):
    """Bad input; args[0] is the message, args[1] (if any) where it is."""

    def __str__(self):
        return str(self.args[0]) if self.args else ""


def solve(player, rows):
    """args[1] of the error is the input line at fault (1 = the player line)."""
    if not isinstance(player, str) or player not in PLAYERS:
        raise InputProblem(f"{player!r}: the engine's player is not X or O", 1)
    if len(rows) != 3:
        raise InputProblem(f"expected 3 rows, got {len(rows)}", 2)
    cells = []
    for r, row in enumerate(rows):
        if len(row) != 3:
            raise InputProblem(f"row {r + 1} {row!r} is {len(row)} characters long, not 3", r + 2)
        for ch in row:
            if ch not in SYMBOLS:
                raise InputProblem(f"row {r + 1} {row!r}: {ch!r} is not one of X O .", r + 2)
            cells.append(SYMBOLS[ch])
    nx, no = cells.count(X), cells.count(O)
    if nx - no not in (0, 1):
        raise InputProblem(f"{nx} X and {no} O: impossible when X moves first", 2)
    turn = X if nx == no else O
    if turn != PLAYERS[player]:
        raise InputProblem(f"{nx} X and {no} O: it is not {player}'s turn", 1)
    wins = lambda who: any(all(cells[i] == who for i in t) for t in TRIPLES)
    if wins(turn):
        raise InputProblem(f"{player}, to move, already has three in a row: no game reaches it", 2)
    if wins(-turn) or 0 not in cells:
        return list(rows)
    xs = [i for i in range(9) if cells[i] == X]
    os = [i for i in range(9) if cells[i] == O]
    pos = []
    for k in range(nx):
        pos.append(xs[k])
        if k < no:
            pos.append(os[k])
    play = [X if k % 2 == 0 else O for k in range(len(pos))]
    values = XO(play, pos, len(pos)).minimaxValues()
    move = sorted((i for i in range(9) if values[i] is not None),
                  key=lambda i: (values[i], CELL_VALUES[i]))[-1]
    r, c = divmod(move, 3)
    return [row if k != r else row[:c] + player + row[c + 1:] for k, row in enumerate(rows)]


def main(stdin=None, stdout=None, stderr=None):
    stream = sys.stdin.buffer if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    try:
        lines = []
        while True:
            raw = stream.readline()
            if not raw:
                break
            n = len(lines) + 1
            try:
                text = raw.decode("utf-8").rstrip("\n").removesuffix("\r")
            except UnicodeDecodeError:
                raise InputProblem(f"line {n}: not UTF-8 text") from None
            if n == 1 and text not in PLAYERS:
                raise InputProblem(f"line 1 {text!r}: the engine's player is not X or O")
            if n == 5:
                raise InputProblem("line 5: input continues after the board")
            lines.append(text)
        if not lines:
            raise InputProblem("line 1: empty input: expected X or O")
        if len(lines) < 4:
            raise InputProblem(f"line {len(lines) + 1}: the input ends before row {len(lines)}")
        try:
            result = solve(lines[0], lines[1:])
        except InputProblem as e:
            raise InputProblem(f"line {e.args[1] if len(e.args) > 1 else 1}: {e.args[0]}") from None
    except InputProblem as e:
        print(f"python -m xo.codingame: {e.args[0]}", file=stderr)
        return 2
    print("\n".join(result), file=stdout)
    return 0


if __name__ == "__main__":
    exit(main())
