"""PrairieLearn's results.json of a grading (``grade --format prairielearn``).

The authority is PrairieLearn's ``docs/externalGrading.md``, "Grading results": the grader writes
``/grade/results/results.json``; "If the submission is gradable, the result only has one mandatory field:
``score``, which is the score for the submitted attempt, and should be a floating point number in the range
[0.0, 1.0]"; "The boolean ``gradable`` can be added to the results object and set to ``false`` to indicate that
the input was invalid or formatted incorrectly ... no points will be awarded or lost, and the student will
not be penalized an attempt on the question", with ``format_errors`` "either a string or an array of strings";
``<pl-external-grader-results>`` renders ``message``, ``output`` and ``tests`` (each ``name``, ``description``,
``points``, ``max_points``, ``message``, ``output``); "this file should be limited to 1 MB".

The same grading as Gradescope's, rendered differently: each Part is a test, with its points; the feedback of
each of its checks is the test's output.  PrairieLearn shows everything at once, so a check that Gradescope
would show only after the due date or once grades are published is shown at once with its details withheld
(as a "withheld" check); a "hidden" check (worth nothing) is left out, as is the Integrity report, which is
for staff (the job's log has it).
"""

import dataclasses
import json

from .. import PART_TITLES
from .feedback import bounded, feedback
from .gradescope import LATER, clean_text, overview

LIMIT = 1_000_000
"""Bytes results.json may hold ("this file should be limited to 1 MB")."""


def shown_now(grading):
    """The verdicts PrairieLearn shows, as it shows them: "hidden" ones left out, those Gradescope shows later
    made "visible" (their details stay withheld: they are private)."""
    return [dataclasses.replace(v, visibility="visible") if v.visibility in LATER else v
            for v in grading.verdicts if v.visibility != "hidden"]


def unfenced(text):
    """The Markdown made plain text (PrairieLearn shows ``message`` and ``output`` as they are): code fences
    and bold markers dropped.

    >>> unfenced("**Hint:** see\\n```text\\n X |   |  \\n```\\nok")
    'Hint: see\\n X |   |  \\nok'
    """
    return "\n".join(line.replace("**", "") for line in text.splitlines() if not line.startswith("```"))


def part_test(part, verdicts, total, about):
    lines, failed = [], []
    for v in verdicts:
        mark = "passed" if v.passed else "FAILED"
        lines.append(f"{v.number} {v.sentence} -- {mark} ({v.points:.2f} / {v.max_points:g})")
        if not v.passed:
            failed.append(v.number)
            text = unfenced(feedback(v, about)).strip()
            if text:
                lines += ["    " + line if line else "" for line in text.splitlines()] + [""]
    return {"name": f"Part {part}: {PART_TITLES[part]}",
            "description": f"{total.passed} of {total.checks} checks passed",
            "points": total.points, "max_points": total.max_points,
            "message": (f"Failed: {', '.join(failed)}." if failed else "Every check passed."),
            "output": "\n".join(lines)}


def prairielearn(grading, format_errors=()):
    """PrairieLearn's results.json of ``grading`` (a dict); ``format_errors``: why the submission cannot be
    graded (a missing or misnamed file), which makes it ``gradable: false``."""
    shown = dataclasses.replace(grading, verdicts=shown_now(grading))
    message = unfenced(overview(shown))
    if format_errors:                    # nothing graded: no table of zeros, only what to mend
        return fit(clean_text({"gradable": False, "format_errors": list(format_errors),
                               "message": "This submission cannot be graded yet, and it costs you no attempt: "
                                          + " ".join(format_errors)}))
    totals = shown.totals()
    tests = [part_test(part, [v for v in shown.verdicts if v.part == part], total, grading.about)
             for part, total in totals.items()]
    points = sum(t["points"] for t in tests)
    most = sum(t["max_points"] for t in tests)
    return fit(clean_text({"gradable": True, "score": round(points / most, 4) if most else 0.0,
                           "message": message, "output": "", "tests": tests}))


def size(results):
    """Bytes of ``results`` as ``results.write`` writes them."""
    return len(json.dumps(results, indent=2, ensure_ascii=False).encode("utf-8")) + 1


def fit(results, limit=LIMIT):
    """``results`` with each test's output cut (``bounded``) to an equal share of what ``limit`` leaves, when
    the whole would be larger.

    >>> big = {"score": 1.0, "tests": [{"name": "a", "output": "x" * 5000}, {"name": "b", "output": "y"}]}
    >>> size(fit(big, limit=2000)) <= 2000
    True
    """
    tests = results.get("tests") or []
    if size(results) <= limit or not tests:
        return results
    bare = size({**results, "tests": [{**t, "output": ""} for t in tests]})
    share = max(0, (limit - bare) // len(tests) - 200)      # characters; room for the note ``bounded`` adds
    while True:
        cut = {**results, "tests": [{**t, "output": bounded(t["output"], limit=share)} for t in tests]}
        if size(cut) <= limit or share == 0:         # a character may take more than one byte: cut again
            return cut
        share //= 2
