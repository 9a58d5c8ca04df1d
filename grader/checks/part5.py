"""Part V: win fast, lose slow.  Every position here is one where the Part V
rules choose a different move from Part IV's, but one of ``lose_slow``'s: a draw
and a loss with the ninth marker, which a loss rule guarded like the win rule
(``> 0``) confuses, and Part IV's rules do not."""

from ..game.positions import fields
from ..text.boards import draw
from ..text.values import plain, show
from .framework import CHECKS, Fail, Probe, check
from .moves import EVIDENCE, SEARCH, Played, judge, ruled
from .scripts import compare_board


@check("V", enforces=("V.conditions", "V.highest"),
       depends=["optimal_move_plays"], slow=True,
       cites=("Part V", "On the empty board every first move has the same Part V score"), observes=(Played("empty_board"), EVIDENCE),
       rules=ruled(Played("empty_board")))
def empty_board(ctx, played, evidence):
    """On the empty board (the whole game tree, 549,946 boards) makeOptimalMove() plays cell 0."""
    return judge(ctx, played, evidence)


@check("V", enforces=("V.win", "V.total", "V.start", "V.conditions", "upload.fields"),
       depends=["optimal_move_plays"],
       cites=("Part V", "if the player wins: score = 10 – total number of moves"), observes=(Played("win_fast"), EVIDENCE),
       rules=ruled(Played("win_fast")))
def win_fast(ctx, played, evidence):
    """makeOptimalMove() plays the handout's move on boards with winning moves that win at different depths (the soonest)."""
    return judge(ctx, played, evidence)


@check("V", enforces=("V.lose", "V.total", "V.conditions", "upload.fields"),
       depends=["optimal_move_plays"],
       cites=("Part V", "if the opponent wins: score = total number of moves – 10"), observes=(Played("lose_slow"), EVIDENCE),
       rules=ruled(Played("lose_slow")))
def lose_slow(ctx, played, evidence):
    """makeOptimalMove() plays the handout's move on boards where the moves lose at different depths or draw (a later loss over an earlier one, a draw over any loss, even one with the ninth marker; the handout's Part V example among them: it plays 2)."""
    return judge(ctx, played, evidence)


@check("V", enforces=("III.to-move", "IV.current-player"),
       depends=["optimal_move_plays"],
       cites=("Part IV", "\"The current player\" is always the player to move at the root, whether that is X or O"), observes=(Played("o_to_move"), EVIDENCE),
       rules=ruled(Played("o_to_move")))
def o_to_move(ctx, played, evidence):
    """makeOptimalMove() plays the handout's move on boards where O is to move."""
    return judge(ctx, played, evidence)


@check("V", enforces=("III.o-first", "III.to-move"),
       depends=["optimal_move_plays"],
       cites=("Part III", "Never assume X moved first: games that O started are graded too"), observes=(Played("o_first"), EVIDENCE),
       rules=ruled(Played("o_first")))
def o_first(ctx, played, evidence):
    """makeOptimalMove() plays the handout's move in games that O moved first."""
    return judge(ctx, played, evidence)


@check("V", enforces=("V.win", "V.lose", "V.total", "V.start", "V.conditions", "V.highest", "upload.fields"),
       depends=["optimal_move_plays"],
       cites=("Part V", "As in Part IV, make the move with the highest score, the lowest cell among ties"), observes=(Played("every_part5_x", expanded=True), EVIDENCE),
       rules=ruled(Played("every_part5_x", expanded=True)))
def part5_more_x_positions(ctx, played, evidence):
    """makeOptimalMove() chooses the right move on every position with X to move where the Part V rules differ from Part IV's, and in every O-first game."""
    return judge(ctx, played, evidence)


@check("V", enforces=("V.win", "V.lose", "V.total", "V.start", "V.conditions", "V.highest", "IV.current-player",
                       "III.o-first", "upload.fields"),
       depends=["optimal_move_plays"],
       cites=("Part V", "As in Part IV, make the move with the highest score, the lowest cell among ties"), observes=(Played("every_part5_o", expanded=True), EVIDENCE),
       rules=ruled(Played("every_part5_o", expanded=True)))
def part5_more_o_positions(ctx, played, evidence):
    """makeOptimalMove() chooses the right move on every position with O to move."""
    return judge(ctx, played, evidence)


FINISHED = ("won", "full_draw")
"""The fixtures' finished games: a win, and a full board."""


@check("V", enforces=("IV.over",),
       depends=["game_imports"],
       cites=("Part IV", "When the game is already over it returns `None` and changes nothing"),
       observes=tuple(Probe("optimal_moves", SEARCH, lambda ctx, name=name: {"positions": [
           fields(ctx.fixtures["finished"][name])]}, doing="makeOptimalMove()") for name in FINISHED))
def finished_game(ctx, *runs):
    """On a finished game (a win, a full board) makeOptimalMove() returns None and changes nothing."""
    for name, events in zip(FINISHED, runs):
        position = ctx.fixtures["finished"][name]
        event = events[0]
        drawn = draw(position["state"], note="game over" if name == "won" else "game over: the board is full")
        over = ("Check gameOver() first and return None" if name == "won" else
                "Check gameOver() first and return None: a full board is over too, so gameOver() must say True "
                f"there (check {CHECKS['winner_full_boards'].number} asks it)")
        if "raised" in event:
            problem = event["raised"]
            raise Fail(f"makeOptimalMove() on a finished game raised {problem['type']}: {problem['message']}; it "
                       f"should return None.", board=drawn, help=over)
        got = plain(event["value"])
        if got is not None:
            raise Fail("makeOptimalMove() on a finished game should return None.", board=drawn,
                       expected=show(None), actual=show(got), help=over)
        compare_board(ctx, event["after"], position, "After makeOptimalMove() on a finished game",
                      help="Change nothing when the game is over")
