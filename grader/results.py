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

from . import PART_TITLES, PARTS

FORMAT = "md"


def test_entry(check, status, score, max_score, output, visibility, seconds, waits_for=()):
    """One entry of ``tests``; ``status`` is passed, failed or blocked (shown as failed); a blocked check
    names the checks it ``waits_for``."""
    return {
        "name": f"Part {check.part}: {check.sentence}",
        "number": check.number,
        "name_format": "text",
        "score": round(score, 4),
        "max_score": max_score,
        "status": "passed" if status == "passed" else "failed",
        "output": output or "",
        "output_format": FORMAT,
        "visibility": visibility,
        "execution_time": round(seconds, 3),
        "extra_data": {"check": check.name, "part": check.part, "verdict": status,
                       **({"waits_for": list(waits_for)} if waits_for else {})},
    }


def part_totals(tests):
    """Per Part: (score, max_score, checks passed, checks, hidden passed, hidden)."""
    totals = {part: [0.0, 0.0, 0, 0, 0, 0] for part in PARTS}
    for test in tests:
        if test["extra_data"]["part"] not in totals:        # the Integrity report: no Part, no points
            continue
        entry = totals[test["extra_data"]["part"]]
        entry[0] += test["score"]
        entry[1] += test["max_score"]
        passed = test["extra_data"]["verdict"] == "passed"
        entry[2] += passed
        entry[3] += 1
        if test["visibility"] == "hidden":
            entry[4] += passed
            entry[5] += 1
    for entry in totals.values():        # sums of 0.01-rounded points, without float dust
        entry[0], entry[1] = round(entry[0], 2), round(entry[1], 2)
    return totals


LATER = {"after_due_date": "after the due date", "after_published": "once grades are published"}
"""Visibilities whose checks students may not see yet: the always-visible overview leaves them out."""


def overview(tests, notes):
    """The top-level output: notes first, then a per-Part table (hidden checks summarised; checks shown only
    later left out, with a line saying how many points they hold and when they are shown)."""
    later = [t for t in tests if t["visibility"] in LATER and t["extra_data"]["part"] in PARTS]
    shown = [t for t in tests if t not in later]
    totals = part_totals(shown)
    lines = [*notes, "| Part | | score | checks passed |", "|---|---|---|---|"]
    for part in PARTS:
        score, most, passed, count, hidden_passed, hidden = totals[part]
        extra = f" (hidden: {hidden_passed} of {hidden} passed)" if hidden else ""
        lines.append(f"| {part} | {PART_TITLES[part]} | {score:.2f} / {most:g} | {passed} of {count}{extra} |")
    total = sum(t["score"] for t in shown)
    most = sum(t["max_score"] for t in shown)
    lines.append(f"| | **total** | **{total:.2f} / {most:g}** | |")
    for visibility, when in LATER.items():
        held = [t for t in later if t["visibility"] == visibility]
        if held:
            lines.append(f"\n{round(sum(t['max_score'] for t in held), 2):g} more points are held by {len(held)} "
                         f"check(s) whose results are shown {when}; they are not counted above.")
    return "\n".join(lines)


def build(tests, notes, seconds):
    return {
        "score": round(sum(t["score"] for t in tests), 4),
        "output": overview(tests, notes),
        "output_format": FORMAT,
        "test_output_format": FORMAT,
        "test_name_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "execution_time": round(seconds, 3),
        "tests": tests,
    }


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


def console(results):
    """A person's summary of ``results``: per Part, failed checks named with their first line."""
    lines = []
    totals = part_totals(results["tests"])
    number_of = {t["extra_data"]["check"]: t["number"] for t in results["tests"]}
    part_of = {t["extra_data"]["check"]: t["extra_data"]["part"] for t in results["tests"]}
    for part in PARTS:
        score, most, passed, count, _, _ = totals[part]
        lines.append(f"Part {part:<3} {PART_TITLES[part]:<40} {score:6.2f} / {most:<5g} {passed}/{count} checks")
        blocked = {}                     # the checks they wait for -> how many
        for test in results["tests"]:
            if test["extra_data"]["part"] != part or test["extra_data"]["verdict"] == "passed":
                continue
            if test["extra_data"]["verdict"] == "blocked":
                waits = tuple(test["extra_data"].get("waits_for", ()))
                blocked[waits] = blocked.get(waits, 0) + 1
                continue
            first = test["output"].strip().splitlines()[0] if test["output"].strip() else ""
            lines.append(f"   x {test['number']} {test['extra_data']['check']}: {first}")
        for waits, count in blocked.items():
            if waits:
                named = " and ".join(f"{number_of.get(w, '?')} {w} (Part {part_of.get(w, '?')})" for w in waits)
                lines.append(f"   - {count} more check(s) could not run until {named} passes")
            else:
                lines.append(f"   - {count} more check(s) were not run: the time for the whole grading was spent")
    most = sum(t["max_score"] for t in results["tests"])
    lines.append(f"{'Total':<45} {results['score']:6.2f} / {most:g}")
    for test in results["tests"]:
        if test["extra_data"]["check"] == "integrity":
            findings = test["extra_data"].get("findings") or []
            lines.append(f"Integrity: {len(findings)} finding(s)" if findings else "Integrity: no finding")
            lines += [f"   ! {f}" for f in findings]
    return "\n".join(lines)
