"""Coding Ninjas, "Tic Tac Toe Winner": `ninja.py`."""

import sys

from .board import O, X
from .game import XO

__all__ = ["findTheWinner", "main"]

SYMBOLS = {"X": X, "O": O, "_": 0}
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6),
         (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class BadInput(ValueError):
    def __init__(self, message, line=None):
        super().__init__(message)
        self.line = line


def _has_three(cells, who):
    return any(all(cells[i] == who for i in line) for line in LINES)


def _row_text(row, r):
    if isinstance(row, str):
        text = row
    elif isinstance(row, list):
        for item in row:
            if not isinstance(item, str) or len(item) != 1:
                raise BadInput(f"row {r + 1}: {item!r} is not one character", r)
        text = "".join(row)
    else:
        raise BadInput(f"row {r + 1} is not a string or a list", r)
    if len(text) != 3:
        raise BadInput(f"row {r + 1} {text!r} is not three characters", r)
    for ch in text:
        if ch not in SYMBOLS:
            raise BadInput(f"row {r + 1} {text!r}: {ch!r} is not one of X O _", r)
    return text


def findTheWinner(board):
    if not isinstance(board, list) or len(board) != 3:
        raise BadInput("the board is a list of three rows")
    texts = [_row_text(row, r) for r, row in enumerate(board)]
    cells = [SYMBOLS[ch] for t in texts for ch in t]
    nx, no = cells.count(X), cells.count(O)
    if nx != no:
        raise BadInput(f"{nx} X and {no} O: it is not X's turn")
    if _has_three(cells, X):
        raise BadInput("X, to move, already has three in a row")
    if _has_three(cells, O):
        raise BadInput("O has three in a row: the game is over")

    xs = [i for i in range(9) if cells[i] == X]
    os_ = [i for i in range(9) if cells[i] == O]
    play, pos = [], []
    for a, b in zip(xs, os_):
        play += [X, O]
        pos += [a, b]
    values = XO(play, pos, len(pos)).minimaxValues()
    best, best_sign = None, None
    for cell in range(9):
        v = values[cell]
        if v is None:
            continue
        sign = (v > 0) - (v < 0)
        if best_sign is None or sign > best_sign:
            best, best_sign = cell, sign
    return [best_sign, best // 3 + 1, best % 3 + 1]


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
        if len(lines) < 3:
            raise BadInput(f"the input ends before row {len(lines) + 1}", len(lines) + 1)
        if len(lines) > 3:
            raise BadInput("the input goes on after the board", 4)
        for r in range(3):
            try:
                _row_text(lines[r], r)
            except BadInput as err:
                raise BadInput(str(err), r + 1) from None
        try:
            score, row, col = findTheWinner(lines)
        except BadInput as err:
            raise BadInput(str(err), (1, 3)) from None
    except BadInput as err:
        where = err.line
        where = f"lines {where[0]}-{where[1]}" if isinstance(where, tuple) else f"line {where}"
        stderr.write(f"python -m xo.ninja: {where}: {err}\n")
        return 2
    stdout.write(f"{score} {row} {col}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
