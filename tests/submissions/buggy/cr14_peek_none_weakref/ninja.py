"""Coding Ninjas, "Tic Tac Toe Winner" (procedural)."""

import sys

from .board import O, X
from .game import XO

__all__ = ["findTheWinner", "main"]

SYMBOLS = {"X": X, "O": O, "_": 0}
TRIPLES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6),
           (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def three(cells, p):
    return any(cells[a] == p == cells[b] == cells[c] for a, b, c in TRIPLES)


def row_string(row):
    # a list (or tuple) is read as the row its items make when joined
    if isinstance(row, (list, tuple)):
        if not all(isinstance(item, str) for item in row):
            raise ValueError("row %r holds something that is not a string" % (row,))
        row = "".join(row)
    if not isinstance(row, str):
        raise ValueError("row %r is not a string or a list" % (row,))
    if len(row) != 3:
        raise ValueError("row %r is not three characters long" % row)
    for ch in row:
        if ch not in SYMBOLS:
            raise ValueError("row %r: %r is not one of X O _" % (row, ch))
    return row


def board_problem(cells):
    nx, no = cells.count(X), cells.count(O)
    if nx != no:
        return "%d X and %d O: it is not X's turn" % (nx, no)
    if three(cells, X):
        return "X already has three in a row: no game reaches this board"
    if three(cells, O):
        return "O has three in a row: the game is over"
    return None


def findTheWinner(board):
    if not isinstance(board, (list, tuple)) or len(board) != 3:
        raise ValueError("the board is three rows")
    rows = [row_string(r) for r in board]
    cells = [SYMBOLS[ch] for row in rows for ch in row]
    why = board_problem(cells)
    if why:
        raise ValueError(why)
    play, pos = [], []
    xs = [i for i in range(9) if cells[i] == X]
    os_ = [i for i in range(9) if cells[i] == O]
    for a, b in zip(xs, os_):
        play.extend([X, O])
        pos.extend([a, b])
    values = XO(play, pos, len(pos)).minimaxValues()
    best, best_sign = -1, -2
    for cell in range(9):
        if values[cell] is None:
            continue
        sign = (values[cell] > 0) - (values[cell] < 0)
        if sign > best_sign:
            best, best_sign = cell, sign
    return [best_sign, best // 3 + 1, best % 3 + 1]


def fail(line, why):
    if line is None:
        sys.stderr.write("python -m xo.ninja: %s\n" % why)
    else:
        sys.stderr.write("python -m xo.ninja: line %d: %s\n" % (line, why))
    return 2


def main(stdin=None, stdout=None, stderr=None):
    try:
        text = sys.stdin.read()
    except UnicodeDecodeError:
        return fail(None, "the input is not UTF-8 text")
    lines = [ln.rstrip(" \r") for ln in text.split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    if len(lines) < 3:
        return fail(max(len(lines), 1), "the input ends before row %d" % (len(lines) + 1))
    if len(lines) > 3:
        return fail(4, "the input goes on after the board")
    for i in range(3):
        try:
            row_string(lines[i])
        except ValueError as e:
            return fail(i + 1, "row %d: %s" % (i + 1, e))
    try:
        score, row, col = findTheWinner(lines)
    except ValueError as e:
        return fail(1, str(e))
    sys.stdout.write("%d %d %d\n" % (score, row, col))
    return 0


if __name__ == "__main__":
    sys.exit(main())
