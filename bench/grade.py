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

    python bench/grade.py [--repeat 5] [--no-corpus] [SUBMISSION]
"""

import argparse
import os
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("submission", nargs="?", help="a correct submission (default: a copy of xo/)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-corpus", action="store_true", help="skip the two corpus gradings")
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="bench-grade-")
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
    shutil.rmtree(scratch, ignore_errors=True)
    best = {k: min(v) for k, v in times.items()}
    who = "root, student code as xo-sandbox" if os.geteuid() == 0 else "not root, student code as this user"
    print(f"grading {submission if args.submission else 'a copy of the reference'} ({who}), "
          f"best of {args.repeat}, whole command wall time:")
    for name, seconds in best.items():
        print(f"  {name:<11} {seconds:6.2f} s   (all: {', '.join(f'{t:.2f}' for t in times[name])})")
    ratio = best["isolated"] / best["in-process"]
    print(f"  ratio       {ratio:6.2f}x   bound {BOUND}x: {'met' if ratio <= BOUND else 'NOT met'}")
    return 0 if ratio <= BOUND and corpus_ok else 1


if __name__ == "__main__":
    sys.exit(main())
