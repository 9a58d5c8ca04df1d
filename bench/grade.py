"""Benchmark: the cost of isolating student code while grading.

Grades the same correct submission (a copy of the reference) with the
sandbox (a zygote forking one limited child per check, as an unprivileged user
when run as root) and in-process (no isolation at all: ``--in-process``, never
used for students), each as a whole ``python -m grader grade`` command, best
of ``--repeat`` wall times.  The issue's bound: isolated <= 1.5x in-process.

Then grades two submissions of the correct corpus once each, sandboxed, and
prints wall and CPU time (the grader and every process under it): the
``copy.deepcopy`` one (bound: 3 minutes of CPU; Gradescope gives half a CPU)
and the fastest-written one (bound: 60 s wall).  ``--no-corpus`` skips them.

Then (issue 43) grades with Part VI off and on, one after the other in one run: the reference (its board.py,
deque.py and game.py, with a correct corpus submission's three programs beside them, since the reference's own
import xo.judge) and a correct corpus submission, and prints the ratio of the two wall times (bound: 2.0).
``--part6-only`` runs only this; ``--every`` grades Part VI with ``part6_positions = "every"`` as well.

    python bench/grade.py [--repeat 5] [--no-corpus] [--part6-only] [--every] [SUBMISSION]
"""

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOUND = 1.5
CORPUS = os.path.join(TOP, "tests", "submissions", "correct")
SLOW, FAST = "deepcopy_bfs", "circular_deque"
SLOW_CPU, FAST_WALL = 180.0, 60.0


def wall(submission, results, *extra):
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "grader", "grade", submission, "--results", results, "--quiet", *extra],
                   cwd=TOP, check=True)
    return time.perf_counter() - started


def cpu_and_wall(submission, results):
    """Wall seconds and CPU seconds (user + system, of the grader and all it started) of one grading."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = wall(submission, results)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return seconds, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def corpus(scratch):
    """Grade the slowest and a fast correct corpus submission; return True when both bounds are met."""
    results = os.path.join(scratch, "corpus-results.json")
    print("grading correct corpus submissions, sandboxed, once each:")
    ok = True
    for name, bound, what in ((SLOW, SLOW_CPU, "cpu"), (FAST, FAST_WALL, "wall")):
        seconds, cpu = cpu_and_wall(os.path.join(CORPUS, name), results)
        measured = cpu if what == "cpu" else seconds
        met = measured <= bound
        ok = ok and met
        print(f"  {name:<15} wall {seconds:6.1f} s   CPU {cpu:6.1f} s   bound {bound:g} s of {what}: "
              f"{'met' if met else 'NOT met'}")
    return ok


PART6_BOUND = 2.0
PART6_PROGRAMS = os.path.join(CORPUS, "partvi_complete")
PART6_CORPUS = "partvi_cr14_classic_circular"


def configured(scratch, name, points, judged="chosen"):
    """The shipped configuration with Part VI at ``points`` and ``part6_positions`` set: its path."""
    with open(os.path.join(TOP, "grader", "config.toml"), encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"^VI = .*$", f"VI = {points}", text, flags=re.M)
    text = re.sub(r"^part6_positions = .*$", f'part6_positions = "{judged}"', text, flags=re.M)
    path = os.path.join(scratch, f"{name}.toml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def part6(scratch, every=False):
    """Grade the reference and a correct corpus submission with Part VI off, then on; print each wall time and
    the ratio; return True when every ratio is within ``PART6_BOUND``."""
    reference = os.path.join(scratch, "reference")
    os.mkdir(reference)
    for name in ("board", "deque", "game"):
        shutil.copy(os.path.join(TOP, "xo", f"{name}.py"), reference)
    for name in ("codequest", "ninja", "codingame"):
        shutil.copy(os.path.join(PART6_PROGRAMS, f"{name}.py"), reference)
    results = os.path.join(scratch, "part6-results.json")
    off = configured(scratch, "off", 0)
    ways = [("on", configured(scratch, "on", 10))]
    if every:
        ways.append(("on, every position", configured(scratch, "every", 10, "every")))
    print("grading with Part VI off and on (VI = 10), sandboxed, once each, one after the other:")
    ok = True
    for label, submission in (("the reference", reference), (PART6_CORPUS, os.path.join(CORPUS, PART6_CORPUS))):
        base = wall(submission, results, "--config", off)
        print(f"  {label:<30} Parts I-V      {base:6.1f} s")
        for way, config in ways:
            seconds = wall(submission, results, "--config", config)
            ratio = seconds / base
            met = ratio <= PART6_BOUND
            if way == "on":
                ok = ok and met
            print(f"  {label:<30} Parts I-VI     {seconds:6.1f} s   ({way})  ratio {ratio:4.2f}x"
                  + (f"   bound {PART6_BOUND}x: {'met' if met else 'NOT met'}" if way == "on" else ""))
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("submission", nargs="?", help="a correct submission (default: a copy of xo/)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-corpus", action="store_true", help="skip the two corpus gradings")
    parser.add_argument("--part6-only", action="store_true", help="only grade with Part VI off and on (issue 43)")
    parser.add_argument("--every", action="store_true", help="also grade Part VI on every position")
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="bench-grade-")
    if args.part6_only:
        ok = part6(scratch, args.every)
        shutil.rmtree(scratch, ignore_errors=True)
        return 0 if ok else 1
    submission = args.submission
    if submission is None:
        submission = os.path.join(scratch, "submission")
        os.mkdir(submission)
        for name in ("board", "deque", "game"):
            shutil.copy(os.path.join(TOP, "xo", f"{name}.py"), submission)
    results = os.path.join(scratch, "results.json")
    times = {"isolated": [], "in-process": []}
    for _ in range(args.repeat):           # interleaved, so that machine noise hits both alike
        times["isolated"].append(wall(submission, results))
        times["in-process"].append(wall(submission, results, "--in-process"))
    corpus_ok = True if args.no_corpus else corpus(scratch)
    part6_ok = part6(scratch, args.every)
    shutil.rmtree(scratch, ignore_errors=True)
    best = {k: min(v) for k, v in times.items()}
    who = "root, student code as xo-sandbox" if os.geteuid() == 0 else "not root, student code as this user"
    print(f"grading {submission if args.submission else 'a copy of the reference'} ({who}), "
          f"best of {args.repeat}, whole command wall time:")
    for name, seconds in best.items():
        print(f"  {name:<11} {seconds:6.2f} s   (all: {', '.join(f'{t:.2f}' for t in times[name])})")
    ratio = best["isolated"] / best["in-process"]
    print(f"  ratio       {ratio:6.2f}x   bound {BOUND}x: {'met' if ratio <= BOUND else 'NOT met'}")
    return 0 if ratio <= BOUND and corpus_ok and part6_ok else 1


if __name__ == "__main__":
    sys.exit(main())
