"""``python -m grader batch EXPORT --csv PATH``: grade a whole class, in parallel.

EXPORT is a Gradescope "Export Submissions" zip as downloaded (unpacked safely
into a temporary folder, removed afterwards: ``export.py``) or folder
(``submission_metadata.yml`` beside one ``submission_NNN/`` folder per
submission; the students' names, emails and SIDs are carried into the CSV), or
a plain folder of folders, one per submission.  Each submission is graded by its own ``python -m grader grade``
process (its own sandbox, its own time limit), so a crashed, hanging or
hostile submission costs its own score and never the batch.  Writes one
results.json per submission and a CSV with per-Part scores and the total,
sorted by submission, the same whatever ``--jobs``.

For regrade requests (staff only): ``--reveal`` grades with ``grade --reveal``
(hidden checks' details kept), and ``--compare`` also writes, per submission,
``regrade.txt``: every failed check with its full feedback and, where a check of
``makeOptimalMove()`` failed, every position where its moves differ from the
reference's and the pattern that explains why (``compare``, whose JSON is kept
beside it as ``compare.json``).
"""

import csv
import json
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from .. import OPTIONAL_PARTS, PART_TITLES, PARTS
from ..checks.framework import CHECKS
from ..grading.points import load, max_scores
from ..grading.verdict import Grading, Status
from ..render.gradescope import nothing_graded, write
from ..sandbox.isolation import ensure_user
from ..sandbox.processes import make_subreaper, reap_orphans
from ..settings.config import ConfigError, graded_parts
from . import class_parser
from .compare import Progress
from .export import ExportError, class_folder
from .regrade import write_regrades
from .roster import TOP, _safe, find_submissions

TIMEOUT = 1800                   # seconds one submission's whole grading may take
COLUMNS = ["sid", "email", "name", "submission", "created_at", "status", *(f"part_{p}" for p in PARTS), "total",
           "max", "gradescope_score", "difference", "failed_checks", "problems", "integrity"]
"""The gradebook's columns: one row per submitter (a group submission gives each member a row), keyed by SID
and email; ``gradescope_score`` is the score Gradescope gave (from the export), ``difference`` ours minus it;
``problems`` the files the grader could not read as Python (a syntax error: a grading problem, never an integrity
finding); ``integrity`` the integrity report's findings (code that reaches into the grader), for instructors.  Part VI's
column is left out when no submission was graded on it (the Part was not switched on)."""


# ---------------------------------------------------------------- grading one submission


_reap_lock = threading.Lock()


