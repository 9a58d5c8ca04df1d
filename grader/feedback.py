"""How a check's verdict reads to a student: boards drawn, expected against
actual, the handout section to reread.  Gradescope renders it as Markdown."""

import re
SYMBOL = {-1: "X", 1: "O", 0: " "}
PLAYER = {-1: "X", 1: "O"}


class Opaque:
    """A value the student's code returned that is not a plain built-in value.

    It never equals anything, so an object with a rigged ``__eq__`` (in the
    child) cannot pass a comparison here; it shows as its type and ``repr``.
    """

    __slots__ = ("type", "text")

    def __init__(self, type_, text):
        self.type = type_
        self.text = text

    def __eq__(self, other):
        return False

    def __ne__(self, other):
        return True

    __hash__ = None

    def __repr__(self):
        return f"{self.text} (a {self.type})"


def plain(observation):
    """Turn an encoded observation from the child back into a value.

    >>> plain({"type": "list", "length": 2, "items": [{"type": "int", "value": 1}, {"type": "bool", "value": True}]})
    [1, True]
    >>> plain({"type": "EvilInt", "repr": "3"}) == 3
    False
    """
    if observation is None:
        return Opaque("nothing", "nothing")
    kind = observation.get("type")
    if "items" in observation:
        if observation["length"] > len(observation["items"]):
            return Opaque(kind, f"a {kind} of {observation['length']} items")
        return [plain(item) for item in observation["items"]]
    if "value" in observation and kind in ("int", "bool", "str", "NoneType", "float"):
        return observation["value"]
    return Opaque(kind, observation.get("repr", "?"))


def type_of(observation):
    """The type's name of an encoded value, inert in Markdown: the student names their classes, and a name
    may be made of HTML and a fake heading (red team, round four).

    >>> type_of({"type": "bool", "value": True}), type_of({"type": "<b>x</b>", "repr": "?"})
    ('bool', '&lt;b&gt;x&lt;/b&gt;')
    """
    kind = observation.get("type") if observation else None
    return escape(kind, limit=200) if isinstance(kind, str) else kind


def cell_text(value):
    return SYMBOL.get(value, "?") if type(value) is int else "?"


def draw(state, *, to_move=None, note=None):
    """Draw ``state`` beside the cell-index grid, as a fenced code block.

    >>> print(draw([1, 0, -1, -1, 0, 0, -1, 1, 1], to_move=-1))
    ```text
     O |   | X       0 | 1 | 2
    ---+---+---     ---+---+---
     X |   |         3 | 4 | 5
    ---+---+---     ---+---+---
     X | O | O       6 | 7 | 8
    X to move
    ```
    """
    rows = []
    for r in range(3):
        cells = " | ".join(cell_text(v) for v in state[3 * r:3 * r + 3])
        index = " | ".join(str(c) for c in range(3 * r, 3 * r + 3))
        rows.append(f" {cells}       {index}")
        if r < 2:
            rows.append("---+---+---     ---+---+---")
    if to_move is not None:
        rows.append(f"{PLAYER[to_move]} to move")
    if note:
        rows.append(note)
    return "```text\n" + "\n".join(rows) + "\n```"


def code(text):
    """A fenced block for text the student's code produced, shown exactly."""
    text = str(text)
    fence = "```"
    while fence in text:
        fence += "`"
    return f"{fence}text\n{text}\n{fence}"


def show(value):
    """Inline rendering of a value (``repr`` in backquotes), inert whatever the text holds.

    >>> print(show("a``b"))
    ``` 'a``b' ```
    """
    text = " ".join(repr(value).split("\n"))
    if len(text) > 300:
        text = text[:300] + "…"
    return inline(text)


def cited(section, phrase):
    """The handout's ``phrase`` of ``section`` as feedback quotes it: in curly quotes, its own double quotes
    made single ones (a quotation inside a quotation).

    >>> cited("Part IV", '"The current player" is always the player to move')
    'Part IV: “‘The current player’ is always the player to move”'
    """
    inner = re.sub(r'"([^"]*)"', "\u2018\\1\u2019", phrase)
    return f"{section}: \u201c{inner}\u201d"


