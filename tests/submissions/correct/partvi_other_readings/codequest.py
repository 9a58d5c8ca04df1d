"""Code Quest 2017, Problem 57, on my minimaxValues(); its line reading is shared with ninja.py and codingame.py.

Readings I took where the handout accepts either: a count of 0 is refused (a problem has at least one board),
a last line without its newline is refused, and input that is not UTF-8 text is refused naming no line."""

import sys

from .board import O, X, line_owner
from .game import XO


class BadInput(ValueError):
    """Input the contract never sends.  ``lines`` is the input lines it is about, relative to the board (a
    number, a (first, last) pair, or None)."""

    def __init__(self, message, lines=None):
        super().__init__(message)
        self.lines = lines


def read_input(stream):
    """The lines of the whole input, each without its newline; every line must end with one."""
    data = stream.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput("the input is not UTF-8 text") from None
    if text and not text.endswith("\n"):
        raise BadInput(f"line {text.count(chr(10)) + 1}: the last line does not end with a newline")
    return text.split("\n")[:-1]


def where(error, first):
    """``error``'s message after the input lines it names, the board's rows starting at input line ``first``."""
    if error.lines is None:
        return str(error)
    if isinstance(error.lines, tuple):
        return f"lines {first + error.lines[0]}-{first + error.lines[1]}: {error}"
    return f"line {first + error.lines}: {error}"


def run(name, body, stdin, stdout, stderr):
    """Run ``body(lines)`` as the command line ``name``: its output and 0, or one line of error and 2."""
    stdin = sys.stdin.buffer if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    try:
        out = body(read_input(stdin))
    except BadInput as error:
        stderr.write(f"python -m xo.{name}: {error}\n")
        return 2
    stdout.write(out)
    return 0


def grid(rows, allowed):
    """The 9 characters of three rows of three, each one of ``allowed``; BadInput naming the row otherwise."""
    if not isinstance(rows, (list, tuple)) or len(rows) != 3:
        raise BadInput(f"a board is 3 rows, not {rows!r}")
    cells = []
    for r, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != 3:
            raise BadInput(f"row {r + 1} {row!r} is not 3 characters", r)
        for ch in row:
            if ch not in allowed:
                raise BadInput(f"row {r + 1} {row!r}: {ch!r} is not one of {' '.join(allowed)}", r)
        cells.extend(row)
    return cells


def game_of(state):
    """An XO game whose board is ``state``, the X and O cells played alternately, X first."""
    xs = [c for c in range(9) if state[c] == X]
    os_ = [c for c in range(9) if state[c] == O]
    play, pos = [], []
    for k in range(len(xs)):
        play.append(X)
        pos.append(xs[k])
        if k < len(os_):
            play.append(O)
            pos.append(os_[k])
    return XO(play, pos, len(pos))


def sign(v):
    return (v > 0) - (v < 0)


def solve(rows):
    cells = grid(rows, "XO0*")
    state = [X if ch == "X" else O if ch in "O0" else 0 for ch in cells]
    if state.count(X) != state.count(O):
        raise BadInput(f"{state.count(X)} X and {state.count(O)} O: it is not X's turn", (0, 2))
    if line_owner(state):
        raise BadInput("the game is over: there is three in a row", (0, 2))
    empty = [c for c in range(9) if state[c] == 0]
    pick = None
    for c in empty:                                   # a win at once comes first
        if line_owner(state[:c] + [X] + state[c + 1:]) == X:
            pick = c
            break
    if pick is None:
        values = game_of(state).minimaxValues()
        for c in empty:
            if pick is None or sign(values[c]) > sign(values[pick]):
                pick = c
    out = [list(r) for r in rows]
    out[pick // 3][pick % 3] = "X"
    return ["".join(r) for r in out]


def _body(lines):
    if not lines:
        raise BadInput("line 1: the input ends before the number of boards")
    if not lines[0].isascii() or not lines[0].isdigit():
        raise BadInput(f"line 1 {lines[0]!r}: the number of boards is not a whole number")
    count = int(lines[0])
    if count == 0:
        raise BadInput(f"line 1 {lines[0]!r}: the number of boards must be at least 1")
    out = []
    for b in range(count):
        first = 2 + 3 * b
        if len(lines) < first + 2:
            raise BadInput(f"line {len(lines) + 1}: the input ends before the end of board {b + 1}")
        try:
            out += solve(lines[first - 1:first + 2])
        except BadInput as error:
            raise BadInput(where(error, first)) from None
    if len(lines) > 1 + 3 * count:
        raise BadInput(f"line {2 + 3 * count} {lines[1 + 3 * count]!r}: more input after the last board")
    return "".join(r + "\n" for r in out)


def main(stdin=None, stdout=None, stderr=None):
    return run("codequest", _body, stdin, stdout, stderr)


if __name__ == "__main__":
    sys.exit(main())
