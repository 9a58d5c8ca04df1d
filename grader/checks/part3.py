"""Part III: the hand-written ``Deque`` (deque.py) and the breadth-first search with it.

The Part's eleven checks, the Deque's model and the timing protocol's judge; the scan of the sources for
what is not hand-written is ``handwritten.py``'s, and the judging of the traced search ``trace.py``'s (Part
VI judges its own search with it too).
"""

import statistics
from dataclasses import dataclass

from ..submission.handwritten import banned, imported_deques
from ..text.markdown import cited, code
from ..text.values import plain, show
from .framework import Fail, Probe, Source, check
from .trace import TRACED, breadth_first, covers_tree, uses_deque

DEQUE = ("deque",)
GROWTH = 16                 # the largest workload is this many times the smallest
GROWTH_LIMIT = 48           # ...and may take at most this many times as long (linear: about 16)
MIDDLE = 4                  # a third workload, this many times the smallest, between them
STEP_LIMIT = 10             # (largest - middle) / (middle - smallest): linear 4, quadratic 16
REPEATS = 5                 # runs of each size
COVERAGE = 0.5              # the timed runs hold at least this share of the CPU time used after the first began
TIMED = 5000                # operations in the smaller run: large enough that it takes milliseconds, not noise


def ops(operations):
    """The observation of ``operations`` on a new Deque, one result each (``probes.probe_deque_ops``)."""
    return Probe("deque_ops", DEQUE, {"ops": operations}, doing="Your Deque")


def op_text(op):
    name, args = op[0], op[1:]
    return "len(d)" if name == "len" else f"d.{name}(" + ", ".join(repr(a) for a in args) + ")"


def model(operations):
    """What each operation should return, from a plain Python list."""
    items, expected = [], []
    for op in operations:
        name = op[0]
        if name == "pushBack":
            items.append(op[1])
            expected.append(None)
        elif name == "pushFront":
            items.insert(0, op[1])
            expected.append(None)
        elif name in ("popFront", "popBack", "front", "back"):
            if not items:
                expected.append(IndexError)
                continue
            index = 0 if name in ("popFront", "front") else -1
            expected.append(items.pop(index) if name.startswith("pop") else items[index])
        elif name == "isEmpty":
            expected.append(not items)
        elif name in ("size", "len"):
            expected.append(len(items))
    return expected


PUSH = "`pushFront(item)`, `pushBack(item)`: put `item` at the front or at the back"
POP = "`popFront()`, `popBack()`: remove and return the item at the front or at the back"
PEEK = "`front()`, `back()`: return the item at the front or at the back without removing it"
COUNT = "`size()` and `len(d)` (the method `__len__`): the number of items"
PASSAGES = {"pushFront": PUSH, "pushBack": PUSH, "popFront": POP, "popBack": POP, "front": PEEK, "back": PEEK,
            "isEmpty": "`isEmpty()`: `True` when the deque holds no items", "size": COUNT, "len": COUNT}
"""The handout's passage on each operation of the Deque: a failure names the one the failing operation broke."""
RAISES = "raise `IndexError` when the deque is empty"


def passage(phrase):
    return cited("Part III", phrase)


def run_against_model(ctx, results, operations, help):
    """Fail at the first of ``results`` (of ``operations`` on the student's Deque) unlike the model's, citing
    the handout's passage on the operation that failed."""
    done = []
    for result, op, want in zip(results, operations, model(operations)):
        history = "\n".join(["d = Deque()"] + [op_text(o) for o in done] + [op_text(op) + "   # <- here"])
        if want is IndexError:
            if "raised" not in result or not result["raised"]["index_error"]:
                got = "returned normally" if "raised" not in result else f"raised {result['raised']['type']}"
                raise Fail(f"{op_text(op)} on an empty Deque should raise IndexError, but it {got}.",
                           extra=code(history), section=passage(RAISES),
                           help="raise IndexError(...) when there is nothing to remove or look at")
        elif "raised" in result:
            raise Fail(f"{op_text(op)} raised {result['raised']['type']}: {result['raised']['message']}",
                       extra=code(history) + ("\n\n" + code(result["raised"]["traceback"])
                                              if result["raised"]["traceback"] else ""),
                       section=passage(PASSAGES[op[0]]))
        else:
            got = plain(result["value"])
            exact = type(got) is type(want) or want is None
            if not (exact and got == want):
                raise Fail(f"{op_text(op)} returned the wrong value.", expected=show(want), actual=show(got),
                           extra=code(history), help=help, section=passage(PASSAGES[op[0]]))
        done.append(op)


