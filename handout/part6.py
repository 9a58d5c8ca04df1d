"""Part VI's islands of the handout: the backup of the example game (its figure's lists and steps), the
contracts of makeMinimaxMove() and minimaxValues(), and the three judges' contracts, each sample run
through the reference's own command line (``python -m xo.codequest``, ...), so that what the handout shows
is what the reference prints.
"""

# Imported by figures.py and build.py, which put the kit's top folder and handout/ on sys.path.

from svg import figure
from trees import (EXAMPLE_GAME, NAME, PART_V_EXAMPLE, backed_up, cells_text, doctest_block, empty_cells, facts,
                   minimax_examples, not_minimax, sign, xo_call)

from grader.checks.part6_judges import TIE_BOARD
from xo.analysis import board_from_state, handout_scores
from xo.board import CELLS, EMPTY, BoardXO, O, X
from xo.game import PART_V, XO, best_cell, minimax_values, player_to_move, winner_of
from xo.judge import SAMPLES, answer
from xo import codequest, codingame, ninja
from xo.judge import read_board, values_of

CONTRACTS = {name: {"module": f"xo.{name}", "sample": SAMPLES[name], "bad": bad} for name, bad in (
    ("codequest", "2\n00X\nX*0\n**X\n"), ("ninja", "XOX\nOOX\n_-_\n"), ("codingame", "Z\nXOX\nOOX\n...\n"))}
"""Each judge's own sample input (``xo.judge.SAMPLES``) and one bad input: the only hand-chosen data of
Part VI.  What the programs answer is computed by running the reference's command line (``main``) on them."""

run_contract = answer
"""(exit status, standard output, standard error) of ``python -m xo.NAME`` on a text, run in-process."""


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
        f"{a['handout_words']} if X plays well. Only cell {a['mm_move']} draws (no `>>>` example plays the Part V "
        f"move here: a true minimax `makeOptimalMove()`, which Part V accepts, plays {a['mm_move']}):",
        "",
        doctest_block([f">>> {a_call}.minimaxValues()", repr(XO(*_call_args(a["moves"])).minimaxValues()),
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
        "The lists the search keeps, one entry per board in pop order (the root's parent is -1), with each "
        "value as it is once backed up (the level is only for reading):",
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
        doctest_block([f">>> g = {xo_call(EXAMPLE_GAME)}", ">>> g.minimaxValues()", repr(ex),
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
    now_rows = [row.replace("_", "*") for row in NINJA_TIE]
    now_state = _state(now_rows, codequest.SYMBOLS)
    now_values = minimax_values(board_from_state(now_state, X))
    now_n = 9 - now_state.count(EMPTY)
    now_cell = next(c for c in CELLS if now_values[c] == 10 - (now_n + 1))
    later_cell = next(c for c in CELLS if now_values[c] is not None and sign(now_values[c]) == 1)
    assert later_cell < now_cell and codequest.solve(now_rows)[now_cell // 3][now_cell % 3] == "X"
    isl["part6-codequest"] = _sample("codequest", "The problem's own sample, O written as the digit 0 (the second "
                                     "board is the empty board):") + "\n\n" + (
        f"On the first board X cannot win at once; {why}. On the empty board every move draws, and the first "
        f"cell takes the tie.") + "\n\n" + (
        f"A win at once comes first: `solve({now_rows!r})` returns `{codequest.solve(now_rows)!r}`. X wins at "
        f"once on cell {now_cell}; cell {later_cell} also wins (its ±1 score is 1 too) and comes first in reading "
        f"order, but only later.")
    assert set(sign(v) for v in minimax_values(BoardXO()) if v is not None) == {0}

    nj_rows = CONTRACTS["ninja"]["sample"].split("\n")[:3]
    nj = ninja.findTheWinner(nj_rows)
    tie_rows, tie, now, later, steps = ninja_tie_example()
    isl["part6-ninja"] = "\n".join([
        f"The statement's example: `findTheWinner({nj_rows!r})` returns `{nj!r}`: X wins at once in row "
        f"{nj[1]}, column {nj[2]} (\"positions {nj[1]}, {nj[2]}\" in the statement).",
        "",
        f"Ties are on the ±1 score: `findTheWinner({tie_rows!r})` returns `{tie!r}`. X wins at once with a move "
        f"in row {now[0]}, column {now[1]}, and also wins, {steps} moves later, with a move in row {later[0]}, "
        f"column {later[1]}: both score 1, and row {later[0]} comes first. (A tie on the depth-aware value would give "
        f"`[1, {now[0]}, {now[1]}]`: that is not Coding Ninjas' rule.)",
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
             ("codequest.solve", (now_rows,), codequest.solve),
             ("ninja.findTheWinner", (nj_rows,), ninja.findTheWinner),
             ("codingame.solve", ("X", cg_rows), codingame.solve),
             ("codingame.solve", ("X", ["...", "...", "..."]), codingame.solve),
             ("codingame.solve", ("O", ["XXX", "OO.", "..."]), codingame.solve)]
    session = [">>> from xo import codequest, ninja, codingame"]
    for text_, args, function in calls:
        session += [f">>> {text_}({', '.join(repr(arg) for arg in args)})", repr(function(*args))]
    session += [f">>> ninja.findTheWinner({NINJA_TIE!r})             # ties on the ±1 score",
                repr(ninja.findTheWinner(NINJA_TIE)),
                ">>> refused(codequest.solve, ['X**', '***', '***'])     # X has moved: O's turn", "True",
                ">>> refused(ninja.findTheWinner, ['OOO', 'XX_', 'X__'])  # the game is over", "True",
                ">>> refused(codingame.solve, 'O', ['...', '...', '...'])  # X moves first", "True",
                ">>> refused(codingame.solve, 'x', ['...', '...', '...'])  # not X or O", "True"]
    isl["part6-contracts-example"] = "\n".join([
        "The functions, on the samples, on the board above where Code Quest's win at once comes first, on two "
        "boards that show CodinGame's rules (the centre has the highest cell value; a board already won comes back "
        "unchanged), on the board where Coding Ninjas' ties are on the ±1 score, then four bad inputs (`refused` is "
        "the helper of Part II):",
        "",
        doctest_block(session),
    ])
    return isl


NINJA_TIE = list(TIE_BOARD)
"""A board where Coding Ninjas' ties on the ±1 score and a tie on the depth-aware value part: X wins at once
lower down the board and later higher up (hand-chosen; what the reference answers is computed).  Code Quest's
rule of a win at once first shows on it too (written with `*`); the grader's Part VI samples use it."""


def ninja_tie_example():
    """(rows, findTheWinner's answer, (row, col) of the win at once, (row, col) of the later win, how many moves
    later it comes), the two readings of the tie rule checked to differ."""
    state = read_board(NINJA_TIE, ninja.SYMBOLS)
    values = values_of(state)
    n = 9 - state.count(EMPTY)
    at_once = [c for c in CELLS if values[c] == 10 - (n + 1)]
    later = [c for c in CELLS if values[c] is not None and 0 < values[c] < 10 - (n + 1)]
    answer = ninja.findTheWinner(NINJA_TIE)
    assert at_once and later and answer == [1, later[0] // 3 + 1, later[0] % 3 + 1]
    assert later[0] < at_once[0], "the later win must come first in reading order"
    steps = (10 - values[later[0]]) - (n + 1)
    return (NINJA_TIE, answer, (at_once[0] // 3 + 1, at_once[0] % 3 + 1), (later[0] // 3 + 1, later[0] % 3 + 1),
            steps)


def _call_args(moves):
    return [p for p, _ in moves], [c for _, c in moves], len(moves)
