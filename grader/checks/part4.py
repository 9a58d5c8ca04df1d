"""Part IV: scoring moves.  Every position here is one where the Part IV and
Part V rules choose the same move, so a search that is right for Part V passes
Part IV, and one that stopped at Part IV's rules loses only Part V."""

from ..feedback import PLAYER, plain, show
from . import Fail, check
from .moves import board, expand, judge, play
from .part2 import compare_board


@check("IV", depends=["game_imports"],
       cites=("Part IV", "`makeOptimalMove()` makes the move on the game's own board (as `makeMove` would) and returns its cell"))
def optimal_move_plays(ctx):
    """makeOptimalMove() returns a cell (an int) and puts the mover's marker there, on a board with three empty cells."""
    position = ctx.positions("smoke")[0]
    event = play(ctx, [position])[0]
    got = plain(event["value"])
    if type(got) is not int or not 0 <= got <= 8 or position["state"][got] != 0:
        raise Fail("makeOptimalMove() should return the cell it played: an int from 0 to 8, empty before the move.",
                   board=board(position), actual=show(got), section=ctx.section)
    expected = list(position["state"])
    expected[got] = position["to_move"]
    state = event["after"]["fields"]["state"]
    after = None if state.get("missing") else plain(state)
    if after != expected:
        raise Fail(f"makeOptimalMove() returned {got} but did not put {PLAYER[position['to_move']]} there (or changed "
                   f"other cells).", board=board(position), expected=f"state {show(expected)}",
                   actual=f"state {show(after)}", section=ctx.section,
                   help="After choosing, play the move on the game's own board, as makeMove does")



@check("IV", depends=["optimal_move_plays"],
       cites=("Part IV", "`makeOptimalMove()` makes the move on the game's own board (as `makeMove` would)"))
def optimal_move_records(ctx):
    """makeOptimalMove() records its move as makeMove would: the cell in moves, the player in turn, numMoves one more."""
    position = ctx.positions("smoke")[0]
    event = play(ctx, [position])[0]
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


@check("IV", depends=["optimal_move_plays"],
       cites=("Part IV", "find the maximum score in s and make the corresponding move"))
def immediate_win(ctx):
    """makeOptimalMove() completes three in a row when it can."""
    return judge(ctx, ctx.positions("immediate_win"))


@check("IV", depends=["optimal_move_plays"],
       cites=("Part IV", "find the maximum score in s and make the corresponding move"))
def block(ctx):
    """makeOptimalMove() blocks the opponent's two in a row when it cannot win at once."""
    return judge(ctx, ctx.positions("block"))


@check("IV", depends=["optimal_move_plays"],
       cites=("Part IV", "so we would pick move 2, cell 4"))
def handout_part4_example(ctx):
    """The handout's Part IV example (O on 0, 7, 8; X on 2, 3, 6; X to move): makeOptimalMove() plays 4."""
    return judge(ctx, ctx.positions("handout_part4_example"))


@check("IV", depends=["optimal_move_plays"],
       cites=("Part IV", "When several moves share the maximum score, make the one with the lowest cell number"))
def lowest_cell_tie(ctx):
    """When several cells share the highest score, makeOptimalMove() plays the lowest of them."""
    return judge(ctx, ctx.positions("lowest_cell_tie"))


@check("IV", depends=["optimal_move_plays"],
       cites=("Part IV", "find the maximum score in s and make the corresponding move"))
def part4_more_positions(ctx):
    """makeOptimalMove() chooses the right move on every position of an X-first game with X to move where the Part IV and Part V rules agree."""
    return judge(ctx, [expand(entry) for entry in ctx.positions("every_part4")])
