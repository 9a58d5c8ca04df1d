"""What the three judges' wrappers share (Part VI): reading boards, refusing bad input, the command line.

``codequest``, ``ninja`` and ``codingame`` each wrap ``XO.minimaxValues()``
for one judge's contract.  This module reads a board written as three rows of
three characters, checks that it is the right player's turn, hands the
position to the engine, and runs a wrapper as a command line: bad input is one
line on standard error and exit status 2, never a traceback.

Bad input raises ``InputError``, a ``ValueError`` whose message names the
problem and repeats the offending input; the command line prints the same
words after the number of the input line.

>>> state = read_board(["XO*", "*X*", "**O"], {"X": X, "O": O, "*": EMPTY})
>>> state
[-1, 1, 0, 0, -1, 0, 0, 0, 1]
>>> read_board(["XO*", "*Q*", "**O"], {"X": X, "O": O, "*": EMPTY})
Traceback (most recent call last):
...
xo.judge.InputError: row 2 '*Q*': 'Q' is not one of X O *
"""

import sys

from .board import CELLS, EMPTY, LINES, O, X
from .game import XO

NAMES = {X: "X", O: "O"}

SAMPLES = {
    "codequest": "2\n00X\nX*0\n**X\n***\n***\n***\n",
    "ninja": "XOX\nOOX\n___\n",
    "codingame": "X\nXOX\nOOX\n...\n",
}
"""Each judge's own sample input, as its problem statement gives it (Code Quest's writes O as the digit 0,
and its second board is the empty board).  What the programs answer is what ``answer`` computes."""


def answer(name, data):
    """Return ``(exit status, standard output, standard error)`` of ``python -m xo.NAME`` on the text
    ``data``, run in this process.

    >>> answer("ninja", SAMPLES["ninja"])
    (0, '1 3 3\\n', '')
    """
    import importlib
    import io
    module = importlib.import_module(f"{__package__}.{name}")
    out, err = io.StringIO(), io.StringIO()
    status = module.main(io.BytesIO(data.encode("utf-8")), out, err)
    return status, out.getvalue(), err.getvalue()


class InputError(ValueError):
    """Raised for input the contract never sends; the message names the problem and repeats the input.

    ``row`` is the 0-based row of the board the problem is in, ``None`` when it
    is about the whole board (the command line turns it into input line numbers).

    >>> error = InputError("row 1 'XQ*': 'Q' is not one of X O *", row=0)
    >>> isinstance(error, ValueError), error.row
    (True, 0)
    """

    def __init__(self, message, row=None):
        super().__init__(message)
        self.row = row


def row_text(row):
    """Return a row as the text it stands for: a string as it is, a list of characters joined.

    >>> row_text("X_O"), row_text(["X", "_", "O"])
    ('X_O', 'X_O')
    >>> row_text(["X", 1, "O"])
    "['X', 1, 'O']"
    """
    if isinstance(row, str):
        return row
    if isinstance(row, (list, tuple)) and all(isinstance(c, str) and len(c) == 1 for c in row):
        return "".join(row)
    return repr(row)


def read_board(rows, symbols):
    """Return the 9 cell values (``X``, ``O``, ``EMPTY``) of three rows of three characters.

    ``symbols`` maps each allowed character to its cell value.  A row may be
    a string or a list of one-character strings.  Raise ``InputError`` for
    anything else: not three rows, a row not three characters long, a
    character not in ``symbols``.

    >>> read_board(["X..", "...", "..O"], {"X": X, "O": O, ".": EMPTY})
    [-1, 0, 0, 0, 0, 0, 0, 0, 1]
    >>> read_board(["X..", "...."], {"X": X, "O": O, ".": EMPTY})
    Traceback (most recent call last):
    ...
    xo.judge.InputError: 2 rows ['X..', '....'], expected 3
    """
    if isinstance(rows, str) or not isinstance(rows, (list, tuple)):
        raise InputError(f"the board must be a list of 3 rows, not {rows!r}")
    if len(rows) != 3:
        raise InputError(f"{len(rows)} rows {[row_text(r) for r in rows]!r}, expected 3")
    allowed = " ".join(symbols)
    state = []
    for r, row in enumerate(rows):
        text = row_text(row)
        if not isinstance(row, str) and text == repr(row):
            raise InputError(f"row {r + 1} {text}: not a string nor a list of characters", row=r)
        if len(text) != 3:
            raise InputError(f"row {r + 1} {text!r}: {len(text)} characters, expected 3", row=r)
        for ch in text:
            if ch not in symbols:
                raise InputError(f"row {r + 1} {text!r}: {ch!r} is not one of {allowed}", row=r)
            state.append(symbols[ch])
    return state


