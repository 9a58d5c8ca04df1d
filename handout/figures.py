"""The handout's generated islands: every table, number and figure reference of the handout and the
instructors' notes, computed from the reference.

Nothing here is typed in by hand except which example games the handout uses
(``trees.py``); every board, cell number, score and count is computed with
``xo``, the figures are drawn by ``svg.py``, and the move trees are enumerated
breadth-first with the reference ``Deque`` exactly as Part III asks.

``handout_islands()`` and ``instructor_islands()`` return the Markdown of each
generated island by name (``svg.svg_files()`` gives the figures).
``handout/build.py`` writes them (``make handout``) and checks that they are
current (``python handout/build.py --check``).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
for _path in (TOP, HERE):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from notes import load_config  # noqa: E402
from part6 import part6_islands  # noqa: E402
from svg import board_rows, figure  # noqa: E402
from trees import (EXAMPLE_GAME, KIND_WORDS, KINDS, NAME, PART_V_EXAMPLE, WIN_OR_DRAW, cells_text,  # noqa: E402
                   doctest_block, empty_cells, facts, first_move, minimax_examples, move_tree, not_minimax, words,
                   worst_line, xo_call)

from xo.analysis import board_from_moves, handout_scores, minimax_scores  # noqa: E402
from xo.board import CELLS, O, X  # noqa: E402
from xo.game import PART_IV, PART_V, best_cell, player_to_move  # noqa: E402

# ---------------------------------------------------------------- tables (Markdown), parsed back by tests/test_handout.py

DEEPCOPY_MEASURED = {"deepcopy": 47, "reference": 7, "how": "one CPU, Python 3.11",
                     "by": "`bench/grade.py`, a benchmark of the course's kit that the starter kit does not include"}
"""What ``bench/grade.py`` printed (wall seconds of a whole sandboxed grading): the corpus's ``deepcopy_bfs``
46.8 s and the reference 7.11 s, on 2026-11-23.  Measured figures, quoted by the handout's Part III with where
the benchmark is (``by``): the handout cites only what the starter kit holds, or says where the rest is."""


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


# ---------------------------------------------------------------- the handout's islands

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
    session = [">>> from xo import XO, BoardXO, X, O",
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
        doctest_block(session),
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
        f"breadth-first search in Python, even one that copies every board with `copy.deepcopy`, but that is "
        f"slow. Measured on the course's grader ({DEEPCOPY_MEASURED['how']}, by {DEEPCOPY_MEASURED['by']}), a "
        f"search that deep-copies every child "
        f"took {DEEPCOPY_MEASURED['deepcopy']} s for the whole grading and the model solution, which copies the "
        f"lists by slicing, {DEEPCOPY_MEASURED['reference']} s; a check that searches from the empty board may "
        f"take {load_config()['limits']['slow_timeout']:g} s.",
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
        doctest_block([">>> g = XO()", ">>> g.makeOptimalMove()", repr(f["empty_move"]),
                  f">>> {xo_call(EXAMPLE_GAME)}.makeOptimalMove()", repr(best_cell(gv)),
                  f">>> {xo_call(WIN_OR_DRAW)}.makeOptimalMove()", repr(best_cell(f['wd_v'])),
                  f">>> {xo_call(PART_V_EXAMPLE)}.makeOptimalMove()", repr(pick5)]),
    ])
    assert len(set(f["empty_scores"][c] for c in CELLS)) == 1
    isl.update(part6_islands())
    return isl


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
