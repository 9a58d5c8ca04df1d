"""Benchmark: check 3.7's timing on deques of every form the handout allows (and two it does not).

Not a test: it prints figures.  The workload is the grader's own (``grader.observing.probes.deque.deque_workload``),
timed as the check times it (``grader.checks.timing``): every run a process of its own, forked from one that
has imported the deque (as the sandbox's zygote forks each run), timed by the CPU time the kernel counted for
it (``os.wait4``), at the check's three sizes and a run
that only starts, ``REPEATS`` runs of each in a shuffled order; the fastest of each size counts, less the fastest
run that only starts.  It prints, for each deque, the ratio of the largest size to the smallest (limit
``GROWTH_LIMIT``) and the step (how much more the time grew from the middle size to the largest than from the
smallest to the middle, limit ``STEP_LIMIT``), over ``--trials`` gradings.

    python bench/deque_timing.py [--trials N]
"""

import argparse
import importlib.util
import os
import random
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from grader.checks import timing  # noqa: E402
from grader.observing.probes.deque import deque_workload  # noqa: E402

DEQUES = [
    ("circular array (the reference)", "xo/deque.py"),
    ("doubly linked list", "tests/submissions/correct/linked_list_deque/deque.py"),
    ("two stacks, moving half", "tests/submissions/correct/leaves_when_generated/deque.py"),
    ("two stacks, moving all (wrong)", "tests/submissions/buggy/deque_full_transfer/deque.py"),
    ("list.pop(0) (wrong)", "tests/submissions/buggy/list_pop0/deque.py"),
]

def load(path):
    spec = importlib.util.spec_from_file_location("student_deque", os.path.join(ROOT, path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cpu_of_run(module, size):
    """CPU seconds the kernel counted for one run (a process of its own, forked), and what it popped."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        os.write(write, " ".join(map(str, deque_workload(module.Deque, size))).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as f:
        out = f.read()
    _, _, usage = os.wait4(pid, 0)
    return usage.ru_utime + usage.ru_stime, out


def grading(module):
    """(ratio, step, whether the items popped were right) of one grading's timing of the deque ``module``."""
    fastest, right = {}, True
    for size, _ in timing.order():
        seconds, out = cpu_of_run(module, size)
        right = right and tuple(map(int, out.split())) == timing.expected(size)
        fastest[size] = min(fastest.get(size, seconds), seconds)
    base = fastest[timing.BASE]
    small, middle, large = (fastest[s] - base for s in timing.SIZES)
    return large / small, (large - middle) / max(middle - small, 1e-9), right


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}; {len(timing.SIZES) + 1} sizes x {timing.REPEATS} runs, each a process; "
          f"limits: ratio at most {timing.GROWTH_LIMIT} (constant time: about {timing.GROWTH}), step at most "
          f"{timing.STEP_LIMIT} (about {timing.MIDDLE})")
    for label, path in DEQUES:
        ratios, steps, right, module = [], [], True, load(path)
        for _ in range(args.trials):
            ratio, step, ok = grading(module)
            ratios.append(ratio)
            steps.append(step)
            right = right and ok
        passes = all(r <= timing.GROWTH_LIMIT for r in ratios) and all(s <= timing.STEP_LIMIT for s in steps)
        print(f"{label:<34} ratio median {statistics.median(ratios):5.1f} (worst {max(ratios):5.1f})  "
              f"step median {statistics.median(steps):4.1f} (worst {max(steps):4.1f})  items {'right' if right else 'WRONG'}  "
              f"{'passes' if passes else 'fails'}")


if __name__ == "__main__":
    random.seed()
    main()
