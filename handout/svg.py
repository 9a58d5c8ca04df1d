"""The handout's figures as SVG, drawn from the facts of ``trees.py``.

Boards, games, move trees (with scores or backed-up values) and positions;
``svg_files()`` gives every figure by file name.  About 460 lines: one function
per figure, each kept whole with its layout arithmetic, and the primitives they
share; split further, a figure's code would be read across files.
"""

import html

from trees import (EXAMPLE_GAME, NAME, backed_up, cells_text, empty_cells, facts, first_move, leaf_effect,
                   minimax_examples, move_tree)

from xo.analysis import board_from_moves, handout_scores
from xo.board import CELLS, BoardXO, O, X
from xo.game import PART_IV, PART_V, best_cell, minimax_values, player_to_move

# Imported by figures.py and build.py, which put the kit's top folder and handout/ on sys.path.



FIGURES = "figures"
"""Where the SVG files go, relative to handout/ (handout.md links to them there)."""


def figure(name, alt, caption):
    """The Markdown that shows the figure ``name``."""
    return f'![{alt}]({FIGURES}/{name} "{caption}")'


# ---------------------------------------------------------------- SVG drawing

INK = "#222"
GRID = "#555"
X_COLOUR = "#b2182b"
O_COLOUR = "#2166ac"
DRAW_COLOUR = "#555"
NEW_MOVE = "#ffe9a8"
FONT = "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\""
COLOUR = {X: X_COLOUR, O: O_COLOUR, 0: DRAW_COLOUR}


def esc(text):
    return html.escape(str(text), quote=True)


