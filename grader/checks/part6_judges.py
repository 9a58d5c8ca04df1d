"""Part VI (optional): the checks of the three judges' programs, Code Quest, Coding Ninjas and CodinGame, each
run on its sample, on positions the reference judged and on bad input (``programs`` runs and judges them).
Registered after ``part6``'s minimax checks, in grading order."""

from ..game.part6_mistakes import zero_written
from ..game.positions import SYMBOLS
from ..game.rules import Tally
from ..text.boards import PLAYER
from ..text.markdown import code
from .framework import Fail, check
from .part6 import CODEQUEST, CODINGAME, NINJA, PROGRAM_SAMPLE, board, evenly, judged
from .programs import (Called, Ran, bad_calls, bad_input_check, bad_programs, contract_positions, engine_asked,
                       from_rows, judge_calls, judge_output, lines, played, played_cell, rows_of, sample_check,
                       sample_input, x_to_move)

TIE_BOARD = ("XOX", "OX_", "_O_")
"""The handout's board where the judges' rules part (Coding Ninjas' rows, `_` empty): X wins at once on cell 6
and also, later, on cell 5, which comes first in reading order.  Code Quest plays 6 (a win at once comes
first), Coding Ninjas 5 (ties on the ±1 score: `[1, 2, 3]`), as the handout shows (handout/part6.py)."""

# -- Code Quest

CODEQUEST_TIE = [row.replace("_", "*") for row in TIE_BOARD]


def codequest_sample_rows(ctx):
    """solve()'s calls: the sample's first board, and the handout's board where a win at once comes first."""
    return [[ctx.fixtures["part6"]["samples"]["codequest"]["input"].split("\n")[1:4]], [CODEQUEST_TIE]]


def codequest_sample_positions(ctx):
    """The boards of the problem's own sample, as the program reads them (X to move), then ``CODEQUEST_TIE``."""
    rows = ctx.fixtures["part6"]["samples"]["codequest"]["input"].split("\n")[1:]
    return [from_rows(rows[k:k + 3], -1, "the problem's sample") for k in range(0, len(rows) - 2, 3)] + [
        from_rows(CODEQUEST_TIE, -1, "the handout's board: a win at once comes first")]


def codequest_cell(given, got):
    return played_cell(given[0], got, "X", "*")


@check("VI", enforces=("CQ.input", "CQ.zero", "CQ.move", "CQ.output", "CQ.function", "VI.engine", "VI.imports",
                       "VI.main"),
       cites=("Part VI", "The problem's own sample, O written as the digit 0"),
       observes=(Ran("codequest", sample_input("codequest")), Called("codequest", "solve", codequest_sample_rows, engine=True)),
       rules=(CODEQUEST, codequest_sample_positions))
def codequest_sample(ctx, ran, called):
    """`python -m xo.codequest` writes the problem's own sample output (O written as 0); solve() gives its first board, and plays a win at once first on the handout's board."""
    sample_check(ctx, "codequest", ran)
    calls, events = called
    want = lines(ctx.fixtures["part6"]["samples"]["codequest"]["stdout"])[:3]
    tie = from_rows(CODEQUEST_TIE, -1, "the handout's board: a win at once comes first")
    judge_calls("codequest.solve", [from_rows(calls[0][0], -1, "the problem's sample"), tie], events, calls,
                [want, played(CODEQUEST_TIE, CODEQUEST.expected(tie), "X")],
                help="Return the three rows after X's move: a move that wins at once comes first, then the highest "
                     "±1 score, the first cell in reading order among ties", family=CODEQUEST, answer=codequest_cell)
    engine_asked("codequest.solve()", events)


def codequest_boards(ctx):
    """The boards judged where X is to move (``judged``), O written as the digit 0 on every third board of them all
    (``part6_mistakes.zero_written``), and what the reference plays."""
    every = x_to_move(ctx)
    index = {id(p): k for k, p in enumerate(every)}
    positions = judged(ctx, "codequest", every)
    boards = [rows_of(p["state"], "*", "0" if zero_written(index[id(p)]) else "O") for p in positions]
    return positions, boards, [played(rows, p["codequest"], "X") for rows, p in zip(boards, positions)]