EMPTIED = [["size"], ["len"], ["isEmpty"]]          # read again once the Deque is empty
FIFO = ([["pushBack", k] for k in range(5)] + [["popFront"]] * 5 + EMPTIED
        + [["pushFront", k] for k in range(5)] + [["popBack"]] * 5 + EMPTIED)
LIFO = ([["pushBack", k] for k in range(5)] + [["popBack"]] * 5 + EMPTIED
        + [["pushFront", k] for k in range(5)] + [["popFront"]] * 5 + EMPTIED)
EMPTY_RAISES = ([["popFront"], ["popBack"], ["front"], ["back"], ["pushBack", 1], ["popFront"]] + EMPTIED
                + [["popBack"], ["front"], ["back"], ["pushFront", 2], ["popBack"]] + EMPTIED
                + [["popFront"], ["front"], ["back"], ["pushBack", 3], ["popBack"]] + EMPTIED
                + [["pushFront", 4], ["popFront"]] + EMPTIED + [["popBack"]])


def _mixed():
    """Pushes at both ends, pops, front(), back() and size(), then full at every capacity a circular array
    may have on the way."""
    operations = []
    for k in range(40):
        operations.append(["pushBack" if k % 3 else "pushFront", k])
        if k % 4 == 3:
            operations.append(["popFront" if k % 8 == 3 else "popBack"])
        if k % 5 == 0:
            operations += [["front"], ["back"], ["size"]]
    operations += [["popFront"], ["popBack"]] * 12 + [["size"], ["isEmpty"], ["len"]]
    for k in range(1, 34):
        operations += [["pushBack", k], ["isEmpty"], ["size"]]
    return operations + [["popFront"], ["isEmpty"]] * 33


MIXED = _mixed()


@check("III",
       cites=("Part III", "`Deque()`: an empty deque"),
       observes=Probe("import", DEQUE, {"modules": DEQUE, "construct_deque": True}, doing="Importing deque.py"))
def deque_imports(ctx, imported):
    """deque.py imports and defines the class Deque, and Deque() makes one."""
    report = imported[0]
    if not report["deque"]["Deque"]:
        raise Fail("deque.py does not define the class Deque.")
    if "raised" in report["Deque()"]:
        problem = report["Deque()"]["raised"]
        raise Fail(f"Deque() raised {problem['type']}: {problem['message']}")


@check("III", depends=["deque_imports"],
       cites=("Part III", PASSAGES["isEmpty"]),
       observes=ops([["isEmpty"], ["size"], ["len"]]))
def deque_empty(ctx, results):
    """A new Deque is empty: isEmpty() is True, size() and len(d) are 0."""
    run_against_model(ctx, results, [["isEmpty"], ["size"], ["len"]], "isEmpty() returns a bool, size() an int")


@check("III", depends=["deque_imports"],
       cites=("Part III", PUSH),
       observes=ops(FIFO))
def deque_fifo(ctx, results):
    """Pushing at one end and popping at the other gives items back first in, first out, both ways round."""
    run_against_model(ctx, results, FIFO, "pushBack adds at the back, popFront removes from the front")


@check("III", depends=["deque_imports"],
       cites=("Part III", POP),
       observes=ops(LIFO))
def deque_lifo(ctx, results):
    """Pushing and popping at the same end gives items back last in, first out, at either end."""
    run_against_model(ctx, results, LIFO, "popBack removes the item pushBack added last")


@check("III", depends=["deque_imports"],
       cites=("Part III", COUNT),
       observes=ops(MIXED))
def deque_mixed(ctx, results):
    """A long mixed run of pushes, pops, front(), back(), size() and isEmpty() matches a list, past any initial capacity."""
    run_against_model(ctx, results, MIXED, "compare your deque with a list on a piece of paper")


@check("III", depends=["deque_imports"],
       cites=("Part III", RAISES),
       observes=ops(EMPTY_RAISES))
def deque_empty_raises(ctx, results):
    """popFront(), popBack(), front() and back() raise IndexError on an empty Deque, also after its only item was popped from either end (when size(), len(d) and isEmpty() say it is empty)."""
    run_against_model(ctx, results, EMPTY_RAISES, "raise IndexError when the deque is empty, and count the item popped "
                                       "from either end")


