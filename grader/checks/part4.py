"""Part IV: scoring moves.  Every position here is one where the Part IV and
Part V rules choose the same move, so a search that is right for Part V passes
Part IV, and one that stopped at Part IV's rules loses only Part V."""

from ..text.boards import PLAYER
from ..text.values import plain, show
from .framework import Fail, check
from .moves import EVIDENCE, Played, board, judge, ruled
from .scripts import compare_board

SMOKE = Played("smoke", first=1, after=True)
"""makeOptimalMove() on one board with three empty cells."""


@check("IV", enforces=("IV.makes-move",),
       depends=["game_imports"],
       cites=("Part IV", "`makeOptimalMove()` makes the move on the game's own board (as `makeMove` would) and "
                         "returns its cell"), observes=SMOKE)
def optimal_move_plays(ctx, played):
    """makeOptimalMove() returns a cell (an int) and puts the mover's marker there, on a board with three empty cells."""
    [position], [event] = played
    got = plain(event["value"])
    if type(got) is not int or not 0 <= got <= 8 or position["state"][got] != 0:
        raise Fail("makeOptimalMove() should return the cell it played: an int from 0 to 8, empty before the move.",
                   board=board(position), actual=show(got))
    expected = list(position["state"])
    expected[got] = position["to_move"]
    state = event["after"]["fields"]["state"]
    after = None if state.get("missing") else plain(state)
    if after != expected:
        raise Fail(f"makeOptimalMove() returned {got} but did not put {PLAYER[position['to_move']]} there (or changed "
                   f"other cells).", board=board(position), expected=f"state {show(expected)}",
                   actual=f"state {show(after)}",
                   help="After choosing, play the move on the game's own board, as makeMove does")



@check("IV", enforces=("IV.makes-move",),
       depends=["optimal_move_plays"],
       cites=("Part IV", "`makeOptimalMove()` makes the move on the game's own board (as `makeMove` would)"),
       observes=SMOKE)
def optimal_move_records(ctx, played):
    """makeOptimalMove() records its move as makeMove would: the cell in moves, the player in turn, numMoves one more."""
    [position], [event] = played
    got = plain(event["value"])
    n = position["numMoves"]
    state = list(position["state"])
    state[got] = position["to_move"]
    made = {"state": state, "numMoves": n + 1,
            "moves": position["moves"][:n] + [got] + position["moves"][n + 1:],
            "turn": position["turn"][:n] + [position["to_move"]] + position["turn"][n + 1:]}
    compare_board(ctx, event["after"], made, f"After makeOptimalMove() played {got}",
                  help="Make the move with makeMove (or as it does): the cell goes in moves[numMoves], the player "
                       "in turn[numMoves], then numMoves grows by 1")


@check("IV", enforces=("IV.conditions", "IV.maximum", "upload.fields"),
       depends=["optimal_move_plays"],
       cites=("Part IV", "find the maximum score in s and make the corresponding move"), observes=(Played("immediate_win"), EVIDENCE),
       rules=ruled(Played("immediate_win")))
def immediate_win(ctx, played, evidence):
    """makeOptimalMove() plays the handout's move on boards where the player to move can complete three in a row."""
    return judge(ctx, played, evidence)


@check("IV", enforces=("IV.conditions", "IV.maximum", "upload.fields"),
       depends=["optimal_move_plays"],
       cites=("Part IV", "find the maximum score in s and make the corresponding move"), observes=(Played("block"), EVIDENCE),
       rules=ruled(Played("block")))
def block(ctx, played, evidence):
    """makeOptimalMove() plays the handout's move on boards where the opponent has two in a row and the player to move cannot win at once."""
    return judge(ctx, played, evidence)


@check("IV", enforces=("IV.conditions", "IV.maximum"),
       depends=["optimal_move_plays"],
       cites=("Part IV", "so we would pick move 2, cell 4"), observes=(Played("handout_part4_example"), EVIDENCE),
       rules=ruled(Played("handout_part4_example")))
def handout_part4_example(ctx, played, evidence):
    """The handout's two Part IV examples, X to move: makeOptimalMove() plays 4 in the example game (O on 0, 7, 8; X on 2, 3, 6) and 5 where X can win or draw (O on 0, 1, 6; X on 2, 3, 7)."""
    return judge(ctx, played, evidence)


@check("IV", enforces=("IV.ties",),
       depends=["optimal_move_plays"],
       cites=("Part IV", "When several moves share the maximum score, make the one with the lowest cell number"), observes=(Played("lowest_cell_tie"), EVIDENCE),
       rules=ruled(Played("lowest_cell_tie")))
def lowest_cell_tie(ctx, played, evidence):
    """makeOptimalMove() plays the handout's move, the lowest of the cells that share the highest score, on boards where several do."""
    return judge(ctx, played, evidence)


@check("IV", enforces=("IV.conditions", "IV.maximum", "IV.ties", "upload.fields"),
       depends=["optimal_move_plays"],
       cites=("Part IV", "find the maximum score in s and make the corresponding move"), observes=(Played("every_part4", expanded=True), EVIDENCE),
       rules=ruled(Played("every_part4", expanded=True)))
def part4_more_positions(ctx, played, evidence):
    """makeOptimalMove() chooses the right move on every position of an X-first game with X to move where the Part IV and Part V rules agree."""
    return judge(ctx, played, evidence)
