"""Code Quest 2017, Problem 57: X to move, win at once if possible, else the best +-1 minimax score."""

import sys

from .board import O, X
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, "0": O, "*": 0}
TRIPLES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class InputProblem(ValueError):
    """Bad input; args[0] is the message, args[1] (if any) where it is."""

    def __str__(self):
        return str(self.args[0]) if self.args else ""


class _Rows:
    """Reads one line at a time from a binary stream, keeping count."""

    def __init__(self, stream):
        self.stream = stream
        self.number = 0

    def next(self):
        raw = self.stream.readline()
        if raw == b"":
            return None
        self.number += 1
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise InputProblem(f"line {self.number}: not UTF-8 text") from None
        return text.rstrip("\n").removesuffix("\r")


def _wins(cells, who):
    return any(all(cells[i] == who for i in t) for t in TRIPLES)


def _check(rows):
    """Return (cells, None) or raise InputProblem; the error's args[1] is the row index at fault."""
    if len(rows) != 3:
        raise InputProblem(f"expected 3 rows, got {len(rows)}", 0)
    cells = []
    for r, row in enumerate(rows):
        if len(row) != 3:
            raise InputProblem(f"row {r + 1} {row!r} is {len(row)} characters long, not 3", r)
        for ch in row:
            if ch not in SYMBOLS:
                raise InputProblem(f"row {r + 1} {row!r}: {ch!r} is not one of X O 0 *", r)
            cells.append(SYMBOLS[ch])
    if cells.count(X) != cells.count(O):
        raise InputProblem(f"{cells.count(X)} X and {cells.count(O)} O: not X's turn", 0)
    if _wins(cells, X):
        raise InputProblem("X has three in a row already: no game reaches this board", 0)
    if _wins(cells, O):
        raise InputProblem("O has three in a row: the game is over", 0)
    return cells


def solve(rows):
    cells = _check(rows)
    free = [i for i in range(9) if cells[i] == 0]
    at_once = [i for i in free if _wins(cells[:i] + [X] + cells[i + 1:], X)]
    if at_once:
        move = at_once[0]
    else:
        xs = [i for i in range(9) if cells[i] == X]
        os = [i for i in range(9) if cells[i] == O]
        play, pos = [], []
        for x, o in zip(xs, os):
            play.extend((X, O))
            pos.extend((x, o))
        values = XO(play, pos, len(pos)).minimaxValues()
        signs = {i: (values[i] > 0) - (values[i] < 0) for i in free}
        move = min(free, key=lambda i: (-signs[i], i))
    r, c = divmod(move, 3)
    return [row if k != r else row[:c] + "X" + row[c + 1:] for k, row in enumerate(rows)]


def main(stdin=None, stdout=None, stderr=None):
    rows_in = _Rows(sys.stdin.buffer if stdin is None else stdin)
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    out = []
    try:
        head = rows_in.next()
        if head is None:
            raise InputProblem("line 1: empty input: expected the number of boards")
        if not head.strip() or not all(ch in "0123456789" for ch in head.strip()):
            raise InputProblem(f"line 1 {head!r}: not a whole number of boards")
        total = int(head)
        for b in range(1, total + 1):
            start = rows_in.number + 1
            rows = []
            for r in range(1, 4):
                line = rows_in.next()
                if line is None:
                    raise InputProblem(f"line {rows_in.number + 1}: the input ends before row {r} of board {b} (of {total})")
                rows.append(line)
            try:
                out.extend(solve(rows))
            except InputProblem as e:
                where = e.args[1] if len(e.args) > 1 else 0
                raise InputProblem(f"line {start + where}: board {b}: {e.args[0]}") from None
        if rows_in.next() is not None:
            raise InputProblem(f"line {rows_in.number}: input continues after the last board")
    except InputProblem as e:
        print(f"python -m xo.codequest: {e.args[0]}", file=stderr)
        return 2
    print("\n".join(out), file=stdout) if out else None
    return 0


if __name__ == "__main__":
    exit(main())