def codequest_input(ctx):
    boards = codequest_boards(ctx)[1]
    return [f"{len(boards)}\n" + "".join(r + "\n" for rows in boards for r in rows)]


@check("VI", enforces=("CQ.move", "CQ.output", "CQ.function", "CQ.zero"),
       depends=["codequest_sample"], slow=True,
       cites=("Part VI", "otherwise the move with the highest ±1 minimax score"),
       observes=(Ran("codequest", codequest_input),
                 Called("codequest", "solve", lambda ctx: [[b] for b in codequest_boards(ctx)[1]])),
       rules=(CODEQUEST, lambda ctx: codequest_boards(ctx)[0]))
def codequest_everywhere(ctx, ran, called):
    """`python -m xo.codequest` and solve() move right on boards of every kind where X is to move (all in one input), O written as 0 on some."""
    positions, boards, wants = codequest_boards(ctx)
    ran, text = ran[0], codequest_input(ctx)[0]
    if ran.status != 0:
        judge_output("codequest", text[:200] + "…", ran, "")
    got = lines(ran.stdout)
    for k, (position, want) in enumerate(zip(positions, wants)):
        mine = got[3 * k:3 * k + 3]
        if mine != want:
            differ = [(p, played_cell(b, got[3 * j:3 * j + 3], "X", "*"))
                      for j, (p, b, w) in enumerate(zip(positions, boards, wants)) if got[3 * j:3 * j + 3] != w]
            wrong = len(differ)
            raise Fail(f"For board {k + 1} of the {len(boards):,} in the input, `python -m xo.codequest` wrote the "
                       f"wrong board ({wrong:,} of the {len(boards):,} differ; this is the first).",
                       board=board(position), expected="\n\n" + code("\n".join(boards[k])) + "\nbecomes\n\n"
                       + code("\n".join(want)), actual="\n\n" + code("\n".join(mine) or "(nothing)"),
                       help=codequest_hint(position, want, mine),
                       tally=Tally.of(CODEQUEST, differ, len(boards), what="boards"))
    calls, events = called
    judge_calls("codequest.solve", positions, events, calls, wants, help="Return the three rows after X's move",
                family=CODEQUEST, answer=codequest_cell)


def codequest_hint(position, want, mine):
    if len(mine) == 3 and sum(a != b for r, s in zip(mine, want) for a, b in zip(r, s)) == 2:
        return ("A move that wins at once comes first, then the highest ±1 score (the sign of the value), the first "
                "cell in reading order among ties")
    return "Write each board after X's move, three lines each, every other character as it was read"


# -- Coding Ninjas

def ninja_sample_calls(ctx):
    """findTheWinner()'s calls: the statement's example as three strings and as three lists, then the handout's
    board where ties are on the ±1 score (``TIE_BOARD``)."""
    rows = ctx.fixtures["part6"]["samples"]["ninja"]["input"].split("\n")[:3]
    return [[rows], [[list(r) for r in rows]], [list(TIE_BOARD)]]


def ninja_sample_positions(ctx):
    """The positions of ``ninja_sample_calls``, each with its answer (``ninja``): the statement's, and on
    ``TIE_BOARD`` the best ±1 score, first in reading order (``families.Ninja``)."""
    sample = ctx.fixtures["part6"]["samples"]["ninja"]
    position = from_rows(sample["input"].split("\n")[:3], -1, "the statement's example")
    position = dict(position, ninja=[int(v) for v in sample["stdout"].split()])
    tie = from_rows(TIE_BOARD, -1, "the handout's board: ties are on the ±1 score")
    return [position, position, dict(tie, ninja=NINJA.expected(tie))]


@check("VI", enforces=("NJ.function", "NJ.one-based", "NJ.ties", "NJ.command-line", "VI.engine", "VI.imports",
                       "VI.main"),
       cites=("Part VI", "returns `[1, 3, 3]`"),
       observes=(Ran("ninja", sample_input("ninja")), Called("ninja", "findTheWinner", ninja_sample_calls, engine=True)),
       rules=(NINJA, ninja_sample_positions))
