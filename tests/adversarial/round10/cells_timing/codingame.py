"""CodinGame, "Tic Tac Toe"."""

import sys

from .board import O, X
from .game import XO, LINES

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, ".": 0}
PLAYERS = {"X": X, "O": O}
CELL_VALUES = (8, 4, 7,
               3, 9, 2,
               6, 1, 5)


class BadInput(ValueError):
    def __init__(self, line, text):
        super().__init__(text)
        self.line = line


def _win(s):
    for a, b, c in LINES:
        if s[a] != 0 and s[a] == s[b] == s[c]:
            return s[a]
    return 0


def solve(player, rows, first_line=2):
    if player not in PLAYERS:
        raise BadInput(first_line - 1, f"{player!r}: the engine's player is not X or O")
    me = PLAYERS[player]
    rows = list(rows)
    if len(rows) != 3:
        raise BadInput(first_line, "a board has three rows")
    cells = []
    for k, row in enumerate(rows):
        if type(row) is not str or len(row) != 3:
            raise BadInput(first_line + k, f"row {k + 1} is not three characters")
        for ch in row:
            if ch not in SYMBOLS:
                raise BadInput(first_line + k, f"row {k + 1} {row!r}: {ch!r} is not one of X O .")
            cells.append(SYMBOLS[ch])
    if _win(cells) or 0 not in cells:
        return list(rows)
    xs, os_ = cells.count(X), cells.count(O)
    turn = X if xs == os_ else O if xs == os_ + 1 else None
    if turn != me:
        raise BadInput(first_line, "it is not that player's turn")
    xl = [k for k in range(9) if cells[k] == X]
    ol = [k for k in range(9) if cells[k] == O]
    play, pos = [], []
    for k in range(len(xl)):
        play.append(X)
        pos.append(xl[k])
        if k < len(ol):
            play.append(O)
            pos.append(ol[k])
    values = XO(play, pos, len(pos)).minimaxValues()
    best = None
    for k in range(9):
        if values[k] is not None and (best is None or values[k] > values[best]
                                      or (values[k] == values[best] and CELL_VALUES[k] > CELL_VALUES[best])):
            best = k
    out = [list(r) for r in rows]
    out[best // 3][best % 3] = player
    return ["".join(r) for r in out]


def main(stdin=None, stdout=None, stderr=None):
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    lines = stdin.read().split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    try:
        try:
            text = [line.decode("ascii").rstrip("\r") for line in lines]
        except UnicodeDecodeError:
            raise BadInput(1, "the input is not ASCII text")
        if not text:
            raise BadInput(1, "the input is empty")
        if text[0] not in PLAYERS:
            raise BadInput(1, f"{text[0]!r}: the engine's player is not X or O")
        if len(text) < 4:
            raise BadInput(max(len(text), 1), "the input ends before the third row")
        if len(text) > 4:
            raise BadInput(5, "the input goes on after the board")
        out = solve(text[0], text[1:4])
    except BadInput as error:
        stderr.write(f"python -m xo.codingame: line {error.line}: {error}\n")
        return 2
    stdout.write("".join(r + "\n" for r in out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
