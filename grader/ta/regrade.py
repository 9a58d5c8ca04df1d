"""Regrade notes (``batch --compare``): one file per submission from which a TA answers "why did I lose these
points?" without running anything.

Each ``regrade.txt`` names the submission's students as the export does, gives its score (and Gradescope's),
every failed check with its full feedback (the batch grades with ``--reveal``, so hidden checks' positions and
expected moves are there), and, where a check of ``makeOptimalMove()`` (Parts IV and V) failed, what
``python -m grader compare`` found on every reachable position: the patterns that explain the differences, the
first few positions of each drawn with every candidate's scores, then every differing position on one line.
Compare runs only for those submissions (a submission that passed every move check agrees with the reference
wherever the checks looked, and compare costs 10-60 s a submission); each runs in a process of its own with
``--jobs`` processes, after the reference's answers are computed once for all.
"""

import json
import os
import subprocess
import sys
import time

from .roster import TOP, _safe
from .compare import text as compare_text

MOVE_PARTS = ("IV", "V")
"""The Parts whose checks judge ``makeOptimalMove()``: a failure there is what ``compare`` explains."""

SHOWN = 5
"""Positions drawn in full per pattern (every one is listed on a line of its own below them)."""

FILE = "regrade.txt"
REPORT = "compare.json"


def who(submitters):
    """The students of a submission as the export names them: ``Ada Lovelace <ada@example.edu>, SID 1001``.

    >>> who([{"name": "Ada Lovelace", "email": "ada@example.edu", "sid": "1001"}, {"name": "Bea Tie"}])
    'Ada Lovelace <ada@example.edu>, SID 1001; Bea Tie'
    """
    people = []
    for person in submitters or []:
        text = str(person.get("name") or "(no name)")
        if person.get("email"):
            text += f" <{person['email']}>"
        if person.get("sid"):
            text += f", SID {person['sid']}"
        people.append(text)
    return "; ".join(people)


def move_checks_failed(results):
    """The checks of Parts IV and V that ran and failed, in a results.json, by number (a check blocked by
    another one never ran: compare would find only what that one says)."""
    return [t["number"] for t in results.get("tests", [])
            if (t.get("extra_data") or {}).get("part") in MOVE_PARTS and (t.get("extra_data") or {}).get("verdict") == "failed"]


