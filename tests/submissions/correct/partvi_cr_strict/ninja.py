"""Coding Ninjas "Tic Tac Toe Winner" (Part VI), on the engine's ``XO.minimaxValues()``."""

import sys

from .board import O, X
from .game import XO

__all__ = ["findTheWinner", "main"]

SYMBOLS = {"X": X, "O": O, "_": 0}
LENIENT = False
WHOLE_BOARD = "none"
TIES = "score"                # "score": ties on the ±1 score (the statement's rule)
_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class BadBoard(ValueError):
    def __init__(self, problem, row=None):
        super().__init__(problem)
        self.problem = problem
        self.row = row


def _won(cells, who):
    return any(cells[a] == cells[b] == cells[c] == who for a, b, c in _LINES)


def _sign(v):
    return (v > 0) - (v < 0)


def findTheWinner(board):
    if len(board) != 3:
        raise BadBoard(f"a board is 3 rows, not {len(board)}")
    rows = []
    for r, row in enumerate(board):
        if isinstance(row, (list, tuple)):
            if not all(isinstance(ch, str) and len(ch) == 1 for ch in row):
                raise BadBoard(f"row {r + 1} {row!r}: every cell is one character", r)
            row = "".join(row)
        if not isinstance(row, str):
            raise BadBoard(f"row {r + 1} is not a string", r)
        if len(row) != 3:
            raise BadBoard(f"row {r + 1} {row!r} has {len(row)} characters, not 3", r)
        for ch in row:
            if ch not in SYMBOLS:
                raise BadBoard(f"row {r + 1} {row!r}: {ch!r} is not one of X O _", r)
        rows.append(row)
    cells = [SYMBOLS[ch] for row in rows for ch in row]
    xs = [k for k in range(9) if cells[k] == X]
    os_ = [k for k in range(9) if cells[k] == O]
    if len(xs) != len(os_):
        raise BadBoard(f"{len(xs)} X and {len(os_)} O: it is not X's turn")
    if _won(cells, X) or _won(cells, O):
        raise BadBoard("the game is over: there is three in a row")
    play, pos = [], []
    for a, b in zip(xs, os_):
        play += [X, O]
        pos += [a, b]
    values = XO(play, pos, len(pos)).minimaxValues()
    key = _sign if TIES == "score" else (lambda v: v)
    best = None
    for k in range(9):
        if values[k] is not None and (best is None or key(values[k]) > key(values[best])):
            best = k
    return [_sign(values[best]), best // 3 + 1, best % 3 + 1]


def _where(e):
    if e.row is not None:
        return f"line {e.row + 1}: "
    return {"all": "lines 1-3: ", "first": "line 1: ", "line1": "line 1: "}.get(WHOLE_BOARD, "")


def run(data):
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadBoard("line 1: the input is not text") from None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if LENIENT:
        lines = [ln.rstrip("\r").rstrip(" ") for ln in lines]
        while lines and lines[-1].strip() == "":
            lines.pop()
    if len(lines) < 3:
        raise BadBoard(f"line {len(lines) + 1}: the input ends before row {len(lines) + 1} of the board")
    try:
        score, row, col = findTheWinner(lines[:3])
    except BadBoard as e:
        raise BadBoard(_where(e) + e.problem) from None
    if len(lines) > 3:
        raise BadBoard("line 4: the input goes on after the board")
    return f"{score} {row} {col}\n"


def main(stdin=None, stdout=None, stderr=None):
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    try:
        text = run(stdin.read())
    except BadBoard as e:
        stderr.write(f"python -m xo.ninja: {e.problem}\n")
        return 2
    stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
