"""Part II: the ``XO`` class in game.py (its games of random calls: ``part2_sequences``)."""

from ..text.boards import draw
from ..text.markdown import code
from ..text.values import plain, show, type_of
from .framework import Fail, Probe, check, raised_fail
from .scripts import GAME, board_of, call_text, compare_board, ok, script, start

X, O = -1, 1
HANDOUT_PLAY = [X, O, X, O, X, O]
HANDOUT_POS = [2, 0, 3, 7, 6, 8]


@check("II", enforces=("II.b", "files.names", "files.stdlib", "upload.files"),
       cites=("Part II", "keeps track of the state of the game in its attribute `b`"),
       observes=Probe("import", GAME, {"modules": GAME, "construct_xo": True}, doing="Importing game.py"))
def game_imports(ctx, imported):
    """game.py imports, defines the class XO, and XO() makes a game."""
    report = imported[0]
    if not report["game"]["XO"]:
        raise Fail("game.py does not define the class XO.")
    if "raised" in report["XO()"]:
        raise raised_fail("XO()", report["XO()"]["raised"])


@check("II", enforces=("II.b", "II.blank"),
       depends=["game_imports"],
       cites=("Part II", "`XO()`: create a blank game"), observes=script([["new"], ["board"]], "XO()"))
def game_blank(ctx, results):
    """XO() holds an empty BoardXO in its attribute b."""
    compare_board(ctx, ok(ctx, results[1], "reading XO().b")["board"], board_of([]), "XO()",
                  help="__init__ with no arguments sets self.b = BoardXO()")


@check("II", enforces=("II.from-moves",),
       depends=["game_imports"],
       cites=("Part II", "the game is made of the first `n` moves, exactly as `makeMoves` makes them"),
       observes=tuple(script([["new", HANDOUT_PLAY, HANDOUT_POS, n], ["board"]],
                             f"XO({HANDOUT_PLAY!r}, {HANDOUT_POS!r}, {n!r})") for n in (4, 6)))
def game_from_moves(ctx, *scripts):
    """XO(play, pos, n) starts from the first n moves of play and pos."""
    for n, results in zip((4, 6), scripts):
        step = ["new", HANDOUT_PLAY, HANDOUT_POS, n]
        ok(ctx, results[0], call_text(step))
        compare_board(ctx, ok(ctx, results[1], "reading its board")["board"],
                      board_of(list(zip(HANDOUT_PLAY, HANDOUT_POS))[:n]), call_text(step))


UPDATES = [(X, 4), (O, 0), (X, 8), (O, 2)]


@check("II", enforces=("II.make-move", "I.attributes"),
       depends=["game_imports"],
       cites=("Part II", "This needs to update the board's `state`, `moves`, `turn` and `numMoves`"),
       observes=script([["new"]] + [step for player, cell in UPDATES for step in (["makeMove", player, cell], ["board"])],
                       "makeMove"))
def make_move_updates(ctx, results):
    """makeMove(play, pos) places the marker and records the move in moves, turn and numMoves."""
    moves = UPDATES
    for k, (player, cell) in enumerate(moves):
        made = moves[:k + 1]
        ok(ctx, results[1 + 2 * k], f"makeMove({player}, {cell})")
        compare_board(ctx, ok(ctx, results[2 + 2 * k], "reading the board")["board"], board_of(made),
                      f"After the moves {made}",
                      help="makeMove sets state[pos] = play, moves[numMoves] = pos, turn[numMoves] = play, "
                           "then adds 1 to numMoves")


@check("II", enforces=("II.either-first",),
       depends=["game_imports"],
       cites=("Part II", "Either player may move first"),
       observes=script([["new"], ["makeMove", O, 4], ["makeMove", X, 0], ["board"]], "makeMove"))
def o_may_move_first(ctx, results):
    """Either player may move first: on a blank game makeMove(1, 4) puts O in the centre."""
    ok(ctx, results[1], "makeMove(1, 4) on a blank game")
    ok(ctx, results[2], "makeMove(-1, 0) after O's first move")
    compare_board(ctx, ok(ctx, results[3], "reading the board")["board"], board_of([(O, 4), (X, 0)]), "After O at 4, then X at 0")


