"""Part VI's three judges' programs: running each as ``python -m xo.NAME`` runs it (``probes.run_program``:
standard input, output, error and exit status) and calling its function, and judging what they wrote and
returned against the reference's answers (``rules``' families), on bad input too.  The checks that use them
are ``part6_judges``'s."""

import re
from dataclasses import dataclass

from ..game.positions import contracted, played_from
from ..game.rules import Tally
from ..text.markdown import cited, code, escape
from ..text.values import plain, show
from .framework import CITED, Fail, raised_fail
from .part6 import board, parsed


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


def call(ctx, module, function, calls, engine=False):
    """Call ``function`` of the student's ``module`` with each argument list of ``calls``: one result each (with
    ``engine``, each saying how many times it asked the student's ``XO.minimaxValues()``)."""
    need(ctx, module)
    args = {"module": module, "function": function, "calls": [list(c) for c in calls]}
    return ctx.run("calls", (), {**args, "engine": True} if engine else args, doing=f"{module}.{function}()")


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


NAMED = re.compile(r"\blines?\b\s*(?:no\.|number|#|:)?\s*(-?\d+)(?:\s*(?:-|–|to)\s*(-?\d+))?", re.IGNORECASE)
"""A line named the way the handout shows (``line 3``, ``lines 2-4``): a number after the word ``line``."""


def named_lines(said):
    """The lines the error ``said`` names after the word "line" or "lines": each phrase as written, with the line
    numbers it covers (a backward range, "lines 5-2", covers its two ends only).

    >>> named_lines("lines 2-4 (board 1): X has moved twice; see line 7")
    [('lines 2-4', {2, 3, 4}), ('line 7', {7})]
    >>> named_lines("Line 3, row 3: bad"), named_lines("lines 2--2: bad"), named_lines("row 3: bad")
    ([('Line 3', {3})], [('lines 2--2', {2, -2})], [])
    """
    found = []
    for m in NAMED.finditer(said):
        first = int(m.group(1))
        last = int(m.group(2)) if m.group(2) else first
        found.append((m.group(0), set(range(first, last + 1)) if first <= last else {first, last}))
    return found


def outside(said, lines):
    """The lines the error ``said`` names ("line 7", "lines 1-3") outside ``lines``, as it writes them; else ''.
    The handout: a whole board's error names any of its lines, all of them, or none, "but never a line outside the
    board".

    >>> outside("line 1 '1': not X's turn", (2, 3, 4)), outside("lines 2-4: over", (2, 3, 4))
    ('line 1', '')
    >>> outside("the game is over", (2, 3, 4)), outside("lines 1-2 (board 1): bad", (2, 3, 4))
    ('', 'lines 1-2')
    """
    return ", ".join(phrase for phrase, covered in named_lines(said) if not covered <= set(lines))


def names_line(said, number, in_range=False):
    """Whether the error ``said`` names input line ``number``.  Where it writes the word "line" before a number,
    that number (or range, "lines 5-7") is what it names (the handout: "`line 4: row 3 …` names line 4, not line
    3"); where it never does, the number anywhere in it, or (``in_range``, for a whole board) a range holding it.

    >>> names_line("line 3: bad", 3), names_line("line 13: bad", 3), names_line("lines 2-4: bad", 3)
    (True, False, True)
    >>> names_line("3: bad", 3), names_line("line 4: row 3 bad", 3), names_line("row 3 is bad", 3)
    (True, False, True)
    >>> names_line("2-4: bad", 3), names_line("2-4: bad", 3, in_range=True), names_line("5-7: bad", 3, in_range=True)
    (False, True, False)
    """
    named = named_lines(said)
    if named:
        return any(number in covered for _, covered in named)
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
    engine: bool = False       # count each call's calls of the student's XO.minimaxValues()
    groups = ()

    def observe(self, ctx):
        calls = self.calls(ctx)
        return calls, call(ctx, self.module, self.function, calls, self.engine)

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


_X_TO_MOVE = {}


def x_to_move(ctx):
    """``contract_positions`` where X is to move (Code Quest's and Coding Ninjas' boards), worked out once per list
    (kept with it, so that its ``id`` stays its own)."""
    every = contract_positions(ctx)
    if id(every) not in _X_TO_MOVE:
        _X_TO_MOVE[id(every)] = (every, [p for p in every if p["codequest"] is not None])
    return _X_TO_MOVE[id(every)][1]


