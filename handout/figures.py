"""Every figure, table and number of the handout, computed from the reference.

Nothing here is typed in by hand except which example games the handout uses
(the move lists below); every board, cell number, score and count is computed
with ``xo`` (``xo.game.score_moves``, ``xo.analysis``), the figures are drawn
from those results, and the move trees are enumerated breadth-first with the
reference ``Deque`` exactly as Part III asks.

``handout_islands()`` and ``instructor_islands()`` return the Markdown of each
generated island by name; ``svg_files()`` the SVG of each figure by file name.
``handout/build.py`` writes them (``make handout``) and checks that they are
current (``python handout/build.py --check``).
"""

import functools
import html
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
if TOP not in sys.path:
    sys.path.insert(0, TOP)

from xo.analysis import (board_from_moves, board_from_state, handout_move, handout_scores,  # noqa: E402
                         minimax_backup, minimax_move, minimax_scores, moves_for_state, reachable_positions,
                         tree_size)
from xo.board import CELLS, EMPTY, O, SYMBOLS, X, BoardXO  # noqa: E402
from xo.deque import Deque  # noqa: E402
from xo.game import (PART_IV, PART_V, XO, best_cell, copy_board, minimax_values, player_to_move,  # noqa: E402
                     winner_of)

FIGURES = "figures"
"""Where the SVG files go, relative to handout/ (handout.md links to them there)."""

# ---------------------------------------------------------------- the examples (the only hand-chosen data)

EXAMPLE_GAME = [(X, 2), (O, 0), (X, 3), (O, 7), (X, 6), (O, 8)]
"""The handout's example game (Part I), continued in Parts III and IV: X to move, three empty cells."""

WIN_OR_DRAW = [(X, 2), (O, 0), (X, 3), (O, 1), (X, 7), (O, 6)]
"""Part IV's second example: X can win with one move and only draw with the others."""

PART_V_EXAMPLE = [(O, 1), (X, 6), (O, 5), (X, 7), (O, 8)]
"""Part V's example ("win fast, lose slow"): every move of X can lose; O moved first."""

NAME = {X: "X", O: "O"}


def words(player):
    return f"{NAME[player]}/{player}"


def sign(v):
    return (v > 0) - (v < 0)


def cells_text(cells):
    """'1', '1 and 5', '1, 4 and 5'."""
    cells = [str(c) for c in cells]
    if len(cells) <= 1:
        return "".join(cells)
    return ", ".join(cells[:-1]) + " and " + cells[-1]


def xo_call(moves):
    """The ``XO(play, pos, n)`` call that makes ``moves``."""
    play = [p for p, _ in moves]
    pos = [c for _, c in moves]
    return f"XO({play!r}, {pos!r}, {len(moves)})"


def empty_cells(board):
    return [c for c in CELLS if board.state[c] == EMPTY]


def outcome(value, m=None):
    """Plain words for a depth-aware value from the mover's side."""
    if value > 0:
        return f"wins with move {10 - value} of the game" if m is None else "wins"
    if value < 0:
        return f"loses with move {10 + value} of the game" if m is None else "loses"
    return "draws"


# ---------------------------------------------------------------- the move tree, breadth-first with the reference Deque

class Node:
    """One board of a move tree, numbered in the order the breadth-first search pops it."""

    def __init__(self, board, parent, order):
        self.board = board
        self.parent = parent
        self.order = order              # 0 for the root, then 1, 2, ... in pop order
        self.children = []
        self.winner = winner_of(board.state)
        self.leaf = False
        self.y = 0.0

    @property
    def depth(self):
        return 0 if self.parent is None else self.parent.depth + 1

    @property
    def cell(self):
        b = self.board
        return b.moves[b.numMoves - 1]

    @property
    def mover(self):
        b = self.board
        return b.turn[b.numMoves - 1]


def move_tree(root_board):
    """The whole move tree below ``root_board``, enumerated as Part III says.

    A copy of the root is pushed; boards are popped from the front of a
    ``Deque``; the root or a game not over has every child (cells ascending)
    pushed at the back; a finished game is a leaf.  Returns (root node, nodes
    in pop order).
    """
    player = player_to_move(root_board)
    q = Deque()
    q.pushBack((copy_board(root_board), None))
    popped = []
    while not q.isEmpty():
        board, parent = q.popFront()
        node = Node(board, parent, len(popped))
        popped.append(node)
        if parent is not None:
            parent.children.append(node)
        over = node.winner != 0 or EMPTY not in board.state
        if parent is None or not over:
            nxt = player if parent is None else -node.mover
            for cell in CELLS:
                if board.state[cell] == EMPTY:
                    child = copy_board(board)
                    child.state[cell] = nxt
                    child.moves[child.numMoves] = cell
                    child.turn[child.numMoves] = nxt
                    child.numMoves += 1
                    q.pushBack((child, node))
        else:
            node.leaf = True
    nodes, leaves = tree_size(root_board)
    assert (len(popped), sum(n.leaf for n in popped)) == (nodes, leaves), "the drawn tree is not the reference's"
    return popped[0], popped


def first_move(node):
    while node.parent is not None and node.parent.parent is not None:
        node = node.parent
    return node


