"""CodinGame, "Tic Tac Toe" (procedural)."""

import sys

from .board import O, X
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, ".": 0}
PLAYERS = {"X": X, "O": O}
CELL_VALUES = (8, 4, 7,
               3, 9, 2,
               6, 1, 5)
TRIPLES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6),
           (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def three(cells, p):
    return any(cells[a] == p == cells[b] == cells[c] for a, b, c in TRIPLES)


def row_string(row):
    if isinstance(row, (list, tuple)):
        row = "".join(str(ch) for ch in row)
    if not isinstance(row, str) or len(row) != 3:
        raise ValueError("row %r is not three characters long" % (row,))
    for ch in row:
        if ch not in SYMBOLS:
            raise ValueError("row %r: %r is not one of X O ." % (row, ch))
    return row


def board_problem(player, cells):
    """The problem with a whole board, or None.  A board that is won or full
    and also bad as a whole is refused (either reading is accepted)."""
    nx, no = cells.count(X), cells.count(O)
    if nx == no:
        turn = X
    elif nx == no + 1:
        turn = O
    else:
        return "%d X and %d O: no game reaches this board" % (nx, no)
    if PLAYERS[player] != turn:
        return "%d X and %d O: it is not %s's turn" % (nx, no, player)
    if three(cells, turn):
        return "%s, to move, already has three in a row" % player
    return None


def solve(player, rows):
    if player not in ("X", "O"):
        raise ValueError("%r: the engine's player is not X or O" % (player,))
    if not isinstance(rows, (list, tuple)) or len(rows) != 3:
        raise ValueError("a board is three rows")
    rows = [row_string(r) for r in rows]
    cells = [SYMBOLS[ch] for row in rows for ch in row]
    why = board_problem(player, cells)
    if why:
        raise ValueError(why)
    if three(cells, -PLAYERS[player]) or 0 not in cells:
        return rows
    xs = [i for i in range(9) if cells[i] == X]
    os_ = [i for i in range(9) if cells[i] == O]
    play, pos = [], []
    for i in range(len(xs)):
        play.append(X)
        pos.append(xs[i])
        if i < len(os_):
            play.append(O)
            pos.append(os_[i])
    values = XO(play, pos, len(pos)).minimaxValues()
    best = -1
    for cell in range(9):
        v = values[cell]
        if v is None:
            continue
        if best < 0 or (v, CELL_VALUES[cell]) > (values[best], CELL_VALUES[best]):
            best = cell
    r, c = best // 3, best % 3
    rows[r] = rows[r][:c] + player + rows[r][c + 1:]
    return rows


def fail(line, why):
    if line is None:
        sys.stderr.write("python -m xo.codingame: %s\n" % why)
    else:
        sys.stderr.write("python -m xo.codingame: line %d: %s\n" % (line, why))
    return 2


def main(stdin=None, stdout=None, stderr=None):
    try:
        text = sys.stdin.read()
    except UnicodeDecodeError:
        return fail(None, "the input is not UTF-8 text")
    lines = [ln.rstrip(" \r") for ln in text.split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    if not lines:
        return fail(1, "the input is empty: no player")
    if lines[0] not in PLAYERS:
        return fail(1, "%r: the engine's player is not X or O" % lines[0])
    if len(lines) < 4:
        return fail(len(lines), "the input ends before row %d" % len(lines))
    if len(lines) > 4:
        return fail(5, "the input goes on after the board")
    for i in range(1, 4):
        try:
            row_string(lines[i])
        except ValueError as e:
            return fail(i + 1, str(e))
    cells = [SYMBOLS[ch] for row in lines[1:4] for ch in row]
    why = board_problem(lines[0], cells)
    if why:
        return fail(2, why)
    out = solve(lines[0], lines[1:4])
    sys.stdout.write("".join(row + "\n" for row in out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
