"""Check 3.7's timing of the Deque: the workload run at each size, every run a process of its own timed from
outside it, and the judging of those times.

Each run is one process that builds a new Deque, runs the workload of one size
(``grader.observing.probes.deque.deque_workload``: pushes and pops at both ends of items of several kinds,
each a new object) and sends how many items it popped and a digest of them, in order.  The grader times the
whole process by the CPU time the kernel counted for it (its zygote's ``wait4``), and works out the digest
itself with a deque that works: nothing the process says or sends times it, and a deque that stores nothing,
or returns other items, fails however fast it is (red team, round nine: an O(n) deque that only counted the
ints it was given; a submission that had its own timing events stamped).  The sizes run ``REPEATS`` times
each, in an order drawn afresh for each grading, and the fastest run of each size counts, less the fastest run
of a process that does nothing but start (``BASE``): a deque cannot tell which run it is in, and a slow first
instance or a pause of the machine only makes one run slower, never the fastest.
"""

import collections
import functools
import random
from dataclasses import dataclass

from ..observing.probes.deque import deque_workload
from .framework import Fail

DEQUE = ("deque",)
TIMED = 5000                # the smallest workload's size: large enough that it takes milliseconds, not noise
MIDDLE = 4                  # a second workload, this many times the smallest
GROWTH = 16                 # the largest workload is this many times the smallest
GROWTH_LIMIT = 48           # ...and may take at most this many times as long (constant time: about 16)
STEP_LIMIT = 10             # (largest - middle) / (middle - smallest): constant time 4, linear time 16
REPEATS = 3                 # runs of each size, the fastest kept
BASE = 0                    # the size of a run that only starts: what every run costs before its workload
SIZES = (TIMED, TIMED * MIDDLE, TIMED * GROWTH)

O_N_HELP = ("Shifting every item (list.insert(0, …), list.pop(0), copying on each push) is O(n); use a circular array "
            "that doubles when full, or a linked list")


class _Model:
    """A deque that works, in the grader's own process: the expected answers of the workload.  Its operations
    are ``collections.deque``'s own methods, so that working out a digest costs little beside the run."""

    def __init__(self):
        self.items = items = collections.deque()
        self.pushBack, self.pushFront, self.popBack, self.popFront = (items.append, items.appendleft, items.pop,
                                                                      items.popleft)
        self.size = items.__len__

    def isEmpty(self):
        return not self.items


@functools.lru_cache(maxsize=None)
def expected(size):
    """(items popped, digest) of the workload of ``size`` on a deque that works, worked out on the items'
    numbers alone: the digest of the items themselves, which the student's process sends, is the same.

    >>> expected(0), expected(6)
    ((0, 0), (12, 190603263267736474))
    >>> expected(1000) == deque_workload(_Model, 1000)
    True
    """
    return deque_workload(_Model, size, int, int)


@dataclass(frozen=True)
class Run:
    """One timed run: its size and repeat, what it sent, and the seconds it took by ``clock`` ("CPU" when the
    kernel counted them; "wall-clock" where no CPU time could be read: the spawned sandbox of a laptop)."""
    size: int
    repeat: int
    events: list
    seconds: float
    clock: str


@dataclass(frozen=True)
class Timings:
    """Check 3.7's observation: every run of the workload, ``REPEATS`` of each size of ``SIZES`` and of
    ``BASE``, in an order drawn afresh for each grading (``order``).  A size whose run did not finish in time
    is not run again, nor is any larger size: ``stopped`` holds that size and the time limit it ran out of."""
    groups = ()

    def observe(self, ctx):
        runs, stopped, failed = [], None, None
        for size, repeat in order():
            if stopped is not None and size >= stopped[0] or failed is not None and (size, repeat) > failed[0]:
                continue
            try:
                timed = ctx.run("deque_timing", DEQUE, {"size": size, "repeat": repeat},
                                doing=f"Timing {size:,} deque operations", with_cpu=True, timed_out=size != BASE)
            except Fail as failure:
                # the failure told is the smallest run's, whatever the order drawn: the same program gets the
                # same words in every grading (the runs after it that are larger are not run)
                failed = ((size, repeat), failure)
                continue
            if timed is None:
                stopped = (size, ctx.config["limits"]["timeout"])
                continue
            runs.append(Run(size, repeat, *timed))
        if failed is not None:
            raise failed[1]
        return runs, stopped

    def describe(self):
        return (f"deque_timing on deque ({len(SIZES) + 1} sizes, {REPEATS} runs of each, each a process of its "
                f"own, in a random order)")


