"""Generate the grader's expected values from the reference (``make fixtures``).

The only module of the grader that imports ``xo``; it is a developer's tool
and is left out of the Gradescope zip.  Positions are chosen deterministically
(sorted, then evenly spaced), so the file changes only when the reference or
this selection changes; ``tests/test_fixtures.py`` proves it is current.
"""

import json
import os

from .. import ROOT
from xo import codequest, codingame, ninja
from xo.analysis import board_from_moves, board_from_state, handout_scores, is_over, minimax_scores, moves_for_state, player_to_move, reachable_positions, tree_size
from xo.board import LINES, O, X
from xo.examples import EXAMPLE_GAME, PART_V_EXAMPLE, WIN_OR_DRAW
from xo.game import PART_IV, PART_V, Rule, XO, best_cell, copy_board, score_moves
from xo.judge import SAMPLES, answer

from ..game.part6_mistakes import choose, zero_written
from ..game.positions import contracted, valued

PATH = os.path.join(ROOT, "fixtures", "positions.json")


def _record(board, *, tree=False):

    to_move = player_to_move(board)
    scores = {"IV": handout_scores(board, PART_IV), "V": handout_scores(board, PART_V),
              "minimax": minimax_scores(board)}
    best = {rule: best_cell(s) for rule, s in scores.items()}
    if board.numMoves:
        other = copy_board(board)
        other.turn[other.numMoves - 1] = to_move
        best["other_player"] = best_cell(handout_scores(other, PART_V))
    record = {"state": list(board.state), "moves": list(board.moves), "turn": list(board.turn),
              "numMoves": board.numMoves, "to_move": to_move,
              "first": board.turn[0] if board.numMoves else to_move,
              "scores": scores, "best": best}
    if tree:
        record["tree"] = list(tree_size(board))
    return record


