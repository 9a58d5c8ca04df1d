"""A board as students read it: the cells drawn beside their numbers (``draw``), and a table of each empty
cell's scores (``scores_table``)."""

from .markdown import grid

SYMBOL = {-1: "X", 1: "O", 0: " "}
PLAYER = {-1: "X", 1: "O"}


def cell_text(value):
    return SYMBOL.get(value, "?") if type(value) is int else "?"


def draw(state, *, to_move=None, note=None):
    """Draw ``state`` beside the cell-index grid, as a fenced code block.

    >>> print(draw([1, 0, -1, -1, 0, 0, -1, 1, 1], to_move=-1))
    ```text
     O |   | X       0 | 1 | 2
    ---+---+---     ---+---+---
     X |   |         3 | 4 | 5
    ---+---+---     ---+---+---
     X | O | O       6 | 7 | 8
    X to move
    ```
    """
    rows = []
    for r in range(3):
        cells = " | ".join(cell_text(v) for v in state[3 * r:3 * r + 3])
        index = " | ".join(str(c) for c in range(3 * r, 3 * r + 3))
        rows.append(f" {cells}       {index}")
        if r < 2:
            rows.append("---+---+---     ---+---+---")
    if to_move is not None:
        rows.append(f"{PLAYER[to_move]} to move")
    if note:
        rows.append(note)
    return "```text\n" + "\n".join(rows) + "\n```"


def scores_table(record, actual=None):
    """A table (``grid``) of each empty cell's score under both rules and minimax."""
    cells = [c for c in range(9) if record["state"][c] == 0]
    rows = [["cell", *(str(c) + (" ← yours" if c == actual else "") for c in cells)]]
    for key, label in (("IV", "Part IV score"), ("V", "Part V score"), ("minimax", "minimax value")):
        if key in record["scores"]:
            rows.append([label, *(str(record["scores"][key][c]) for c in cells)])
    return grid(rows)