def rejection_script(moves, bad_calls):
    """The observation of each call in ``bad_calls``, each on a new game of ``moves``, then its board."""
    steps = []
    for call in bad_calls:
        steps += start(moves) if moves else [["new"]]
        steps += [call, ["board"]]
    return script(steps, "makeMove")


def rejects(ctx, results, moves, bad_calls, why, help):
    """Each call in ``bad_calls`` on the game of ``moves`` raised ValueError and changed nothing (``results``:
    what ``rejection_script(moves, bad_calls)`` observed)."""
    before = board_of(moves)
    for k, call in enumerate(bad_calls):
        ok(ctx, results[3 * k], "setting up the game")
        result, board = results[3 * k + 1], results[3 * k + 2]
        text = call_text(call)
        state = draw(before["state"])
        if "raised" not in result:
            raise Fail(f"{text} should raise ValueError ({why}), but it returned normally.", board=state, help=help)
        if not result["raised"]["value_error"]:
            raise Fail(f"{text} raised {result['raised']['type']}: {result['raised']['message']} — "
                       f"it should raise ValueError (or a subclass of it).", board=state,
                       help="raise ValueError(...) naming the problem")
        compare_board(ctx, ok(ctx, board, "reading the board")["board"], before, f"After the rejected {text}",
                      help="Check every rule before changing anything")


@check("II", enforces=("II.refused", "II.refuse-player"),
       depends=["game_imports"],
       cites=("Part II", "`play` is not -1 or 1"),
       observes=rejection_script([(X, 4)], [["makeMove", p, 0] for p in (0, 2, "O", None)]))
def make_move_rejects_player(ctx, results):
    """makeMove raises ValueError and changes nothing when the player is not -1 or 1."""
    # Never True nor 1.0: they equal 1, and the handout accepts either reading of them (refused, or taken as O).
    rejects(ctx, results, [(X, 4)], [["makeMove", p, 0] for p in (0, 2, "O", None)],
            "the player must be -1 (X) or 1 (O)", "check `play in (-1, 1)` before changing anything")


NOT_CELLS = [["makeMove", O, c] for c in (-1, 9, True, False, 1.0, "3", None)] + \
    [["makeMoves", [O], [c], 1] for c in (False, True, 9)]
"""Cells that are not ints from 0 to 8, each given to makeMove and some to makeMoves, after X at 4 (the fourth
clean room: ``pos is True`` refused True and let False play cell 0)."""


@check("II", enforces=("II.refused", "II.refuse-cell"),
       depends=["game_imports"],
       cites=("Part II", "`pos` is not an int from 0 to 8 (`True` and `False` are not cells"),
       observes=rejection_script([(X, 4)], NOT_CELLS))
def make_move_rejects_cell(ctx, results):
    """makeMove and makeMoves raise ValueError and change nothing when a cell is not an int from 0 to 8 (True and False are not cells)."""
    rejects(ctx, results, [(X, 4)], NOT_CELLS,
            "the cell must be an int from 0 to 8, and True and False are not cells",
            "check type(pos) is int (a bool is an int too) and 0 <= pos <= 8; a negative index would silently wrap "
            "around a list")


@check("II", enforces=("II.refused", "II.refuse-taken"),
       depends=["game_imports"],
       cites=("Part II", "the cell is already taken"),
       observes=rejection_script([(X, 4), (O, 0)], [["makeMove", X, 0], ["makeMove", X, 4]]))
def make_move_rejects_taken(ctx, results):
    """makeMove raises ValueError and changes nothing when the cell is taken."""
    rejects(ctx, results, [(X, 4), (O, 0)], [["makeMove", X, 0], ["makeMove", X, 4]],
            "the cell is taken", "check that state[pos] is 0")


@check("II", enforces=("II.refused", "II.refuse-twice"),
       depends=["game_imports"],
       cites=("Part II", "the same player would move twice in a row"),
       observes=rejection_script([(X, 4)], [["makeMove", X, 0]]))
