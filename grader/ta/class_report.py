"""The class report: one self-contained HTML page beside ``batch``'s CSV, for the course, not the student.

It holds the score distributions (total and per Part), each check's pass rate, the mistakes by diagnosis in the
handout's words with the students who made each and what it cost them (``mistakes.counted``), the students whose
moves no rule explains, grouped by the moves they share, each group with one board drawn (``mistakes.groups``),
the grading problems, the Integrity findings (counted; staff only) and the time per submission.  Every number
comes from the ``Graded`` records and the Parts' points of the configuration graded with (``outcome["most"]``);
the charts are matplotlib's (``charts``), the page a Jinja2 template (``templates/class_report.html``, every
student-supplied string escaped).  It needs the ``ta`` extra.
"""

import html
import os
import re
from dataclasses import dataclass

import jinja2
from markupsafe import Markup

from .. import PART_TITLES
from ..checks.framework import CHECKS
from ..grading.verdict import Status
from ..text.boards import PLAYER, draw
from . import charts
from .mistakes import FIRST, counted, groups

TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")


def code_spans(text):
    """Text with Markdown code spans (the rules' short words) as HTML, everything else escaped.

    >>> str(code_spans("the win rule without its `> 0` guard <b>"))
    'the win rule without its <code>&gt; 0</code> guard &lt;b&gt;'
    """
    pieces = re.split(r"`([^`]*)`", str(text))
    return Markup("".join(html.escape(p, quote=False) if k % 2 == 0 else f"<code>{html.escape(p, quote=False)}</code>"
                          for k, p in enumerate(pieces)))


@dataclass(frozen=True)
class CheckRate:
    """One check over the class: how many submissions it passed, failed, and did not run for (blocked, or no
    time was left)."""
    number: str
    name: str
    part: str
    sentence: str
    passed: int
    failed: int
    other: int

    @property
    def rate(self):
        ran = self.passed + self.failed + self.other
        return f"{100 * self.passed / ran:.0f}%" if ran else "–"


def check_rates(entries):
    """Each check graded in the class, in the grader's order."""
    rows = []
    for name, check in CHECKS.items():
        statuses = [e.checks[name] for e in entries if name in e.checks]
        if not statuses:
            continue
        passed = sum(s is Status.PASSED for s in statuses)
        failed = sum(s is Status.FAILED for s in statuses)
        rows.append(CheckRate(check.number, name, check.part, check.sentence, passed, failed,
                              len(statuses) - passed - failed))
    return rows


def board_text(group):
    """The group's sample position drawn as the feedback draws boards (without its Markdown fence)."""
    note = f"{len(group.history)} moves made, {PLAYER[group.first]} moved first"
    return "\n".join(draw(list(group.state), to_move=group.to_move, note=note).splitlines()[1:-1])


def context(outcome):
    """Everything the template shows, from a ``batch`` outcome (a single run's, or merged shards')."""
    entries = outcome["graded"]
    most = outcome["most"]
    total_most = round(sum(most.values()), 2)
    graded = [e for e in entries if e.status == "graded"]
    rates = check_rates(entries)
    mistakes = counted(entries)
    shared = groups(entries)
    seconds = sorted((e.seconds for e in entries))
    page = {
        "label": outcome["folder"], "gradescope": outcome["gradescope"], "count": len(entries),
        "most": most, "total_most": total_most, "titles": PART_TITLES, "first": FIRST,
        "numbers": {name: check.number for name, check in CHECKS.items()},
        "mean": round(sum(e.total for e in entries) / len(entries), 2) if entries else 0.0,
        "full": sum(abs(e.total - total_most) < 1e-6 for e in entries),
        "part_means": {p: round(sum(e.parts.get(p, 0.0) for e in entries) / len(entries), 2) if entries else 0.0
                       for p in most},
        "not_graded": [e for e in entries if e.status != "graded"],
        "rates": rates, "mistakes": mistakes, "groups": shared,
        "boards": {group.signature: board_text(group) for group in shared},
        "problems": [e for e in entries if e.problems or e.status != "graded"],
        "integrity": [e for e in entries if e.integrity],
        "findings": sum(len(e.integrity) for e in entries),
        "seconds": {"mean": round(sum(seconds) / len(seconds), 1) if seconds else 0.0,
                    "median": seconds[len(seconds) // 2] if seconds else 0.0, "max": seconds[-1] if seconds else 0.0,
                    "total": round(sum(seconds), 1)},
        "slowest": sorted(entries, key=lambda e: (-e.seconds, e.submission))[:5],
        "graded_count": len(graded),
    }
    page["charts"] = {
        "total": charts.histogram([e.total for e in entries], total_most, title="Total score",
                                  xlabel=f"points (of {total_most:g})"),
        **{f"part-{p}": charts.histogram([e.parts.get(p, 0.0) for e in entries], most[p], bins=10,
                                         title=f"Part {p}: {PART_TITLES[p]}", xlabel=f"points (of {most[p]:g})")
           for p in most},
        "checks": charts.pass_rates([(f"{r.number} {r.name}", r.passed, r.failed, r.other) for r in rates]),
        "time": charts.histogram([e.seconds for e in entries], max(seconds[-1] if seconds else 1.0, 1.0),
                                 title="Time per submission", xlabel="seconds of grading"),
    }
    named = [(_plain_label(row.words), len(row.students)) for row in mistakes[:15]]
    named += [(f"no rule: group {k} [unexplained {g.signature[:8]}]", len(g.students))
              for k, g in enumerate(shared, 1)][:max(0, 15 - len(named))]
    if named:
        page["charts"]["mistakes"] = charts.counts(sorted(named, key=lambda row: -row[1]), xlabel="students")
    return page


def _plain_label(words):
    return words.replace("`", "")


def render(outcome):
    """The page, as text."""
    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES),
                                     autoescape=jinja2.select_autoescape(["html"]), trim_blocks=True,
                                     lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    environment.filters["code"] = code_spans
    return environment.get_template("class_report.html").render(**context(outcome))


def write_report(outcome, path):
    """Write the page to ``path``; return ``path``."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    text = render(outcome)
    partial = f"{path}.{os.getpid()}.partial"
    with open(partial, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(partial, path)
    return path
