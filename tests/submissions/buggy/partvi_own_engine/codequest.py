"""Code Quest 2017 #57 with a search of its own, not XO.minimaxValues() -- written as a student would, the board helpers here
and shared by ninja.py and codingame.py."""
import sys

from .board import BoardXO, O, X
from .game import XO

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class BadInput(ValueError):
    pass


def parse(rows, symbols):
    """Rows -> list of 9 cells; raise BadInput naming the row."""
    if len(rows) != 3:
        raise BadInput(f"a board has 3 rows, not {len(rows)}")
    cells = []
    for r, row in enumerate(rows):
        if len(row) != 3:
            raise BadInput(f"row {r + 1} {row!r} has {len(row)} characters, not 3")
        for ch in row:
            if ch not in symbols:
                raise BadInput(f"row {r + 1} {row!r}: {ch!r} is not allowed")
            cells.append(symbols[ch])
    return cells


def has_line(cells, who):
    return any(all(cells[c] == who for c in line) for line in LINES)


def check(cells, mover):
    xs, os_ = cells.count(X), cells.count(O)
    if mover == X and xs != os_ or mover == O and xs != os_ + 1:
        raise BadInput(f"{xs} X and {os_} O: it is not {'X' if mover == X else 'O'}'s turn")
    if has_line(cells, mover):
        raise BadInput("the player to move already has three in a row")


def values(cells):
    """The depth-aware values of X's moves, by a small search of its own (not XO's minimaxValues())."""
    moves = 9 - cells.count(0)

    def value(board, mover, m):
        if has_line(board, -mover):
            return (m - 10) if -mover != X else (10 - m)
        if 0 not in board:
            return 0
        best = None
        for c in range(9):
            if board[c] == 0:
                board[c] = mover
                v = value(board, -mover, m + 1)
                board[c] = 0
                if best is None or (v > best if mover == X else v < best):
                    best = v
        return best

    out = [None] * 9
    for c in range(9):
        if cells[c] == 0:
            cells[c] = X
            out[c] = value(cells, O, moves + 1)
            cells[c] = 0
    return out


def over(cells):
    return has_line(cells, X) or has_line(cells, O) or 0 not in cells


def solve(rows):
    cells = parse(rows, {"X": X, "O": O, "0": O, "*": 0})
    check(cells, X)
    if over(cells):
        raise BadInput("the game is over")
    vals = values(cells)
    moves = 9 - cells.count(0)
    sgn = lambda v: (v > 0) - (v < 0)
    wins = [c for c in range(9) if vals[c] == 10 - (moves + 1)]
    cell = wins[0] if wins else max((c for c in range(9) if vals[c] is not None), key=lambda c: (sgn(vals[c]), -c))
    out = [list(r) for r in rows]
    out[cell // 3][cell % 3] = "X"
    return ["".join(r) for r in out]


def main():
    data = sys.stdin.read().split("\n")
    if data and data[-1] == "":
        data.pop()
    try:
        if not data or not data[0].strip().isdigit():
            raise BadInput(f"line 1: {data[0] if data else ''!r} is not a whole number")
        n = int(data[0])
        out = []
        for b in range(n):
            rows = data[1 + 3 * b:4 + 3 * b]
            if len(rows) < 3:
                raise BadInput(f"line {2 + 3 * b + len(rows)}: the input ends inside board {b + 1}")
            try:
                out += solve(rows)
            except BadInput as e:
                raise BadInput(f"lines {2 + 3 * b}-{4 + 3 * b}: {e}") from None
        if len(data) > 1 + 3 * n:
            raise BadInput(f"line {2 + 3 * n}: more input after the last board")
    except BadInput as e:
        print(f"codequest: {e}", file=sys.stderr)
        return 2
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
