"""The facts the handout's figures and prose are made of, computed from the reference.

The example games (the only hand-chosen data, kept in ``xo.examples`` with the reference, which the
grader's fixtures read too), the move trees enumerated
breadth-first with the reference ``Deque`` exactly as Part III asks, the Part
VI backup, and the counts the prose quotes (``facts``, ``not_minimax``,
``minimax_examples``).  Drawn by ``svg.py``, written into the handout by
``figures.py``.
"""

import functools

from xo.analysis import (board_from_moves, board_from_state, handout_move, handout_scores, minimax_backup,
                         minimax_move, minimax_scores, moves_for_state, reachable_positions, tree_size)
from xo.board import CELLS, EMPTY, BoardXO, O, X
from xo.deque import Deque
from xo.examples import EXAMPLE_GAME, PART_V_EXAMPLE, WIN_OR_DRAW  # noqa: F401 (figures.py, svg.py, part6.py)
from xo.game import PART_IV, PART_V, best_cell, copy_board, minimax_values, player_to_move, winner_of

# Imported by figures.py and build.py, which put the kit's top folder and handout/ on sys.path.



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


def doctest_block(lines):
    """A ``>>>`` session in a fenced block; the blank line before the fence ends doctest's expected output."""
    return "```python\n" + "\n".join(lines) + "\n\n```"
