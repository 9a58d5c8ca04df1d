"""CodinGame "Tic Tac Toe" on XO.minimaxValues(): ties to the highest cell value."""
import sys

from .board import O, X
from .codequest import BadInput, check, has_line, parse, values

WEIGHT = [8, 4, 7, 3, 9, 2, 6, 1, 5]


def solve(player, rows):
    if player not in ("X", "O"):
        raise BadInput(f"the player {player!r} is not X or O")
    cells = parse(rows, {"X": X, "O": O, ".": 0})
    mover = X if player == "X" else O
    check(cells, mover)
    if has_line(cells, -mover) or 0 not in cells:
        return list(rows)
    vals = values(cells)
    cell = max((c for c in range(9) if vals[c] is not None), key=lambda c: (vals[c], WEIGHT[c]))
    out = [list(r) for r in rows]
    out[cell // 3][cell % 3] = player
    return ["".join(r) for r in out]


def main():
    lines = open(0).read().splitlines()
    try:
        if not lines or lines[0] not in ("X", "O"):
            raise BadInput(f"line 1: {lines[0] if lines else ''!r} is not X or O")
        if len(lines) < 4:
            raise BadInput(f"line {len(lines) + 1}: the input ends too early")
        if len(lines) > 4:
            raise BadInput("line 5: more input after the board")
        for k in (1, 2, 3):
            try:
                parse([lines[k], "...", "..."], {"X": X, "O": O, ".": 0})
            except BadInput as e:
                raise BadInput(f"line {k + 1}: {e}") from None
        print("\n".join(solve(lines[0], lines[1:4])))
    except BadInput as e:
        print(f"codingame: {e}", file=sys.stderr)
        raise SystemExit(2)


if __name__ == "__main__":
    main()
