"""CodinGame "Tic Tac Toe" (Part VI), on the engine's ``XO.minimaxValues()``."""

import sys

from .board import O, X
from .game import XO

__all__ = ["solve", "main"]

SYMBOLS = {"X": X, "O": O, ".": 0}
PLAYERS = {"X": X, "O": O}
CELL_VALUES = (8, 4, 7,
               3, 9, 2,
               6, 1, 5)
LENIENT = True
WHOLE_BOARD = "all"
OUT_OF_TURN_DONE = "refuse"    # a won/full board out of turn: "refuse" or "writeback"
_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class BadBoard(ValueError):
    """``row``: 0-2 for a row, -1 for the player's line, None for the whole board."""

    def __init__(self, problem, row=None):
        super().__init__(problem)
        self.problem = problem
        self.row = row


def _won(cells, who):
    return any(cells[a] == cells[b] == cells[c] == who for a, b, c in _LINES)


def solve(player, rows):
    if player not in PLAYERS:
        raise BadBoard(f"{player!r}: the engine's player is not X or O", -1)
    me = PLAYERS[player]
    if len(rows) != 3:
        raise BadBoard(f"a board is 3 rows, not {len(rows)}")
    for r, row in enumerate(rows):
        if not isinstance(row, str):
            raise BadBoard(f"row {r + 1} is not a string", r)
        if len(row) != 3:
            raise BadBoard(f"row {r + 1} {row!r} has {len(row)} characters, not 3", r)
        for ch in row:
            if ch not in SYMBOLS:
                raise BadBoard(f"row {r + 1} {row!r}: {ch!r} is not one of X O .", r)
    cells = [SYMBOLS[ch] for row in rows for ch in row]
    xs = [k for k in range(9) if cells[k] == X]
    os_ = [k for k in range(9) if cells[k] == O]
    if len(xs) - len(os_) not in (0, 1):
        raise BadBoard(f"{len(xs)} X and {len(os_)} O: no game has these counts (X moves first)")
    to_move = X if len(xs) == len(os_) else O
    done = _won(cells, X) or _won(cells, O) or 0 not in cells
    if to_move != me:
        if done and OUT_OF_TURN_DONE == "writeback" and not (_won(cells, X) and _won(cells, O)):
            return list(rows)
        raise BadBoard(f"{len(xs)} X and {len(os_)} O: it is not {player}'s turn")
    if _won(cells, me):
        raise BadBoard(f"{player} is to move but already has three in a row: no game reaches this board")
    if done:
        return list(rows)
    play, pos = [], []
    for k in range(len(xs)):
        play.append(X)
        pos.append(xs[k])
        if k < len(os_):
            play.append(O)
            pos.append(os_[k])
    values = XO(play, pos, len(pos)).minimaxValues()
    best = None
    for k in range(9):
        if values[k] is None:
            continue
        if best is None or values[k] > values[best] or (values[k] == values[best] and CELL_VALUES[k] > CELL_VALUES[best]):
            best = k
    out = [list(r) for r in rows]
    out[best // 3][best % 3] = player
    return ["".join(r) for r in out]


def _where(e):
    if e.row is not None:
        return f"line {e.row + 2}: "
    return {"all": "lines 2-4: ", "first": "line 2: ", "line1": "line 1: "}.get(WHOLE_BOARD, "")


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
    if not lines:
        raise BadBoard("line 1: the input is empty: no player")
    if lines[0] not in PLAYERS:
        raise BadBoard(f"line 1 {lines[0]!r}: the engine's player is not X or O")
    if len(lines) < 4:
        raise BadBoard(f"line {len(lines) + 1}: the input ends before row {len(lines)} of the board")
    try:
        rows = solve(lines[0], lines[1:4])
    except BadBoard as e:
        raise BadBoard(_where(e) + e.problem) from None
    if len(lines) > 4:
        raise BadBoard("line 5: the input goes on after the board")
    return "".join(r + "\n" for r in rows)


def main(stdin=None, stdout=None, stderr=None):
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    try:
        text = run(stdin.read())
    except BadBoard as e:
        stderr.write(f"python -m xo.codingame: {e.problem}\n")
        return 2
    stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