def _spread(candidates, k):
    """``k`` candidates evenly spaced through the sorted list (all of them if fewer)."""
    candidates = sorted(candidates, key=lambda r: (r["numMoves"], r["state"]))
    if len(candidates) <= k:
        return candidates
    return [candidates[i * len(candidates) // k] for i in range(k)]


def _played_by(record, update, name):
    """The move of a search scoring ``record``'s position by Part V's rules with ``update`` in place of
    Part V's (its initial score kept)."""
    rule = Rule(name, PART_V.initial, update)
    return best_cell(score_moves(board_from_state(list(record["state"]), record["to_move"]), rule))


def _draw_tie_breaker(record):
    """Whether, on this position, a search that scores a draw like a win (10 - moves, a draw taken for a win of
    the player to move) plays another move than the handout's: the draws tie at 0 for the handout, and that
    search prefers the one that comes soonest."""
    return _played_by(record, lambda score, result, m: PART_V.update(score, 1 if result == 0 else result, m),
                      "a draw taken for a win") != record["best"]["V"]


def _loss_hidden_by_a_draw(record):
    """Whether, on this position, a search whose loss rule carries the win rule's guard (a loss lowers a score
    only while it is above 0) plays a move that is neither the handout's nor the minimax one: a draw it meets
    first hides a loss with the ninth marker, which then ties with a true draw."""
    v = record["scores"]["V"]
    if -1 not in v or 0 not in v:         # only a loss with the ninth marker, beside a draw, can be hidden
        return False
    chosen = _played_by(record, lambda score, result, m: PART_V.update(score, result, m)
                        if result >= 0 or score > 0 else score, "a loss guarded by > 0")
    return chosen not in (record["best"]["V"], record["best"]["minimax"])


def _minimax_optimal(record):
    mm = record["scores"]["minimax"]
    top = max(s for s in mm if s is not None)
    return mm[record["best"]["V"]] == top


def _immediate_win(record):
    state, me = record["state"], record["to_move"]
    return _wins_at(state, me)


def _wins_at(state, player):
    return sorted({c for line in LINES for c in line
                   if state[c] == 0 and sum(state[o] == player for o in line if o != c) == 2})


def compact(record):
    """The one-line form of a position record that ``grader.game.positions.expand`` reads back."""
    n = record["numMoves"]
    history = "".join(str(c) for c in record["moves"][:n])
    best = record["best"]
    other = best.get("other_player")
    return " ".join([{X_: "X", O_: "O"}[record["first"]], history, str(best["V"]), str(best["IV"]),
                     str(best["minimax"]), "-" if other is None else str(other)])


X_, O_ = -1, 1


def build():
    """Return the fixtures as a JSON-plain dict."""

    everything = {first: [_record(board_from_state(list(state), to_move))
                          for state, to_move in reachable_positions(first) if any(state)]
                  for first in (X, O)}
    x_first = everything[X]
    x_to_move = [r for r in x_first if r["to_move"] == X]
    same = [r for r in x_to_move if r["best"]["IV"] == r["best"]["V"] and _minimax_optimal(r)]
    differ = [r for r in x_to_move if r["best"]["IV"] != r["best"]["V"] and _minimax_optimal(r)]

    def top_tied(r):
        v = r["scores"]["V"]
        top = max(s for s in v if s is not None)
        return sum(s == top for s in v) >= 2

    handout = board_from_moves(EXAMPLE_GAME)
    wins = [r for r in same if _immediate_win(r) and r["best"]["V"] in _wins_at(r["state"], X)]
    blocks = [r for r in same if not _immediate_win(r) and len(_wins_at(r["state"], O)) == 1
              and r["best"]["V"] in _wins_at(r["state"], O)]
    ties = [r for r in same if top_tied(r)]
    o_to_move = [r for r in x_first if r["to_move"] == O and r["best"]["IV"] != r["best"]["V"] and _minimax_optimal(r)]
    o_first = [r for r in everything[O] if r["best"]["IV"] != r["best"]["V"] and _minimax_optimal(r)]

    def finished(moves):
        board = board_from_moves(moves)
        assert is_over(board.state)
        return {"state": list(board.state), "moves": list(board.moves), "turn": list(board.turn),
                "numMoves": board.numMoves}

    line_wins = []
    for line in LINES:
        for player in (X, O):
            state = [0] * 9
            for c in line:
                state[c] = player
            others = [c for c in range(9) if c not in line]
            for c in others[:2]:
                state[c] = -player
            line_wins.append({"line": list(line), "player": player,
                              "moves": [list(m) for m in moves_for_state(state)]})

    fixtures = {
        "about": "Generated by `python -m grader fixtures` from the reference; do not edit.",
        "lines": [list(line) for line in LINES],
        "positions": {
            # Every position the handout shows makeOptimalMove() on is in a check whose details students see
            # (tests/test_handout.py holds it): Part IV's two examples here, Part V's in lose_slow.
            "handout_part4_example": [_record(handout, tree=True), _record(board_from_moves(WIN_OR_DRAW))],
            "smoke": _spread([r for r in same if r["numMoves"] == 6], 1),
            "immediate_win": _spread(wins, 3),
            "block": _spread(blocks, 3),
            # The last: a tie among draws, which a search scoring a draw like a win breaks otherwise.
            "lowest_cell_tie": _spread(ties, 3) + _spread([r for r in ties if _draw_tie_breaker(r)], 1),
            "empty_board": [_record(board_from_moves([]))],
            "win_fast": _spread([r for r in differ if max(s for s in r["scores"]["V"] if s is not None) > 0], 3),
            # Positions X loses against best play, so that "every move can lose" holds for a perfect opponent too.
            "lose_slow": _spread([r for r in differ if max(s for s in r["scores"]["V"] if s is not None) < 0
                                  and max(s for s in r["scores"]["minimax"] if s is not None) < 0], 3)
                         + [_record(board_from_moves(PART_V_EXAMPLE))]
                         # and a draw preferred to a loss with the ninth marker that a draw met first may hide
                         + _spread([r for r in everything[O] if r["to_move"] == X and _loss_hidden_by_a_draw(r)], 1),
            "o_to_move": _spread(o_to_move, 3),
            "o_first": _spread(o_first, 4),
            # Every position not over but the empty board, once, in the checks of the Part it belongs to:
            # Part IV has X to move in X-first games where the Part IV and V rules agree; Part V the rest.
            "every_part4": [compact(r) for r in x_to_move if r["best"]["IV"] == r["best"]["V"]],
            "every_part5_x": [compact(r) for r in x_to_move if r["best"]["IV"] != r["best"]["V"]]
                             + [compact(r) for r in everything[O] if r["to_move"] == X],
            "every_part5_o": [compact(r) for r in x_first + everything[O] if r["to_move"] == O],
            "bfs": [_record(handout, tree=True)]
                   + [_record(board_from_moves([(X, 4), (O, 0), (X, 8), (O, 2)]), tree=True),
                      _record(board_from_moves([(X, 4), (O, 1)]), tree=True)],
            # Part III's positions are X-first with X to move: whose turn it is in other games is Part V's.
        },
        "line_wins": line_wins,
        "finished": {
            "won": finished([(X, 0), (O, 3), (X, 1), (O, 4), (X, 2)]),
            "full_draw": finished([(X, 0), (O, 1), (X, 2), (O, 4), (X, 3), (O, 5), (X, 7), (O, 6), (X, 8)]),
            "full_won": finished([(X, 0), (O, 1), (X, 2), (O, 4), (X, 3), (O, 5), (X, 7), (O, 8), (X, 6)]),
        },
    }
    fixtures["part6"] = part6()
    return fixtures


def history(board):
    """The cells of ``board``'s moves, in order, as one string of digits ("" for the empty board)."""
    return "".join(str(c) for c in board.moves[:board.numMoves])


def part6():
    """Part VI's expected values, every one computed by the reference.

    ``values``: ``"F HISTORY V,V,…"`` for every position not over (X-first, then O-first games): who moved
    first, the cells played, and ``XO.minimaxValues()`` ("." for None).  ``contracts``: for every X-first
    position not over, ``"HISTORY CQ SCORE ROW COL CG"``: the cell ``codequest.solve`` plays and what
    ``ninja.findTheWinner`` returns (both "-" when O is to move), and the cell ``codingame.solve`` plays.
    ``samples``: each judge's sample input and the reference's exit status, output and error output.
    """

    values, contracts = [], []
    for first in (X_, O_):
        for state, to_move in reachable_positions(first):
            board = board_from_state(list(state), to_move)
            game = XO()
            game.b = board
            found = ",".join("." if v is None else str(v) for v in game.minimaxValues())
            values.append(f"{'X' if first == X_ else 'O'} {history(board) or '-'} {found}")
            if first != X_:
                continue
            rows = ["".join({X_: "X", O_: "O", 0: "?"}[v] for v in state[r:r + 3]) for r in (0, 3, 6)]
            chosen = codingame.solve("X" if to_move == X_ else "O", [r.replace("?", ".") for r in rows])
            cg = next(c for c in range(9) if state[c] == 0 and chosen[c // 3][c % 3] != ".")
            cq, nj = "-", "- - -"
            if to_move == X_:
                after = codequest.solve([r.replace("?", "*") for r in rows])
                cq = str(next(c for c in range(9) if state[c] == 0 and after[c // 3][c % 3] == "X"))
                nj = " ".join(str(v) for v in ninja.findTheWinner([r.replace("?", "_") for r in rows]))
            contracts.append(f"{history(board) or '-'} {cq} {nj} {cg}")
    samples = {}
    for name, data in SAMPLES.items():
        status, out, err = answer(name, data)
        samples[name] = {"input": data, "status": status, "stdout": out, "stderr": err}
    return {"values": values, "contracts": contracts, "samples": samples, "chosen": chosen_positions(values, contracts)}


CHOSEN = {"values": 80, "codequest": 60, "ninja": 60, "codingame": 80}
"""How many positions Part VI's withheld checks judge besides the two where each known mistake answers wrong
(``part6_mistakes.choose``): a spread, for the mistakes no one wrote down."""


def chosen_positions(values, contracts):
    """For each Part VI family (``part6_mistakes.MISTAKES``), the indices of its positions that its withheld check
    judges with ``[grading] part6_positions = "chosen"``: of ``values`` for minimaxValues(), of the contracts with X
    to move for Code Quest and Coding Ninjas, of all the contracts for CodinGame."""
    every = [contracted(entry) for entry in contracts]
    x_moves = [p for p in every if p["codequest"] is not None]
    families = {"values": [valued(entry) for entry in values],
                "codequest": [dict(p, zero=zero_written(k)) for k, p in enumerate(x_moves)],
                "ninja": x_moves, "codingame": every}
    return {family: choose(family, positions, spread=CHOSEN[family]) for family, positions in families.items()}


def dumps(fixtures):
    return json.dumps(fixtures, indent=1, sort_keys=True) + "\n"


def write(path=PATH):
    """Regenerate the fixtures file; return its path."""
    text = dumps(build())
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    return path