def grade_one(name, path, results_path, *, config=None, timeout=TIMEOUT, strict=False, reveal=False):
    """Grade one submission in its own process; return (status, results dict, seconds).  ``reveal``: with
    ``grade --reveal`` (staff only: hidden checks' details kept)."""
    started = time.monotonic()
    os.makedirs(os.path.dirname(results_path), exist_ok=True)
    if os.path.exists(results_path):
        os.unlink(results_path)
    if not os.path.isdir(path):
        return _failed(results_path, "missing", f"The submission folder {name} is missing from the export.", started)
    command = [sys.executable, "-m", "grader", "grade", path, "--results", results_path, "--quiet"]
    if config:
        command += ["--config", config]
    if strict:
        command.append("--strict-handout")
    if reveal:
        command.append("--reveal")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [TOP, os.environ.get("PYTHONPATH")])))
    process = subprocess.Popen(command, cwd=TOP, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        _reap()
        return _failed(results_path, "timeout", f"Grading took longer than {timeout:g} s and was stopped.", started)
    _reap()
    try:
        with open(results_path, encoding="utf-8") as f:
            results = json.load(f)
        if not isinstance(results, dict) or not isinstance(results.get("tests"), list):
            raise ValueError("not a results.json")
    except (OSError, ValueError):
        tail = err.decode("utf-8", "replace")[-1000:]
        return _failed(results_path, "error", f"The grader wrote no results (exit status {process.returncode}). "
                                              f"{tail}", started)
    return "graded", results, time.monotonic() - started


def _reap():
    """Kill whatever a killed grader left behind (re-parented to us: we are a subreaper)."""
    with _reap_lock:
        reap_orphans(os.getsid(0))


def _failed(results_path, status, message, started):
    results = nothing_graded(f"**{message}**", time.monotonic() - started)
    write(results, results_path)
    return status, results, time.monotonic() - started


# ---------------------------------------------------------------- the batch

@dataclass
class Graded:
    """One submission as graded: who submitted it, and its scores as numbers."""
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
    problems: list = field(default_factory=list)   # files that do not parse, "game.py:25: does not parse …"

    @property
    def difference(self):
        return None if self.gradescope_score is None else round(self.total - self.gradescope_score, 2)


def graded(name, meta, status, results):
    """The ``Graded`` record of one submission from its results.json."""
    grading = Grading.from_results(results)
    totals = grading.totals()
    try:
        theirs = float(meta.get("score"))
    except (TypeError, ValueError):
        theirs = None
    return Graded(submission=name, submitters=list(meta.get("submitters") or []),
                  created_at=str(meta.get("created_at") or ""), gradescope_score=theirs, status=status,
                  parts={part: total.points for part, total in totals.items()},
                  total=round(grading.score, 2),
                  max=round(sum(v.max_points for v in grading.verdicts), 2),
                  failed=[f"{v.number} {v.check}" for v in grading.verdicts if v.status is Status.FAILED],
                  integrity=list(grading.integrity), problems=list(grading.problems))


def csv_rows(entry):
    """The gradebook rows of one submission: one per submitter (or one without a name)."""
    number = lambda value: "" if value is None else f"{value:.2f}"
    common = {"submission": entry.submission, "created_at": entry.created_at, "status": entry.status,
              **{f"part_{p}": number(entry.parts.get(p)) for p in PARTS}, "total": f"{entry.total:.2f}",
              "max": f"{entry.max:g}", "gradescope_score": number(entry.gradescope_score),
              "difference": number(entry.difference), "failed_checks": "; ".join(entry.failed),
              "problems": "; ".join(entry.problems), "integrity": "; ".join(entry.integrity)}
    people = entry.submitters or [{}]
    return [{"sid": str(p.get("sid") or ""), "email": str(p.get("email") or ""), "name": str(p.get("name") or ""),
             **common} for p in people]


def write_csv(entries, csv_path, *, excel=False):
    """Write the gradebook; ``excel``: UTF-8 with a byte-order mark, so Excel reads accents right."""
    os.makedirs(os.path.dirname(os.path.abspath(csv_path)), exist_ok=True)
    graded = {part for entry in entries for part in entry.parts}
    columns = [c for c in COLUMNS if not (c.startswith("part_") and c[5:] in OPTIONAL_PARTS and c[5:] not in graded)]
    with open(csv_path, "w", newline="", encoding="utf-8-sig" if excel else "utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=columns, extrasaction="ignore")
        writer.writeheader()
        for entry in entries:
            writer.writerows(csv_rows(entry))


def batch(folder, csv_path, *, jobs=1, results_dir=None, config=None, timeout=TIMEOUT, strict=False, report=None,
          excel=False, reveal=False):
    """Grade every submission under ``folder``; write the CSV; return the outcome: the export's folder, whether
    it is Gradescope's, the results' folder, the ``Graded`` records sorted by submission and ``found`` (each
    submission's name, folder and metadata).  ``reveal``: grade with ``grade --reveal`` (staff only)."""

    export, gradescope, found = find_submissions(folder)
    results_dir = results_dir or os.path.splitext(csv_path)[0] + "-results"
    if os.geteuid() == 0:
        ensure_user()                    # once, here: parallel graders must not race to create it
    make_subreaper()
    records, done = {}, [0]
    lock = threading.Lock()

    def one(item):
        name, path, meta = item
        try:
            status, results, seconds = grade_one(name, path, os.path.join(results_dir, _safe(name), "results.json"),
                                                 config=config, timeout=timeout, strict=strict, reveal=reveal)
        except Exception as error:       # a failure of ours on one submission: never the batch
            status, results, seconds = "error", {"tests": []}, 0.0
            results["output"] = f"batch error: {error!r}"
        entry = graded(name, meta, status, results)
        with lock:
            records[name] = entry
            done[0] += 1
            if report:
                report(done[0], len(found), entry, seconds)
        return entry

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        list(pool.map(one, found))
    ordered = [records[name] for name, _, _ in found]
    write_csv(ordered, csv_path, excel=excel)
    return {"folder": export, "gradescope": gradescope, "results_dir": results_dir, "graded": ordered, "found": found}


def summary(outcome, config, top=5):
    """Per Part: the mean, how many got full marks (against ``config``'s points); the checks failed most often."""
    entries = outcome["graded"]
    lines = [f"{len(entries)} submission(s) from {outcome['folder']}"
             f"{' (Gradescope export)' if outcome['gradescope'] else ''}"]
    if not entries:
        return "\n".join(lines)
    most = {p: sum(s for name, s in max_scores(config).items() if CHECKS[name].part == p)
            for p in graded_parts(config)}
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
    return "\n".join(lines)


def add_parser(commands):
    p = class_parser(commands, "batch", "grade every submission in a folder (a Gradescope export) in parallel")
    p.add_argument("--csv", required=True, metavar="PATH", help="where to write the per-Part scores")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="submissions graded at once (default: cores)")
    p.add_argument("--results-dir", metavar="DIR",
                   help="where each submission's results.json goes (default: beside the CSV, PATH-results/NAME/)")
    p.add_argument("--config", default=None, help="configuration file (default: the grader's config.toml)")
    p.add_argument("--strict-handout", action="store_true", help="as for grade")
    p.add_argument("--timeout", type=float, default=TIMEOUT, help=f"seconds per submission (default {TIMEOUT})")
    p.add_argument("--quiet", action="store_true", help="no line per submission")
    p.add_argument("--excel", action="store_true", help="write the CSV as UTF-8 with a byte-order mark (for Excel)")
    p.add_argument("--reveal", action="store_true",
                   help="staff only: grade with `grade --reveal`, so each results.json keeps hidden checks' details")
    p.add_argument("--compare", action="store_true",
                   help="for regrade requests (implies --reveal): write regrade.txt beside each results.json, with "
                        "every failed check's full feedback and, where a check of makeOptimalMove() failed, every "
                        "position where its moves differ from the reference's and why (compare, --jobs processes)")
    p.add_argument("--compare-sample", type=int, metavar="N",
                   help="with --compare: compare on N evenly spread positions only, not all 9,039 (quicker)")
    p.set_defaults(run=run)
    return p


def run(args):
    if args.compare_sample is not None and (not args.compare or args.compare_sample < 1):
        print(f"grader: --compare-sample {args.compare_sample}: give a number of positions of at least 1, "
              f"with --compare", file=sys.stderr)
        return 2

    try:
        config = load(args.config) if args.config else load()
    except ConfigError as error:
        print(f"grader: {error}", file=sys.stderr)
        return 2

    def report(n, total, entry, seconds):
        names = "; ".join(str(p.get("name") or "") for p in entry.submitters)
        who = f" ({names})" if names else ""
        print(f"[{n:>{len(str(total))}}/{total}] {entry.submission}{who}: {entry.total:.2f} / {entry.max:g}"
              f"{'' if entry.status == 'graded' else ' ' + entry.status.upper()}  ({seconds:.1f} s)",
              file=sys.stderr, flush=True)

    started = time.monotonic()
    try:
        with class_folder(args.folder, report=lambda line: print(f"grader: {line}", file=sys.stderr)) as (folder, label):
            outcome = batch(folder, args.csv, jobs=args.jobs, results_dir=args.results_dir, config=args.config,
                            timeout=args.timeout, strict=args.strict_handout, report=None if args.quiet else report,
                            excel=args.excel, reveal=args.reveal or args.compare)
            if folder != label:                  # an unpacked zip: name the zip, never the temporary folder
                outcome["folder"] = label
            print(summary(outcome, config))
            if args.compare:
                regrades = compare_class(outcome, args, config)
    except ExportError as error:
        print(f"grader: {error}", file=sys.stderr)
        return 2
    print(f"\nCSV: {args.csv}\nresults.json files: {outcome['results_dir']}/")
    if args.compare:
        print(f"regrade notes: {len(regrades)} file(s), {os.path.join(outcome['results_dir'], 'NAME', 'regrade.txt')}")
    print(f"{time.monotonic() - started:.1f} s with --jobs {args.jobs}")
    return 0


def compare_class(outcome, args, config):
    """``--compare``: the reference's answers once (with a progress bar), then each submission's regrade notes,
    a line per submission on stderr; return {submission: regrade.txt}."""
    progress = None if args.quiet else Progress()
    from .reference import reference     # here, not at the top: it imports the reference (xo/), which the grader
                                         # loads only when a TA's command needs it
    reference(max(1, args.jobs), progress=progress and (lambda n, total: progress("reference", n, total, n / total)))

    def line(n, total, entry, compared, seconds, said):
        names = "; ".join(str(p.get("name") or "") for p in entry.submitters)
        print(f"[{n:>{len(str(total))}}/{total}] regrade notes {entry.submission}{f' ({names})' if names else ''}: "
              f"{said}  ({seconds:.1f} s)", file=sys.stderr, flush=True)

    return write_regrades(outcome, config=args.config, strict=args.strict_handout,
                          jobs=args.jobs, timeout=args.timeout, sample=args.compare_sample,
                          report=None if args.quiet else line)
