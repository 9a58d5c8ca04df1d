"""CodinGame, "Tic Tac Toe": `codingame.py`."""

import sys

from .board import O, X
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, ".": 0}
PLAYERS = {"X": X, "O": O}
CELL_VALUES = (8, 4, 7,
               3, 9, 2,
               6, 1, 5)
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6),
         (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class BadInput(ValueError):
    def __init__(self, message, line=None):
        super().__init__(message)
        self.line = line


def _has_three(cells, who):
    return any(all(cells[i] == who for i in line) for line in LINES)


def _check_player(player):
    if not isinstance(player, str) or player not in PLAYERS:
        raise BadInput(f"{player!r}: the engine's player is not X or O", 0)


def _check_rows(rows):
    if not isinstance(rows, list) or len(rows) != 3:
        raise BadInput("a board is a list of three rows")
    for r, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != 3:
            raise BadInput(f"row {r + 1} {row!r} is not three characters", r + 1)
        for ch in row:
            if ch not in SYMBOLS:
                raise BadInput(f"row {r + 1} {row!r}: {ch!r} is not one of X O .", r + 1)


def solve(player, rows):
    _check_player(player)
    _check_rows(rows)
    me = PLAYERS[player]
    cells = [SYMBOLS[ch] for row in rows for ch in row]
    nx, no = cells.count(X), cells.count(O)
    if nx == no:
        turn = X
    elif nx == no + 1:
        turn = O
    else:
        raise BadInput(f"{nx} X and {no} O: no game reaches this board")
    done = _has_three(cells, X) or _has_three(cells, O) or 0 not in cells
    if done:
        # won by the player who just moved, or full: written back unchanged
        # (also when the board is bad as a whole: either reading is accepted)
        return list(rows)
    if turn != me:
        raise BadInput(f"{nx} X and {no} O: it is not {player}'s turn")

    xs = [i for i in range(9) if cells[i] == X]
    os_ = [i for i in range(9) if cells[i] == O]
    play, pos = [], []
    for i in range(len(xs) + len(os_)):
        if i % 2 == 0:
            play.append(X)
            pos.append(xs[i // 2])
        else:
            play.append(O)
            pos.append(os_[i // 2])
    values = XO(play, pos, len(pos)).minimaxValues()
    best = None
    for cell in range(9):
        v = values[cell]
        if v is None:
            continue
        if (best is None or v > values[best]
                or (v == values[best] and CELL_VALUES[cell] > CELL_VALUES[best])):
            best = cell
    r, c = divmod(best, 3)
    out = list(rows)
    out[r] = out[r][:c] + player + out[r][c + 1:]
    return out


def main(stdin=None, stdout=None, stderr=None):
    stdin = sys.stdin.buffer if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    try:
        data = stdin.read()
        chunks = data.split(b"\n")
        if chunks[-1] == b"":
            chunks.pop()
        elif chunks:
            raise BadInput("the last line does not end with a newline", len(chunks))
        lines = []
        for i, chunk in enumerate(chunks):
            try:
                lines.append(chunk.decode("utf-8"))
            except UnicodeDecodeError:
                raise BadInput("the line is not UTF-8 text", i + 1) from None
        if not lines:
            raise BadInput("the input is empty: no player", 1)
        try:
            _check_player(lines[0])
        except BadInput as err:
            raise BadInput(str(err), 1) from None
        if len(lines) < 4:
            raise BadInput(f"the input ends before row {len(lines)}", len(lines) + 1)
        if len(lines) > 4:
            raise BadInput("the input goes on after the board", 5)
        rows = lines[1:4]
        try:
            _check_rows(rows)
        except BadInput as err:
            raise BadInput(str(err), err.line + 1) from None
        try:
            out = solve(lines[0], rows)
        except BadInput as err:
            raise BadInput(str(err), (2, 4)) from None
    except BadInput as err:
        where = err.line
        where = f"lines {where[0]}-{where[1]}" if isinstance(where, tuple) else f"line {where}"
        stderr.write(f"python -m xo.codingame: {where}: {err}\n")
        return 2
    for row in out:
        stdout.write(row + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