def make_move_rejects_twice(ctx, results):
    """makeMove raises ValueError and changes nothing when the same player would move twice in a row."""
    rejects(ctx, results, [(X, 4)], [["makeMove", X, 0]], "X just moved",
            "the player must differ from turn[numMoves - 1]")


WON = [(X, 0), (O, 3), (X, 1), (O, 4), (X, 2)]


@check("II", enforces=("II.refused", "II.refuse-over"),
       depends=["game_imports"],
       cites=("Part II", "the game is over (someone won, or the board is full)"),
       observes=rejection_script(WON, [["makeMove", O, 5]]))
def make_move_rejects_after_over(ctx, results):
    """makeMove raises ValueError and changes nothing once the game is over (a win or a full board)."""
    rejects(ctx, results, WON, [["makeMove", O, 5]], "X has already won", "check gameOver() first")


@check("II", enforces=("II.make-moves",),
       depends=["game_imports"],
       cites=("Part II", "make the first `n` moves given in the list `pos` for the players given in `play`"),
       observes=script([["new"], ["makeMoves", HANDOUT_PLAY, HANDOUT_POS, 3], ["board"]], "makeMoves"))
def make_moves_first_n(ctx, results):
    """makeMoves(play, pos, n) makes exactly the first n moves, in order."""
    steps = [["new"], ["makeMoves", HANDOUT_PLAY, HANDOUT_POS, 3], ["board"]]
    ok(ctx, results[1], call_text(steps[1]))
    compare_board(ctx, ok(ctx, results[2], "reading the board")["board"], board_of(list(zip(HANDOUT_PLAY, HANDOUT_POS))[:3]), call_text(steps[1]))


ALL_OR_NOTHING = [["new"], ["makeMove", X, 2], ["makeMoves", [O, X, O, X], [4, 0, 8, 4], 4], ["board"]]
"""makeMoves whose fourth move takes a taken cell, after X at 2."""


@check("II", enforces=("II.all-or-nothing",),
       depends=["game_imports"],
       cites=("Part II", "are all or nothing: if any of the `n` moves is illegal, they raise `ValueError`"),
       observes=script(ALL_OR_NOTHING, "makeMoves"))
def make_moves_all_or_nothing(ctx, results):
    """makeMoves is all or nothing: when a later move is illegal it raises ValueError and the board is as before."""
    steps = ALL_OR_NOTHING
    ok(ctx, results[1], "makeMove(-1, 2)")
    text = call_text(steps[2])
    if "raised" not in results[2]:
        raise Fail(f"After makeMove(-1, 2), {text} should raise ValueError (its fourth move takes cell 4 "
                   f"again), but it returned normally.")
    if not results[2]["raised"]["value_error"]:
        raise Fail(f"{text} raised {results[2]['raised']['type']}, not ValueError.")
    compare_board(ctx, ok(ctx, results[3], "reading the board")["board"], board_of([(X, 2)]), f"After the rejected {text}",
                  help="Make the moves on a copy (or check them all first), and keep the result only if every "
                       "move was legal")


@check("II", enforces=("II.all-or-nothing", "II.from-moves"),
       depends=["game_imports"],
       cites=("Part II", "are all or nothing: if any of the `n` moves is illegal, they raise `ValueError`"),
       observes=script([["new", [X, X], [0, 1], 2]], "XO"))
def constructor_rejects_illegal(ctx, results):
    """XO(play, pos, n) raises ValueError when one of the first n moves is illegal."""
    step = ["new", [X, X], [0, 1], 2]
    result = results[0]
    if "raised" not in result or not result["raised"]["value_error"]:
        got = "it returned normally" if "raised" not in result else f"it raised {result['raised']['type']}"
        raise Fail(f"{call_text(step)} (X twice in a row) should raise ValueError, but {got}.", help="XO(play, pos, n) follows the same rules as makeMoves")


@check("II", enforces=("II.get-board",),
       depends=["game_imports"],
       cites=("Part II", "return a copy of the current board"),
       observes=script(start(list(zip(HANDOUT_PLAY, HANDOUT_POS))) + [["getBoard_mutate"]], "getBoard()"))
