"""Part VI (optional): minimax, breadth-first, and the three judges' programs.

Graded only when ``[points] VI`` gives the Part points (``grader.points.graded_parts``).  The two methods
are judged on every position not over (``fixtures["part6"]["values"]``); each judge's program is run as
``python -m xo.NAME`` runs it (``probes.run_program``: standard input, output, error and exit status) on
its sample, on positions the reference judged and on bad input, and its function is called on them too.
Nothing here depends on Parts I-V passing: a Part VI check waits only for the Part VI checks it needs.
"""

import re
from dataclasses import dataclass

from ..feedback import PLAYER, code, draw, escape, grid, plain, show
from ..positions import SYMBOLS, fields, played_from
from ..rules import CodeQuest, CodinGame, Ninja, Tally, Values
from . import CITED, Fail, Probe, check, raised_fail
from .trace import SEARCH, breadth_first, covers_tree, uses_deque

EXAMPLES = (("X", "0"), ("X", "203768"), ("O", "16578"))
"""The handout's examples of minimaxValues(), as (who moved first, the cells played)."""
MOVE_SAMPLE = 60                 # positions makeMinimaxMove() is asked to play on, spread through all of them
PROGRAM_SAMPLE = 20              # positions each judge's program is run on one by one (its function: on all)


def valued(entry):
    """A position of ``fixtures["part6"]["values"]`` with its minimax ``values``.

    >>> p = valued("X 0 .,-3,-3,-3,0,-3,-3,-3,-3")
    >>> p["state"], p["to_move"], p["values"][:2]
    ([-1, 0, 0, 0, 0, 0, 0, 0, 0], 1, [None, -3])
    """
    first, history, values = entry.split()
    position = played_from(first, history)
    position["values"] = [None if v == "." else int(v) for v in values.split(",")]
    return position


_PARSED = {}


def parsed(entries, parse):
    """``[parse(entry) for entry in entries]``, worked out once per fixture list: the checks of a grading ask
    for Part VI's 9,039 and 4,520 positions a dozen times (the list is kept, so its ``id`` stays its own).
    The positions are shared: nothing may change them."""
    key = (id(entries), parse)
    if key not in _PARSED:
        _PARSED[key] = (entries, [parse(entry) for entry in entries])
    return _PARSED[key][1]


def every_valued(ctx):
    return parsed(ctx.fixtures["part6"]["values"], valued)


def board(position, note=None):
    note = note or position.get("note")
    return draw(position["state"], to_move=position["to_move"],
                note=note or f"{position['numMoves']} moves made, {PLAYER[position['first']]} moved first")


def best_of(values):
    """The cell makeMinimaxMove() plays: the highest value, the lowest cell among ties (None: game over)."""
    cells = [c for c, v in enumerate(values) if v is not None]
    return max(cells, key=lambda c: (values[c], -c)) if cells else None


