"""Text as students and staff read it: Markdown made inert (``escape``, ``inline``, ``code``), the handout
quoted (``cited``), a failure assembled (``render``), and Markdown undone for a terminal (``unmarked``).

The bottom layer of the grader with ``grader.text``'s other modules: it imports nothing of the grader, so
every layer above, the sandbox included, may use it."""

import re


def code(text):
    """A fenced block for text the student's code produced, shown exactly."""
    text = str(text)
    fence = "```"
    while fence in text:
        fence += "`"
    return f"{fence}text\n{text}\n{fence}"


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