def run_compare(path, json_path, *, config=None, strict=False, jobs=1, timeout=1800, sample=None, label=None):
    """Run ``python -m grader compare`` on the submission ``path`` in its own process (``sample``: on that many
    evenly spread positions only), the full report written to ``json_path`` (naming the submission ``label``
    when given); return (report or None, why not)."""
    command = [sys.executable, "-m", "grader", "compare", path, "--json", json_path, "--jobs", str(max(1, jobs)),
               "--quiet", "--show", "0"]
    if config:
        command += ["--config", config]
    if strict:
        command.append("--strict-handout")
    if sample:
        command += ["--sample", str(sample)]
    if os.path.exists(json_path):
        os.unlink(json_path)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [TOP, os.environ.get("PYTHONPATH")])))
    try:
        out = subprocess.run(command, cwd=TOP, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                             timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f"compare did not finish in {timeout:g} s"
    try:
        with open(json_path, encoding="utf-8") as f:
            report = json.load(f)
    except (OSError, ValueError):
        tail = out.stderr.decode("utf-8", "replace").strip()[-800:]
        return None, f"compare wrote no report (exit status {out.returncode}): {tail}"
    if label:                            # the submission's name, not the temporary folder it was compared in
        report["submission"] = label
        with open(json_path, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)
            f.write("\n")
    return report, ""


def _indent(text, by="    "):
    return "\n".join(by + line if line.strip() else "" for line in text.splitlines())


def one_line(entry):
    """A difference on one line: the position, the expected and the actual move, the pattern."""
    actual = entry.get("actual")
    if entry["pattern"] in ("crash", "timeout", "skipped"):
        raised = entry.get("raised") or {}
        actual = f"raised {raised.get('type')}" if raised else entry.get("how") or entry["pattern"]
    accepted = " or ".join(str(c) for c in entry["accepted"])
    return (f"  position {entry['index']:>5}: {entry['first']} first, moves {entry['moves']}, {entry['to_move']} "
            f"to move: expected {accepted}, played {actual}  [{entry['pattern']}]")


def regrade_text(entry, results, report=None, why_not=""):
    """The regrade notes of one submission: ``entry`` its ``batch.Graded`` record, ``results`` its
    results.json, ``report`` compare's report (or None, ``why_not`` saying why there is none)."""
    lines = [f"Regrade notes: {entry.submission}"]
    if entry.submitters:
        lines.append(f"Students: {who(entry.submitters)}")
    score = f"Score: {entry.total:.2f} / {entry.max:g}"
    if entry.gradescope_score is not None:
        score += f" (Gradescope gave {entry.gradescope_score:.2f})"
    lines += [score + ("" if entry.status == "graded" else f"; grading {entry.status}"),
              f"Written {time.strftime('%Y-%m-%d %H:%M %Z')} by `python -m grader batch --compare`: hidden checks' "
              f"details are shown (staff copy)."]
    if entry.problems:
        lines.append("Grading problems: " + "; ".join(entry.problems))
    if entry.integrity:
        lines.append(f"Integrity findings ({len(entry.integrity)}): " + "; ".join(entry.integrity))
    failed = [t for t in results.get("tests", []) if t.get("status") == "failed"
              and (t.get("extra_data") or {}).get("check") != "integrity"]
    waiting = {}                         # blocked or not run: one line per cause, not a paragraph each
    for test in failed:
        extra = test.get("extra_data") or {}
        if extra.get("verdict") in ("blocked", "not run"):
            cause = ("waits for " + ", ".join(extra.get("waits_for") or ())) if extra.get("waits_for") else \
                "not run: the grading's time was spent"
            waiting.setdefault(cause, []).append(test["number"])
    ran = [t for t in failed if (t.get("extra_data") or {}).get("verdict") not in ("blocked", "not run")]
    lines += ["", f"== Checks failed: {len(failed)}" + (f" ({len(failed) - len(ran)} of them could not run)"
                                                        if waiting else "")]
    for cause, numbers in waiting.items():
        lines.append(f"-- {', '.join(numbers)}: {cause}")
    for test in ran:
        extra = test.get("extra_data") or {}
        shown = "withheld" if extra.get("details") == "withheld" else test.get("visibility")   # as config.toml says
        head = (f"-- {test['number']} {extra.get('check', '')} ({shown}, "
                f"{test.get('score', 0):g} / {test.get('max_score', 0):g}): {test.get('name', '')}")
        lines += ["", head, _indent(test.get("output") or "(no feedback)")]
    if not failed:
        lines.append("(none)")
    lines.append("")
    if report is None:
        lines.append(f"== Moves against the reference: not compared ({why_not or 'no check of makeOptimalMove() failed'})")
        return "\n".join(lines) + "\n"
    report = dict(report, submission=entry.submission)   # not the temporary folder an export's zip was in
    lines += ["== Moves against the reference on every position (python -m grader compare)", "",
              compare_text(report, SHOWN)]
    entries = report.get("entries") or []
    if entries:
        lines += ["", f"== Every difference, one line each ({len(entries)})"]
        lines += [one_line(e) for e in entries]
    return "\n".join(lines) + "\n"


def write_regrades(outcome, *, config=None, strict=False, jobs=1, timeout=1800, sample=None, report=None):
    """Write ``regrade.txt`` (and ``compare.json`` where compare ran) beside each results.json of a batch's
    ``outcome``; return {submission: path}.  ``report(n, total, submission, compared, seconds, summary)`` is
    called after each one."""
    written = {}
    entries = outcome["graded"]
    paths = {name: path for name, path, _ in outcome["found"]}
    for n, entry in enumerate(entries, 1):
        started = time.monotonic()
        folder = os.path.join(outcome["results_dir"], _safe(entry.submission))
        try:
            with open(os.path.join(folder, "results.json"), encoding="utf-8") as f:
                results = json.load(f)
        except (OSError, ValueError):
            results = {"tests": []}
        compared, why_not = None, ""
        if entry.status != "graded":
            why_not = f"the grading ended {entry.status}"
        elif not move_checks_failed(results):
            why_not = "no check of makeOptimalMove() ran and failed"
        else:
            compared, why_not = run_compare(paths[entry.submission], os.path.join(folder, REPORT), config=config,
                                            strict=strict, jobs=jobs, timeout=timeout, sample=sample,
                                            label=entry.submission)
        if compared is None and os.path.exists(os.path.join(folder, REPORT)):
            os.unlink(os.path.join(folder, REPORT))       # an earlier run's: it would contradict this file
        path = os.path.join(folder, FILE)
        os.makedirs(folder, exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(regrade_text(entry, results, compared, why_not))
        written[entry.submission] = path
        if report:
            if compared is None:
                summary = why_not or "no move check failed: not compared"
            elif compared.get("fatal"):
                summary = f"could not run: {compared['fatal']}"
            else:
                summary = (f"{compared['differences']} position(s) differ"
                           + (" (" + ", ".join(f"{k} {v}" for k, v in compared["patterns"].items()) + ")"
                              if compared["patterns"] else ""))
            report(n, len(entries), entry, compared is not None, time.monotonic() - started, summary)
    return written

