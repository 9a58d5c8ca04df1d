"""The rules the students' handout states, each marked in ``handout.md`` by ``<!-- rule: ID -->`` before its
first words (issue 37).

A rule is a sentence a submission can break.  Each check of the grader names the rules it tests
(``@check(..., enforces=(ID, ...))``); ``tests/test_rules_enforced.py`` holds the two to each other (a rule no
check tests, a check that tests no rule, an ID that is not in the handout) and ``INSTRUCTORS.md``'s table,
generated here (``table``), lists each rule, its passage and its checks.  Students get the handout without the
markers (``ship/build.py``).

>>> found = rules("## Part II: The Game\\n\\nIntro. <!-- rule: II.x -->Moves are refused (e.g. 4.0). More.\\n")
>>> found
[Rule(id='II.x', section='Part II: The Game', passage='Moves are refused (e.g. 4.0).')]
>>> strip("a <!-- rule: II.x -->b")
'a b'
"""

import re
from dataclasses import dataclass

MARK = re.compile(r"<!-- rule: ([\w.-]+) -->")
HEADING = re.compile(r"^#+ (.+)$", re.M)
END = re.compile(r"(?<!i\.e)(?<!e\.g)[.;](?=\s*$|\s+[A-Z`(*\"])|:(?=\s*\n)|(?=\n\s*\n|\n\s*- |<!-- rule:)", re.M)
"""Where a passage ends: a full stop or semicolon before a new sentence or at the end of a line (not that of
"i.e." or "e.g."), a colon that ends a line, a blank line, a list item, the next rule."""


@dataclass(frozen=True)
class Rule:
    id: str
    section: str       # the heading the rule is under, as the handout writes it
    passage: str       # its first sentence (or list item), spaces and line breaks made one space


def rules(text):
    """Every rule marked in ``text`` (the handout's Markdown), in the handout's order.

    Raises ValueError for an ID marked twice."""
    found, seen = [], set()
    for mark in MARK.finditer(text):
        rule_id = mark.group(1)
        if rule_id in seen:
            raise ValueError(f"rule {rule_id!r} is marked twice in the handout")
        seen.add(rule_id)
        headings = HEADING.findall(text, 0, mark.start())
        rest = text[mark.end():]
        end = END.search(rest)
        passage = rest[:end.end() if end else len(rest)]
        passage = " ".join(strip(passage).split()).lstrip("- ")
        found.append(Rule(rule_id, headings[-1] if headings else "", passage))
    return found


def strip(text):
    """``text`` without its rule markers: the handout as students read it."""
    return MARK.sub("", text)


def table(found, checks):
    """The rows of INSTRUCTORS.md's table: for each rule of ``found``, the ``checks`` (number, name, visible)
    that test it, ``checks`` mapping a rule ID to them."""
    rows = ["| rule | handout | passage | checks (⊘ = withheld) |", "|---|---|---|---|"]
    for rule in found:
        tested = ", ".join(f"{number} `{name}`" + ("" if visible else " ⊘") for number, name, visible in
                           checks.get(rule.id, ()))
        passage = rule.passage.replace("|", "\\|")
        rows.append(f"| `{rule.id}` | {rule.section} | {passage} | {tested or '**none**'} |")
    return "\n".join(rows)