def played(rows, cell, marker):
    """``rows`` with ``marker`` written on ``cell``."""
    out = [list(r) for r in rows]
    out[cell // 3][cell % 3] = marker
    return ["".join(r) for r in out]


def judge_calls(what, positions, events, inputs, expected, help=None, family=None, answer=None):
    """Fail at the first call whose result is not ``expected`` (saying how many differ in all), with the
    ``grader.game.rules`` tally of ``family`` over every call that differs, each result read by ``answer(given, got)``
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
        ("", 1, "the input ends before line 1: there is no input at all"),
        ("1\nXQX\n***\n***\n", 2, "a character that is not X, O, 0 or *"),
        ("1\n***\n**\n***\n", 3, "a row of two characters"),
        ("two\n***\n***\n***\n", 1, "a first line that is not a whole number"),
        ("1\nX**\n***\n***\n", (2, 3, 4), "X has moved once more than O: it is O's turn"),
        ("1\nOOO\nXX*\nX**\n", (2, 3, 4), "a game that is over (O has three in a row)"),
        ("1\nX0*\n*X*\n0**\n***\n", 5, "a line after the last board"),
        ("2\nX0*\n*X*\n0**\n*Q*\n***\n***\n", 5, "a character that is not X, O, 0 or *, in the second board"),
        ("3\nX0*\n*X*\n0**\nX*0\n***\n***\nX**\n***\n***\n", (8, 9, 10),
         "in the third board, X has moved once more than O: it is O's turn"),
    ],
    "ninja": [
        ("XOX\nOOX\n_-_\n", 3, "a character that is not X, O or _"),
        ("XOX\nOOX\n", (2, 3), "the input ends after two rows"),
        ("", 1, "the input ends before line 1: there is no input at all"),
        ("XO\nOOX\n___\n", 1, "a row of two characters"),
        ("X__\n___\n___\n", (1, 2, 3), "X has moved once more than O: it is O's turn"),
        ("OOO\nXX_\nX__\n", (1, 2, 3), "a game that is over (O has three in a row)"),
        ("___\n___\n___\n___\n", 4, "a line after the board"),
    ],
    "codingame": [
        ("Z\nXOX\nOOX\n...\n", 1, "a first line that is not X or O"),
        ("X\nXOX\nOOX\n", (3, 4), "the input ends after two rows"),
        ("", 1, "the input ends before line 1: there is no input at all"),
        ("X\nX.X\nO*O\n...\n", 3, "a character that is not X, O or ."),
        ("O\n...\n...\n...\n", (1, 2, 3, 4), "O to move on the empty board: X moves first"),
        ("X\nXXX\nOO.\n...\n", (1, 2, 3, 4), "X to move after three X and two O, X having three in a row: a won "
                                               "board out of turn"),
        ("X\nXXX\nOO.\nO..\n", (1, 2, 3, 4), "X to move with three in a row already: no game reaches it"),
        ("O\nXOX\nXOX\nOOX\n", (1, 2, 3, 4), "O to move on a full board, O having three in a row already: a full "
                                                 "board no game reaches"),
        ("X\n...\n...\n...\n...\n", 5, "a line after the board"),
    ],
}
"""Bad input for each program, every kind the handout's "Bad input" lists: (the input, the input line at fault,
what is wrong).  A board that comes before the fault is never the empty board: a program may solve each board as
it reads it, and the whole game tree three times over was most of a grading's Part VI time (issue 43).  The line
is a number when one line is at fault, else the numbers of which any may be named (``WHICH_LINE``): a whole board's lines (CodinGame's player line too, since whose turn it is comes from it), or
the last line there is and the missing one."""

WHICH_LINE = {
    "board": "When it is a whole board (its counts of X and O, a game already over, a board no game reaches), no "
             "one line is at fault: name any of the board's lines (for CodinGame, the player's line too), all of them "
             "(`lines 2-4`), or none, but never a line outside the board",
    "ends": "When the input ends too early, name the line that is missing or the last line there is",
}
"""The handout's words on which line an error names, when no one line is at fault."""

EITHER = {("codingame", "X\nXXX\nOO.\n...\n"), ("codingame", "O\nXOX\nXOX\nOOX\n"),
          ("codingame", "X\nXXX\nOO.\nO..\n")}
"""Bad input that is also a board already won or full: written back unchanged (exit status 0) or refused, either
accepted (``TWO_RULES``).  One of each kind of whole board the handout names: out of turn, and a player to move
that already has three in a row, which is always a board already won too (a clean room wrote the last one back,
as the handout allows, and lost the check: every board on which the player to move has three in a row is one)."""

TWO_RULES = ("A board that is already won or full and is also bad input as a whole board (below: its counts say it "
             "is not that player's turn, or the player to move already has three in a row) breaks two rules at once: "
             "write it back unchanged, or refuse it as bad input")


def passage(phrase):
    return cited("Part VI", phrase)


ENGINE = "on top of your engine: read the board, build an `XO` game whose board it is, ask your `minimaxValues()`"


def engine_asked(what, events):
    """Fail unless one of the calls ``events`` report asked the student's ``XO.minimaxValues()`` (or
    ``makeMinimaxMove()``): the program is built on the student's engine (the handout, Part VI: ``ENGINE``)."""
    if any(event.get("engine") for event in events):
        return
    asked = [event["engine"] for event in events if "engine" in event]
    reason = ("none of them called `minimaxValues()` (or `makeMinimaxMove()`) of your game.py's `XO`" if asked else
              "your game.py's `XO` has no `minimaxValues()` of its own for them to call")
    raise Fail(f"{what} answered these boards right, but {reason}: the program is not built on your engine.",
               expected="at least one call of your XO's minimaxValues()", actual="none",
               help="Build an XO game whose board it is (XO(play, pos, n)) and ask its minimaxValues(), then apply "
                    "the judge's rule to the values", section=passage(ENGINE))

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
                                   section=passage(TWO_RULES))
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
            if what.startswith("the input ends"):
                problem, section = f"did not name input line {line}, the missing line", passage(WHICH_LINE["ends"])
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