def leaf_effect(rule, player, leaf):
    """(result for the root's player, the leaf's new score by itself) for a leaf under ``rule``."""
    m = leaf.board.numMoves
    if leaf.winner == 0:
        return 0, 0
    result = 1 if leaf.winner == player else -1
    if rule is PART_IV:
        return result, (None if result > 0 else -10)
    return result, (10 - m if result > 0 else m - 10)


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
    for d in range(depth + 1):
        x = left + d * column + size / 2
        to_move = player if d % 2 == 0 else -player
        head = "root" if d == 0 else f"level {d}"
        body.append(text(x, 18, head, size=12, anchor="middle", weight="bold"))
        body.append(text(x, 34, f"numMoves = {n0 + d}", size=11, anchor="middle", colour="#555"))
        if any(n.depth == d and not n.leaf for n in nodes):
            body.append(text(x, 48, f"{NAME[to_move]} to move", size=11, anchor="middle", colour=COLOUR[to_move]))

    def pos(node):
        return left + node.depth * column, top + node.y * row

    for node in nodes:                       # edges first, under the boards
        if node.parent is None:
            continue
        px, py = pos(node.parent)
        cx, cy = pos(node)
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


def backed_up(root_board):
    """The Part VI backup of ``root_board``'s move tree, from the reference's own search.

    Returns (root, nodes in pop order, values, chosen) where ``values[k]`` is
    board k's backed-up value for the player to move at the root (the
    reference keeps each value for the player to move on its board: negated
    here on the opponent's levels), and ``chosen[k]`` the child whose value
    board k takes (the first in pop order among equal ones: the lowest cell).
    The tree drawn (``move_tree``) and the reference's numbering must agree.
    """
    root, nodes = move_tree(root_board)
    player = player_to_move(root_board)
    parent, value = minimax_backup(root_board)
    assert parent == [-1] + [n.parent.order for n in nodes[1:]], "the figure's tree is not the search's"
    values = [value[n.order] if n.depth % 2 == 0 else -value[n.order] for n in nodes]
    chosen = {}
    for n in nodes:
        if n.children:
            chosen[n.order] = next(c.order for c in n.children if values[c.order] == values[n.order])
    moves = minimax_values(root_board)
    assert [values[c.order] for c in root.children] == [moves[c.cell] for c in root.children], \
        "the root's children must hold minimaxValues()"
    assert moves == minimax_scores(root_board), "the reference's breadth-first values are not minimax"
    return root, nodes, values, chosen


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
    for d in range(depth + 1):
        x = left + d * column + size / 2
        to_move = player if d % 2 == 0 else -player
        head = "root" if d == 0 else f"level {d}"
        body.append(text(x, 18, head, size=12, anchor="middle", weight="bold"))
        body.append(text(x, 34, f"numMoves = {n0 + d}", size=11, anchor="middle", colour="#555"))
        if any(n.depth == d and not n.leaf for n in nodes):
            pick = "max" if to_move == player else "min"
            body.append(text(x, 50, f"{NAME[to_move]} to move: {pick}", size=11, anchor="middle",
                             colour=COLOUR[to_move], weight="bold"))
        last = max(n.order for n in nodes if n.depth == d)
        first = min(n.order for n in nodes if n.depth == d)
        span = f"board {first}" if first == last else f"boards {first}–{last}"
        body.append(text(x, 66, span, size=10.5, anchor="middle", colour="#777"))

    def pos(node):
        return left + node.depth * column, top + node.y * row

    for node in nodes:                       # edges first, under the boards
        if node.parent is None:
            continue
        px, py = pos(node.parent)
        cx, cy = pos(node)
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


# ---------------------------------------------------------------- tables (Markdown), parsed back by tests/test_handout.py

def score_table(moves, rule):
    """The handout's table: Move / Position / Initial score / Final score."""
    board = board_from_moves(moves)
    scores = handout_scores(board, rule)
    cells = empty_cells(board)
    lines = [f"Scores by the {rule.name} rules for `{xo_call(moves)}`, "
             f"{NAME[player_to_move(board)]} to move:", "",
             "| Move | " + " | ".join(str(k + 1) for k in range(len(cells))) + " |",
             "|---" * (len(cells) + 1) + "|",
             "| Position | " + " | ".join(str(c) for c in cells) + " |",
             "| Initial score | " + " | ".join(str(rule.initial) for _ in cells) + " |",
             "| Final score | " + " | ".join(str(scores[c]) for c in cells) + " |"]
    return "\n".join(lines)


def rules_table(moves):
    """The instructors' table: every empty cell's Part IV, Part V and minimax score."""
    board = board_from_moves(moves)
    cells = empty_cells(board)
    rows = [("Part IV score", handout_scores(board, PART_IV)), ("Part V score", handout_scores(board, PART_V)),
            ("minimax value", minimax_scores(board))]
    lines = [f"Scores for `{xo_call(moves)}`, {NAME[player_to_move(board)]} to move:", "",
             "| cell | " + " | ".join(str(c) for c in cells) + " |", "|---" * (len(cells) + 1) + "|"]
    for label, scores in rows:
        lines.append(f"| {label} | " + " | ".join(str(scores[c]) for c in cells) + " |")
    return "\n".join(lines)


