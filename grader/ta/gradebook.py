"""The class's gradebook: one ``Graded`` record per submission, read from the results.json its grading wrote (the
only word of a grader that ran in another process), and the CSV written from them.

``batch`` grades and ``batch merge`` joins shards (``shards``); both hand the same records, sorted by submission,
to ``write_csv``, the console summary and the class report (``class_report``), so that a merged class is
written exactly as a single run writes it.
"""

import csv
import os
from dataclasses import dataclass, field

from .. import OPTIONAL_PARTS, PART_TITLES, PARTS
from ..checks.framework import CHECKS
from ..grading.points import max_scores
from ..grading.verdict import Grading, Status
from ..settings.config import graded_parts
from .mistakes import mistakes_of, most_common, words

COLUMNS = ["sid", "email", "name", "submission", "created_at", "status", *(f"part_{p}" for p in PARTS), "total",
           "max", "gradescope_score", "difference", "failed_checks", "diagnosis", "problems", "integrity"]
"""The gradebook's columns: one row per submitter (a group submission gives each member a row), keyed by SID
and email; ``gradescope_score`` is the score Gradescope gave (from the export), ``difference`` ours minus it;
``diagnosis`` the mistakes the failed checks' feedback names, in a few words with the rule's name
(``mistakes.words``); ``problems`` the grading problems: what is wrong with the upload (a file missing or
misnamed), files that do not parse as Python (a syntax error: never an integrity finding), a grading that
could not finish; ``integrity`` the integrity report's findings (code that reaches into the grader), for
instructors.  Part VI's column is left out when no submission was graded on it (the Part was not switched on)."""


@dataclass
class Graded:
    """One submission as graded: who submitted it, its scores as numbers, and what its checks found."""
    submission: str
    submitters: list                 # [{"name", "email", "sid"}, ...] from the export (empty for a plain folder)
    created_at: str
    gradescope_score: object         # float, or None when the export carries none
    status: str                      # graded, missing, timeout, error
    parts: dict                      # Part -> points earned
    total: float
    max: float
    failed: list = field(default_factory=list)     # "3.7 deque_amortised_constant_time", ...
    integrity: list = field(default_factory=list)  # the integrity report's findings, "deque.py:3 …"
    problems: list = field(default_factory=list)   # grading problems, in words ("game.py is missing …")
    seconds: float = 0.0                           # the grading's wall time, as batch measured it
    checks: dict = field(default_factory=dict)     # check name -> Status, of every check graded
    mistakes: list = field(default_factory=list)   # the mistakes its feedback names: ``mistakes.Made``

    @property
    def difference(self):
        return None if self.gradescope_score is None else round(self.total - self.gradescope_score, 2)

    @property
    def who(self):
        """The submission as the page names it: its students' names, or its folder's."""
        names = [str(p.get("name") or "") for p in self.submitters if p.get("name")]
        return ", ".join(names) if names else self.submission


@dataclass(frozen=True)
class Run:
    """One submission's grading as ``batch`` saw it, all that its ``Graded`` record is made of (and what a shard's
    partial result holds: ``shards``): the export's metadata of it, how the grading ended, how long it took, why
    it was not graded (None when it was), and the results.json it wrote."""
    submission: str
    meta: dict
    status: str                      # graded, missing, timeout, error
    seconds: float
    problem: str
    results: dict


def graded(run):
    """The ``Graded`` record of one submission from its ``Run``."""
    grading = Grading.from_results(run.results)
    totals = grading.totals()
    meta = run.meta
    try:
        theirs = float(meta.get("score"))
    except (TypeError, ValueError):
        theirs = None
    return Graded(submission=run.submission, submitters=list(meta.get("submitters") or []),
                  created_at=str(meta.get("created_at") or ""), gradescope_score=theirs, status=run.status,
                  parts={part: total.points for part, total in totals.items()},
                  total=round(grading.score, 2),
                  max=round(sum(v.max_points for v in grading.verdicts), 2),
                  failed=[f"{v.number} {v.check}" for v in grading.verdicts if v.status is Status.FAILED],
                  integrity=list(grading.integrity),
                  problems=[*([run.problem] if run.problem else []), *grading.upload, *grading.problems],
                  seconds=round(run.seconds, 1), checks={v.check: v.status for v in grading.verdicts},
                  mistakes=mistakes_of(grading.verdicts))