def unmarked(text):
    """Markdown ``text`` as a terminal shows it: code spans as their contents, backslash escapes and HTML
    entities undone, bold markers dropped, control characters (a terminal's escapes) shown as ``?``.

    >>> unmarked(r"`Deque.__init__` raised \\*x\\* in **Deque.\\_\\_init\\_\\_** &lt;here&gt;")
    'Deque.__init__ raised *x* in Deque.__init__ <here>'
    """
    import html
    pieces = re.split(r"(`+)( ?)(.*?)\2\1", text)
    out = []
    for k in range(0, len(pieces), 4):
        plain_part = re.sub(r"\\([\\`*_{}\[\]#|~])", r"\1", pieces[k].replace("**", ""))
        out.append(html.unescape(plain_part))
        if k + 3 < len(pieces):
            out.append(pieces[k + 3])
    return "".join(char if char >= " " and char != "\x7f" or char == "\t" else "?" for char in "".join(out))


def inline(text):
    """``text`` as a Markdown code span on one line: nothing in it renders (HTML, links, emphasis).

    >>> inline("<b>x</b>")
    '`<b>x</b>`'
    """
    text = " ".join(str(text).splitlines()) or " "
    longest = run = 0
    for char in text:
        run = run + 1 if char == "`" else 0
        longest = max(longest, run)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or longest else ""
    return f"{fence}{pad}{text}{pad}{fence}"


MARKDOWN = set("\\`*_{}[]#|~")


def escape(text, limit=None):
    """Student text (an exception's message or type) as plain Markdown text on one line: every character
    Markdown or HTML could act on is escaped, so it reads as itself and renders as nothing else.

    >>> escape("name 'x' is not defined")
    "name 'x' is not defined"
    >>> escape("<img src=x> [ok](http://e) **All checks passed**\\n# 100")
    '&lt;img src=x&gt; \\\\[ok\\\\](http://e) \\\\*\\\\*All checks passed\\\\*\\\\* \\\\# 100'
    """
    text = " ".join(str(text).splitlines())
    if limit and len(text) > limit:
        text = text[:limit] + "…"
    out = []
    for char in text:
        if char == "<":
            out.append("&lt;")
        elif char == ">":
            out.append("&gt;")
        elif char == "&":
            out.append("&amp;")
        elif char in MARKDOWN:
            out.append("\\" + char)
        else:
            out.append(char)
    return "".join(out)


def grid(rows):
    """A table as aligned monospace text in a fenced block: the first row is the header, underlined.  Plain
    CommonMark has no tables (Gradescope promises only basic Markdown), and a fenced block renders the same
    in every renderer.  Cells are plain text (student text is never put in a grid).

    >>> print(grid([["cell", "1", "4"], ["value", "-2", "3"]]))
    ```text
    cell   1   4
    -----  --  -
    value  -2  3
    ```
    """
    widths = [max(len(str(row[k])) for row in rows) for k in range(len(rows[0]))]

    def line(row):
        return "  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)).rstrip()
    return code("\n".join([line(rows[0]), line(["-" * w for w in widths]), *(line(row) for row in rows[1:])]))


def scores_table(record, actual=None):
    """A table (``grid``) of each empty cell's score under both rules and minimax."""
    cells = [c for c in range(9) if record["state"][c] == 0]
    rows = [["cell", *(str(c) + (" ← yours" if c == actual else "") for c in cells)]]
    for key, label in (("IV", "Part IV score"), ("V", "Part V score"), ("minimax", "minimax value")):
        if key in record["scores"]:
            rows.append([label, *(str(record["scores"][key][c]) for c in cells)])
    return grid(rows)


def render(message, *, board=None, expected=None, actual=None, help=None, extra=None, section=None):
    """Assemble a failure's Markdown: message, board, expected/actual, details, hint."""
    parts = [message]
    if board is not None:
        parts.append(board)
    if expected is not None or actual is not None:
        parts.append(f"- expected: {expected}\n- actual: {actual}")
    if extra:
        parts.append(extra)
    hint = help or ""
    if section:
        hint = f"{hint} (see the handout, {section})" if hint else f"See the handout, {section}."
    if hint:
        parts.append(f"**Hint:** {hint}")
    return "\n\n".join(parts)