def figure(name, alt, caption):
    return f'![{alt}]({FIGURES}/{name} "{caption}")'


# ---------------------------------------------------------------- facts the prose needs

@functools.lru_cache(maxsize=None)
def facts():
    """Everything the handout's generated text says, computed once."""
    f = {}
    game = board_from_moves(EXAMPLE_GAME)
    f["game"] = game
    iv = handout_scores(game, PART_IV)
    v = handout_scores(game, PART_V)
    f["game_iv"], f["game_v"] = iv, v
    f["game_cells"] = empty_cells(game)
    f["game_to_move"] = player_to_move(game)
    f["game_tree"] = tree_size(game)
    f["empty_tree"] = tree_size(BoardXO())
    f["empty_move"] = handout_move(BoardXO())
    f["empty_scores"] = handout_scores(BoardXO(), PART_V)

    wd = board_from_moves(WIN_OR_DRAW)
    f["wd"] = wd
    f["wd_iv"] = handout_scores(wd, PART_IV)
    f["wd_v"] = handout_scores(wd, PART_V)
    f["wd_tree"] = tree_size(wd)
    wd_cells = empty_cells(wd)
    assert sorted(f["wd_iv"][c] for c in wd_cells) == [0] * (len(wd_cells) - 1) + [10], \
        "the win-or-draw example must have one winning move, the others draws"

    p5 = board_from_moves(PART_V_EXAMPLE)
    f["p5"] = p5
    f["p5_iv"] = handout_scores(p5, PART_IV)
    f["p5_v"] = handout_scores(p5, PART_V)
    f["p5_mm"] = minimax_scores(p5)
    f["p5_tree"] = tree_size(p5)
    f["p5_iv_move"] = best_cell(f["p5_iv"])
    f["p5_v_move"] = best_cell(f["p5_v"])
    assert player_to_move(p5) == X and PART_V_EXAMPLE[0][0] == O
    assert f["p5_iv_move"] != f["p5_v_move"], "Part V's example must change the move"
    assert f["p5_v_move"] in {c for c in CELLS if f["p5_mm"][c] == max(s for s in f["p5_mm"] if s is not None)}, \
        "Part V's example must be one where the rules agree with minimax"
    assert max(s for s in f["p5_mm"] if s is not None) <= 0 and \
        any(n.leaf and n.winner == X for n in move_tree(p5)[1]), "in Part V's example X wins only if O slips"
    after = copy_board(p5)
    after.state[f["p5_iv_move"]] = X
    f["p5_o_wins_at"] = [c for c in CELLS if after.state[c] == EMPTY and
                         winner_of(after.state[:c] + [O] + after.state[c + 1:]) == O]
    assert f["p5_o_wins_at"], "after the Part IV move, O must win at once"
    return f


@functools.lru_cache(maxsize=None)
def not_minimax():
    """Where the Part V rules' move is not minimax-optimal, for each first player.

    Returns {first: {"positions", "not_optimal", "worse", "kinds": {(best, chosen): n}, "first_of": {...}}}
    where best and chosen are the signs of the minimax values (1 win, 0 draw, -1 loss).
    """
    out = {}
    for first in (X, O):
        count = not_optimal = worse = 0
        kinds, first_of, by_moves = {}, {}, {}
        for state, mover in reachable_positions(first):
            count += 1
            board = board_from_state(list(state), mover)
            values = minimax_scores(board)
            best = max(v for v in values if v is not None)
            chosen = values[handout_move(board)]
            if chosen != best:
                not_optimal += 1
                worse += sign(chosen) < sign(best)
                kind = (sign(best), sign(chosen))
                kinds[kind] = kinds.get(kind, 0) + 1
                first_of.setdefault(kind, (state, mover))
                made = 9 - state.count(EMPTY)
                by_moves[made] = by_moves.get(made, 0) + 1
        out[first] = {"positions": count, "not_optimal": not_optimal, "worse": worse, "kinds": kinds,
                      "first_of": first_of, "by_moves": by_moves}
    return out


KINDS = [((0, -1), "draw → loss"), ((1, -1), "win → loss"), ((1, 0), "win → draw"), ((1, 1), "slower win")]
"""Kinds of disagreement: the outcome of the minimax move → that of the rules' move (both with best play)."""

KIND_WORDS = {(0, -1): "a draw thrown away: the rules' move loses",
              (1, -1): "a win thrown away: the rules' move loses",
              (1, 0): "a win thrown away: the rules' move only draws",
              (1, 1): "a slower win: both moves win, the minimax move sooner"}


def worst_line(board, cell):
    """The earliest loss below ``cell`` for the player to move: the leaf the Part V rules score it by."""
    root, nodes = move_tree(board)
    player = player_to_move(board)
    best = None
    for node in nodes:
        if node.leaf and node.winner == -player and first_move(node).cell == cell:
            if best is None or node.board.numMoves < best.board.numMoves:
                best = node
    line = []
    node = best
    while node.parent is not None:
        line.append((node.mover, node.cell))
        node = node.parent
    return best.board.numMoves, line[::-1]


