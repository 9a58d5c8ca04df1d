"""Code Quest 2017, Problem 57 (procedural; reads past \\r and trailing blanks)."""

import sys

from .board import O, X
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, "0": O, "*": 0}
TRIPLES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6),
           (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def three(cells, p):
    for a, b, c in TRIPLES:
        if cells[a] == p and cells[b] == p and cells[c] == p:
            return True
    return False


def row_problem(row):
    """The problem with one row, or None."""
    if not isinstance(row, str):
        return "row %r is not a string" % (row,)
    if len(row) != 3:
        return "row %r is not three characters long" % row
    for ch in row:
        if ch not in SYMBOLS:
            return "row %r: %r is not one of X O 0 *" % (row, ch)
    return None


def board_problem(cells):
    nx = cells.count(X)
    no = cells.count(O)
    if nx != no:
        return "%d X and %d O: it is not X's turn" % (nx, no)
    if three(cells, X):
        return "X already has three in a row: no game reaches this board"
    if three(cells, O):
        return "O has three in a row: the game is over"
    return None


def game_for(cells):
    xs = [i for i in range(9) if cells[i] == X]
    os_ = [i for i in range(9) if cells[i] == O]
    play = []
    pos = []
    for i in range(len(xs)):
        play.append(X)
        pos.append(xs[i])
        if i < len(os_):
            play.append(O)
            pos.append(os_[i])
    return XO(play, pos, len(pos))


def choose(cells, values):
    for cell in range(9):
        if cells[cell] == 0:
            cells[cell] = X
            wins = three(cells, X)
            cells[cell] = 0
            if wins:
                return cell
    best = -1
    best_sign = -2
    for cell in range(9):
        if values[cell] is not None:
            v = values[cell]
            sign = 1 if v > 0 else (-1 if v < 0 else 0)
            if sign > best_sign:
                best, best_sign = cell, sign
    return best


def solve(rows):
    if not isinstance(rows, (list, tuple)) or len(rows) != 3:
        raise ValueError("a board is three rows")
    for row in rows:
        why = row_problem(row)
        if why:
            raise ValueError(why)
    cells = [SYMBOLS[ch] for row in rows for ch in row]
    why = board_problem(cells)
    if why:
        raise ValueError(why)
    values = game_for(cells).minimaxValues()
    cell = choose(cells, values)
    out = [row for row in rows]
    r = cell // 3
    c = cell % 3
    out[r] = out[r][:c] + "X" + out[r][c + 1:]
    return out


def fail(stderr, line, why):
    if line is None:
        stderr.write("python -m xo.codequest: %s\n" % why)
    else:
        stderr.write("python -m xo.codequest: line %d: %s\n" % (line, why))
    return 2


def main(stdin=None, stdout=None, stderr=None):
    # This main reads sys.stdin directly (the grader passes no arguments).
    err = sys.stderr
    try:
        text = sys.stdin.read()
    except UnicodeDecodeError:
        return fail(err, None, "the input is not UTF-8 text")
    lines = [ln.rstrip(" \r") for ln in text.split("\n")]
    # blank lines at the end (and the empty piece after the last \n) end the input
    while lines and lines[-1] == "":
        lines.pop()
    if not lines:
        return fail(err, 1, "no count of boards")
    head = lines[0].strip()
    digits = head[1:] if head.startswith("+") else head
    if not digits.isdigit() or not digits.isascii():
        return fail(err, 1, "the count %r is not a whole number" % lines[0])
    count = int(digits)
    if count < 1:
        return fail(err, 1, "the count of boards is 0")
    answers = []
    for k in range(count):
        top = 2 + 3 * k                      # line number of the board's first row
        rows = []
        for r in range(3):
            if top + r > len(lines):
                return fail(err, len(lines),
                            "the input ends before row %d of board %d" % (r + 1, k + 1))
            row = lines[top + r - 1]
            why = row_problem(row)
            if why:
                return fail(err, top + r, "board %d: %s" % (k + 1, why))
            rows.append(row)
        cells = [SYMBOLS[ch] for row in rows for ch in row]
        why = board_problem(cells)
        if why:
            return fail(err, top, "board %d: %s" % (k + 1, why))
        answers.append(rows)
    if len(lines) > 1 + 3 * count:
        return fail(err, 2 + 3 * count, "the input goes on after the last board")
    out = []
    for rows in answers:
        out.extend(solve(rows))
    sys.stdout.write("".join(row + "\n" for row in out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
