"""CodinGame, "Tic Tac Toe": the engine's player moves by depth-aware minimax;
ties go to the cell with the highest value in CELL_VALUES."""

import re
import sys

from .board import LINES, O, X
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, ".": 0}
PLAYERS = {"X": X, "O": O}
CELL_VALUES = (8, 4, 7,
               3, 9, 2,
               6, 1, 5)
ROW = re.compile(r"[XO.]{3}")


class BadInput(ValueError):
    pass


def _has_line(state, who):
    return any(state[a] == state[b] == state[c] == who for a, b, c in LINES)


def solve(player, rows):
    if not isinstance(player, str) or player not in PLAYERS:
        raise BadInput(f"the engine's player {player!r} is not X or O")
    if not isinstance(rows, list) or len(rows) != 3:
        raise BadInput("a board is three rows")
    for r, row in enumerate(rows, 1):
        if not isinstance(row, str) or not ROW.fullmatch(row):
            raise BadInput(f"row {r} {row!r} is not three of X O .")
    state = [SYMBOLS[ch] for ch in "".join(rows)]
    xs = [i for i, v in enumerate(state) if v == X]
    os_ = [i for i, v in enumerate(state) if v == O]
    if len(xs) - len(os_) not in (0, 1):
        raise BadInput(f"{len(xs)} X and {len(os_)} O: no game has these counts")
    to_move = X if len(xs) == len(os_) else O
    if _has_line(state, to_move):
        raise BadInput("the player to move already has three in a row")
    over = _has_line(state, -to_move) or 0 not in state
    if PLAYERS[player] != to_move:
        if over:
            return list(rows)
        raise BadInput(f"{len(xs)} X and {len(os_)} O: it is not {player}'s turn")
    if over:
        return list(rows)
    play, pos = [], []
    for i, x_cell in enumerate(xs):
        play.append(X)
        pos.append(x_cell)
        if i < len(os_):
            play.append(O)
            pos.append(os_[i])
    values = XO(play, pos, len(pos)).minimaxValues()
    cell = max((i for i in range(9) if values[i] is not None),
               key=lambda i: (values[i], CELL_VALUES[i]))
    flat = "".join(rows)
    flat = flat[:cell] + player + flat[cell + 1:]
    return [flat[0:3], flat[3:6], flat[6:9]]


def _run(data):
    pieces = data.split(b"\n")
    if pieces[-1] == b"":
        pieces.pop()
    lines = []
    for number, raw in enumerate(pieces, 1):
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise BadInput(f"line {number}: not UTF-8 text") from None
    if not lines:
        raise BadInput("line 1: the input is empty (no player)")
    if lines[0] not in PLAYERS:
        raise BadInput(f"line 1 {lines[0]!r}: the engine's player is not X or O")
    for number in range(2, 5):
        if number > len(lines):
            raise BadInput(f"line {number}: the input ends before row {number - 1}")
        row = lines[number - 1]
        if len(row) != 3:
            raise BadInput(f"line {number}: row {number - 1} {row!r} has {len(row)} characters, not 3")
        bad = re.search(r"[^XO.]", row)
        if bad:
            raise BadInput(f"line {number}: row {number - 1} {row!r}: {bad.group()!r} is not one of X O .")
    if len(lines) > 4:
        raise BadInput("line 5: more input after the board")
    try:
        rows = solve(lines[0], lines[1:4])
    except ValueError as err:
        raise BadInput(f"lines 2-4: {err}") from None
    return "".join(row + "\n" for row in rows)


def main(stdin=None, stdout=None, stderr=None):
    stdin = sys.stdin.buffer if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    try:
        text = _run(stdin.read())
    except BadInput as err:
        stderr.write(f"python -m xo.codingame: {err}\n")
        return 2
    stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