def evenly(items, k):
    """``k`` of ``items``, evenly spaced (all of them if fewer)."""
    return items if len(items) <= k else [items[i * len(items) // k] for i in range(k)]


# ---------------------------------------------------------------- the two methods

def minimax_runs(ctx, positions, method, trace=False):
    """Call ``method`` on every position, in as few runs of the child as their trees allow."""
    from ..positions import chunks
    doing = f"{method}()"
    events = []
    for run in chunks(positions):
        events += ctx.run("minimax", SEARCH, {"positions": [fields(p) for p in run], "method": method,
                                              "trace": trace}, doing=doing,
                          board_of=lambda index, run=run: board(run[index]))
    return events


VALUES, CODEQUEST, NINJA, CODINGAME = Values(), CodeQuest(), Ninja(), CodinGame()


def judge_values(positions, events):
    """Fail at the first position whose minimaxValues() differs from the reference's (saying how many do)."""
    wrong = []
    for position, event in zip(positions, events):
        if "raised" in event:
            raise raised_fail("minimaxValues()", event["raised"], board=board(position))
        got = event["values"] if "values" in event else plain(event["value"])
        if got != position["values"] or not event.get("unchanged"):
            wrong.append((position, got, event))
    if not wrong:
        return
    tally = Tally.of(VALUES, [(p, g, bool(e.get("unchanged"))) for p, g, e in wrong], len(positions))
    position, got, event = wrong[0]
    more = (f" ({len(wrong)} of the {len(positions):,} positions of this check differ; this is the first)"
            if len(wrong) > 1 else "")
    if got == position["values"]:
        raise Fail(f"minimaxValues() changed the game's board{more}.", board=board(position),
                   help="Search from a copy of the board: minimaxValues() leaves the game as it was", tally=tally)
    expected, actual = position["values"], got
    table = None
    if type(got) is list and len(got) == 9:
        cells = [c for c in range(9) if expected[c] is not None or got[c] is not None]
        table = grid([["cell", *map(str, cells)], ["expected", *(repr(expected[c]) for c in cells)],
                      ["yours", *(repr(got[c]) for c in cells)]])
    raise Fail(f"minimaxValues() gave the wrong values{more}.", board=board(position), expected=show(expected),
               actual=show(actual), extra=table, help=values_hint(position, got), tally=tally)


def values_hint(position, got):
    """What to look at, from how ``got`` differs from the expected values (a hint, never a certainty)."""
    expected = position["values"]
    if type(got) is not list or len(got) != 9:
        return "Return a list of 9: a value for each empty cell, None for each taken one"
    if any((e is None) != (g is None) for e, g in zip(expected, got)):
        return "Give None exactly for the taken cells, and for every cell once the game is over"
    if all(g is not None and e is not None and g == -e for e, g in zip(expected, got) if e is not None):
        return ("Every value has the wrong sign: values are for the player to move at the root, who is "
                f"{PLAYER[position['to_move']]} here (the opposite of the last mover)")
    if all((g > 0) == (e > 0) and (g < 0) == (e < 0) for e, g in zip(expected, got) if e is not None):
        return ("The outcomes are right but not how soon they come: a win is worth 10 - m and a loss m - 10, m "
                "being every marker on the finished board (numMoves, counted from the start of the game)")
    return ("Back the values up level by level: where the root's player moves keep the maximum of the children, "
            "where the opponent moves the minimum; then compare with the values above")


@dataclass(frozen=True)
class Valued:
    """The observation of ``method`` on Part VI positions: the handout's examples (``which="examples"``), every
    position not over (``"every"``) or a spread of them (``"spread"``)."""
    which: str
    method: str = "minimaxValues"
    groups = ()

    def positions(self, ctx):
        if self.which == "examples":
            found = {(tuple(p["state"]), p["to_move"]): p for p in every_valued(ctx)}
            return [dict(found[(tuple(g["state"]), g["to_move"])], **g) for g in
                    (played_from(first, history) for first, history in EXAMPLES)]
        positions = every_valued(ctx)
        return positions if self.which == "every" else evenly(positions, MOVE_SAMPLE)

    def observe(self, ctx):
        positions = self.positions(ctx)
        return positions, minimax_runs(ctx, positions, self.method)

    def describe(self):
        return f"minimax ({self.method}) on game, deque (Part VI positions: {self.which})"


@check("VI", cites=("Part VI", "return a list of 9: for each empty cell, the value of moving there"),
       observes=Valued("examples"), rules=(VALUES, Valued("examples").positions))
def minimax_values_examples(ctx, observed):
    """minimaxValues() gives the handout's values on its examples (X and O to move, O-first too) and leaves the game unchanged."""
    judge_values(*observed)


@check("VI", depends=["minimax_values_examples"], slow=True,
       cites=("Part VI", "both players then playing their best: the backed-up value above"), observes=Valued("every"),
       rules=(VALUES, Valued("every").positions))
def minimax_values_everywhere(ctx, observed):
    """minimaxValues() is right on every position not over, in games X or O started, whoever is to move (9,039 positions)."""
    judge_values(*observed)


FINISHED = ("won", "full_draw")


@check("VI", cites=("Part VI", "the lowest cell among equal values, on the game's own board"),
       observes=Valued("spread", "makeMinimaxMove"))
def minimax_move(ctx, observed):
    """makeMinimaxMove() makes the move with the highest value (the lowest cell among ties) on the game's board and returns its cell."""
    for position, event in zip(*observed):
        if "raised" in event:
            raise raised_fail("makeMinimaxMove()", event["raised"], board=board(position))
        got = plain(event["value"]) if "value" in event else event["values"]
        cell = best_of(position["values"])
        if type(got) is not int or got != cell:
            raise Fail(f"makeMinimaxMove() returned {show(got)}; the highest value is at cell {cell}.",
                       board=board(position), expected=str(cell), actual=show(got),
                       extra="The values of the moves: " + show(position["values"]),
                       help="Play the cell with the highest value of minimaxValues(), the lowest cell among ties")
        after = {name: plain(value) for name, value in event["after"]["fields"].items()}
        n = position["numMoves"]
        want = fields(position)
        want["state"] = [position["to_move"] if c == cell else v for c, v in enumerate(want["state"])]
        want["moves"] = [cell if k == n else v for k, v in enumerate(want["moves"])]
        want["turn"] = [position["to_move"] if k == n else v for k, v in enumerate(want["turn"])]
        want["numMoves"] = n + 1
        if after != want:
            wrong = [name for name in want if after.get(name) != want[name]]
            raise Fail(f"makeMinimaxMove() returned {cell}, but the game's board after it is not that move made: "
                       f"{', '.join(wrong)} differ.", board=board(position),
                       expected="; ".join(f"{k} = {show(want[k])}" for k in wrong),
                       actual="; ".join(f"{k} = {show(after.get(k))}" for k in wrong),
                       help="Make the move on the game's own board, as makeMove does")


def finished_games(ctx):
    """The fixtures' finished games (a win, a full board), as positions."""
    games = [dict(ctx.fixtures["finished"][name]) for name in FINISHED]
    for game in games:
        game["to_move"], game["first"] = -game["turn"][game["numMoves"] - 1], game["turn"][0]
    return games


def on_finished(method):
    return Probe("minimax", SEARCH, lambda ctx: {"positions": [fields(g) for g in finished_games(ctx)],
                                                 "method": method}, doing=f"{method}()")


@check("VI", cites=("Part VI", "When the game is already over, return `None` and change nothing"),
       observes=(on_finished("minimaxValues"), on_finished("makeMinimaxMove")))
def minimax_finished_game(ctx, *runs):
    """On a finished game, minimaxValues() gives nine Nones and makeMinimaxMove() returns None and changes nothing."""
    for method, events in zip(("minimaxValues", "makeMinimaxMove"), runs):
        for game, event in zip(finished_games(ctx), events):
            drawn = draw(game["state"], note="game over")
            if "raised" in event:
                raise raised_fail(f"{method}() on a finished game", event["raised"], board=drawn)
            got = event["values"] if "values" in event else plain(event["value"])
            want = [None] * 9 if method == "minimaxValues" else None
            if got != want:
                raise Fail(f"{method}() on a finished game returned {show(got)}.", board=drawn, expected=show(want),
                           actual=show(got), help="Check gameOver() first")
            after = event.get("after")
            if after and {k: plain(v) for k, v in after["fields"].items()} != fields(game):
                raise Fail("makeMinimaxMove() on a finished game changed the board.", board=drawn,
                           help="When the game is over, return None before changing anything")


@check("VI", depends=["minimax_values_examples"],
       cites=("Part VI", "the breadth-first tree of Part III with your `Deque`, then the backup"),
       observes=Probe("minimax", SEARCH, lambda ctx: {"positions": [fields(p) for p in ctx.positions("bfs")],
                                                      "method": "minimaxValues", "trace": True},
                      doing="minimaxValues()"))
def minimax_breadth_first(ctx, events):
    """minimaxValues() searches breadth-first with your own Deque, popping the whole move tree, level by level."""
    for position, event in zip(ctx.positions("bfs"), events):
        if "raised" in event:
            raise raised_fail("minimaxValues()", event["raised"], board=board(position))
        for judge in (uses_deque, breadth_first, covers_tree):
            judge(position, event["trace"], "minimaxValues()")


# ---------------------------------------------------------------- the three judges

def need(ctx, module):
    """Fail, naming the file, when the student's ``module``.py was not uploaded."""
    located = ctx.located
    if located is not None and module not in located.files:
        raise Fail(located.missing_message(module), section=None,
                   help=f"Upload `{module}.py` beside `game.py`, `board.py` and `deque.py`")


def run_programs(ctx, module, inputs):
    """Run ``python -m xo.MODULE`` on each text of ``inputs``: one result each (see ``probes.run_program``)."""
    need(ctx, module)
    events = ctx.run("programs", (), {"module": module, "inputs": list(inputs)}, doing=f"python -m xo.{module}")
    results = []
    for event in events:             # every field as the harness sends it, or inert (a forged event's Markdown)
        out, err = ("".join(p for p in event.get(key, ()) if type(p) is str) for key in ("stdout", "stderr"))
        status = event.get("status") if type(event.get("status")) is int else -1
        problem = event.get("raised")
        if isinstance(problem, dict):
            problem = {"type": escape(str(problem.get("type")), 200), "message": escape(str(problem.get("message")),
                                                                                         500)}
        more = event.get("more") if type(event.get("more")) is int else 0
        results.append(Run(status, out, err, problem if isinstance(problem, dict) else None, more))
    return results


def call(ctx, module, function, calls):
    """Call ``function`` of the student's ``module`` with each argument list of ``calls``: one result each."""
    need(ctx, module)
    return ctx.run("calls", (), {"module": module, "function": function, "calls": [list(c) for c in calls]},
                   doing=f"{module}.{function}()")


@dataclass(frozen=True)
class Run:
    """How one run of a program ended: its exit status, standard output and error, the exception that ended
    it (if one did), and how many bytes of output were cut."""
    status: int
    stdout: str
    stderr: str
    raised: dict = None
    more: int = 0


def lines(text):
    """The lines of an output as a judge compares them: trailing spaces and blank lines at the end ignored.

    >>> lines("XO*  \\n***\\n\\n")
    ['XO*', '***']
    """
    found = [line.rstrip() for line in text.splitlines()]
    while found and not found[-1]:
        found.pop()
    return found


def program_fail(module, text, ran, message, expected=None, help=None, board=None, section=CITED):
    """A ``Fail`` showing the input, the output expected (when there is one) and what the program wrote."""
    shown = [f"Input (standard input of `python -m xo.{module}`):\n\n" + code(text.rstrip("\n") or "(nothing)")]
    if expected is not None:
        shown.append("Expected output:\n\n" + code(expected.rstrip("\n")))
    shown.append("Your program's standard output:\n\n" + code(ran.stdout.rstrip("\n") or "(nothing)"))
    if ran.stderr.strip():
        shown.append("Its standard error:\n\n" + code(ran.stderr.rstrip("\n")))
    if ran.more:
        shown.append(f"(and {ran.more:,} more bytes of output, not shown)")
    shown.append(f"Its exit status: {ran.status}")
    return Fail(message, board=board, extra="\n\n".join(shown), help=help, section=section)


def outside(said, lines):
    """The lines the error ``said`` names ("line 7", "lines 1-3"), as it writes them, when none of them is one of
    ``lines``; else ''.

    >>> outside("line 1 '1': not X's turn", (2, 3, 4)), outside("lines 2-4: over", (2, 3, 4))
    ('line 1', '')
    >>> outside("the game is over", (2, 3, 4)), outside("lines 1-2 (board 1): bad", (2, 3, 4))
    ('', '')
    """
    named = list(re.finditer(r"\blines?\s+(\d+)(?:\s*[-–]\s*(\d+))?", said))
    if not named or any(int(m.group(1)) <= n <= int(m.group(2) or m.group(1)) for m in named for n in lines):
        return ""
    return ", ".join(m.group(0) for m in named)


def names_line(said, number, in_range=False):
    """Whether the error ``said`` names input line ``number``: the number itself, or (``in_range``, for a
    whole board) a range of lines holding it ("lines 2-4").

    >>> names_line("line 3: bad", 3), names_line("line 13: bad", 3), names_line("lines 2-4: bad", 3)
    (True, False, False)
    >>> names_line("lines 2-4: bad", 3, in_range=True), names_line("lines 5-7: bad", 3, in_range=True)
    (True, False)
    """
    if re.search(rf"(?<!\d){number}(?!\d)", said):
        return True
    return in_range and any(int(a) <= number <= int(b)
                            for a, b in re.findall(r"(?<!\d)(\d+)\s*[-–]\s*(\d+)(?!\d)", said))


def judge_output(module, text, ran, expected, help=None, board=None):
    """Fail unless the run exited with status 0 having written ``expected`` (as ``lines`` compares it)."""
    if ran.status != 0:
        why = f" with {ran.raised['type']}: {ran.raised['message']}" if ran.raised else ""
        raise program_fail(module, text, ran, f"`python -m xo.{module}` ended with exit status {ran.status}{why}; "
                           f"on good input it should end with 0.", expected, board=board,
                           help="Let main() return 0 (or end normally) once it has written the output")
    if lines(ran.stdout) != lines(expected):
        raise program_fail(module, text, ran, f"`python -m xo.{module}` wrote the wrong output.", expected,
                           board=board, help=help)


SAMPLE_HINTS = {
    "codequest": "Read the number of boards, then three lines per board (O may be written 0, and stays 0); write "
                 "each board after X's move, three lines each",
    "ninja": "Print `score row col` on one line, rows and columns counted from 1",
    "codingame": "Read the player, then the three rows; write the three rows after the move",
}


def sample_check(ctx, module, ran):
    """Judge the program's run on its judge's sample against what the reference writes."""
    sample = ctx.fixtures["part6"]["samples"][module]
    judge_output(module, sample["input"], ran[0], sample["stdout"], help=SAMPLE_HINTS[module])


@dataclass(frozen=True)
class Ran:
    """The observation of the student's program ``module`` run as ``python -m xo.MODULE`` on each text
    ``inputs(ctx)`` gives: one ``Run`` each, in order."""
    module: str
    inputs: object
    groups = ()

    def observe(self, ctx):
        return run_programs(ctx, self.module, self.inputs(ctx))

    def describe(self):
        return f"programs: python -m xo.{self.module}"


@dataclass(frozen=True)
class Called:
    """The observation of the function ``module.function`` called with each argument list ``calls(ctx)``
    gives: ``(calls, results)``."""
    module: str
    function: str
    calls: object
    groups = ()

    def observe(self, ctx):
        calls = self.calls(ctx)
        return calls, call(ctx, self.module, self.function, calls)

    def describe(self):
        return f"calls: {self.module}.{self.function}()"


def sample_input(module):
    return lambda ctx: [ctx.fixtures["part6"]["samples"][module]["input"]]


def from_rows(rows, to_move, note):
    """A position to draw, from a judge's rows (X, O or 0, anything else empty)."""
    state = [{"X": -1, "O": 1, "0": 1}.get(ch, 0) for row in rows for ch in row]
    return {"state": state, "to_move": to_move, "note": note}


def rows_of(state, empty, o="O"):
    """The three rows of ``state`` as a judge writes them: ``X``, ``o`` (O, or Code Quest's ``0``), ``empty``."""
    symbol = {-1: "X", 1: o, 0: empty}
    return ["".join(symbol[v] for v in state[r:r + 3]) for r in (0, 3, 6)]


def contract_positions(ctx):
    """Every X-first position not over, with what each judge's reference plays: ``codequest`` (a cell, or None
    when O is to move), ``ninja`` ([score, row, col] or None), ``codingame`` (a cell)."""
    return parsed(ctx.fixtures["part6"]["contracts"], contracted)


def contracted(entry):
    """A position of ``fixtures["part6"]["contracts"]`` with each judge's answer."""
    history, cq, score, row, col, cg = entry.split()
    position = played_from("X", history)
    position.update(codequest=None if cq == "-" else int(cq), codingame=int(cg),
                    ninja=None if score == "-" else [int(score), int(row), int(col)])
    return position


def played(rows, cell, marker):
    """``rows`` with ``marker`` written on ``cell``."""
    out = [list(r) for r in rows]
    out[cell // 3][cell % 3] = marker
    return ["".join(r) for r in out]


def judge_calls(what, positions, events, inputs, expected, help=None, family=None, answer=None):
    """Fail at the first call whose result is not ``expected`` (saying how many differ in all), with the
    ``grader.rules`` tally of ``family`` over every call that differs, each result read by ``answer(given, got)``
    (the result itself by default)."""
    wrong = []
    for position, event, given, want in zip(positions, events, inputs, expected):
        if "raised" in event:
            raise raised_fail(f"{what}({', '.join(show(a) for a in given)})", event["raised"], board=board(position),
                              help="This board follows the contract: return the answer, raise nothing")
        got = plain(event["value"])
        if not (type(got) is list and got == want and all(type(v) is type(w) for v, w in zip(got, want))):
            wrong.append((position, given, got, want))
    if wrong:
        tally = None
        if family is not None:
            answer = answer or (lambda given, got: got)
            tally = Tally.of(family, [(p, answer(g, got)) for p, g, got, _ in wrong], len(positions), what="boards")
        position, given, got, want = wrong[0]
        more = (f" ({len(wrong):,} of the {len(positions):,} boards of this check differ; this is the first)"
                if len(wrong) > 1 else "")
        raise Fail(f"{what}({', '.join(show(a) for a in given)}) returned {show(got)}{more}.",
                   board=board(position), expected=show(want), actual=show(got), help=help, tally=tally)


def played_cell(rows, got, marker, empty):
    """The one cell ``got`` (three rows) changed from ``empty`` to ``marker`` in ``rows``, or None when it is not
    ``rows`` with exactly that one change.

    >>> played_cell(["*0*", "***", "***"], ["*0*", "*X*", "***"], "X", "*"), played_cell(["***"] * 3, ["***"] * 3, "X", "*")
    (4, None)
    """
    if not (isinstance(got, list) and len(got) == 3 and all(isinstance(r, str) and len(r) == 3 for r in got)):
        return None
    changed = [3 * r + c for r in range(3) for c in range(3) if got[r][c] != rows[r][c]]
    if len(changed) != 1 or rows[changed[0] // 3][changed[0] % 3] != empty or got[changed[0] // 3][changed[0] % 3] != marker:
        return None
    return changed[0]


ENDS = (4, 5)                    # Code Quest's sample cut short: line 5 is missing, line 4 the last one there is

BAD = {
    "codequest": [
        ("2\n00X\nX*0\n**X\n", ENDS, "the input ends before the second board"),
        ("1\nXQX\n***\n***\n", 2, "a character that is not X, O, 0 or *"),
        ("1\n***\n**\n***\n", 3, "a row of two characters"),
        ("two\n***\n***\n***\n", 1, "a first line that is not a whole number"),
        ("1\nX**\n***\n***\n", (2, 3, 4), "X has moved once more than O: it is O's turn"),
        ("1\nOOO\nXX*\nX**\n", (2, 3, 4), "a game that is over (O has three in a row)"),
        ("1\n***\n***\n***\n***\n", 5, "a line after the last board"),
    ],
    "ninja": [
        ("XOX\nOOX\n_-_\n", 3, "a character that is not X, O or _"),
        ("XOX\nOOX\n", (2, 3), "the input ends after two rows"),
        ("XO\nOOX\n___\n", 1, "a row of two characters"),
        ("X__\n___\n___\n", (1, 2, 3), "X has moved once more than O: it is O's turn"),
        ("OOO\nXX_\nX__\n", (1, 2, 3), "a game that is over (O has three in a row)"),
        ("___\n___\n___\n___\n", 4, "a line after the board"),
    ],
    "codingame": [
        ("Z\nXOX\nOOX\n...\n", 1, "a first line that is not X or O"),
        ("X\nXOX\nOOX\n", (3, 4), "the input ends after two rows"),
        ("X\nX.X\nO*O\n...\n", 3, "a character that is not X, O or ."),
        ("O\n...\n...\n...\n", (1, 2, 3, 4), "O to move on the empty board: X moves first"),
        ("X\nXXX\nOO.\n...\n", (1, 2, 3, 4), "X to move after three X and two O, X having three in a row: a won "
                                               "board out of turn"),
        ("X\nXXX\nOO.\nO..\n", (1, 2, 3, 4), "X to move with three in a row already: no game reaches it"),
        ("X\n...\n...\n...\n...\n", 5, "a line after the board"),
    ],
}
"""Bad input for each program, every kind the handout's "Bad input" lists: (the input, the input line at fault,
what is wrong).  The line is a number when one line is at fault, else the numbers of which any may be named
(``WHICH_LINE``): a whole board's lines (CodinGame's player line too, since whose turn it is comes from it), or
the last line there is and the missing one."""

WHICH_LINE = {
    "board": "When it is a whole board (its counts of X and O, a game already over, a board no game reaches), no "
             "one line is at fault: name any of the board's lines (for CodinGame, the player's line too), all of them "
             "(`lines 2-4`), or none, but never a line outside the board",
    "ends": "When the input ends too early, name the line that is missing or the last line there is",
}
"""The handout's words on which line an error names, when no one line is at fault."""

EITHER = {("codingame", "X\nXXX\nOO.\n...\n")}
"""Bad input that is also a board already won or full: written back unchanged (exit status 0) or refused, either
accepted (``WON_OUT_OF_TURN``)."""

WON_OUT_OF_TURN = ("A board that is already won or full and whose counts also say it is not that player's turn "
                   "breaks two rules at once: write it back unchanged, or refuse it as bad input")


def passage(phrase):
    return f"Part VI: “{phrase}”"

BAD_CALLS = {
    "codequest": ("solve", [[["X**", "***", "***"]], [["XQX", "***", "***"]], [["OOO", "XX*", "X**"]]]),
    "ninja": ("findTheWinner", [[["X__", "___", "___"]], [["_-_", "___", "___"]], [["OOO", "XX_", "X__"]]]),
    "codingame": ("solve", [["O", ["...", "...", "..."]], ["x", ["...", "...", "..."]],
                            ["X", ["X.X", "O*O", "..."]]]),
}
"""Bad boards for each function: not X's (or the player's) turn, a wrong character, a game over or a player
that is not X or O."""


def bad_programs(module):
    return Ran(module, lambda ctx: [text for text, _, _ in BAD[module]])


def bad_calls(module):
    function, calls = BAD_CALLS[module]
    return Called(module, function, lambda ctx: calls)


def bad_input_check(module, ran, called):
    """Each bad input: exit status 2, one line on standard error, nothing on standard output, no traceback; the line
    names the input line at fault, or for a whole board any of its lines or none, or for input that ends too early
    the missing line or the last one (``WHICH_LINE``).  A board that is ``EITHER`` may instead be written back
    unchanged.  Each bad board: the function raises ValueError."""
    for (text, line, what), ran in zip(BAD[module], ran):
        said = ran.stderr.strip().splitlines()
        problem, section = None, CITED
        if (module, text) in EITHER and ran.status == 0:
            unchanged = text.split("\n", 1)[1]
            if lines(ran.stdout) != lines(unchanged) or ran.stderr.strip():
                raise program_fail(module, text, ran, f"On a board that breaks two rules at once ({what}), "
                                   f"`python -m xo.{module}` ended with exit status 0 but did not write the board back "
                                   f"unchanged (and nothing on standard error).", unchanged,
                                   help="Write such a board back exactly as it was read, or refuse it as bad input",
                                   section=passage(WON_OUT_OF_TURN))
            continue
        if ran.status != 2:
            problem = f"ended with exit status {ran.status}, not 2"
        elif "Traceback (most recent call last)" in ran.stderr:
            problem = "printed a traceback"
        elif len(said) != 1:
            problem = f"wrote {len(said)} lines on standard error, not one"
        elif ran.stdout.strip():
            problem = "wrote on standard output too"
        elif type(line) is int and not names_line(said[0], line):
            problem = f"did not name input line {line}, the line at fault"
        elif type(line) is tuple and what.startswith("the input ends") and not any(names_line(said[0], n, in_range=True) for n in line):
            problem = f"did not name input line {line[1]}, the missing line, nor {line[0]}, the last line there is"
            section = passage(WHICH_LINE["ends"])
        elif type(line) is tuple and outside(said[0], line):
            problem = (f"named {outside(said[0], line)}, outside the board at fault (input lines {line[0]} to "
                       f"{line[-1]}{' with the player' if line[0] == 1 else ''}: any of them, or none, will do)")
            section = passage(WHICH_LINE["board"])
        if problem:
            raise program_fail(module, text, ran, f"On bad input ({what}), `python -m xo.{module}` {problem}.",
                               help="On bad input write one line on standard error that names the input line (by "
                                    "its number) and the problem, nothing on standard output, and end with exit "
                                    "status 2 (`sys.exit(2)`); catch the ValueError instead of letting it escape",
                               section=section)
    function = BAD_CALLS[module][0]
    for given, event in zip(*called):
        shown = f"{module}.{function}({', '.join(show(a) for a in given)})"
        if "raised" not in event:
            raise Fail(f"{shown} returned {show(plain(event['value']))}; the board breaks the contract, so it should "
                       f"raise ValueError.", help="Raise ValueError (or a subclass of it) naming the problem")
        if not event["raised"].get("value_error"):
            raise raised_fail(shown, event["raised"], help="Raise ValueError (or a subclass of it) for a board that "
                                                          "breaks the contract")


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


@check("VI", cites=("Part VI", "The problem's own sample, O written as the digit 0"),
       observes=(Ran("codequest", sample_input("codequest")), Called("codequest", "solve", codequest_sample_rows)),
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


def codequest_boards(ctx):
    """Every board where X is to move, O written as the digit 0 on every third, and what the reference plays."""
    positions = [p for p in contract_positions(ctx) if p["codequest"] is not None]
    boards = [rows_of(p["state"], "*", "0" if k % 3 == 2 else "O") for k, p in enumerate(positions)]
    return positions, boards, [played(rows, p["codequest"], "X") for rows, p in zip(boards, positions)]


def codequest_input(ctx):
    boards = codequest_boards(ctx)[1]
    return [f"{len(boards)}\n" + "".join(r + "\n" for rows in boards for r in rows)]


@check("VI", depends=["codequest_sample"], slow=True,
       cites=("Part VI", "otherwise the move with the highest ±1 minimax score"),
       observes=(Ran("codequest", codequest_input),
                 Called("codequest", "solve", lambda ctx: [[b] for b in codequest_boards(ctx)[1]])),
       rules=(CODEQUEST, lambda ctx: codequest_boards(ctx)[0]))
def codequest_everywhere(ctx, ran, called):
    """`python -m xo.codequest` and solve() move right on every board where X is to move (2,423 boards, in one input)."""
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
    ``TIE_BOARD`` the best ±1 score, first in reading order (``rules.Ninja``)."""
    sample = ctx.fixtures["part6"]["samples"]["ninja"]
    position = from_rows(sample["input"].split("\n")[:3], -1, "the statement's example")
    position = dict(position, ninja=[int(v) for v in sample["stdout"].split()])
    tie = from_rows(TIE_BOARD, -1, "the handout's board: ties are on the ±1 score")
    return [position, position, dict(tie, ninja=NINJA.expected(tie))]


@check("VI", cites=("Part VI", "returns `[1, 3, 3]`"),
       observes=(Ran("ninja", sample_input("ninja")), Called("ninja", "findTheWinner", ninja_sample_calls)),
       rules=(NINJA, ninja_sample_positions))
def ninja_sample(ctx, ran, called):
    """findTheWinner() and `python -m xo.ninja` give the statement's example: [1, 3, 3], 1-based rows and columns; and findTheWinner() ties on the ±1 score on the handout's board: [1, 2, 3]."""
    sample_check(ctx, "ninja", ran)
    calls, events = called
    positions = ninja_sample_positions(ctx)
    judge_calls("ninja.findTheWinner", positions, events, calls, [p["ninja"] for p in positions], family=NINJA,
                help="Return [score, row, col], rows and columns counted from 1, the best ±1 score (how soon does "
                     "not count), then the minimum row, then the minimum column; take three strings or three lists")


def ninja_positions(ctx):
    return [p for p in contract_positions(ctx) if p["ninja"] is not None]


def ninja_calls(ctx):
    """Every board where X is to move: three strings, or (every other one) three lists of one-character strings."""
    return [[rows_of(p["state"], "_")] if k % 2 == 0 else [[list(r) for r in rows_of(p["state"], "_")]]
            for k, p in enumerate(ninja_positions(ctx))]


def ninja_texts(ctx):
    return ["".join(r + "\n" for r in rows_of(p["state"], "_")) for p in evenly(ninja_positions(ctx), PROGRAM_SAMPLE)]


NINJA_TIES = ("Ties are on the ±1 score alone, as the statement's own solution compares moves: of two moves that "
              "both win, the one with the minimum row (then column) is chosen, even when the other wins sooner")


@check("VI", depends=["ninja_sample"], slow=True, cites=("Part VI", NINJA_TIES),
       observes=(Called("ninja", "findTheWinner", ninja_calls), Ran("ninja", ninja_texts)),
       rules=(NINJA, ninja_positions))
def ninja_everywhere(ctx, called, ran):
    """findTheWinner() is right on every board where X is to move (2,423 boards), and `python -m xo.ninja` on 20 of them."""
    positions = ninja_positions(ctx)
    calls, events = called
    judge_calls("ninja.findTheWinner", positions, events, calls, [p["ninja"] for p in positions], family=NINJA,
                help="The best ±1 minimax score (win 1, draw 0, loss -1: how soon does not count), then the minimum "
                     "row, then the minimum column, both from 1")
    for position, text, run in zip(evenly(positions, PROGRAM_SAMPLE), ninja_texts(ctx), ran):
        judge_output("ninja", text, run, " ".join(str(v) for v in position["ninja"]) + "\n", board=board(position),
                     help="Print `score row col` on one line")


# -- CodinGame

CODINGAME_BOARDS = [["X", ["...", "...", "..."]], ["O", ["XXX", "OO.", "..."]], ["O", ["XOX", "XOO", "OXX"]]]
"""The handout's boards that show CodinGame's own rules: the centre first; a board won or full unchanged."""


def codingame_cell(given, got):
    return played_cell(given[1], got, given[0], ".")


def codingame_sample_positions(ctx):
    """The boards of the puzzle's example and of the handout that are not over (X to move)."""
    rows = ctx.fixtures["part6"]["samples"]["codingame"]["input"].split("\n")
    return [from_rows(rows[1:4], SYMBOLS[rows[0]], "the puzzle's example"),
            from_rows(CODINGAME_BOARDS[0][1], SYMBOLS[CODINGAME_BOARDS[0][0]], "the empty board")]


@check("VI", cites=("Part VI", "A board that is **already won** (by the player who just moved) **or full**"),
       observes=(Ran("codingame", sample_input("codingame")),
                 Called("codingame", "solve", lambda ctx: CODINGAME_BOARDS)),
       rules=(CODINGAME, codingame_sample_positions))
def codingame_sample(ctx, ran, called):
    """`python -m xo.codingame` writes the puzzle's example output; solve() plays the centre on the empty board and gives a won or full board back unchanged."""
    sample_check(ctx, "codingame", ran)
    calls, events = called
    wants = [["...", ".X.", "..."], calls[1][1], calls[2][1]]
    for given, event, want, note in zip(calls, events, wants, ["the empty board", "X has won", "a full board"]):
        judge_calls("codingame.solve", [from_rows(given[1], SYMBOLS[given[0]], note)], [event], [given], [want],
                    help="The centre has the highest cell value; a board already won or full comes back unchanged",
                    **({"family": CODINGAME, "answer": codingame_cell} if note == "the empty board" else {}))


def codingame_calls(ctx):
    return [[PLAYER[p["to_move"]], rows_of(p["state"], ".")] for p in contract_positions(ctx)]


def codingame_texts(ctx):
    given = codingame_calls(ctx)
    return [given[k][0] + "\n" + "".join(r + "\n" for r in given[k][1])
            for k in evenly(list(range(len(given))), PROGRAM_SAMPLE)]


@check("VI", depends=["codingame_sample"], slow=True,
       cites=("Part VI", "Ties go to the cell with the highest value in the grid below"),
       observes=(Called("codingame", "solve", codingame_calls), Ran("codingame", codingame_texts)),
       rules=(CODINGAME, contract_positions))
def codingame_everywhere(ctx, called, ran):
    """solve() is right on every position not over in games X started, X or O to move (4,520 boards), and `python -m xo.codingame` on 20 of them."""
    positions = contract_positions(ctx)
    calls, events = called
    wants = [played(g[1], p["codingame"], g[0]) for g, p in zip(calls, positions)]
    judge_calls("codingame.solve", positions, events, calls, wants, family=CODINGAME, answer=codingame_cell,
                help="Win in the fewest moves, lose in the most (your minimaxValues()), ties to the highest cell value "
                     "of 8 4 7 / 3 9 2 / 6 1 5")
    chosen = evenly(list(range(len(positions))), PROGRAM_SAMPLE)
    for k, text, run in zip(chosen, codingame_texts(ctx), ran):
        judge_output("codingame", text, run, "".join(r + "\n" for r in wants[k]), board=board(positions[k]),
                     help="Write the three lines after the move")


@check("VI", cites=("Part VI", "exit status 2"), observes=(bad_programs("codequest"), bad_calls("codequest")))
def codequest_bad_input(ctx, ran, called):
    """`python -m xo.codequest` refuses bad input (one line on standard error, exit status 2), and solve() raises ValueError."""
    bad_input_check("codequest", ran, called)


@check("VI", cites=("Part VI", "exit status 2"), observes=(bad_programs("ninja"), bad_calls("ninja")))
def ninja_bad_input(ctx, ran, called):
    """`python -m xo.ninja` refuses bad input (one line on standard error, exit status 2), and findTheWinner() raises ValueError."""
    bad_input_check("ninja", ran, called)


@check("VI", cites=("Part VI", "exit status 2"), observes=(bad_programs("codingame"), bad_calls("codingame")))
def codingame_bad_input(ctx, ran, called):
    """`python -m xo.codingame` refuses bad input (one line on standard error, exit status 2), and solve() raises ValueError."""
    bad_input_check("codingame", ran, called)
