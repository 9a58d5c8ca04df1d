"""Judging the moves ``makeOptimalMove()`` chooses (Parts IV and V)."""

from ..feedback import PLAYER, draw, plain, scores_table, show
from . import Fail, raised_fail

SEARCH = ["game", "deque"]


def fields(position):
    return {k: position[k] for k in ("state", "moves", "turn", "numMoves")}


def board(position):
    return draw(position["state"], to_move=position["to_move"],
                note=f"{position['numMoves']} moves made, {PLAYER[position['first']]} moved first")


def minimax_best(position):
    values = position["scores"]["minimax"]
    top = max(v for v in values if v is not None)
    return {c for c, v in enumerate(values) if v == top}


def accepted(position, strict):
    """The moves accepted on ``position``: the handout's, and the minimax move where the handout's is not optimal."""
    moves = {position["best"]["V"]}
    if not strict and position["best"]["V"] not in minimax_best(position):
        moves.add(position["best"]["minimax"])
    return moves


def play(ctx, positions):
    """Run makeOptimalMove() on every position in one sandboxed process; return one event each."""
    events = ctx.run("optimal_moves", SEARCH, {"positions": [fields(p) for p in positions]},
                     doing="makeOptimalMove()", boards=[board(p) for p in positions])
    for position, event in zip(positions, events):
        if "raised" in event:
            raise raised_fail("makeOptimalMove()", event["raised"], board=board(position), section=ctx.section)
    return events


def diagnose(position, got):
    """Why ``got`` may have been chosen instead of the expected move, in plain words."""
    best, v = position["best"], position["scores"]["V"]
    top = max(s for s in v if s is not None)
    if got == best["IV"]:
        return ("That is the move the Part IV rules choose. Part V starts every score at 1, raises it to 10 - m for "
                "a win (if still positive), and lowers it to m - 10 for a loss, m being the total number of moves")
    if v[got] == top and got > best["V"]:
        return "That move ties for the highest score, but ties go to the lowest cell index"
    if got == best.get("other_player"):
        other = PLAYER[-position["to_move"]]
        return (f"That is the best move for {other}. The player to move is the opposite of the last mover, "
                f"-turn[numMoves - 1] (X on an empty board)")
    return "Compute each empty cell's score by hand from the table below, then compare with your search's"


def judge(ctx, positions, *, strict=None):
    """Fail at the first position where makeOptimalMove() returns a move not accepted; return a note."""
    strict = ctx.strict if strict is None else strict
    events = play(ctx, positions)
    minimax_used = 0
    for position, event in zip(positions, events):
        got = plain(event["value"])
        ok = accepted(position, strict)
        if type(got) is int and got in ok:
            minimax_used += got != position["best"]["V"]
            continue
        expected = " or ".join(str(c) for c in sorted(ok))
        if got is None:
            raise Fail("makeOptimalMove() returned None, but this game is not over.", board=board(position),
                       expected=expected, actual=show(got), section=ctx.section)
        if type(got) is not int or not 0 <= got <= 8 or position["state"][got] != 0:
            raise Fail("makeOptimalMove() did not return an empty cell (an int from 0 to 8).", board=board(position),
                       expected=expected, actual=show(got), section=ctx.section)
        why = "the highest Part V score, lowest cell on ties"
        if len(ok) > 1:
            why += f"; {position['best']['minimax']} is the minimax move, also accepted"
        raise Fail(f"makeOptimalMove() chose cell {got}; the handout's rules choose {position['best']['V']}.",
                   board=board(position), expected=f"{expected} ({why})", actual=str(got),
                   extra=scores_table(position, got), help=diagnose(position, got), section=ctx.section)
    if minimax_used:
        return (f"On {minimax_used} of these positions you played the depth-aware minimax move instead of the "
                f"handout's Part V move; both are accepted.")
    return None