def svg_document(width, height, body, title, desc):
    """A standalone SVG (no ids, no external references) that scales to its container."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
            f'width="{width:g}" height="{height:g}" role="img" class="xo-figure">\n'
            f'<title>{esc(title)}</title>\n<desc>{esc(desc)}</desc>\n'
            f'<rect x="0" y="0" width="{width:g}" height="{height:g}" fill="#ffffff"/>\n'
            + "\n".join(body) + "\n</svg>\n")


def text(x, y, content, size=12, anchor="start", colour=INK, weight="normal", style=""):
    extra = f' font-style="{style}"' if style else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}" fill="{colour}" '
            f'font-weight="{weight}" {FONT}{extra}>{esc(content)}</text>')


def board_rows(board):
    return str(board).split("\n")


def draw_board(board, x, y, cell, *, highlight=None, indices=False, numbers=None, label=None):
    """A board at (x, y) with ``cell``-pixel cells: X as a cross, O as a ring.

    The group carries ``data-board``, the rows of ``str(board)`` joined by
    ``/``; every mark carries ``data-cell``, so tests can read the drawing back.
    ``numbers`` maps empty cells to lines of small text drawn inside them.
    """
    size = 3 * cell
    rows = "/".join(board_rows(board))
    out = [f'<g class="board" data-board="{esc(rows)}" transform="translate({x:g},{y:g})">']
    if label:
        out.append(f"<title>{esc(label)}</title>")
    out.append(f'<rect x="0" y="0" width="{size:g}" height="{size:g}" fill="#ffffff" stroke="#bbb" '
               f'stroke-width="1" rx="{max(1, cell / 10):g}"/>')
    if highlight is not None:
        r, c = divmod(highlight, 3)
        out.append(f'<rect class="new" x="{c * cell:g}" y="{r * cell:g}" width="{cell:g}" height="{cell:g}" '
                   f'fill="{NEW_MOVE}"/>')
    width = max(1.0, cell / 14)
    for k in (1, 2):
        out.append(f'<line x1="{k * cell:g}" y1="0" x2="{k * cell:g}" y2="{size:g}" stroke="{GRID}" '
                   f'stroke-width="{width:g}"/>')
        out.append(f'<line x1="0" y1="{k * cell:g}" x2="{size:g}" y2="{k * cell:g}" stroke="{GRID}" '
                   f'stroke-width="{width:g}"/>')
    pad = cell * 0.22
    stroke = max(1.6, cell / 9)
    for pos in CELLS:
        r, c = divmod(pos, 3)
        x0, y0 = c * cell, r * cell
        v = board.state[pos]
        if v == X:
            out.append(f'<path class="x" data-cell="{pos}" d="M{x0 + pad:g} {y0 + pad:g}L{x0 + cell - pad:g} '
                       f'{y0 + cell - pad:g}M{x0 + cell - pad:g} {y0 + pad:g}L{x0 + pad:g} {y0 + cell - pad:g}" '
                       f'stroke="{X_COLOUR}" stroke-width="{stroke:g}" stroke-linecap="round" fill="none"/>')
        elif v == O:
            out.append(f'<circle class="o" data-cell="{pos}" cx="{x0 + cell / 2:g}" cy="{y0 + cell / 2:g}" '
                       f'r="{cell / 2 - pad:g}" stroke="{O_COLOUR}" stroke-width="{stroke:g}" fill="none"/>')
        else:
            if indices:
                out.append(text(x0 + cell / 2, y0 + cell * 0.62 if not numbers else y0 + cell * 0.3,
                                pos, size=cell * (0.42 if not numbers else 0.22), anchor="middle", colour="#999"))
            if numbers and pos in numbers:
                lines = numbers[pos]
                for k, (content, colour, weight) in enumerate(lines):
                    out.append(text(x0 + cell / 2, y0 + cell * (0.56 + 0.26 * k), content, size=cell * 0.22,
                                    anchor="middle", colour=colour, weight=weight))
    out.append("</g>")
    return out


def indexing_svg():
    cell = 64
    x0, y0 = 70, 48
    body = [text(x0 + 1.5 * cell, 22, "cell = 3 × row + col", size=15, anchor="middle", weight="bold")]
    for c in range(3):
        body.append(text(x0 + c * cell + cell / 2, y0 - 8, f"col {c}", size=12, anchor="middle", colour="#666"))
    for r in range(3):
        body.append(text(x0 - 10, y0 + r * cell + cell / 2 + 4, f"row {r}", size=12, anchor="end", colour="#666"))
    body.append(f'<g transform="translate({x0},{y0})">')
    body.append(f'<rect x="0" y="0" width="{3 * cell}" height="{3 * cell}" fill="#ffffff" stroke="#bbb"/>')
    for k in (1, 2):
        body.append(f'<line x1="{k * cell}" y1="0" x2="{k * cell}" y2="{3 * cell}" stroke="{GRID}" stroke-width="3"/>')
        body.append(f'<line x1="0" y1="{k * cell}" x2="{3 * cell}" y2="{k * cell}" stroke="{GRID}" stroke-width="3"/>')
    for pos in CELLS:
        r, c = divmod(pos, 3)
        body.append(f'<g class="index" data-cell="{pos}">'
                    + text(c * cell + cell / 2, r * cell + cell / 2 + 10, pos, size=30, anchor="middle", weight="bold")
                    + "</g>")
    body.append("</g>")
    width, height = x0 + 3 * cell + 30, y0 + 3 * cell + 16
    return svg_document(width, height, body, "Linear indexing of the board",
                        "Cells 0, 1, 2 on the top row, 3, 4, 5 in the middle, 6, 7, 8 at the bottom.")


def game_svg(moves):
    cell = 26
    gap = 40
    size = 3 * cell
    width = len(moves) * size + (len(moves) - 1) * gap + 40
    body = []
    board = BoardXO()
    for k, (player, pos) in enumerate(moves):
        board = board_from_moves(moves[:k + 1])
        x = 20 + k * (size + gap)
        body += draw_board(board, x, 16, cell, highlight=pos, label=f"after move {k}: {NAME[player]} on cell {pos}")
        body.append(text(x + size / 2, 16 + size + 20, f"move {k}", size=13, anchor="middle", weight="bold"))
        body.append(text(x + size / 2, 16 + size + 37, f"{NAME[player]} on {pos}", size=13, anchor="middle",
                         colour=COLOUR[player]))
        if k:
            ax = x - gap + 8
            body.append(f'<path d="M{ax:g} {16 + size / 2:g}l{gap - 16:g} 0m-6 -5l6 5l-6 5" stroke="#888" '
                        f'stroke-width="1.5" fill="none"/>')
    return svg_document(width, 16 + size + 50, body, "The example game, move by move",
                        "; ".join(f"move {k}: {NAME[p]} on cell {c}" for k, (p, c) in enumerate(moves)))


def layout(root):
    """Leaves on consecutive rows (children in ascending cells); a parent centred on its children."""
    slot = [0]

    def place(node):
        if not node.children:
            node.y = slot[0]
            slot[0] += 1
        else:
            for child in node.children:
                place(child)
            node.y = (node.children[0].y + node.children[-1].y) / 2
    place(root)
    return slot[0]


def level_heads(body, depth, left, column, size, player, n0, nodes):
    """Write each level's heading of a move tree into ``body`` ("root" or "level d", its numMoves); yield
    (d, the column's centre, the player to move there, whether any board there is unfinished) for more."""
    for d in range(depth + 1):
        x = left + d * column + size / 2
        body.append(text(x, 18, "root" if d == 0 else f"level {d}", size=12, anchor="middle", weight="bold"))
        body.append(text(x, 34, f"numMoves = {n0 + d}", size=11, anchor="middle", colour="#555"))
        yield d, x, player if d % 2 == 0 else -player, any(n.depth == d and not n.leaf for n in nodes)


def edges(nodes, pos):
    """(child, its parent's place, its own place) for every board but the root; ``pos`` places a board."""
    for node in nodes:
        if node.parent is not None:
            yield node, pos(node.parent), pos(node)


def tree_svg(root_board, *, title, desc, rule=None, show_order=False):
    """The move tree below ``root_board``, root on the left, one column per level.

    Every board is drawn with its newest marker highlighted; leaves say who
    won and with how many moves (m); with ``rule``, what the leaf does to its
    first move's score, and each first move shows its final score.  With
    ``show_order``, each board shows when the breadth-first search pops it.
    """
    root, nodes = move_tree(root_board)
    player = player_to_move(root_board)
    n0 = root_board.numMoves
    rows = layout(root)
    depth = max(n.depth for n in nodes)
    cell = 20 if rows <= 8 else 14
    size = 3 * cell
    column = size + 110
    row = size + 18 + (4 if rule is not None else 0)
    left, top = 30, 66
    leaf_text = 150
    width = left + depth * column + size + leaf_text
    height = top + rows * row + 6
    scores = handout_scores(root_board, rule) if rule is not None else None
    final_leaf = set()
    if rule is not None:
        for node in nodes:
            if node.leaf:
                result, new = leaf_effect(rule, player, node)
                first = first_move(node).cell
                if new is not None and new == scores[first]:
                    final_leaf.add(node.order)

    body = []
    for d, x, to_move, inner in level_heads(body, depth, left, column, size, player, n0, nodes):
        if inner:
            body.append(text(x, 48, f"{NAME[to_move]} to move", size=11, anchor="middle", colour=COLOUR[to_move]))

    def pos(node):
        return left + node.depth * column, top + node.y * row

    for node, (px, py), (cx, cy) in edges(nodes, pos):    # edges first, under the boards
        body.append(f'<path d="M{px + size + 2:g} {py + size / 2:g}C{px + size + 40:g} {py + size / 2:g} '
                    f'{cx - 50:g} {cy + size / 2:g} {cx - 2:g} {cy + size / 2:g}" stroke="#999" '
                    f'stroke-width="1.2" fill="none"/>')
        body.append(text(cx - 6, cy + size / 2 - 5, f"{NAME[node.mover]} {node.cell}", size=11, anchor="end",
                         colour=COLOUR[node.mover], weight="bold"))
    for node in nodes:
        x, y = pos(node)
        label = f"{'root' if node.parent is None else NAME[node.mover] + ' on ' + str(node.cell)}"
        body += draw_board(node.board, x, y, cell, highlight=None if node.parent is None else node.cell,
                           label=label)
        if show_order:
            body.append(f'<circle cx="{x - 9:g}" cy="{y - 3:g}" r="8.5" fill="#333"/>')
            body.append(text(x - 9, y + 0.5, node.order + 1, size=10, anchor="middle", colour="#fff",
                             weight="bold"))
        if node.leaf:
            m = node.board.numMoves
            who = "draw" if node.winner == 0 else f"{NAME[node.winner]} wins"
            colour = COLOUR[node.winner]
            tx = x + size + 8
            body.append(text(tx, y + 15, f"{who}, m = {m}", size=11.5, colour=colour, weight="bold"))
            if rule is not None:
                result, new = leaf_effect(rule, player, node)
                if rule is PART_IV:
                    effect = {1: "win: no change", -1: "loss: -10", 0: "draw: 0"}[result]
                else:
                    effect = {1: f"win: 10 - {m} = {new}", -1: f"loss: {m} - 10 = {new}", 0: "draw: 0"}[result]
                weight = "bold" if node.order in final_leaf else "normal"
                mark = "  ◀" if node.order in final_leaf else ""
                body.append(text(tx, y + 30, effect + mark, size=11, colour="#333", weight=weight))
        if rule is not None and node.depth == 1:
            score = scores[node.cell]
            body.append(f'<rect x="{x - 6:g}" y="{y + size + 3:g}" width="{size + 12:g}" height="15" rx="3" '
                        f'fill="#f2f2f2" stroke="#ccc"/>')
            body.append(text(x + size / 2, y + size + 14, f"score {score}", size=10.5, anchor="middle",
                             weight="bold"))
    return svg_document(width, height, body, title, desc)


def backup_svg(root_board, *, title, desc):
    """Part VI: the move tree of ``root_board`` with every board's backed-up value.

    Laid out as ``tree_svg`` (root on the left, one column per level, boards
    numbered in pop order); each board carries its value for the player to
    move at the root, each leaf says how its value is scored, and a bold arrow
    runs from the child each board takes its value from to that board (the
    maximum where the root's player moves, the minimum where the opponent
    does).  The move ``makeMinimaxMove()`` plays is outlined.  Every number
    comes from ``xo.analysis.minimax_backup``; each value tag carries
    ``data-order``, ``data-parent``, ``data-value`` and ``data-board`` so that
    tests can read the drawing back.
    """
    root, nodes, values, chosen = backed_up(root_board)
    player = player_to_move(root_board)
    n0 = root_board.numMoves
    rows = layout(root)
    depth = max(n.depth for n in nodes)
    cell = 20
    size = 3 * cell
    column = size + 150
    row = size + 34
    left, top = 40, 84
    leaf_text = 150
    width = left + depth * column + size + leaf_text
    height = top + rows * row + 76
    best = chosen[root.order]
    accent = "#1b7837"

    body = []
    for d, x, to_move, inner in level_heads(body, depth, left, column, size, player, n0, nodes):
        if inner:
            pick = "max" if to_move == player else "min"
            body.append(text(x, 50, f"{NAME[to_move]} to move: {pick}", size=11, anchor="middle",
                             colour=COLOUR[to_move], weight="bold"))
        last = max(n.order for n in nodes if n.depth == d)
        first = min(n.order for n in nodes if n.depth == d)
        span = f"board {first}" if first == last else f"boards {first}–{last}"
        body.append(text(x, 66, span, size=10.5, anchor="middle", colour="#777"))

    def pos(node):
        return left + node.depth * column, top + node.y * row

    for node, (px, py), (cx, cy) in edges(nodes, pos):    # edges first, under the boards
        taken = chosen[node.parent.order] == node.order
        colour, stroke = (accent, 2.6) if taken else ("#aaa", 1.2)
        body.append(f'<path d="M{px + size + 4:g} {py + size / 2:g}C{px + size + 50:g} {py + size / 2:g} '
                    f'{cx - 60:g} {cy + size / 2:g} {cx - 2:g} {cy + size / 2:g}" stroke="{colour}" '
                    f'stroke-width="{stroke:g}" fill="none"/>')
        if taken:                            # the value flows up: an arrowhead at the parent
            ax, ay = px + size + 4, py + size / 2
            body.append(f'<path d="M{ax:g} {ay:g}l9 -5l0 10z" fill="{accent}"/>')
        body.append(text(cx - 8, cy + size / 2 - 6, f"{NAME[node.mover]} {node.cell}", size=11, anchor="end",
                         colour=COLOUR[node.mover], weight="bold"))
    for node in nodes:
        x, y = pos(node)
        label = f"{'root' if node.parent is None else NAME[node.mover] + ' on ' + str(node.cell)}"
        if node.parent is root and node.order == best:
            body.append(f'<rect x="{x - 4:g}" y="{y - 4:g}" width="{size + 8:g}" height="{size + 8:g}" rx="4" '
                        f'fill="none" stroke="{accent}" stroke-width="3"/>')
        body += draw_board(node.board, x, y, cell, highlight=None if node.parent is None else node.cell,
                           label=label)
        body.append(f'<circle cx="{x - 10:g}" cy="{y - 3:g}" r="9" fill="#333"/>')
        body.append(text(x - 10, y + 0.8, node.order, size=10, anchor="middle", colour="#fff", weight="bold"))
        v = values[node.order]
        colour = COLOUR[player if v > 0 else -player] if v else DRAW_COLOUR
        up = -1 if node.parent is None else node.parent.order
        rows_text = "/".join(board_rows(node.board))
        body.append(f'<g class="value" data-order="{node.order}" data-parent="{up}" data-value="{v}" '
                    f'data-board="{esc(rows_text)}">')
        body.append(f'<rect x="{x - 8:g}" y="{y + size + 4:g}" width="{size + 16:g}" height="17" rx="3" '
                    f'fill="#ffffff" stroke="{colour}" stroke-width="1.5"/>')
        body.append(text(x + size / 2, y + size + 16.5, f"value {v}", size=11, anchor="middle", colour=colour,
                         weight="bold"))
        body.append("</g>")
        if node.leaf:
            m = node.board.numMoves
            tx = x + size + 10
            if node.winner == 0:
                who, how = "draw", "0"
            elif node.winner == player:
                who, how = f"{NAME[node.winner]} wins, m = {m}", f"10 - {m} = {10 - m}"
            else:
                who, how = f"{NAME[node.winner]} wins, m = {m}", f"{m} - 10 = {m - 10}"
            body.append(text(tx, y + 20, who, size=11.5, colour=COLOUR[node.winner], weight="bold"))
            body.append(text(tx, y + 36, f"value {how}", size=11, colour="#333"))
    order = " → ".join(str(n.order) for n in reversed(nodes[1:]))
    foot = top + rows * row + 8
    body.append(f'<path d="M{left:g} {foot + 8:g}l26 0" stroke="{accent}" stroke-width="2.6"/>')
    body.append(f'<path d="M{left:g} {foot + 8:g}l9 -5l0 10z" fill="{accent}"/>')
    body.append(text(left + 34, foot + 12, f"the child whose value a board takes (values for "
                     f"{NAME[player]}, the player to move at the root)", size=11.5, colour="#333"))
    best_node = nodes[best]
    body.append(f'<rect x="{left + 5:g}" y="{foot + 22:g}" width="16" height="16" rx="3" fill="none" '
                f'stroke="{accent}" stroke-width="3"/>')
    body.append(text(left + 34, foot + 35, f"the best move, which makeMinimaxMove() plays: {NAME[player]} on "
                     f"{best_node.cell}, value {values[best]}", size=11.5, colour=accent, weight="bold"))
    body.append(text(left, foot + 58, f"backed up in reverse pop order: {order}", size=11.5, colour="#333"))
    return svg_document(width, height, body, title, desc)


def position_svg(board, title):
    """One position, large, with the numbers of its empty cells and who is to move."""
    cell = 42
    size = 3 * cell
    to_move = player_to_move(board)
    body = draw_board(board, 20, 12, cell, indices=True, label=title)
    body.append(text(20 + size / 2, 12 + size + 22, f"{NAME[to_move]} to move", size=13, anchor="middle",
                     weight="bold", colour=COLOUR[to_move]))
    body.append(text(20 + size / 2, 12 + size + 39, f"{board.numMoves} moves made", size=11.5, anchor="middle",
                     colour="#555"))
    return svg_document(size + 40, size + 60, body, title,
                        f"{NAME[to_move]} to move; empty cells {cells_text(empty_cells(board))}.")


def plural(n, word):
    return f"{n} {word}" + ("" if n == 1 else "s")


def minimax_boards_svg(examples):
    """Boards of positions where the Part V rules are not minimax, two by two: in each
    empty cell the Part V score (V) and the minimax value (mm); the two moves outlined."""
    cell = 54
    size = 3 * cell
    panel_w, panel_h = size + 250, size + 56
    columns = 2
    width = 20 + columns * panel_w
    body = []
    for k, ex in enumerate(examples):
        x = 20 + (k % columns) * panel_w
        y = 12 + (k // columns) * panel_h
        numbers = {}
        for c in empty_cells(ex["board"]):
            numbers[c] = [(f"V {ex['V'][c]}", "#6a3d9a", "bold" if c == ex["handout"] else "normal"),
                          (f"mm {ex['minimax'][c]}", "#1b7837", "bold" if c == ex["mm_move"] else "normal")]
        body += draw_board(ex["board"], x, y, cell, indices=True, numbers=numbers,
                           label=f"position {ex['letter']}")
        for c, colour, dash in ((ex["handout"], "#6a3d9a", "5 3"), (ex["mm_move"], "#1b7837", "")):
            r, cc = divmod(c, 3)
            inset = 3 if dash else 6
            body.append(f'<rect x="{x + cc * cell + inset:g}" y="{y + r * cell + inset:g}" '
                        f'width="{cell - 2 * inset:g}" height="{cell - 2 * inset:g}" fill="none" stroke="{colour}" '
                        f'stroke-width="2.5"' + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")
        tx = x + size + 16
        body.append(text(tx, y + 18, f"{ex['letter']}: {NAME[ex['to_move']]} to move", size=15, weight="bold",
                         colour=COLOUR[ex["to_move"]]))
        body.append(text(tx, y + 36, f"after {plural(ex['board'].numMoves, 'move')}: "
                         + ", ".join(f"{NAME[p]} {c}" for p, c in ex["moves"]), size=12, colour="#555"))
        body.append(text(tx, y + 66, f"Part V plays {ex['handout']}:", size=13, colour="#6a3d9a", weight="bold"))
        body.append(text(tx, y + 83, ex["handout_words"], size=12.5, colour="#6a3d9a"))
        body.append(text(tx, y + 110, f"minimax plays {ex['mm_move']}:", size=13, colour="#1b7837", weight="bold"))
        body.append(text(tx, y + 127, ex["mm_words"], size=12.5, colour="#1b7837"))
    rows_used = -(-len(examples) // columns)
    legend_y = 12 + rows_used * panel_h + 4
    body.append(f'<rect x="20" y="{legend_y - 11}" width="16" height="14" fill="none" stroke="#6a3d9a" '
                f'stroke-width="2.5" stroke-dasharray="5 3"/>')
    body.append(text(44, legend_y, "V: the Part V score (the handout's rules); dashed: the move they choose",
                     size=12.5, colour="#6a3d9a"))
    body.append(f'<rect x="20" y="{legend_y + 9}" width="16" height="14" fill="none" stroke="#1b7837" '
                f'stroke-width="2.5"/>')
    body.append(text(44, legend_y + 20, "mm: the depth-aware minimax value; solid: the minimax move (lowest "
                     "cell among ties)", size=12.5, colour="#1b7837"))
    return svg_document(width, legend_y + 32, body, "Positions where the Part V rules are not minimax",
                        "; ".join(f"{ex['letter']}: Part V plays {ex['handout']}, minimax plays {ex['mm_move']}"
                                  for ex in examples))


# ---------------------------------------------------------------- SVG files

def svg_files():
    f = facts()
    p5_cells = cells_text(empty_cells(f["p5"]))
    return {
        "indexing.svg": indexing_svg(),
        "example-game.svg": game_svg(EXAMPLE_GAME),
        "part3-tree.svg": tree_svg(
            f["game"], show_order=True, title="Part III: the move tree of the example game",
            desc=f"X to move with cells {cells_text(f['game_cells'])} empty; {f['game_tree'][0]} boards, "
                 f"numbered in the order a breadth-first search pops them."),
        "part4-tree.svg": tree_svg(
            f["game"], rule=PART_IV, title="Part IV: the example's move tree, scored",
            desc="Each leaf says who won and what it does to its first move's Part IV score."),
        "part4-win-or-draw.svg": tree_svg(
            f["wd"], rule=PART_IV, title="Part IV: a move tree with a win or a draw for X",
            desc="Each leaf says who won and what it does to its first move's Part IV score."),
        "part5-tree.svg": tree_svg(
            f["p5"], rule=PART_V, title="Part V: win fast, lose slow",
            desc=f"X to move with cells {p5_cells} empty; each leaf's Part V score; the leaves that set "
                 f"each first move's final score are marked."),
        "part5-position.svg": position_svg(f["p5"], "The Part V scenario"),
        "not-minimax.svg": minimax_boards_svg(minimax_examples()),
        "part6-backup.svg": backup_svg(
            f["game"], title="Part VI: the example's values, backed up level by level",
            desc=f"The move tree of the example game, boards numbered in pop order; each board's minimax value "
                 f"for X, backed up from the leaves in reverse pop order; the move to cell "
                 f"{best_cell(minimax_values(f['game']))} is the best."),
    }
