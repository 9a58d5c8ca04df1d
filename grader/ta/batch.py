"""``python -m grader batch EXPORT --csv PATH``: grade a whole class, in parallel.

EXPORT is a Gradescope "Export Submissions" zip as downloaded (unpacked safely
into a temporary folder, removed afterwards: ``export.py``) or folder
(``submission_metadata.yml`` beside one ``submission_NNN/`` folder per
submission; the students' names, emails and SIDs are carried into the CSV), or
a plain folder of folders, one per submission.  Each submission is graded by its own ``python -m grader grade``
process (its own sandbox, its own time limit), so a crashed, hanging or
hostile submission costs its own score and never the batch.  Writes one
results.json per submission, a CSV with per-Part scores, the total and the diagnosis, sorted by submission, the
same whatever ``--jobs`` (``gradebook``), and the class report beside it (``class_report``).  ``--shard K/N``
grades every N-th submission and writes a partial result instead, which ``batch merge`` joins (``shards``).

For regrade requests (staff only): ``--reveal`` grades with ``grade --reveal``
(hidden checks' details kept), and ``--compare`` also writes, per submission,
``regrade.txt``: every failed check with its full feedback and, where a check of
``makeOptimalMove()`` failed, every position where its moves differ from the
reference's and the pattern that explains why (``compare``, whose JSON is kept
beside it as ``compare.json``).
"""

import json
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from ..grading.points import load
from ..render.gradescope import nothing_graded, write
from ..sandbox.isolation import ensure_user
from ..sandbox.processes import make_subreaper, reap_orphans
from ..settings.config import ConfigError
from . import class_parser
from .compare import Progress
from .export import ExportError, class_folder
from .gradebook import COLUMNS, Run, graded, part_points, summary, write_class  # noqa: F401  (COLUMNS: named here)
from .regrade import write_regrades
from .roster import TOP, _safe, find_submissions
from .shards import Shard, write_partial

TIMEOUT = 1800                   # seconds one submission's whole grading may take


# ---------------------------------------------------------------- grading one submission


_reap_lock = threading.Lock()


def grade_one(name, path, results_path, *, config=None, timeout=TIMEOUT, strict=False, reveal=False):
    """Grade one submission in its own process; return (status, results dict, seconds, why it was not graded or
    None).  ``reveal``: with ``grade --reveal`` (staff only: hidden checks' details kept)."""
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
    return "graded", results, time.monotonic() - started, None


def _reap():
    """Kill whatever a killed grader left behind (re-parented to us: we are a subreaper)."""
    with _reap_lock:
        reap_orphans(os.getsid(0))


def _failed(results_path, status, message, started):
    results = nothing_graded(f"**{message}**", time.monotonic() - started)
    write(results, results_path)
    return status, results, time.monotonic() - started, message


# ---------------------------------------------------------------- the batch

def batch(folder, csv_path, *, jobs=1, results_dir=None, config=None, timeout=TIMEOUT, strict=False, progress=None,
          reveal=False, shard=None, grade=None):
    """Grade every submission under ``folder`` (``shard``, a ``shards.Shard``: every N-th only) and write each
    results.json; return the outcome: the export's folder, whether it is Gradescope's, the results' folder,
    ``runs`` (each grading's ``Run``) and ``graded`` (its ``Graded`` record), sorted by submission, ``found``
    (each submission graded: name, folder, metadata), ``names`` (every submission of the class) and ``most``
    (each graded Part's points under ``config``, a path or None).  ``reveal``: grade with ``grade --reveal``
    (staff only); ``grade``: how one submission is graded, ``grade_one``'s arguments and answer (the tests grade
    a class on the corpus' recorded observations).  ``write_class`` writes the CSV and the class report."""

    export, gradescope, everyone = find_submissions(folder)
    found = shard.chosen(everyone) if shard is not None else everyone
    results_dir = results_dir or os.path.splitext(csv_path)[0] + "-results"
    if os.geteuid() == 0:
        ensure_user()                    # once, here: parallel graders must not race to create it
    make_subreaper()
    grade = grade or (lambda name, path, results_path: grade_one(name, path, results_path, config=config,
                                                                  timeout=timeout, strict=strict, reveal=reveal))
    runs, done = {}, [0]
    lock = threading.Lock()

    def one(item):
        name, path, meta = item
        started = time.monotonic()
        try:
            status, results, seconds, problem = grade(name, path, os.path.join(results_dir, _safe(name), "results.json"))
        except Exception as error:       # a failure of ours on one submission: never the batch
            problem = f"batch error: {error!r}"
            status, results, seconds = "error", {"tests": [], "output": problem}, time.monotonic() - started
        run = Run(name, meta, status, seconds, problem, results)
        entry = graded(run)
        with lock:
            runs[name] = (run, entry)
            done[0] += 1
            if progress:
                progress(done[0], len(found), entry, seconds)
        return entry

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        list(pool.map(one, found))
    return {"folder": export, "gradescope": gradescope, "results_dir": results_dir, "found": found,
            "runs": [runs[name][0] for name, _, _ in found], "graded": [runs[name][1] for name, _, _ in found],
            "names": [name for name, _, _ in everyone], "most": part_points(load(config) if config else load())}