def csv_rows(entry):
    """The gradebook rows of one submission: one per submitter (or one without a name)."""
    number = lambda value: "" if value is None else f"{value:.2f}"
    common = {"submission": entry.submission, "created_at": entry.created_at, "status": entry.status,
              **{f"part_{p}": number(entry.parts.get(p)) for p in PARTS}, "total": f"{entry.total:.2f}",
              "max": f"{entry.max:g}", "gradescope_score": number(entry.gradescope_score),
              "difference": number(entry.difference), "failed_checks": "; ".join(entry.failed),
              "diagnosis": "; ".join(words(made, plain=True) for made in entry.mistakes),
              "problems": "; ".join(entry.problems), "integrity": "; ".join(entry.integrity)}
    people = entry.submitters or [{}]
    return [{"sid": str(p.get("sid") or ""), "email": str(p.get("email") or ""), "name": str(p.get("name") or ""),
             **common} for p in people]


def write_csv(entries, csv_path, *, excel=False):
    """Write the gradebook; ``excel``: UTF-8 with a byte-order mark, so Excel reads accents right."""
    os.makedirs(os.path.dirname(os.path.abspath(csv_path)), exist_ok=True)
    graded_parts = {part for entry in entries for part in entry.parts}
    columns = [c for c in COLUMNS
               if not (c.startswith("part_") and c[5:] in OPTIONAL_PARTS and c[5:] not in graded_parts)]
    with open(csv_path, "w", newline="", encoding="utf-8-sig" if excel else "utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=columns, extrasaction="ignore")
        writer.writeheader()
        for entry in entries:
            writer.writerows(csv_rows(entry))


def part_points(config):
    """Each graded Part's points under ``config``: what the summary and the class report hold scores against."""
    return {p: round(sum(s for name, s in max_scores(config).items() if CHECKS[name].part == p), 2)
            for p in graded_parts(config)}


def write_class(outcome, csv_path, *, excel=False, page=True):
    """Write the gradebook (``csv_path``) and, with ``page``, the class report beside it (``.html``); return the
    report's path, or why it was not written."""
    write_csv(outcome["graded"], csv_path, excel=excel)
    if not page:
        return None
    try:
        from .class_report import write_report   # here: it needs the ``ta`` extra (matplotlib, Jinja2), which
    except ImportError as error:                 # the gradebook does not
        return f"not written: {error.name} is not installed (pip install -e '.[ta]')"
    return write_report(outcome, os.path.splitext(csv_path)[0] + ".html")


def summary(outcome, top=5):
    """Per Part: the mean, how many got full marks (against the Parts' points, ``outcome["most"]``); the checks
    failed most often, and the mistakes most common by diagnosis."""
    entries = outcome["graded"]
    lines = [f"{len(entries)} submission(s) from {outcome['folder']}"
             f"{' (Gradescope export)' if outcome['gradescope'] else ''}"]
    if not entries:
        return "\n".join(lines)
    most = outcome["most"]
    for part in most:
        scores = [e.parts.get(part, 0.0) for e in entries]
        full = sum(abs(s - most[part]) < 1e-6 for s in scores)
        lines.append(f"  Part {part:<3} {PART_TITLES[part]:<40} mean {sum(scores) / len(scores):6.2f} / {most[part]:<4g}"
                     f" full marks {full:>4} of {len(entries)}")
    totals = [e.total for e in entries]
    lines.append(f"  {'Total':<49} mean {sum(totals) / len(totals):6.2f} / {sum(most.values()):<4g}"
                 f" full marks {sum(abs(t - sum(most.values())) < 1e-6 for t in totals):>4} of {len(entries)}")
    problems = [e for e in entries if e.status != "graded"]
    if problems:
        lines.append(f"  not graded: {', '.join(e.submission + ' (' + e.status + ')' for e in problems)}")
    differ = [e for e in entries if e.difference not in (None, 0)]
    if any(e.gradescope_score is not None for e in entries):
        lines.append(f"  differ from Gradescope's score: {len(differ)} of {len(entries)}"
                     + (" (" + ", ".join(f"{e.submission} {e.difference:+.2f}" for e in differ[:top]) + ")"
                        if differ else ""))
    failed = {}
    for e in entries:
        for check in e.failed:
            failed[check] = failed.get(check, 0) + 1
    if failed:
        lines.append("  most failed checks:")
        for check, count in sorted(failed.items(), key=lambda kv: (-kv[1], kv[0]))[:top]:
            lines.append(f"    {count:>4} x {check}")
    common = most_common(entries, top)
    if common:
        lines.append("  most common mistakes, by diagnosis (students):")
        lines += [f"    {count:>4} x {said}" for count, said in common]
    return "\n".join(lines)
