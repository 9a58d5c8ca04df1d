"""The values the sandboxed child sends, read back in the grader: ``plain`` turns an encoded value into a
Python value, and anything that is not exactly a plain built-in value into an ``Opaque`` that never equals
anything (a rigged ``__eq__`` in the child cannot pass a comparison here); ``show`` writes a value inline."""

from .markdown import escape, inline


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


def show(value):
    """Inline rendering of a value (``repr`` in backquotes), inert whatever the text holds.

    >>> print(show("a``b"))
    ``` 'a``b' ```
    """
    text = " ".join(repr(value).split("\n"))
    if len(text) > 300:
        text = text[:300] + "…"
    return inline(text)
