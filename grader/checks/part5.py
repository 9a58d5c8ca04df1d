"""Part V: win fast, lose slow.  Every position here is one where the Part V
rules choose a different move from Part IV's."""

from ..feedback import draw, plain, show
from . import Fail, check
from .moves import SEARCH, expand, fields, judge
from .part2 import compare_board


@check("V", depends=["optimal_move_plays"], slow=True)
def empty_board(ctx):
    """On the empty board (the whole game tree, 549,946 boards) makeOptimalMove() plays cell 0."""
    return judge(ctx, ctx.positions("empty_board"))


@check("V", depends=["optimal_move_plays"])
def win_fast(ctx):
    """Among winning moves, makeOptimalMove() prefers the one that wins soonest."""
    return judge(ctx, ctx.positions("win_fast"))


@check("V", depends=["optimal_move_plays"])
def lose_slow(ctx):
    """When every move can lose, makeOptimalMove() prefers the one that loses latest."""
    return judge(ctx, ctx.positions("lose_slow"))


@check("V", depends=["optimal_move_plays"])
def o_to_move(ctx):
    """makeOptimalMove() plays for O when O is to move."""
    return judge(ctx, ctx.positions("o_to_move"))


@check("V", depends=["optimal_move_plays"])
def o_first(ctx):
    """makeOptimalMove() is right in games where O moved first."""
    return judge(ctx, ctx.positions("o_first"))


@check("V", depends=["optimal_move_plays"])
def part5_more_x_positions(ctx):
    """makeOptimalMove() chooses the right move on every position with X to move where the Part V rules differ from Part IV's, and in every O-first game."""
    return judge(ctx, [expand(entry) for entry in ctx.positions("every_part5_x")])


@check("V", depends=["optimal_move_plays"])
def part5_more_o_positions(ctx):
    """makeOptimalMove() chooses the right move on every position with O to move."""
    return judge(ctx, [expand(entry) for entry in ctx.positions("every_part5_o")])


@check("V", depends=["game_imports"])
def finished_game(ctx):
    """On a finished game (a win, a full board) makeOptimalMove() returns None and changes nothing."""
    for name in ("won", "full_draw"):
        position = ctx.fixtures["finished"][name]
        event = ctx.run("optimal_moves", SEARCH, {"positions": [fields(position)]}, doing="makeOptimalMove()")[0]
        drawn = draw(position["state"], note="game over")
        if "raised" in event:
            problem = event["raised"]
            raise Fail(f"makeOptimalMove() on a finished game raised {problem['type']}: {problem['message']}; it "
                       f"should return None.", board=drawn, section=ctx.section,
                       help="Check gameOver() first and return None")
        got = plain(event["value"])
        if got is not None:
            raise Fail("makeOptimalMove() on a finished game should return None.", board=drawn,
                       expected=show(None), actual=show(got), section=ctx.section,
                       help="Check gameOver() first and return None")
        compare_board(ctx, event["after"], position, "After makeOptimalMove() on a finished game",
                      help="Change nothing when the game is over")