@functools.lru_cache(maxsize=None)
def minimax_examples():
    """One position of each kind (the first found, X-first games), with both rules' scores."""
    found = not_minimax()[X]["first_of"]
    examples = []
    for k, (kind, _) in enumerate(KINDS):
        state, mover = found[kind]
        moves = moves_for_state(list(state), mover)
        board = board_from_moves(moves)
        mm = minimax_scores(board)
        v = handout_scores(board, PART_V)
        ex = {"letter": "ABCD"[k], "kind": kind, "moves": moves, "board": board, "to_move": mover,
              "IV": handout_scores(board, PART_IV), "V": v, "minimax": mm,
              "handout": handout_move(board), "mm_move": minimax_move(board)}
        ex["handout_words"] = outcome(mm[ex["handout"]])
        ex["mm_words"] = outcome(mm[ex["mm_move"]])
        examples.append(ex)
    return examples


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


# ---------------------------------------------------------------- the handout's islands

def _session(lines):
    """A ``>>>`` session in a fenced block; the blank line before the fence ends doctest's expected output."""
    return "```python\n" + "\n".join(lines) + "\n\n```"


def handout_islands():
    f = facts()
    game = f["game"]
    play = [p for p, _ in EXAMPLE_GAME]
    pos = [c for _, c in EXAMPLE_GAME]
    n = len(EXAMPLE_GAME)
    isl = {}

    isl["indexing"] = figure("indexing.svg", "The nine cells numbered 0 to 8, row by row",
                             "Linear indexing: cell = 3 × row + col")

    rows = board_rows(game)
    session = [f">>> from xo import XO, BoardXO, X, O",
               f">>> g = {xo_call(EXAMPLE_GAME)}",
               ">>> b = g.getBoard()",
               ">>> b.state", repr(game.state),
               ">>> b.moves", repr(game.moves),
               ">>> b.turn", repr(game.turn),
               ">>> b.numMoves", repr(game.numMoves),
               ">>> b[0], b[1], b[2]", repr((game[0], game[1], game[2])),
               ">>> str(b)", repr(str(game)),
               ">>> print(b)", *rows]
    moves_words = ", ".join(f"{NAME[p]} on {c}" for p, c in EXAMPLE_GAME)
    isl["example-game"] = "\n".join([
        f"For example, the game {moves_words}:",
        "",
        figure("example-game.svg", "The example game, one board per move", "The example game, move by move"),
        "",
        f"would result in the following (`XO({play!r}, {pos!r}, {n})` makes it; see Part II):",
        "",
        _session(session),
        "",
        f"`moves` and `turn` hold {n} entries that mean something; the rest (from index `numMoves` on) "
        f"are \"don't care\" values, 0 in a new board. In `str(b)` the second line is an X followed by two "
        f"spaces: every empty cell is drawn as a space.",
    ])
    isl["part2-example"] = (
        f"For example, the game of Part I is `{xo_call(EXAMPLE_GAME)}`, and its first move alone is "
        f"`g = XO()` followed by `g.makeMove({EXAMPLE_GAME[0][0]}, {EXAMPLE_GAME[0][1]})`.")

    cells = f["game_cells"]
    nodes, leaves = f["game_tree"]
    e_nodes, e_leaves = f["empty_tree"]
    isl["part3-tree"] = "\n".join([
        f"In the example game it is {words(f['game_to_move'])}'s turn and cells {cells_text(cells)} are empty. "
        f"Its move tree has {nodes} boards (the root included), {leaves} of them finished games (leaves). "
        f"The numbers on the boards are the order in which the breadth-first search below pops them from the "
        f"deque: the whole of one level before any board of the next.",
        "",
        figure("part3-tree.svg", "The move tree of the example game, boards numbered in breadth-first order",
               "The move tree of the example game; the newest marker of each board is highlighted, and m is the "
               "total number of moves on a finished board"),
        "",
        f"From the empty board the tree has {e_nodes:,} boards, {e_leaves:,} of them leaves: small enough for a "
        f"breadth-first search, but not if every board is copied with `copy.deepcopy`.",
    ])

    iv = f["game_iv"]
    wins = [c for c in cells if iv[c] == 10]
    loses = [c for c in cells if iv[c] == -10]
    draws = [c for c in cells if iv[c] == 0]
    pick = best_cell(iv)
    parts = []
    if wins:
        parts.append(f"for {len(wins)} of them player X will win (cell {cells_text(wins)})")
    if loses:
        parts.append(f"in {len(loses)} they can lose (cells {cells_text(loses)})")
    if draws:
        parts.append(f"in {len(draws)} the best they can hope for is a draw (cells {cells_text(draws)})")
    isl["part4-example"] = "\n".join([
        f"Given the game state above, player X has {len(cells)} possible moves (to cells {cells_text(cells)}). "
        f"If we look at the tree below, we can see that " + " and ".join(parts) + ".",
        "",
        figure("part4-tree.svg", "The example's move tree with Part IV scores",
               "The example's move tree: what each finished game does to the score of the first move above it; "
               "◀ marks the leaves that set each first move's final score"),
        "",
        "If we were to tabulate the results:",
        "",
        score_table(EXAMPLE_GAME, PART_IV),
        "",
        f"Remember, we're trying to minimize the opponent's, O's, maximum score (for the opponent -10 is their "
        f"maximum because it means they won) so we would pick move {cells.index(pick) + 1}, cell {pick}.",
    ])

    wd = f["wd"]
    wd_cells = empty_cells(wd)
    wd_iv = f["wd_iv"]
    wd_pick = best_cell(wd_iv)
    isl["part4-win-or-draw"] = "\n".join([
        f"An example move tree for a game that results in the possibility of a win or a draw for player X is "
        f"that of `{xo_call(WIN_OR_DRAW)}`, X to move with cells {cells_text(wd_cells)} empty (the root, on the "
        f"left):",
        "",
        figure("part4-win-or-draw.svg", "A move tree where X can win or draw",
               "X can win with one move; with the others O can hold a draw (◀: the leaves that set the scores)"),
        "",
        score_table(WIN_OR_DRAW, PART_IV),
        "",
        f"In this case player X would want to make move {wd_cells.index(wd_pick) + 1} (to cell {wd_pick}).",
    ])

    m_win = game.numMoves + 1
    loss_leaf = None
    root, tree = move_tree(game)
    for node in tree:
        if node.leaf and node.winner == O:
            loss_leaf = node
            break
    isl["total-moves"] = "\n".join([
        f"In the example game, X winning on cell {pick} is a finished game with {m_win} moves on the board "
        f"(`numMoves` is {m_win}), so it scores 10 - {m_win} = {10 - m_win}; "
        f"O winning on cell {loss_leaf.cell} after X played {first_move(loss_leaf).cell} ends the game with "
        f"{loss_leaf.board.numMoves} moves and scores {loss_leaf.board.numMoves} - 10 = "
        f"{loss_leaf.board.numMoves - 10}. "
        f"The {game.numMoves} moves made before the search started count too.",
    ])

    p5 = f["p5"]
    p5_cells = empty_cells(p5)
    first_player = NAME[PART_V_EXAMPLE[0][0]]
    isl["part5-scenario"] = "\n".join([
        f"Consider the following scenario, in which player X can only win if player O doesn't play optimally: "
        f"`{xo_call(PART_V_EXAMPLE)}` (here {first_player} moved first; either player may). As above it's player "
        f"X's turn, with cells {cells_text(p5_cells)} empty, and X can lose whatever it does: every one of its "
        f"moves scores -10 by the Part IV rules.",
        "",
        figure("part5-position.svg", "The Part V scenario", "X to move; the small numbers are the empty cells"),
        "",
        f"Now, the above scoring strategy (-10 for opponent win, 10 for player win) would result in player X "
        f"making the move to cell {f['p5_iv_move']} (all scores tie, and ties go to the lowest cell) and player O "
        f"winning in the next round, on cell {cells_text(f['p5_o_wins_at'])}.",
    ])

    p5_v = f["p5_v"]
    pick5 = f["p5_v_move"]
    under = [n for n in move_tree(p5)[1] if n.leaf and first_move(n).cell == pick5]
    x_wins_under = any(n.winner == X for n in under)
    isl["part5-example"] = "\n".join([
        f"For example, in the above scenario the optimal move for player X to take is to cell {pick5}:",
        "",
        figure("part5-tree.svg", "The Part V example's move tree with Part V scores",
               "Win fast, lose slow: each leaf's Part V score; ◀ marks the leaves that set each first move's "
               "final score"),
        "",
        "This is clear when we tabulate the scores because, remember, we're always picking the maximum of the "
        "final score so as to minimize the opponent's score (the opponent wants the most negative score "
        "possible):",
        "",
        score_table(PART_V_EXAMPLE, PART_V),
        "",
        f"Every move but cell {pick5} lets O win with move {10 + min(p5_v[c] for c in p5_cells if c != pick5)} of "
        f"the game; after cell {pick5} O cannot win before move {10 + p5_v[pick5]}"
        + (", and X still wins if O slips." if x_wins_under else "."),
    ])

    gv = f["game_v"]
    isl["part5-handout-example"] = "\n".join([
        f"The example game of Parts I–IV keeps its answer, cell {best_cell(gv)}, with different numbers:",
        "",
        score_table(EXAMPLE_GAME, PART_V),
        "",
        f"On the empty board every first move has the same Part V score, {f['empty_scores'][0]}, so "
        f"`XO().makeOptimalMove()` plays X on cell {f['empty_move']}:",
        "",
        _session([">>> g = XO()", ">>> g.makeOptimalMove()", repr(f["empty_move"]),
                  f">>> {xo_call(EXAMPLE_GAME)}.makeOptimalMove()", repr(best_cell(gv)),
                  f">>> {xo_call(WIN_OR_DRAW)}.makeOptimalMove()", repr(best_cell(f['wd_v'])),
                  f">>> {xo_call(PART_V_EXAMPLE)}.makeOptimalMove()", repr(pick5)]),
    ])
    assert len(set(f["empty_scores"][c] for c in CELLS)) == 1
    isl.update(part6_islands())
    return isl


