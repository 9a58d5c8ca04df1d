"""Benchmark: check 3.7's timing workload on deques of every form the handout allows, collector on and off.

Not a test: it prints figures.  The workload is the grader's own (``grader.observing.probes.deque.deque_workload``),
timed by CPU time at the check's three sizes, ``REPEATS`` runs of each in a shuffled order, and summed up
as the check does: the largest size's best run against the smallest's median (``ratio``, limit
``GROWTH_LIMIT``), and how much more the time grew from the middle size to the largest than from the smallest
to the middle (``step``, limit ``STEP_LIMIT``).  Each (deque, collector) pair runs in a fresh interpreter,
``--trials`` times.  The grader leaves the collector on, as in every run (issue 26): the "off" column says
what it costs.

    python bench/deque_timing.py [--trials N]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from grader.checks import part3  # noqa: E402

DEQUES = [
    ("circular array (the reference)", "xo/deque.py"),
    ("doubly linked list", "tests/submissions/correct/linked_list_deque/deque.py"),
    ("two stacks, moving half", "tests/submissions/correct/leaves_when_generated/deque.py"),
    ("two stacks, moving all (wrong)", "tests/submissions/buggy/deque_full_transfer/deque.py"),
]

ONE_TRIAL = """
import gc, importlib.util, json, random, statistics, sys, time
sys.path.insert(0, sys.argv[1])
from grader.checks import part3
from grader.observing.probes.deque import deque_workload
spec = importlib.util.spec_from_file_location("student_deque", sys.argv[2])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
if sys.argv[3] == "off":
    gc.disable()
n = part3.TIMED
sizes = [n, n * part3.MIDDLE, n * part3.GROWTH] * part3.REPEATS
random.shuffle(sizes)
runs = {size: [] for size in set(sizes)}
for size in sizes:
    start = time.process_time()
    deque_workload(module.Deque, size)
    runs[size].append(time.process_time() - start)
small, middle = statistics.median(runs[n]), statistics.median(runs[n * part3.MIDDLE])
large = min(runs[n * part3.GROWTH])
print(json.dumps({"ratio": large / small, "step": (large - middle) / max(middle - small, 1e-9)}))
"""


def trial(path, collector):
    done = subprocess.run([sys.executable, "-c", ONE_TRIAL, ROOT, os.path.join(ROOT, path), collector],
                          capture_output=True, text=True, check=True, timeout=600)
    return json.loads(done.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=3, help="fresh interpreters per (deque, collector)")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; limits: ratio at most {part3.GROWTH_LIMIT} "
          f"(constant time: about {part3.GROWTH}), step at most {part3.STEP_LIMIT} (about {part3.MIDDLE})")
    print(f"{'deque':34} {'collector':9} {'ratio (each trial)':26} {'step (each trial)':24} verdict")
    for name, path in DEQUES:
        for collector in ("on", "off"):
            found = [trial(path, collector) for _ in range(args.trials)]
            ratios = [f["ratio"] for f in found]
            steps = [f["step"] for f in found]
            passes = all(r <= part3.GROWTH_LIMIT for r in ratios) and all(s <= part3.STEP_LIMIT for s in steps)
            print(f"{name:34} {collector:9} {' '.join(f'{r:6.1f}' for r in ratios):26} "
                  f"{' '.join(f'{s:5.1f}' for s in steps):24} "
                  f"{'passes' if passes else 'fails'} (worst ratio {max(ratios) / part3.GROWTH_LIMIT:.2f} "
                  f"of the limit; median {statistics.median(ratios):.1f})")


if __name__ == "__main__":
    main()