@check("III", depends=["deque_fifo", "deque_lifo", "deque_mixed"],   # its workload drains the deque from each end
                                                                  # until isEmpty(); it never pops an empty deque
                                                                  # nor peeks (3.6's), so 3.6 does not block it
       cites=("Part III", "Every operation takes amortised constant time"),
       observes=Probe("deque_timing", DEQUE, lambda ctx: {"sizes": timing_order()},
                      doing=f"Timing {TIMED:,} and {TIMED * GROWTH:,} deque operations", with_cpu=True,
                      explain=lambda outcome: slow_timing(outcome)))
def deque_amortised_constant_time(ctx, timed):
    """Every operation takes amortised constant time: 16 times the work takes about 16 times as long, not 256."""
    n = TIMED
    events, cpu = timed
    small, middle, large, clock = parent_timings(events, [n, n * MIDDLE, n * GROWTH], cpu)
    ratio = large / max(small, 1e-6)
    if ratio > GROWTH_LIMIT:
        raise Fail(f"{GROWTH} times as many operations took {ratio:.0f} times as long "
                   f"({small * 1000:.1f} ms against {large * 1000:.1f} ms of {clock} time): some operation "
                   f"takes time in proportion to the deque's size.",
                   expected=f"at most {GROWTH_LIMIT} times as long", actual=f"{ratio:.0f} times",
                   help=O_N_HELP)
    step = (large - middle) / max(middle - small, 1e-6)
    if middle <= small or step > STEP_LIMIT:
        raise Fail(f"From {n * MIDDLE:,} to {n * GROWTH:,} operations the time grew by {step:.0f} times as much as "
                   f"from {n:,} to {n * MIDDLE:,} ({(middle - small) * 1000:.1f} ms against "
                   f"{(large - middle) * 1000:.1f} ms of {clock} time): each operation costs more as the deque "
                   f"grows, whatever each run costs to start.",
                   expected=f"at most {STEP_LIMIT} times as much (4 for constant time)", actual=f"{step:.0f} times",
                   help=O_N_HELP)


O_N_HELP = ("Shifting every item (list.insert(0, …), list.pop(0), copying on each push) is O(n); use a circular array "
            "that doubles when full, or a linked list")