# ---------------------------------------------------------------- Part VI: the backup and the three judges

CONTRACTS = {
    "codequest": {"module": "xo.codequest", "sample": "2\n00X\nX*0\n**X\n***\n***\n***\n",
                  "bad": "2\n00X\nX*0\n**X\n"},
    "ninja": {"module": "xo.ninja", "sample": "XOX\nOOX\n___\n", "bad": "XOX\nOOX\n_-_\n"},
    "codingame": {"module": "xo.codingame", "sample": "X\nXOX\nOOX\n...\n", "bad": "Z\nXOX\nOOX\n...\n"},
}
"""Each judge's own sample input, as its problem statement gives it (Code Quest's writes O as the digit 0,
and its second board is the empty board), and one bad input: the only hand-chosen data of Part VI.  What
the programs answer is computed by running the reference's command line (``main``) on them."""


def run_contract(name, data):
    """(exit status, standard output, standard error) of ``python -m xo.NAME`` on ``data``, run in-process."""
    import importlib
    import io
    module = importlib.import_module(CONTRACTS[name]["module"])
    out, err = io.StringIO(), io.StringIO()
    status = module.main(io.BytesIO(data.encode("utf-8")), out, err)
    return status, out.getvalue(), err.getvalue()


def _text_block(data):
    return "```text\n" + data.rstrip("\n") + "\n```"