def board_text(rows):
    """Return the three rows on one line, ``/`` between them, for messages.

    >>> board_text(["XO*", "***", "***"])
    "'XO*/***/***'"
    """
    return repr("/".join(row_text(r) for r in rows))


def lines_of(state):
    """Return the set of players with three in a row.

    >>> sorted(lines_of([X, X, X, O, O, 0, 0, 0, 0])), lines_of([0] * 9)
    ([-1], set())
    """
    return {state[a] for a, b, c in LINES if state[a] != EMPTY and state[a] == state[b] == state[c]}


def check_turn(state, rows, player):
    """Raise ``InputError`` unless the counts of X and O say it is ``player``'s turn, X having moved first.

    X moves when the counts are equal, O when X has one more.

    >>> check_turn([X, O, 0, 0, 0, 0, 0, 0, 0], ["XO*", "***", "***"], X)
    >>> check_turn([X, 0, 0, 0, 0, 0, 0, 0, 0], ["X**", "***", "***"], X)
    Traceback (most recent call last):
    ...
    xo.judge.InputError: board 'X**/***/***': 1 X and 0 O, so it is not X's turn (X moves when the counts are equal, X having played first)
    """
    xs, os_ = state.count(X), state.count(O)
    if player == X and xs != os_:
        raise InputError(f"board {board_text(rows)}: {xs} X and {os_} O, so it is not X's turn "
                         f"(X moves when the counts are equal, X having played first)")
    if player == O and xs != os_ + 1:
        raise InputError(f"board {board_text(rows)}: {xs} X and {os_} O, so it is not O's turn "
                         f"(O moves when X has one more, X having played first)")


def check_reachable(state, rows, player):
    """Raise ``InputError`` when ``player``, whose turn it is, already has three in a row.

    Only the player who moved last can have made a line; a board where the
    player to move has one (or where both have) is reached by no game.

    >>> check_reachable([X, X, X, O, O, 0, O, 0, 0], ["XXX", "OO*", "O**"], X)
    Traceback (most recent call last):
    ...
    xo.judge.InputError: board 'XXX/OO*/O**': X has three in a row, yet it is X's turn: no game reaches this board
    """
    if player in lines_of(state):
        raise InputError(f"board {board_text(rows)}: {NAMES[player]} has three in a row, yet it is "
                         f"{NAMES[player]}'s turn: no game reaches this board")


def check_not_over(state, rows, player):
    """Raise ``InputError`` when the game is over, so that ``player`` has no move.

    >>> check_not_over([O, O, O, X, X, 0, X, 0, 0], ["OOO", "XX*", "X**"], X)
    Traceback (most recent call last):
    ...
    xo.judge.InputError: board 'OOO/XX*/X**': the game is over (O has three in a row): X has no move
    """
    won = lines_of(state)
    if won:
        raise InputError(f"board {board_text(rows)}: the game is over "
                         f"({NAMES[won.pop()]} has three in a row): {NAMES[player]} has no move")
    if EMPTY not in state:
        raise InputError(f"board {board_text(rows)}: the game is over (the board is full): "
                         f"{NAMES[player]} has no move")


