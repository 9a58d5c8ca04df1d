"""Regenerate the table of buggy/lookup_table/game.py from the reference ``xo`` package.

A developer's tool, not a test.  That submission's ``makeOptimalMove()``
looks its move up in a dict literal instead of searching (its mistake: no
breadth-first search with its Deque, so it loses Part III only).  The dict maps
every reachable position not over, X-first and O-first games, to the move the
reference's Part V rules choose.  Keys are ten characters: the player to move
(``X`` or ``O``), then the nine cells (``X``, ``O`` or ``-``).

    .venv/bin/python tests/submissions/make_lookup_table.py
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from xo.analysis import board_from_state, handout_move, reachable_positions  # noqa: E402

TARGET = HERE / "buggy" / "lookup_table" / "game.py"
START, END = "    # --- table start ---\n", "    # --- table end ---\n"
CHAR = {-1: "X", 1: "O", 0: "-"}
PER_LINE = 6


def table():
    moves = {}
    for first in (-1, 1):
        for state, to_move in reachable_positions(first):
            key = CHAR[to_move] + "".join(CHAR[v] for v in state)
            cell = handout_move(board_from_state(state, to_move))
            if moves.setdefault(key, cell) != cell:
                raise SystemExit(f"{key}: two different moves")
    return moves


def main():
    moves = table()
    items = [f'"{key}": {cell},' for key, cell in sorted(moves.items())]
    lines = ["    " + " ".join(items[k:k + PER_LINE]) + "\n" for k in range(0, len(items), PER_LINE)]
    text = TARGET.read_text()
    head, rest = text.split(START)
    _, tail = rest.split(END)
    TARGET.write_text(head + START + "".join(lines) + END + tail)
    print(f"{TARGET.relative_to(HERE)}: {len(moves)} positions")


if __name__ == "__main__":
    main()