def _sample(name, intro):
    data = CONTRACTS[name]["sample"]
    status, out, err = run_contract(name, data)
    assert status == 0 and err == "", (name, status, err)
    return "\n".join([intro, "", "Input:", "", _text_block(data), "",
                      f"Output of `python -m {CONTRACTS[name]['module']}`:", "", _text_block(out)])


def _state(rows, symbols):
    return [symbols[ch] for row in rows for ch in row]


def part6_islands():
    from xo import codequest, codingame, ninja
    isl = {}
    data = not_minimax()
    x, o = data[X], data[O]
    a = minimax_examples()[0]
    assert a["moves"] == [(X, 0)] and a["to_move"] == O
    a_call = xo_call(a["moves"])
    v_scores = {a["V"][c] for c in empty_cells(a["board"])}
    assert len(v_scores) == 1, "position A: every move ties by the Part V rules"
    drawing = [c for c in empty_cells(a["board"]) if a["minimax"][c] >= 0]
    assert drawing == [a["mm_move"]] and a["minimax"][a["mm_move"]] == 0
    isl["part6-why"] = "\n".join([
        f"On **{x['not_optimal']}** of the {x['positions']:,} reachable positions that are not over (in games X "
        f"started, the empty board included; {o['not_optimal']} of {o['positions']:,} in games O started), the "
        f"Part V rules choose a move that a perfect player would not, and on {x['worse']} of them one with a "
        f"worse outcome against best play: a draw or a win thrown away.",
        "",
        f"The first of them comes right after the first move. X takes cell {a['moves'][0][1]}; below every move "
        f"of O there is a line where O blunders later and X wins with move {10 + v_scores.pop()} of the game, so "
        f"every O move gets the same Part V score and the tie goes to the lowest cell, {a['handout']}, which "
        f"{a['handout_words']} if X plays well. Only cell {a['mm_move']} draws:",
        "",
        _session([f">>> {a_call}.makeOptimalMove()", repr(a["handout"]),
                  f">>> {a_call}.minimaxValues()", repr(XO(*_call_args(a["moves"])).minimaxValues()),
                  f">>> {a_call}.makeMinimaxMove()", repr(a["mm_move"])]),
    ])

    f = facts()
    game = f["game"]
    root, nodes, values, chosen = backed_up(game)
    player = player_to_move(game)
    cells = empty_cells(game)
    best = best_cell(minimax_values(game))
    parents = ["-1" if n.parent is None else str(n.parent.order) for n in nodes]
    table = ["| board | " + " | ".join(str(n.order) for n in nodes) + " |",
             "|---" * (len(nodes) + 1) + "|",
             "| level | " + " | ".join(str(n.depth) for n in nodes) + " |",
             "| parent | " + " | ".join(parents) + " |",
             f"| value for {NAME[player]} | " + " | ".join(str(values[n.order]) for n in nodes) + " |"]
    steps = ["| step | board | its value | handed to board | where | which keeps | value so far |",
             "|---|---|---|---|---|---|---|"]
    so_far = {}
    for k, n in enumerate(reversed(nodes[1:]), 1):
        p = n.parent
        mover = player if p.depth % 2 == 0 else -player
        pick = max if mover == player else min
        v = values[n.order]
        so_far[p.order] = v if p.order not in so_far else pick(so_far[p.order], v)
        steps.append(f"| {k} | {n.order} | {v} | {p.order} | {NAME[mover]} moves | "
                     f"the {'maximum' if pick is max else 'minimum'} | {so_far[p.order]} |")
    assert all(so_far[k] == values[k] for k in so_far), "the replayed walk must end on the reference's values"
    isl["part6-backup"] = "\n".join([
        f"Here is the backup on the example game of Parts I–V ({NAME[player]} to move, cells {cells_text(cells)} "
        f"empty): the tree of Part III's figure, its boards numbered from 0 in the same order. The leaves get "
        f"their values when they are popped; then the values move up, deepest level first, and the root's "
        f"children end up holding the values of the moves:",
        "",
        figure("part6-backup.svg", "The example's move tree with every board's backed-up value",
               f"Backing up, level by level: each board's value for {NAME[player]}, the player to move at the root "
               f"(max where {NAME[player]} moves, min where {NAME[-player]} moves); the arrows show the child each "
               f"board takes its value from"),
        "",
        f"The lists the search keeps, one entry per board in pop order (the root's parent is -1), with each "
        f"value as it is once backed up (the level is only for reading):",
        "",
        *table,
        "",
        "The backup walks the boards from the last down to 1, handing each value to the parent:",
        "",
        *steps,
        "",
        f"So the moves are worth, to {NAME[player]}: "
        + ", ".join(f"{values[c.order]} for cell {c.cell}" for c in root.children)
        + f". `makeMinimaxMove()` plays {best}, the highest (here the move Part V finds too).",
    ])
    assert best == best_cell(handout_scores(game, PART_V))

    ex = minimax_values(game)
    p5_values = minimax_values(f["p5"])
    isl["part6-example"] = "\n".join([
        "For example (the example game of Parts I–IV, then Part V's scenario, where both rules agree):",
        "",
        _session([f">>> g = {xo_call(EXAMPLE_GAME)}", ">>> g.minimaxValues()", repr(ex),
                  ">>> g.makeMinimaxMove()", repr(best),
                  ">>> g.getBoard().numMoves, g.winner()", repr((game.numMoves + 1, winner_of(
                      game.state[:best] + [player] + game.state[best + 1:]))),
                  ">>> g.makeMinimaxMove() is None, g.minimaxValues() == [None] * 9", "(True, True)",
                  f">>> {xo_call(PART_V_EXAMPLE)}.minimaxValues()", repr(p5_values)]),
    ])
    assert best_cell(p5_values) == f["p5_v_move"]

    # Code Quest: explain the sample's first board.
    cq_rows = CONTRACTS["codequest"]["sample"].split("\n")[1:4]
    cq_state = _state(cq_rows, codequest.SYMBOLS)
    cq_values = minimax_values(board_from_state(cq_state, X))
    cq_now = 10 - (9 - cq_state.count(EMPTY) + 1)
    assert cq_now not in cq_values, "the sample's first board has no win at once"
    cq_signs = {c: sign(v) for c, v in enumerate(cq_values) if v is not None}
    cq_best = max(cq_signs.values())
    cq_top = [c for c in cq_signs if cq_signs[c] == cq_best]
    cq_word = {1: "win", 0: "draw", -1: "lose"}[cq_best]
    if len(cq_top) == 1:
        why = (f"only the move to cell {cq_top[0]} {cq_word}s against any defence (its ±1 score is {cq_best}), "
               f"so X plays it")
    else:
        why = (f"the moves to cells {cells_text(cq_top)} {cq_word} against any defence (±1 score {cq_best}), "
               f"and cell {cq_top[0]} comes first in reading order")
    isl["part6-codequest"] = _sample("codequest", "The problem's own sample, O written as the digit 0 (the second "
                                     "board is the empty board):") + "\n\n" + (
        f"On the first board X cannot win at once; {why}. On the empty board every move draws, and the first "
        f"cell takes the tie.")
    assert set(sign(v) for v in minimax_values(BoardXO()) if v is not None) == {0}

    nj_rows = CONTRACTS["ninja"]["sample"].split("\n")[:3]
    nj = ninja.findTheWinner(nj_rows)
    isl["part6-ninja"] = "\n".join([
        f"The statement's example: `findTheWinner({nj_rows!r})` returns `{nj!r}`: X wins at once in row "
        f"{nj[1]}, column {nj[2]} (\"positions {nj[1]}, {nj[2]}\" in the statement).",
        "",
        _sample("ninja", "On the command line:"),
    ])

    cg_rows = CONTRACTS["codingame"]["sample"].split("\n")[1:4]
    cg_out = codingame.solve("X", cg_rows)
    cg_cell = next(c for c in CELLS if cg_rows[c // 3][c % 3] != cg_out[c // 3][c % 3])
    isl["part6-codingame"] = _sample("codingame", "The puzzle's own example:") + "\n\n" + (
        f"X wins at once on cell {cg_cell}, the only winning move.")
    cg_state = _state(cg_rows, codingame.SYMBOLS)
    cg_values = minimax_values(board_from_state(cg_state, X))
    assert [c for c in CELLS if cg_values[c] == max(v for v in cg_values if v is not None)] == [cg_cell]

    bad = []
    for name in CONTRACTS:
        data = CONTRACTS[name]["bad"]
        status, out, err = run_contract(name, data)
        assert status == 2 and out == "" and err.count("\n") == 1, (name, status, out, err)
        assert {"codequest": "the input ends before", "ninja": "is not one of", "codingame": "not X or O"}[name] in err
        printf = data.replace("\n", "\\n")
        bad += [f"$ printf '{printf}' | python -m {CONTRACTS[name]['module']}", err.rstrip("\n"), "$ echo $?",
                str(status)]
    isl["part6-bad-input"] = "\n".join([
        "For example (Code Quest's sample cut short, a character Coding Ninjas does not use, a first line that "
        "names no player), as the reference solution words them:",
        "",
        "```text\n" + "\n".join(bad) + "\n```",
    ])

    calls = [("codequest.solve", (cq_rows,), codequest.solve),
             ("ninja.findTheWinner", (nj_rows,), ninja.findTheWinner),
             ("codingame.solve", ("X", cg_rows), codingame.solve),
             ("codingame.solve", ("X", ["...", "...", "..."]), codingame.solve),
             ("codingame.solve", ("O", ["XXX", "OO.", "..."]), codingame.solve)]
    session = [">>> from xo import codequest, ninja, codingame"]
    for text_, args, function in calls:
        session += [f">>> {text_}({', '.join(repr(arg) for arg in args)})", repr(function(*args))]
    session += [">>> refused(codequest.solve, ['X**', '***', '***'])     # X has moved: O's turn", "True",
                ">>> refused(ninja.findTheWinner, ['OOO', 'XX_', 'X__'])  # the game is over", "True",
                ">>> refused(codingame.solve, 'O', ['...', '...', '...'])  # X moves first", "True",
                ">>> refused(codingame.solve, 'x', ['...', '...', '...'])  # not X or O", "True"]
    isl["part6-contracts-example"] = "\n".join([
        "The functions, on the samples and on two boards that show CodinGame's rules (the centre has the highest "
        "cell value; a board already won comes back unchanged), then four bad inputs (`refused` is the helper of "
        "Part II):",
        "",
        _session(session),
    ])
    return isl


def _call_args(moves):
    return [p for p, _ in moves], [c for _, c in moves], len(moves)


# ---------------------------------------------------------------- the instructors' islands (from the reference)

def instructor_islands():
    isl = {}
    data = not_minimax()
    x, o = data[X], data[O]
    assert (x["not_optimal"], x["worse"]) == (o["not_optimal"], o["worse"])
    lines = [
        f"On **{x['not_optimal']}** of the **{x['positions']:,}** reachable positions that are not over (X moves "
        f"first, the empty board included; **{o['not_optimal']}** of {o['positions']:,} when O moves first) the "
        f"Part V rules choose a move that is not minimax-optimal, and on **{x['worse']}** of them a move with a "
        f"worse outcome against best play:",
        "",
        "| first player | positions not over | not minimax-optimal | worse outcome | "
        + " | ".join(label for _, label in KINDS) + " |",
        "|---" * (4 + len(KINDS)) + "|",
    ]
    for first, d in ((X, x), (O, o)):
        lines.append(f"| {NAME[first]} | {d['positions']} | {d['not_optimal']} | {d['worse']} | "
                     + " | ".join(str(d["kinds"].get(kind, 0)) for kind, _ in KINDS) + " |")
    assert sum(x["kinds"].values()) == x["not_optimal"] and set(x["kinds"]) <= {k for k, _ in KINDS}
    lines += ["", "In the last four columns, the outcome with best play of the minimax move → that of the rules' "
                  "move: a draw thrown away, a win thrown away (to a loss or to a draw), or a win that comes later "
                  "than it could (the only kind that is not a worse outcome)."]
    by_moves = x["by_moves"]
    lines += ["", "By the number of moves already made (X first): "
              + ", ".join(f"{made}: {n}" for made, n in sorted(by_moves.items()))
              + f"; none with {max(by_moves) + 1} or more moves made, where the rules and minimax always agree."]
    isl["not-minimax-counts"] = "\n".join(lines)

    examples = minimax_examples()
    a = examples[0]
    assert a["moves"] == [(X, 0)]
    ml, line = worst_line(a["board"], a["mm_move"])
    line_text = ", ".join(f"{NAME[p]} {c}" for p, c in line)
    out = [figure("not-minimax.svg", "Four positions where the Part V rules and minimax choose differently",
                  "In each empty cell: the Part V score (V) and the minimax value (mm)"), ""]
    for ex in examples:
        label = KIND_WORDS[ex["kind"]]
        out += [f"**{ex['letter']}** ({label}). " + rules_table(ex["moves"]), ""]
    out.append(
        f"Position A is the simplest: after X takes cell 0, the rules have O play {a['handout']} "
        f"({a['handout_words']}); only the centre, {a['mm_move']}, draws. Every O move scores "
        f"{a['V'][a['mm_move']]} because below every one of them there is a line where O blunders and X wins "
        f"with move {ml} of the game; for the centre that line is {line_text}. All tie, and the tie goes to the "
        f"lowest cell.")
    isl["not-minimax-examples"] = "\n".join(out)
    return isl


def sketch_positions():
    """Positions the tests run the instructors' breadth-first minimax sketch on."""
    return [a["moves"] for a in minimax_examples()]


if __name__ == "__main__":
    for name, text_ in {**handout_islands(), **instructor_islands()}.items():
        print(f"---- {name}\n{text_}\n")