def add_parser(commands):
    p = class_parser(commands, "batch", "grade every submission in a folder (a Gradescope export) in parallel; "
                                        "`batch merge PARTIAL...` joins the partial results of --shard")
    p.add_argument("--csv", required=True, metavar="PATH",
                   help="where to write the per-Part scores; the class report goes beside it (PATH.html)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="submissions graded at once (default: cores)")
    p.add_argument("--results-dir", metavar="DIR",
                   help="where each submission's results.json goes (default: beside the CSV, PATH-results/NAME/)")
    p.add_argument("--config", default=None, help="configuration file (default: the grader's config.toml)")
    p.add_argument("--strict-handout", action="store_true", help="as for grade")
    p.add_argument("--timeout", type=float, default=TIMEOUT, help=f"seconds per submission (default {TIMEOUT})")
    p.add_argument("--quiet", action="store_true", help="no line per submission")
    p.add_argument("--excel", action="store_true", help="write the CSV as UTF-8 with a byte-order mark (for Excel)")
    p.add_argument("--no-report", action="store_true", help="write the CSV only, not the class report (PATH.html)")
    p.add_argument("--shard", type=Shard.parse, metavar="K/N",
                   help="grade only every N-th submission, from the K-th (1 <= K <= N), and write a partial result "
                        "beside the CSV (PATH.shard-K-of-N.json) instead of the CSV; `python -m grader batch merge` "
                        "joins the N partials into the CSV and the report a single run writes")
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


def progress_line(n, total, entry, seconds):
    """A line on stderr per submission graded."""
    names = "; ".join(str(p.get("name") or "") for p in entry.submitters)
    who = f" ({names})" if names else ""
    print(f"[{n:>{len(str(total))}}/{total}] {entry.submission}{who}: {entry.total:.2f} / {entry.max:g}"
          f"{'' if entry.status == 'graded' else ' ' + entry.status.upper()}  ({seconds:.1f} s)",
          file=sys.stderr, flush=True)


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

    started = time.monotonic()
    try:
        with class_folder(args.folder, report=lambda line: print(f"grader: {line}", file=sys.stderr)) as (folder, label):
            outcome = batch(folder, args.csv, jobs=args.jobs, results_dir=args.results_dir, config=args.config,
                            timeout=args.timeout, strict=args.strict_handout,
                            progress=None if args.quiet else progress_line, reveal=args.reveal or args.compare,
                            shard=args.shard)
            if folder != label:                  # an unpacked zip: name the zip, never the temporary folder
                outcome["folder"] = label
            if args.shard is not None:
                partial = write_partial(args.shard.path(args.csv), args.shard, outcome)
            else:
                page = write_class(outcome, args.csv, excel=args.excel, page=not args.no_report)
                print(summary(outcome))
            if args.compare:
                regrades = compare_class(outcome, args, config)
    except ExportError as error:
        print(f"grader: {error}", file=sys.stderr)
        return 2
    if args.shard is not None:
        print(f"shard {args.shard}: {len(outcome['graded'])} of the class's {len(outcome['names'])} submission(s)\n"
              f"partial result: {partial} (python -m grader batch merge PARTIAL... --csv {args.csv})\n"
              f"results.json files: {outcome['results_dir']}/")
    else:
        print(f"\nCSV: {args.csv}\nclass report: {page or 'not written (--no-report)'}\n"
              f"results.json files: {outcome['results_dir']}/")
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
