"""Part I: the ``BoardXO`` struct in board.py."""

from ..text.boards import draw
from ..text.markdown import code
from ..text.values import plain, show, type_of
from .framework import Fail, Probe, check, value

BOARD = ("board",)
EXAMPLE = [1, 0, -1, -1, 0, 0, -1, 1, 1]
SAMPLES = [
    [0] * 9,
    [-1, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 1, 0, 0, 0, -1],
    [-1, 1, -1, 1, -1, 1, 1, -1, 1],
    [0, 0, 1, 0, -1, 0, 1, 0, 0],
]


NEW_BOARDS = Probe("board_new", BOARD, doing="BoardXO()")


def expected_str(state):
    symbols = {-1: "X", 1: "O", 0: " "}
    return "\n".join("".join(symbols[v] for v in state[r:r + 3]) for r in (0, 3, 6))


def str_problem(got, expected):
    r"""What is wrong with ``got``, the text str(board) returned, against ``expected``, in plain words.

    >>> str_problem("O X\nX\nXOO", "O X\nX  \nXOO")
    'str(board) has lines of 3, 1 and 3 characters, not 3 each: spaces at the end of a row were left out (an empty cell is a space wherever it is).'
    >>> str_problem("O X\nX  \nXOO\n", "O X\nX  \nXOO")
    "str(board) ends with a newline; it should end with the last row's third character."
    >>> str_problem("O.X\nX..\nXOO", "O X\nX  \nXOO")
    "str(board) draws an empty cell as '.', not as a space."
    """
    if not isinstance(got, str):
        return f"str(board) returned {show(got)}, not a string."
    if got.endswith("\n") and got.rstrip("\n") == expected:
        return "str(board) ends with a newline; it should end with the last row's third character."
    lines, want = got.split("\n"), expected.split("\n")
    if len(lines) != 3:
        return f"str(board) has {len(lines)} line(s) (split at \\n), not 3."
    lengths = [len(line) for line in lines]
    if lengths != [3, 3, 3]:
        said = f"str(board) has lines of {lengths[0]}, {lengths[1]} and {lengths[2]} characters, not 3 each"
        if all(line == w.rstrip(" ") for line, w in zip(lines, want)):
            return said + (": spaces at the end of a row were left out (an empty cell is a space wherever "
                           "it is).")
        return said + "."
    odd = sorted({ch for ch in got if ch not in "XO \n"})
    if odd and all(g == w or (w == " " and g in odd) for g, w in zip(got, expected)):
        return "str(board) draws an empty cell as " + " or ".join(repr(ch) for ch in odd) + ", not as a space."
    wrong = [k for k in range(9) if lines[k // 3][k % 3] != want[k // 3][k % 3]]
    return (f"str(board) draws cell(s) {', '.join(map(str, wrong))} wrongly (X for -1, O for 1, a space for 0; "
            f"row by row, cells 0-2 on the first line).")


@check("I", enforces=("I.constants", "files.names", "files.stdlib", "upload.files"),
       cites=("Part I", "`X = -1` and `O = 1`, two constants that `board.py` defines at the top level"),
       observes=Probe("import", BOARD, {"modules": BOARD}, doing="Importing board.py"))
def board_imports(ctx, imported):
    """board.py imports, and defines X = -1, O = 1 and the class BoardXO."""
    report = imported[0]
    missing = [name for name in ("BoardXO", "X", "O") if not report["board"][name]]
    if missing:
        raise Fail(f"board.py does not define {', '.join(missing)}.",
                   help="The names are part of the contract: spell them exactly")
    for name, expected in (("X", -1), ("O", 1)):
        actual = plain(report[name])
        if not (type(actual) is int and actual == expected):
            raise Fail(f"{name} has the wrong value.", expected=show(expected), actual=show(actual))


@check("I", enforces=("I.attributes", "I.new"),
       depends=["board_imports"],
       cites=("Part I", "`state`, `moves` and `turn` should each be a new list of nine 0s"), observes=NEW_BOARDS)
def board_empty(ctx, new):
    """BoardXO() is the empty board: state, moves and turn are lists of nine 0s, numMoves is 0."""
    fields = new[0]["fields"]
    for name in ("state", "moves", "turn"):
        field = fields[name]
        if field.get("missing"):
            raise Fail(f"BoardXO() has no attribute `{name}`.",
                       help="Set all four fields in __init__: state, moves, turn, numMoves")
        actual = plain(field)
        if type_of(field) != "list" or [type_of(i) for i in field.get("items", [])] != ["int"] * 9 \
                or actual != [0] * 9:
            raise Fail(f"BoardXO().{name} should be a list of nine int zeros.",
                       expected=show([0] * 9), actual=f"{show(actual)} (a {type_of(field)})")
    count = fields["numMoves"]
    if count.get("missing") or type_of(count) != "int" or plain(count) != 0:
        actual = "no attribute `numMoves`" if count.get("missing") else f"{show(plain(count))} (a {type_of(count)})"
        raise Fail("BoardXO().numMoves should be the int 0.", expected=show(0), actual=actual)


@check("I", enforces=("I.not-shared",),
       depends=["board_imports"],
       cites=("Part I", "Two boards never share a list"), observes=NEW_BOARDS)
def board_lists_not_shared(ctx, new):
    """Two boards never share a list: changing one board's state, moves or turn leaves the other alone."""
    shared = new[0]["shared"]
    for name, was_shared in shared.items():
        if was_shared == "not a list":
            continue                     # a missing or wrong field is board_empty's to report, not this check's
        if was_shared is True:
            raise Fail(f"After `a, b = BoardXO(), BoardXO()`, setting `a.{name}[0] = 1` also changed `b.{name}[0]`: "
                       f"the two boards share one list.",
                       help="Make new lists in __init__ (e.g. `self.state = [0] * 9`), not at class level "
                            "or as a default argument")
        if was_shared is not False:
            raise Fail(f"Changing `a.{name}[0]` of a new board raised an error.",
                       extra=code(was_shared["raised"]["message"]))


@check("I", enforces=("I.getitem",),
       depends=["board_imports"],
       cites=("Part I", "return the marker (player) occupying the cell `pos`, i.e. `state[pos]`"),
       observes=Probe("board_items", BOARD, {"states": [EXAMPLE, SAMPLES[2]]}, doing="board[pos]"))
def board_getitem(ctx, items):
    """board[pos] returns state[pos] for every cell 0..8."""
    for report in items:
        state = report["state"]
        for pos, result in enumerate(report["items"]):
            got = value(result, f"board[{pos}]", board=draw(state))
            if not (type(got) is int and got == state[pos]):
                raise Fail(f"board[{pos}] should return state[{pos}].", board=draw(state),
                           expected=show(state[pos]), actual=show(got),
                           help="Define __getitem__(self, pos) to return self.state[pos]")


def _str_of(ctx, reports):
    for report in reports:
        state = report["state"]
        yield state, value(report["str"], "str(board)", board=draw(state))


@check("I", enforces=("I.str",),
       depends=["board_imports"],
       cites=("Part I", "three lines of exactly three characters each"),
       observes=Probe("board_str", BOARD, {"states": [EXAMPLE]}, doing="str(board)"))
def board_str_example(ctx, drawn):
    """str(board) of the handout's example, state [1, 0, -1, -1, 0, 0, -1, 1, 1], is "O X\\nX  \\nXOO"."""
    for state, got in _str_of(ctx, drawn):
        if got != expected_str(state):
            raise Fail("str(board) is not the handout's drawing of this board.", board=draw(state),
                       expected=show(expected_str(state)), actual=show(got),
                       extra="Expected, as printed:\n\n" + code(expected_str(state))
                             + "\n\nYours, as printed:\n\n" + code(got),
                       help="Three lines of exactly three characters: X, O, or a space for an empty cell, "
                            "joined by \\n with no newline at the end")


@check("I", enforces=("I.str",),
       depends=["board_imports"],
       cites=("Part I", "three lines of exactly three characters each"),
       observes=Probe("board_str", BOARD, {"states": SAMPLES}, doing="str(board)"))
def board_str_format(ctx, drawn):
    """str(board) is three lines of exactly three characters (X, O or a space), no trailing newline, on several boards."""
    for state, got in _str_of(ctx, drawn):
        if got != expected_str(state):
            raise Fail(str_problem(got, expected_str(state)), board=draw(state), expected=show(expected_str(state)),
                       actual=show(got),
                       help="Empty cells are spaces; rows are joined by \\n; no newline at the end")