TIMINGS = Timings()


def order():
    """Every (size, repeat) of the timed runs, in an order drawn afresh for each grading."""
    runs = [(size, repeat) for size in (BASE, *SIZES) for repeat in range(REPEATS)]
    random.SystemRandom().shuffle(runs)
    return runs


def answered(run):
    """Fail unless ``run`` sent what a deque that works gives for its size: every item it popped, in order."""
    sent = [event for event in run.events if "timed" in event]
    popped, digest = expected(run.size)
    if not sent or (sent[0]["popped"], sent[0]["digest"]) != (popped, digest):
        got = f"{sent[0]['popped']:,} items popped, not all of them the items pushed" if sent else "nothing"
        raise Fail(f"In the timed workload of {run.size:,} pushes and pops, your Deque did not return the items "
                   f"pushed, in the order a deque returns them: the grader checks each item popped, not only how "
                   f"long the pops take.",
                   expected=f"{popped:,} items popped, each the one pushed", actual=got,
                   help="Each pop returns the item at that end, whatever the item is (an int, a board, a tuple, "
                        "a list or a dict): store every item, and return it")


def judge(runs, stopped):
    """Fail unless the times of ``runs`` grow as a deque's whose every operation takes amortised constant time.
    ``stopped``: (size, seconds) of a run that did not finish in its time limit, or None."""
    for run in sorted(runs, key=lambda run: (run.size, run.repeat)):   # the smallest that fails, whatever the
        answered(run)                                                   # order the runs were drawn in
    fastest = {}
    for run in runs:
        fastest[run.size] = min(fastest.get(run.size, run.seconds), run.seconds)
    clock = runs[0].clock if runs else "CPU"
    base = fastest.get(BASE, 0.0)
    small = max(fastest.get(TIMED, 0.0) - base, 1e-6)
    if stopped is not None:
        size, limit = stopped
        took = f"took {small * 1000:.1f} ms of {clock} time" if TIMED in fastest else "were not timed"
        raise Fail(f"Timing {size:,} deque operations did not finish within the {limit:g} s a run may take, while "
                   f"{TIMED:,} {took}: some operation takes time in proportion to the deque's size.",
                   help=O_N_HELP)
    middle = fastest[TIMED * MIDDLE] - base
    large = fastest[TIMED * GROWTH] - base
    ratio = large / small
    if ratio > GROWTH_LIMIT:
        raise Fail(f"{GROWTH} times as many operations took {ratio:.0f} times as long ({small * 1000:.1f} ms against "
                   f"{large * 1000:.1f} ms of {clock} time, the fastest of {REPEATS} runs of each, less the "
                   f"{base * 1000:.1f} ms a run takes to start): some operation takes time in proportion to the "
                   f"deque's size.",
                   expected=f"at most {GROWTH_LIMIT} times as long", actual=f"{ratio:.0f} times", help=O_N_HELP)
    step = (large - middle) / max(middle - small, 1e-6)
    if middle <= small or step > STEP_LIMIT:
        raise Fail(f"From {TIMED * MIDDLE:,} to {TIMED * GROWTH:,} operations the time grew by {step:.0f} times as "
                   f"much as from {TIMED:,} to {TIMED * MIDDLE:,} ({(middle - small) * 1000:.1f} ms against "
                   f"{(large - middle) * 1000:.1f} ms of {clock} time): each operation costs more as the deque "
                   f"grows, whatever each run costs to start.",
                   expected=f"at most {STEP_LIMIT} times as much (4 for constant time)", actual=f"{step:.0f} times",
                   help=O_N_HELP)