def game_of(state):
    """Return an ``XO`` game whose board is ``state``, X having moved first.

    ``state`` must have no three in a row, so that any alternation of the X
    and O cells is a legal game.

    >>> game_of([X, O, 0, 0, X, 0, 0, 0, 0]).b.moves[:3]
    [0, 1, 4]
    """
    xs = [c for c in CELLS if state[c] == X]
    os_ = [c for c in CELLS if state[c] == O]
    play, pos = [], []
    for k in range(len(xs) + len(os_)):
        play.append(X if k % 2 == 0 else O)
        pos.append(xs[k // 2] if k % 2 == 0 else os_[k // 2])
    return XO(play, pos, len(pos))


def values_of(state):
    """Return each move's depth-aware minimax value for the player to move (``XO.minimaxValues()``).

    >>> values_of([X, 0, 0, 0, 0, 0, 0, 0, 0])
    [None, -3, -3, -3, 0, -3, -3, -3, -3]
    """
    return game_of(state).minimaxValues()


def sign(value):
    """Return the ±1 minimax score (win 1, draw 0, loss -1) of a depth-aware value.

    >>> sign(7), sign(0), sign(-3)
    (1, 0, -1)
    """
    return (value > 0) - (value < 0)


def read_lines(stream):
    """Return the lines of a binary stream as text, line ends and trailing blanks removed.

    Trailing blank lines are dropped.  Raise ``InputError``, its message
    beginning with the line number, for a line that is not UTF-8.

    >>> import io
    >>> read_lines(io.BytesIO(b"2\\r\\nX*O  \\n\\n"))
    ['2', 'X*O']
    >>> read_lines(io.BytesIO(b"2\\n\\xff*O\\n"))
    Traceback (most recent call last):
    ...
    xo.judge.InputError: line 2: b'\\xff*O': not UTF-8 text
    """
    lines = []
    for number, raw in enumerate(stream.read().split(b"\n"), 1):
        try:
            lines.append(raw.decode("utf-8").rstrip(" \t\r"))
        except UnicodeDecodeError:
            shown = raw.rstrip(b" \t\r")
            raise InputError(f"line {number}: {shown!r}: not UTF-8 text") from None
    while lines and not lines[-1]:
        lines.pop()
    return lines


def at(line, error, last=None, label=""):
    """Return ``InputError`` with ``error``'s message after the input line(s) it is about.

    ``line`` is the 1-based input line of the board's first row; ``last`` the
    last line of the board, for a problem with the whole board (``error.row``
    is None); ``label`` follows the line numbers.

    >>> at(2, InputError("row 2 'X*Q': bad", row=1))
    InputError("line 3: row 2 'X*Q': bad")
    >>> at(2, InputError("board 'XXX/O**/***': bad"), last=4, label=" (board 1)")
    InputError("lines 2-4 (board 1): board 'XXX/O**/***': bad")
    """
    if error.row is not None:
        return InputError(f"line {line + error.row}{label}: {error}")
    if last is not None and last != line:
        return InputError(f"lines {line}-{last}{label}: {error}")
    return InputError(f"line {line}{label}: {error}")


def run(prog, body, stdin=None, stdout=None, stderr=None):
    """Run ``body(lines)`` as the command ``prog``; return the exit status.

    ``body`` gets the input lines (``read_lines``) and returns the output
    text, which goes to standard output: status 0.  An ``InputError`` (its
    message beginning with the input line it is about) goes to standard
    error, on one line after ``prog``: status 2, and nothing on standard output.

    >>> import io
    >>> def body(lines):
    ...     if lines[0] != "ok":
    ...         raise InputError(f"line 1 {lines[0]!r}: not ok")
    ...     return "fine\\n"
    >>> run("demo", body, io.BytesIO(b"ok\\n"), sys.stdout, sys.stdout)
    fine
    0
    >>> run("demo", body, io.BytesIO(b"nope\\n"), sys.stdout, sys.stdout)
    demo: line 1 'nope': not ok
    2
    """
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    try:
        text = body(read_lines(stdin))
    except InputError as error:
        stderr.write(f"{prog}: {' '.join(str(error).split())}\n")
        stderr.flush()
        return 2
    stdout.write(text)
    stdout.flush()
    return 0


def need(lines, index, what):
    """Return ``lines[index]``, or raise ``InputError`` naming the missing line when the input ends first.

    >>> need(["2"], 0, "the number of boards")
    '2'
    >>> need(["2"], 1, "row 1 of board 1")
    Traceback (most recent call last):
    ...
    xo.judge.InputError: line 2: the input ends before row 1 of board 1
    """
    if index >= len(lines):
        raise InputError(f"line {index + 1}: the input ends before {what}")
    return lines[index]


def no_more(lines, index):
    """Raise ``InputError`` naming ``lines[index]`` when there is input left after the last board.

    >>> no_more(["2", "X**"], 2)
    >>> no_more(["2", "X**"], 1)
    Traceback (most recent call last):
    ...
    xo.judge.InputError: line 2 'X**': more input after the last board
    """
    if index < len(lines):
        raise InputError(f"line {index + 1} {lines[index]!r}: more input after the last board")