def ninja_sample(ctx, ran, called):
    """findTheWinner() and `python -m xo.ninja` give the statement's example: [1, 3, 3], 1-based rows and columns; and findTheWinner() ties on the ±1 score on the handout's board: [1, 2, 3]."""
    sample_check(ctx, "ninja", ran)
    calls, events = called
    positions = ninja_sample_positions(ctx)
    judge_calls("ninja.findTheWinner", positions, events, calls, [p["ninja"] for p in positions], family=NINJA,
                help="Return [score, row, col], rows and columns counted from 1, the best ±1 score (how soon does "
                     "not count), then the minimum row, then the minimum column; take three strings or three lists")
    engine_asked("ninja.findTheWinner()", events)


def ninja_positions(ctx):
    return judged(ctx, "ninja", x_to_move(ctx))


def ninja_calls(ctx):
    """The boards judged where X is to move: three strings, or (every other one) three lists of one-character strings."""
    return [[rows_of(p["state"], "_")] if k % 2 == 0 else [[list(r) for r in rows_of(p["state"], "_")]]
            for k, p in enumerate(ninja_positions(ctx))]


def ninja_texts(ctx):
    return ["".join(r + "\n" for r in rows_of(p["state"], "_")) for p in evenly(ninja_positions(ctx), PROGRAM_SAMPLE)]


NINJA_TIES = ("Ties are on the ±1 score alone, as the statement's own solution compares moves: of two moves that "
              "both win, the one with the minimum row (then column) is chosen, even when the other wins sooner")


@check("VI", enforces=("NJ.function", "NJ.one-based", "NJ.ties"),
       depends=["ninja_sample"], slow=True, cites=("Part VI", NINJA_TIES),
       observes=(Called("ninja", "findTheWinner", ninja_calls), Ran("ninja", ninja_texts)),
       rules=(NINJA, ninja_positions))
def ninja_everywhere(ctx, called, ran):
    """findTheWinner() is right on boards of every kind where X is to move, and `python -m xo.ninja` on some of them."""
    positions = ninja_positions(ctx)
    calls, events = called
    judge_calls("ninja.findTheWinner", positions, events, calls, [p["ninja"] for p in positions], family=NINJA,
                help="The best ±1 minimax score (win 1, draw 0, loss -1: how soon does not count), then the minimum "
                     "row, then the minimum column, both from 1")
    for position, text, run in zip(evenly(positions, PROGRAM_SAMPLE), ninja_texts(ctx), ran):
        judge_output("ninja", text, run, " ".join(str(v) for v in position["ninja"]) + "\n", board=board(position),
                     help="Print `score row col` on one line")


# -- CodinGame

CODINGAME_BOARDS = [["X", ["...", "...", "..."]], ["O", ["XXX", "OO.", "..."]], ["X", ["OOO", "XX.", "X.."]],
                    ["O", ["XOX", "XOO", "OXX"]]]
"""The boards that show CodinGame's own rules: the centre first; a board won (by X, by O) or full unchanged (the
fourth clean room: a solve() that raised on a board O had won passed every check)."""


def codingame_cell(given, got):
    return played_cell(given[1], got, given[0], ".")


def codingame_sample_positions(ctx):
    """The boards of the puzzle's example and of the handout that are not over (X to move)."""
    rows = ctx.fixtures["part6"]["samples"]["codingame"]["input"].split("\n")
    return [from_rows(rows[1:4], SYMBOLS[rows[0]], "the puzzle's example"),
            from_rows(CODINGAME_BOARDS[0][1], SYMBOLS[CODINGAME_BOARDS[0][0]], "the empty board")]


@check("VI", enforces=("CG.input", "CG.move", "CG.written-back", "CG.output", "CG.function", "VI.engine",
                       "VI.imports", "VI.main"),
       cites=("Part VI", "A board that is **already won** (by the player who just moved) **or full**"),
       observes=(Ran("codingame", sample_input("codingame")),
                 Called("codingame", "solve", lambda ctx: CODINGAME_BOARDS, engine=True)),
       rules=(CODINGAME, codingame_sample_positions))