def get_board_copy(ctx, results):
    """getBoard() returns a copy of the board: equal to it, and changing the copy never changes the game."""
    steps = start(list(zip(HANDOUT_PLAY, HANDOUT_POS))) + [["getBoard_mutate"]]
    ok(ctx, results[0], call_text(steps[0]))
    expected = board_of(list(zip(HANDOUT_PLAY, HANDOUT_POS)))
    copied = ok(ctx, results[1], "getBoard()")
    compare_board(ctx, copied["board"], expected, "getBoard()")
    compare_board(ctx, copied["game"], expected,
                  "The grader wrote 7 in every item of the state, moves and turn lists of the board getBoard() "
                  "returned, and 99 in its numMoves; after that, the game's own board",
                  help="Return a new BoardXO with copies of the lists (state[:], moves[:], turn[:]), "
                       "not self.b itself", drawn=False,
                  note="A 7 or a 99 among the actual values is what the grader wrote in the copy: the game shares "
                       "that list (or that board) with the copy getBoard() returned.")


def outcome_steps(games):
    """Script steps asking gameOver() and winner() of each game in ``games`` (lists of moves)."""
    steps = []
    for moves in games:
        steps += start(moves) + [["gameOver"], ["winner"]]
    return steps


def outcomes(ctx, results, games):
    """gameOver() and winner() of each game in ``games``, as ``script(outcome_steps(games))`` observed them."""
    steps = outcome_steps(games)
    for k, moves in enumerate(games):
        ok(ctx, results[3 * k], call_text(steps[3 * k]))
        over = results[3 * k + 1]
        who = results[3 * k + 2]
        yield moves, ok(ctx, over, "gameOver()"), ok(ctx, who, "winner()")


def judge_outcome(ctx, moves, over, who, want_over, want_winner):
    state = board_of(moves)["state"]
    got_over, got_winner = plain(over["value"]), plain(who["value"])
    if type(got_over) is not bool:
        raise Fail(f"gameOver() returned {type_words(over['value'])}; it should return True or False.",
                   board=draw(state), expected=show(want_over), actual=show(got_over),
                   help="Return a bool: `True` if no more moves can be made, else `False`")
    if got_over != want_over:
        raise Fail("gameOver() is wrong on this board.", board=draw(state), expected=show(want_over),
                   actual=show(got_over),
                   help="Over means three in a row on any of the 8 lines, or no empty cell")
    if type(got_winner) is not int:
        raise Fail(f"winner() returned {type_words(who['value'])}; it should return the int -1, 1 or 0.",
                   board=draw(state), expected=show(want_winner), actual=show(got_winner),
                   help="Return the player's number (X = -1, O = 1), or 0 when nobody has won")
    if got_winner != want_winner:
        raise Fail("winner() is wrong on this board.", board=draw(state), expected=show(want_winner),
                   actual=show(got_winner),
                   help="Check all 8 lines: 3 rows, 3 columns and both diagonals (0-4-8 and 2-4-6)")


def type_words(observation):
    """'a bool', 'a str', 'None', … for an encoded value."""
    kind = type_of(observation)
    return "None" if kind == "NoneType" else f"a {kind}"


def line_games(ctx):
    """The fixtures' games won on each of the 8 lines, by X and by O."""
    return [[tuple(m) for m in entry["moves"]] for entry in ctx.fixtures["line_wins"]]


@check("II", enforces=("II.winner", "II.game-over"),
       depends=["game_imports"],
       cites=("Part II", "return the player that has won the game (-1 or 1), or 0 if no player has won the game"),
       observes=script(lambda ctx: outcome_steps(line_games(ctx)), "gameOver() and winner()"))
def winner_lines(ctx, results):
    """gameOver() is True and winner() names the player for three in a row on each of the 8 lines, for X and for O."""
    players = [entry["player"] for entry in ctx.fixtures["line_wins"]]
    for (moves, over, who), player in zip(outcomes(ctx, results, line_games(ctx)), players):
        judge_outcome(ctx, moves, over, who, True, player)


