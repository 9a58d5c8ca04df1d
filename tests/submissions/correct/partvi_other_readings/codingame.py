"""CodinGame "Tic Tac Toe", on my minimaxValues().  A board already won by the player who just moved, or full, is
written back unchanged, and that comes first: also when the counts say it is not the engine's turn, or when the
player to move has three in a row too (the handout accepts writing it back, or refusing it)."""

import sys

from .board import O, X, line_owner
from .codequest import BadInput, game_of, grid, run, where

CELL_VALUES = (8, 4, 7,
               3, 9, 2,
               6, 1, 5)

_PLAYERS = {"X": X, "O": O}


def solve(player, rows):
    if player not in _PLAYERS:
        raise BadInput(f"the player {player!r} is not X or O")
    cells = grid(rows, "XO.")
    state = [X if ch == "X" else O if ch == "O" else 0 for ch in cells]
    xs, os_ = state.count(X), state.count(O)
    if xs == os_:
        to_move = X
    elif xs == os_ + 1:
        to_move = O
    else:
        raise BadInput(f"{xs} X and {os_} O: no game X started has these counts", (0, 2))
    if 0 not in state or any(state[a] == state[b] == state[c] == -to_move
                             for a, b, c in ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
                                             (0, 4, 8), (2, 4, 6))):
        return list(rows)
    if _PLAYERS[player] != to_move:
        raise BadInput(f"{xs} X and {os_} O: it is not {player}'s turn", (0, 2))
    if line_owner(state) == to_move:
        raise BadInput(f"{player} already has three in a row: no game reaches this board", (0, 2))
    values = game_of(state).minimaxValues()
    best = None
    for c in range(9):
        if values[c] is not None and (best is None or (values[c], CELL_VALUES[c]) > (values[best], CELL_VALUES[best])):
            best = c
    out = [list(r) for r in rows]
    out[best // 3][best % 3] = player
    return ["".join(r) for r in out]


def _body(lines):
    if not lines:
        raise BadInput("line 1: the input ends before the engine's player")
    if lines[0] not in _PLAYERS:
        raise BadInput(f"line 1 {lines[0]!r}: the engine's player is not X or O")
    if len(lines) < 4:
        raise BadInput(f"line {len(lines) + 1}: the input ends before row {len(lines)} of 3")
    if len(lines) > 4:
        raise BadInput(f"line 5 {lines[4]!r}: more input after the board")
    try:
        out = solve(lines[0], lines[1:4])
    except BadInput as error:
        if isinstance(error.lines, tuple):
            raise BadInput(f"lines 1-4: {error}") from None
        raise BadInput(where(error, 2)) from None
    return "".join(r + "\n" for r in out)


def main(stdin=None, stdout=None, stderr=None):
    return run("codingame", _body, stdin, stdout, stderr)


if __name__ == "__main__":
    sys.exit(main())