def codingame_sample(ctx, ran, called):
    """`python -m xo.codingame` writes the puzzle's example output; solve() plays the centre on the empty board and gives a board won (by X or by O) or full back unchanged."""
    sample_check(ctx, "codingame", ran)
    calls, events = called
    wants = [["...", ".X.", "..."], calls[1][1], calls[2][1], calls[3][1]]
    for given, event, want, note in zip(calls, events, wants, ["the empty board", "X has won", "O has won",
                                                               "a full board"]):
        judge_calls("codingame.solve", [from_rows(given[1], SYMBOLS[given[0]], note)], [event], [given], [want],
                    help="The centre has the highest cell value; a board already won or full comes back unchanged",
                    **({"family": CODINGAME, "answer": codingame_cell} if note == "the empty board" else {}))
    engine_asked("codingame.solve()", events)


def codingame_positions(ctx):
    return judged(ctx, "codingame", contract_positions(ctx))


def codingame_calls(ctx):
    return [[PLAYER[p["to_move"]], rows_of(p["state"], ".")] for p in codingame_positions(ctx)]


def codingame_texts(ctx):
    given = codingame_calls(ctx)
    return [given[k][0] + "\n" + "".join(r + "\n" for r in given[k][1])
            for k in evenly(list(range(len(given))), PROGRAM_SAMPLE)]


@check("VI", enforces=("CG.move", "CG.function"),
       depends=["codingame_sample"], slow=True,
       cites=("Part VI", "Ties go to the cell with the highest value in the grid below"),
       observes=(Called("codingame", "solve", codingame_calls), Ran("codingame", codingame_texts)),
       rules=(CODINGAME, codingame_positions))
def codingame_everywhere(ctx, called, ran):
    """solve() is right on positions of every kind not over in games X started, X or O to move, and `python -m xo.codingame` on some of them."""
    positions = codingame_positions(ctx)
    calls, events = called
    wants = [played(g[1], p["codingame"], g[0]) for g, p in zip(calls, positions)]
    judge_calls("codingame.solve", positions, events, calls, wants, family=CODINGAME, answer=codingame_cell,
                help="Win in the fewest moves, lose in the most (your minimaxValues()), ties to the highest cell value "
                     "of 8 4 7 / 3 9 2 / 6 1 5")
    chosen = evenly(list(range(len(positions))), PROGRAM_SAMPLE)
    for k, text, run in zip(chosen, codingame_texts(ctx), ran):
        judge_output("codingame", text, run, "".join(r + "\n" for r in wants[k]), board=board(positions[k]),
                     help="Write the three lines after the move")


@check("VI", enforces=("BAD.refused", "BAD.command-line", "BAD.which-line", "BAD.functions"),
       depends=["codequest_sample"],     # a program that refuses good input too has not read the judge's input
       cites=("Part VI", "exit status 2"), observes=(bad_programs("codequest"), bad_calls("codequest")))
def codequest_bad_input(ctx, ran, called):
    """`python -m xo.codequest` refuses bad input (one line on standard error, exit status 2), and solve() raises ValueError."""
    bad_input_check("codequest", ran, called)


@check("VI", enforces=("BAD.refused", "BAD.command-line", "BAD.which-line", "BAD.functions"),
       depends=["ninja_sample"],     # a program that refuses good input too has not read the judge's input
       cites=("Part VI", "exit status 2"), observes=(bad_programs("ninja"), bad_calls("ninja")))
def ninja_bad_input(ctx, ran, called):
    """`python -m xo.ninja` refuses bad input (one line on standard error, exit status 2), and findTheWinner() raises ValueError."""
    bad_input_check("ninja", ran, called)


@check("VI", enforces=("BAD.refused", "BAD.command-line", "BAD.which-line", "BAD.functions", "CG.two-rules",
                       "CG.player-line"),
       depends=["codingame_sample"],     # a program that refuses good input too has not read the judge's input
       cites=("Part VI", "exit status 2"), observes=(bad_programs("codingame"), bad_calls("codingame")))
def codingame_bad_input(ctx, ran, called):
    """`python -m xo.codingame` refuses bad input (one line on standard error, exit status 2), and solve() raises ValueError."""
    bad_input_check("codingame", ran, called)