def full_games(ctx):
    """(cases, games): full boards (a draw, a last-move win) and games still going, each with whether it is
    over and who won, and each as a list of moves."""
    finished = ctx.fixtures["finished"]
    cases = [(finished["full_draw"], True, 0), (finished["full_won"], True, X),
             ({"moves": [], "numMoves": 0, "turn": []}, False, 0),
             ({"moves": HANDOUT_POS, "numMoves": 6, "turn": HANDOUT_PLAY}, False, 0)]
    return cases, [list(zip(c["turn"][:c["numMoves"]], c["moves"][:c["numMoves"]])) for c, _, _ in cases]


@check("II", enforces=("II.winner", "II.game-over"),
       depends=["game_imports"],
       cites=("Part II", "return `True` if no more moves can be made"),
       observes=script(lambda ctx: outcome_steps(full_games(ctx)[1]), "gameOver() and winner()"))
def winner_full_boards(ctx, results):
    """gameOver() and winner() on full boards (a draw and a last-move win) and on games still going."""
    cases, games = full_games(ctx)
    for (moves, over, who), (_, want_over, want_winner) in zip(outcomes(ctx, results, games), cases):
        judge_outcome(ctx, moves, over, who, want_over, want_winner)


@check("II", enforces=("II.show",),
       depends=["game_imports"],
       cites=("Part II", "print the current state (board) to standard output, exactly as `print(board)` does"),
       observes=script(start(list(zip(HANDOUT_PLAY, HANDOUT_POS))) + [["show"]], "show()"))
def show_prints_board(ctx, results):
    """show() prints the board to standard output exactly as print(board) does: str(board), then a newline."""
    steps = start(list(zip(HANDOUT_PLAY, HANDOUT_POS))) + [["show"]]
    ok(ctx, results[0], call_text(steps[0]))
    result = ok(ctx, results[1], "show()")
    printed = result["printed"]
    drawn = result["str"]
    if "raised" in drawn:
        raise raised_fail("str(self.b)", drawn["raised"])
    drawn = plain(drawn["value"])
    if not printed.strip():
        raise Fail("show() printed nothing.", help="print(self.b)")
    if printed != f"{drawn}\n":
        said = ("show() printed the board without the newline print() ends with." if printed == drawn else
                "show() should print str(self.b) (your own str of the board), and nothing else.")
        raise Fail(said,
                   board=draw(board_of(list(zip(HANDOUT_PLAY, HANDOUT_POS)))["state"]),
                   extra="str(self.b):\n\n" + code(drawn) + "\n\nshow() printed:\n\n" + code(printed), help="print(self.b)")


QUIET = start(list(zip(HANDOUT_PLAY, HANDOUT_POS))[:4]) + [
    ["makeMove", *list(zip(HANDOUT_PLAY, HANDOUT_POS))[4]], ["makeMoves", [O], [8], 1], ["getBoard_mutate"],
    ["gameOver"], ["winner"], ["str"], ["makeOptimalMove"]]
"""Every method but show(), on the handout's game: none of them may print."""


@check("II", enforces=("files.no-print",),
       depends=["game_imports"],
       cites=("What you will write", "do not print anything except in `show()`"),
       observes=Probe("xo_script", GAME, {"steps": QUIET}, doing="XO's methods", lenient=True))
def prints_only_in_show(ctx, _):
    """Nothing but show() prints: XO(), makeMove, makeMoves, getBoard, gameOver, winner, str(board) and makeOptimalMove() print nothing."""
    # A call that crashed, hung or ended the process is left to its own check (lenient): here only printing.
    steps = QUIET
    if ctx.printed:
        calls = [f"g = {call_text(steps[0])}"] + [f"g.{call_text(step)}" for step in steps[1:]]
        calls = [{"g.getBoard_mutate()": "g.getBoard()", "g.str()": "str(g.b)"}.get(c, c) for c in calls]
        raise Fail("Your code printed while the grader made these calls, none of them show(); only show() may "
                   "print (what was printed is below).", extra=code("\n".join(calls)), section="What you will write",
                   help="Remove print() calls left from debugging, or print only in show()")