def slow_timing(outcome):
    """For a timing run stopped at its time limit: ``(message, help)`` when the runs it finished, or the one it
    was in, show that 16 times the work takes more than ``GROWTH_LIMIT`` times as long; else None (the run is
    then told as any run stopped at its limit).  Only the events the grader stamped count.  The message has no
    final period: ``Context.run`` ends it.

    >>> def ev(n, at, cpu): return {"run": n, "at": at, "cpu": cpu, "arrived": cpu, "stamped": True}
    >>> class Stopped: timeout, events = 30, [{"imported": "deque", "arrived": 0.0}, ev(5000, "begin", 0.0),
    ...     ev(5000, "end", 0.025), ev(80000, "begin", 0.03), ev(80000, "end", 8.03), ev(80000, "begin", 8.04)]
    >>> slow_timing(Stopped)[0]
    "16 times as many operations took 320 times as long (25.0 ms against 8000.0 ms of CPU time, in the runs that finished before the check was stopped at 30 s): some operation takes time in proportion to the deque's size"
    >>> Stopped.events = Stopped.events[:4]
    >>> slow_timing(Stopped)[0]
    "Timing 5,000 deque operations took 25.0 ms of CPU time, but 80,000 had not finished after 30.0 s, more than 1199 times as long, when the check was stopped at 30 s: some operation takes time in proportion to the deque's size"
    """
    stamped = [e for e in outcome.events if e.get("stamped") and e.get("at") in ("begin", "end")]
    if not stamped:
        return None
    clock = "cpu" if all(isinstance(e.get("cpu"), (int, float)) for e in stamped) else "arrived"
    done, begun = {}, None
    for event in stamped:
        if event["at"] == "begin":
            begun = event
        elif begun is not None and begun["run"] == event["run"]:
            done.setdefault(event["run"], []).append(event[clock] - begun[clock])
            begun = None
    small = sorted(done.get(TIMED, []))
    if not small:
        return None
    small = max(small[len(small) // 2], 1e-6)
    large = done.get(TIMED * GROWTH)
    what = "CPU" if clock == "cpu" else "wall-clock"
    if large and min(large) / small > GROWTH_LIMIT:
        return (f"{GROWTH} times as many operations took {min(large) / small:.0f} times as long ({small * 1000:.1f} ms "
                f"against {min(large) * 1000:.1f} ms of {what} time, in the runs that finished before the check was "
                f"stopped at {outcome.timeout:g} s): some operation takes time in proportion to the deque's size",
                O_N_HELP)
    first = next((e["arrived"] for e in outcome.events if isinstance(e.get("arrived"), (int, float))), None)
    if begun is None or begun["run"] != TIMED * GROWTH or first is None:
        return None
    at_least = first + outcome.timeout - begun["arrived"]       # wall-clock time from its begin to the stop
    if at_least / small <= GROWTH_LIMIT:
        return None
    return (f"Timing {TIMED:,} deque operations took {small * 1000:.1f} ms of {what} time, but {TIMED * GROWTH:,} had "
            f"not finished after {at_least:.1f} s, more than {at_least / small:.0f} times as long, when the check "
            f"was stopped at {outcome.timeout:g} s: some operation takes time in proportion to the deque's size",
            O_N_HELP)


def timing_order():
    """The sizes of the timed runs, ``REPEATS`` of each of three, in an order drawn afresh for each grading:
    a Deque cannot tell which run it is in by counting its instances (red team, round four: the first ten
    instances burned CPU, which lowered the ratio of the two sizes then timed in a fixed order)."""
    import random
    sizes = [TIMED, TIMED * MIDDLE, TIMED * GROWTH] * REPEATS
    random.SystemRandom().shuffle(sizes)
    return sizes


def parent_timings(events, sizes, total_cpu=None):
    """Return the median run of each of ``sizes`` (three: smallest, middle, largest; the largest's shortest
    run rather than its median) and the clock used, timed by the grader.

    Each run is measured between its "begin" and "end" events by the child's CPU time, which the
    grader reads from the kernel as each event arrives while the child waits (``cpu``); where that
    could not be read, by when the events reached the grader (``arrived``).  What the student's
    process says it measured is never used (its clock can be replaced by deque.py).  CPU time does
    not grow when other processes share the machine or a container's CPU quota runs out, which
    would slow long runs more than short ones.  The median of the short runs against the best of
    the long ones: noise then lowers the ratio rather than raising it, and an O(n) operation still
    shows a ratio of 100 or more.

    The events are the grader's only if the parent stamped each as it arrived (``stamped``), every
    run is a begin then an end of one of ``sizes``, ``REPEATS`` of each, and the runs hold most of the
    CPU time the process used from the first begin to its exit (``total_cpu``, measured outside it): code
    that writes timing events of its own to the channel fails one or the other.

    >>> ok = {"stamped": True}
    >>> def run(n, begin, end): return [{"run": n, "at": "begin", "arrived": begin, "cpu": begin, **ok},
    ...                                 {"run": n, "at": "end", "arrived": end, "cpu": end, **ok}]
    >>> runs = [e for n, b, t in [(2, 0.0, .5), (8, 1.0, 2.0), (32, 3.0, 7.0)] * 5 for e in run(n, b, t)]
    >>> parent_timings(runs, [2, 8, 32], total_cpu=7.5)
    (0.5, 1.0, 4.0, 'CPU')
    >>> parent_timings(runs, [2, 8, 32], total_cpu=99.0)
    Traceback (most recent call last):
    ...
    grader.checks.framework.Fail: Only 27.5 s of the 99 s of CPU time your Deque's timing used fell inside its timed runs, so the grader cannot time it.
    >>> parent_timings(runs[:2] + runs, [2, 8, 32])
    Traceback (most recent call last):
    ...
    grader.checks.framework.Fail: The timing runs of your Deque did not report back in order: 32 timing events where 30 were expected.
    >>> parent_timings([{**e, "stamped": False} for e in runs], [2, 8, 32])     # events the parent did not stamp
    Traceback (most recent call last):
    ...
    grader.checks.framework.Fail: The timing runs of your Deque did not report back in order: 30 timing events where 30 were expected.
    """
    help = ("deque.py should only define the Deque class: do not print to, close or write to file descriptors "
            "you did not open, and do no work outside the Deque's own methods")
    timing = [event for event in events if "at" in event]
    pairs = list(zip(timing[::2], timing[1::2]))
    expected = len(sizes) * REPEATS * 2
    if len(timing) != expected or not all(
            b.get("at") == "begin" and e.get("at") == "end" and b.get("run") == e.get("run") in sizes
            and b.get("stamped") and e.get("stamped") for b, e in pairs) \
            or sorted(b["run"] for b, _ in pairs) != sorted(sizes * REPEATS):
        raise Fail(f"The timing runs of your Deque did not report back in order: {len(timing)} timing events "
                   f"where {expected} were expected.", help=help, section=None)
    by_cpu = all(isinstance(event.get("cpu"), float) for event in timing)
    key = "cpu" if by_cpu else "arrived"
    runs = {n: [] for n in sizes}
    for begin, end in pairs:
        runs[begin["run"]].append(end[key] - begin[key])
    if any(took < 0 for took in sum(runs.values(), [])):      # stamps are the parent's: never unless a clock broke
        raise Fail("A timed run of your Deque measured less than no time, so the grader cannot time it.",
                   help=help, section=None)
    if by_cpu and total_cpu is not None:
        timed, spent = sum(sum(v) for v in runs.values()), total_cpu - timing[0]["cpu"]
        if timed < COVERAGE * spent:
            raise Fail(f"Only {timed:.3g} s of the {spent:.3g} s of CPU time your Deque's timing used fell inside "
                       f"its timed runs, so the grader cannot time it.", help=help, section=None)
    smallest, middle, largest = sorted(sizes)
    return (statistics.median(runs[smallest]), statistics.median(runs[middle]), min(runs[largest]),
            "CPU" if by_cpu else "wall-clock")


@dataclass(frozen=True)
class Sources:
    """An observation: the text of each of the student's files that is there, by module (``Source`` each)."""
    groups = ()

    def observe(self, ctx):
        texts = {}
        for module in ("deque", "board", "game"):
            try:
                texts[module] = Source(module).observe(ctx)
            except KeyError:                  # not in the submission: its own import check says so
                pass
        return texts

    def describe(self):
        return "the sources of deque.py, board.py and game.py"


@check("III", depends=["deque_imports"],
       cites=("Part III", "`collections.deque` (from whichever module it is imported, `typing.Deque` too), the "
                          "`queue` module, "
                          "`list.pop(0)`, `list.insert(0, …)`, `del a[0]`, `a[0:1] = []` and `a[0:0] = …` are "
                          "not allowed"),
       observes=Sources())
def deque_hand_written(ctx, sources):
    """deque.py is hand-written: no collections.deque (however it is imported), no queue module, and nothing that removes or adds the first item of a list (pop(0), insert(0, …), del a[0], a[0:0] = …)."""
    source = sources["deque"]
    try:
        found = sorted(banned(source) + imported_deques(sources))
    except (RecursionError, MemoryError) as error:      # Python ran it, but the grader's ast.parse gives up
        raise Fail(f"deque.py could not be read to check that it is hand-written: it is nested too deeply or is too "
                   f"large for Python's own parser ({type(error).__name__}).",
                   help="Write plain statements: no expression nested thousands of levels deep") from None
    if found:
        lines = source.splitlines()
        listing = "\n".join(f"line {n}: {reason}\n    {lines[n - 1].strip() if n <= len(lines) else ''}"
                            for n, reason in found)
        raise Fail("deque.py uses what the assignment asks you to build yourself.", extra=code(listing), help="Write the deque as a circular array (a list of fixed capacity with a "
                                             "head index, doubled when full), a doubly linked list, or any other "
                                             "form by hand, such as two lists used as stacks that move half of "
                                             "one over when the other runs out")


@check("III", depends=["deque_imports", "game_imports"],
       cites=("Part III", "the search must push and pop boards"), observes=TRACED)
def bfs_uses_deque(ctx, traced):
    """makeOptimalMove() searches with your own Deque from deque.py (it pushes and pops boards)."""
    for position, trace in traced:
        uses_deque(position, trace, "makeOptimalMove()")


@check("III", depends=["bfs_uses_deque"],
       cites=("Part III", "push at one end and pop at the other, never pop a board with fewer moves than the one "
                          "popped before it"), observes=TRACED)
def bfs_breadth_first(ctx, traced):
    """makeOptimalMove() is breadth-first: it pushes at one end, pops at the other, and popped boards never have fewer moves than the one before."""
    for position, trace in traced:
        breadth_first(position, trace, "makeOptimalMove()")


@check("III", depends=["bfs_uses_deque"],
       cites=("Part III", "pop every board of the move tree"), observes=TRACED)
def bfs_covers_tree(ctx, traced):
    """makeOptimalMove() pops every board of the move tree (or every unfinished one, when leaves are scored as they are made)."""
    for position, trace in traced:
        covers_tree(position, trace, "makeOptimalMove()")

