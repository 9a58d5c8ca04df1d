"""Running some checks only: ``grade --part III`` or ``grade --check 3.7`` (the starter kit's
``make test PART=III`` and ``make test CHECK=3.7``), with every check they wait for.

A check runs only once the checks it depends on have passed (``@check(depends=...)``), so a check chosen
alone would only ever say "Can't check until ... passes".  The checks it waits for run too, and the
progress and the report say which chosen check each one is there for.
"""

from dataclasses import dataclass, field

from .. import PARTS
from ..checks.framework import CHECKS, with_dependencies


class SelectionError(ValueError):
    """A ``--part`` or ``--check`` that names no check this grading can run; the message repeats it."""


@dataclass(frozen=True)
class Selection:
    """The checks asked for (``chosen``) and those run only because a chosen one waits for them
    (``needed``: check name → the numbers of the chosen checks that wait for it)."""
    asked: tuple                     # what was asked, as given on the command line: ("Part III",), ("3.7",)
    chosen: frozenset
    needed: dict = field(default_factory=dict)

    @property
    def names(self):
        """Every check to run: ``grade(only=...)``."""
        return set(self.chosen) | set(self.needed)

    def why(self, name):
        """Why ``name`` runs though it was not asked for ("for 3.7"), or None for a chosen check."""
        if name in self.chosen or name not in self.needed:
            return None
        return "for " + ", ".join(self.needed[name])

    def note(self):
        """What was run, in one sentence for the report.

        >>> print(select(checks=["3.7"]).note())  # doctest: +NORMALIZE_WHITESPACE
        Only the checks asked for (3.7) were run, with 3.1 deque_imports, 3.3 deque_fifo, 3.4 deque_lifo, 3.5 deque_mixed,
        which they wait for.
        """
        asked = ", ".join(self.asked)
        if not self.needed:
            return f"Only the checks asked for ({asked}) were run."
        waited = ", ".join(f"{CHECKS[n].number} {n}" for n in _in_order(self.needed))
        return f"Only the checks asked for ({asked}) were run, with {waited}, which they wait for."


def _in_order(names):
    return [name for name in CHECKS if name in names]


def part_of(text):
    """The Part ``text`` names: "III", "iii", "3", "Part III".

    >>> part_of("3"), part_of("part iv"), part_of("VI")
    ('III', 'IV', 'VI')
    >>> part_of("VII")
    Traceback (most recent call last):
    ...
    grader.grading.selection.SelectionError: no Part 'VII': the Parts are I, II, III, IV, V, VI (or 1 to 6)
    """
    word = text.strip()
    if word.lower().startswith("part"):
        word = word[4:].strip()
    if word.isdigit() and 1 <= int(word) <= len(PARTS):
        return PARTS[int(word) - 1]
    if word.upper() in PARTS:
        return word.upper()
    raise SelectionError(f"no Part {text!r}: the Parts are {', '.join(PARTS)} (or 1 to {len(PARTS)})")


def check_of(text):
    """The name of the check ``text`` names, by its number ("3.7") or its name.

    >>> check_of("3.7"), check_of("win_fast")
    ('deque_amortised_constant_time', 'win_fast')
    >>> check_of("3.70")
    Traceback (most recent call last):
    ...
    grader.grading.selection.SelectionError: no check '3.70': give a check's number (such as 3.7) or its name; `python -m grader checks` lists them
    """
    word = text.strip()
    if word in CHECKS:
        return word
    for name, check in CHECKS.items():
        if check.number == word:
            return name
    raise SelectionError(f"no check {text!r}: give a check's number (such as 3.7) or its name; "
                         f"`python -m grader checks` lists them")


def split(values):
    """Every item of ``values``, each of which may itself be a comma-separated list (``make test CHECK=3.7,3.8``).

    >>> split(["3.7,3.8", " 4.1 ", ""])
    ['3.7', '3.8', '4.1']
    """
    return [item.strip() for value in values for item in value.split(",") if item.strip()]


def select(parts=(), checks=(), *, among=None, why_not=None):
    """Return the Selection of the checks of ``parts`` and the ``checks`` (numbers or names), each list possibly
    comma-separated, with every check they wait for.  ``among``: the checks this grading can run (the starter's
    public ones, say); a Part with none of them, or a check outside them, is refused, ``why_not(name)`` saying
    why for a check.

    >>> sorted(select(parts=["I"]).chosen) == sorted(n for n, c in __import__("grader.checks").checks.CHECKS.items()
    ...                                               if c.part == "I")
    True
    >>> select(checks=["3.7"]).why("deque_mixed")
    'for 3.7'
    """
    parts, checks = split(parts), split(checks)
    if not parts and not checks:
        raise SelectionError("nothing asked for: give a Part (--part III) or a check (--check 3.7)")
    available = set(CHECKS) if among is None else set(among)
    chosen, asked = set(), []
    for text in parts:
        part = part_of(text)
        asked.append(f"Part {part}")
        found = {name for name, check in CHECKS.items() if check.part == part and name in available}
        if not found:
            first = next(name for name, check in CHECKS.items() if check.part == part)
            raise SelectionError(f"Part {part} has no check that runs here" + (f": {why_not(first)}" if why_not else ""))
        chosen |= found
    for text in checks:
        name = check_of(text)
        asked.append(CHECKS[name].number)
        if name not in available:
            reason = why_not(name) if why_not else "it is not graded here"
            raise SelectionError(f"check {CHECKS[name].number} {name} does not run here: {reason}")
        chosen.add(name)
    needed = {}
    for name in _in_order(chosen):
        for other in _in_order(with_dependencies(name) - {name} - chosen):
            needed.setdefault(other, []).append(CHECKS[name].number)
    return Selection(tuple(asked), frozenset(chosen), {name: tuple(numbers) for name, numbers in needed.items()})
