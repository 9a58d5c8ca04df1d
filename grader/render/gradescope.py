"""Gradescope's results.json: building it, writing it safely, summarising it.

Format: https://gradescope-autograders.readthedocs.io/en/latest/specs/ —
``tests`` with ``name``, ``number``, ``score``, ``max_score``, ``status``,
``output``, ``output_format``, ``visibility``; top-level ``score``,
``output``, ``execution_time`` (a number, not a string), ``stdout_visibility``.
"""

import json
import os
import shutil
import tempfile

from .. import PART_TITLES, PARTS
from ..grading.verdict import Grading
from ..submission import integrity
from ..text.markdown import grid
from .feedback import bounded, feedback

FORMAT = "md"

INTEGRITY_VISIBILITY = "hidden"
"""The Integrity entry's visibility unless [visibility] integrity says otherwise (``Grading.integrity_visibility``):
"hidden", never shown to students.  It is worth 0 points, and Gradescope's rule is that "hidden" tests "don't
affect" whether students see their total ("they should only be used for tests which don't contribute points");
an "after_published" one would hide every student's total until grades are published.  See
handout/INSTRUCTORS.md."""


def test_entry(verdict, about):
    """One entry of ``tests``; a blocked check shows as failed and names the checks it waits for, and a failed one
    what its feedback names as the cause, as data (``Named``: for the staff's tools, never shown)."""
    named = verdict.named
    return {
        "name": f"Part {verdict.part}: {verdict.sentence}",
        "number": verdict.number,
        "name_format": "text",
        "score": round(verdict.points, 4),
        "max_score": verdict.max_points,
        "status": "passed" if verdict.passed else "failed",
        "output": bounded(feedback(verdict, about)),
        "output_format": FORMAT,
        "visibility": verdict.visibility,
        "execution_time": round(verdict.seconds, 3),
        "extra_data": {"check": verdict.check, "part": verdict.part, "verdict": str(verdict.status),
                       **({"waits_for": list(verdict.waits_for)} if verdict.waits_for else {}),
                       **({"details": "withheld"} if verdict.private else {}),
                       **(named.extra() if named is not None else {})},
    }


def integrity_entry(grading):
    """The "Integrity" entry: 0 points, the integrity scan's findings (``grader.submission.integrity``).  A file that
    does not parse is no finding: it is named apart (``problems`` in ``extra_data``, only when there is one,
    and a paragraph of its own), and the entry passes unless something else was found."""
    findings, problems = grading.integrity, grading.problems
    return {
        "name": "Integrity",
        "number": f"{len(PARTS) + 1}.1",          # after every Part's checks, Part VI's included
        "name_format": "text",
        "score": 0.0,
        "max_score": 0.0,
        "status": "failed" if findings else "passed",
        "output": integrity.markdown(findings, problems),
        "output_format": FORMAT,
        "visibility": grading.integrity_visibility,
        "execution_time": round(grading.integrity_seconds, 3),
        "extra_data": {"check": "integrity", "part": None, "verdict": "findings" if findings else "passed",
                       "findings": [repr(f) for f in findings],
                       **({"problems": [repr(p) for p in problems]} if problems else {})},
    }


LATER = {"after_due_date": "after the due date", "after_published": "once grades are published"}
"""Visibilities whose checks students may not see yet: the always-visible overview leaves them out."""


def overview(grading):
    """The top-level output: notes first, then a per-Part table of the checks students see now (those whose
    details are withheld counted, and summarised; checks shown only later left out, with a line saying how many
    points they hold and when they are shown; "hidden" ones, worth nothing, left out)."""
    later = [v for v in grading.verdicts if v.visibility in LATER and v.part in PARTS]
    shown = [v for v in grading.verdicts if v not in later and v.visibility != "hidden"]
    totals = grading.totals(shown)
    rows = [["Part", "", "score", "checks passed"]]
    for part, t in totals.items():
        extra = f" (details withheld: {t.withheld_passed} of {t.withheld} passed)" if t.withheld else ""
        rows.append([part, PART_TITLES[part], f"{t.points:.2f} / {t.max_points:g}", f"{t.passed} of {t.checks}{extra}"])
    total = sum(round(v.points, 4) for v in shown)
    most = sum(v.max_points for v in shown)
    rows.append(["", "total", f"{total:.2f} / {most:g}", ""])
    paragraphs = [*grading.notes, grid(rows)]
    for visibility, when in LATER.items():
        held = [v for v in later if v.visibility == visibility]
        if held:
            paragraphs.append(f"{round(sum(v.max_points for v in held), 2):g} more points are held by {len(held)} "
                              f"check(s) whose results are shown {when}; they are not counted above.")
    return "\n\n".join(paragraphs)        # blank lines: each note its own paragraph in every renderer


def gradescope(grading):
    """Gradescope's results.json of ``grading``, every string encodable (``clean_text``)."""
    tests = [test_entry(v, grading.about) for v in grading.verdicts]
    if grading.integrity_scanned:
        tests.append(integrity_entry(grading))
    results = {
        "score": round(sum(t["score"] for t in tests), 4),
        "output": overview(grading),
        "output_format": FORMAT,
        "test_output_format": FORMAT,
        "test_name_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "execution_time": round(grading.seconds, 3),
        "tests": tests,
    }
    if grading.standings:                # [leaderboard] enabled, and the submission's moves all accepted
        results["leaderboard"] = grading.standings[0].entries()
    if grading.upload:                   # what is wrong with the upload, in words: for the staff's tools (batch)
        results["extra_data"] = {"upload": list(grading.upload)}
    return clean_text(results)


def nothing_graded(message, seconds=0.0):
    """The results.json of a grading that could not start: ``message`` (Markdown) and no checks."""
    return gradescope(Grading([], notes=[message], seconds=seconds))


def clean_text(value):
    """``value`` with every string made encodable: a lone surrogate (from an exception message, or a
    file name that was not UTF-8) becomes a visible ``\\udcXX``, so that writing can never fail.

    >>> clean_text({"a": ["ok", "bad \\udcff"]}) == {"a": ["ok", "bad \\\\udcff"]}
    True
    """
    if isinstance(value, str):
        try:
            value.encode("utf-8")
            return value
        except UnicodeEncodeError:
            return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, dict):
        return {clean_text(k): clean_text(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean_text(v) for v in value]
    return value


def write(results, path):
    """Write ``results`` to ``path`` atomically (a temporary file renamed over it); text that cannot be
    encoded is escaped first (``clean_text``), so the grader's file is always written."""
    results = clean_text(results)
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".results-", suffix=".json", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=2, ensure_ascii=False)
            f.write("\n")
        os.chmod(temporary, 0o644)
        for _ in range(3):
            _clear(path)
            try:
                os.replace(temporary, path)
                break
            except IsADirectoryError:    # made again between the two calls: try again
                continue
        else:
            os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def _clear(path):
    """Remove a folder planted where the results file goes (by code that could write to its folder)."""
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path, ignore_errors=True)


