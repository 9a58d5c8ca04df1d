"""Part III: the hand-written ``Deque`` (deque.py) and the breadth-first search with it.

About 450 lines, one module on purpose: the Part's eleven checks and what only they use (the Deque's
model, the timing protocol's judge, the hand-written scan, the traced search), as the other Parts have
theirs; they are graded and cited together.
"""

import ast
import statistics
from dataclasses import dataclass

from ..feedback import code, draw, plain, show
from . import Fail, Probe, Source, check
from ..positions import board_of_code, move_sequences, tree_boards
from .moves import never_ends

DEQUE = ("deque",)
SEARCH = ("game", "deque")
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
    return f"Part III: “{phrase}”"


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


@check("III", depends=["deque_mixed", "deque_empty_raises"],
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
    grader.checks.Fail: Only 27.5 s of the 99 s of CPU time your Deque's timing used fell inside its timed runs, so the grader cannot time it.
    >>> parent_timings(runs[:2] + runs, [2, 8, 32])
    Traceback (most recent call last):
    ...
    grader.checks.Fail: The timing runs of your Deque did not report back in order: 32 timing events where 30 were expected.
    >>> parent_timings([{**e, "stamped": False} for e in runs], [2, 8, 32])     # events the parent did not stamp
    Traceback (most recent call last):
    ...
    grader.checks.Fail: The timing runs of your Deque did not report back in order: 30 timing events where 30 were expected.
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


BANNED_MODULES = {"collections": "collections.deque", "_collections": "collections.deque (its C module)",
                  "queue": "the queue module", "asyncio": "asyncio's queues",
                  "multiprocessing": "multiprocessing's queues"}


def _called_name(func):
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None


OWN = {"deque", "board", "game"}
"""The student's own modules, as imported from one another (``from .board import X``, ``import deque``)."""


def _own(module, level=0):
    """Whether ``from module import …`` (``level`` dots before it) imports one of the student's own files."""
    return module is None and level > 0 or (module or "").rsplit(".", 1)[-1] in OWN and (
        level > 0 or "." not in (module or ""))


def _front_of_list(target):
    """Whether ``target`` (of ``del`` or of an assignment) is a list's first item or the empty slice before
    it: ``a[0]``, ``a[:1]``, ``a[0:1]`` (removing the first item), ``a[:0]``, ``a[0:0]`` (adding before it)."""
    if not isinstance(target, ast.Subscript):
        return None
    index = target.slice

    def number(node, default):
        if node is None:
            return default
        return node.value if isinstance(node, ast.Constant) and type(node.value) is int else None

    if isinstance(index, ast.Constant) and type(index.value) is int and index.value == 0:
        return "removes"
    if isinstance(index, ast.Slice) and index.step is None and number(index.lower, 0) == 0:
        upper = number(index.upper, None)
        if upper == 1:
            return "removes"
        if upper == 0:
            return "adds"
    return None


def _emptied(node):
    """Whether the assignment ``node`` empties the slice it assigns to (``a[0:1] = []``: ``del a[0]``)."""
    return isinstance(node, ast.Assign) and isinstance(node.value, (ast.List, ast.Tuple)) and not node.value.elts


def imported_deques(sources):
    """Where ``collections.deque`` reaches deque.py by another road than ``from collections import deque``
    (which ``banned`` finds): ``from M import deque`` or ``M.deque`` for a module ``M`` not the student's own
    (``shlex``, for one, imports it), or a name deque.py imports from board.py or game.py that those bind to
    ``deque`` of a module not the student's own.  ``sources``: the text of each file, by module; returns
    (line of deque.py, reason).

    >>> imported_deques({"deque": "from shlex import deque as Q\\n"})
    [(1, '`from shlex import deque`: that is collections.deque, which is not hand-written')]
    >>> imported_deques({"deque": "from .board import Q\\n", "board": "from collections import deque as Q\\n"})
    [(1, '`Q`, imported from board.py, is collections.deque there (board.py line 1): not hand-written')]
    >>> imported_deques({"deque": "from .board import Q\\n", "board": "from collections import namedtuple as Q\\n"})
    []
    >>> imported_deques({"deque": "from typing import Deque as D\\nq: D[int] = None\\nr = D()\\n"})
    [(3, '`typing.Deque(…)` makes a collections.deque, which is not hand-written')]
    """
    def foreign_deques(tree):
        """{name: line} of the names a module binds to a foreign module's ``deque``."""
        modules, bound = set(), {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules.update((a.asname or a.name).split(".")[0] for a in node.names
                               if a.name.split(".")[-1] not in OWN)
            elif isinstance(node, ast.ImportFrom) and not _own(node.module, node.level):
                bound.update({(a.asname or a.name): node.lineno for a in node.names if a.name == "deque"})
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Attribute) \
                    and node.value.attr == "deque" and isinstance(node.value.value, ast.Name) \
                    and node.value.value.id in modules:
                bound.update({t.id: node.lineno for t in node.targets if isinstance(t, ast.Name)})
        return modules, bound

    trees = {}
    for module, source in sources.items():
        try:
            trees[module] = ast.parse(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
    if "deque" not in trees:
        return []
    found = []
    modules, _ = foreign_deques(trees["deque"])
    # typing.Deque is collections.deque under another name: an annotation may say it, a call makes one
    # (red team, round eight).
    aliases = {(a.asname or a.name) for node in ast.walk(trees["deque"]) if isinstance(node, ast.ImportFrom)
               and node.module == "typing" for a in node.names if a.name == "Deque"}
    for node in ast.walk(trees["deque"]):
        if isinstance(node, ast.Call) and (isinstance(node.func, ast.Name) and node.func.id in aliases or
                                           isinstance(node.func, ast.Attribute) and node.func.attr == "Deque"
                                           and isinstance(node.func.value, ast.Name)
                                           and node.func.value.id in modules):
            found.append((node.lineno, "`typing.Deque(…)` makes a collections.deque, which is not hand-written"))
    for node in ast.walk(trees["deque"]):
        if isinstance(node, ast.ImportFrom) and not _own(node.module, node.level) and node.module \
                and node.module.split(".")[0] not in BANNED_MODULES \
                and any(a.name == "deque" for a in node.names):
            found.append((node.lineno, f"`from {node.module} import deque`: that is collections.deque, which is "
                                       f"not hand-written"))
        elif isinstance(node, ast.Attribute) and node.attr == "deque" and isinstance(node.value, ast.Name) \
                and node.value.id in modules and node.value.id not in BANNED_MODULES:
            found.append((node.lineno, f"`{node.value.id}.deque`: that is collections.deque, which is not "
                                       f"hand-written"))
        elif isinstance(node, ast.ImportFrom) and _own(node.module, node.level):
            other = (node.module or "").rsplit(".", 1)[-1]
            if other in trees and other != "deque":
                _, there = foreign_deques(trees[other])
                for alias in node.names:
                    if alias.name in there:
                        found.append((node.lineno, f"`{alias.name}`, imported from {other}.py, is "
                                                   f"collections.deque there ({other}.py line {there[alias.name]}): "
                                                   f"not hand-written"))
    return sorted(set(found))


def banned(source):
    """Every use of a ready-made queue or an O(n) list end-operation in ``source``: (line, reason).

    >>> banned("def pop(a):\\n    x = a[0]\\n    del a[0]\\n    a[0:0] = [x]\\n    a[1:] = a[:1]\\n    a[:1] = []\\n")
    [(3, '`del a[0]` shifts every item of a list: O(n), not O(1)'), (4, '`a[0:0] = …` shifts every item of a list: O(n), not O(1)'), (6, '`a[:1] = []` shifts every item of a list: O(n), not O(1)')]
    """
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Delete):
            for target in node.targets:
                if _front_of_list(target) == "removes":
                    found.append((node.lineno, f"`del {ast.unparse(target)}` shifts every item of a list: O(n), "
                                               f"not O(1)"))
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                front = _front_of_list(target)
                if front == "adds" or front == "removes" and _emptied(node) and isinstance(target.slice, ast.Slice):
                    value = "[]" if front == "removes" else "…"
                    found.append((node.lineno, f"`{ast.unparse(target)} = {value}` shifts every item of a list: "
                                               f"O(n), not O(1)"))
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top in BANNED_MODULES:
                    found.append((node.lineno, f"`import {alias.name}`: {BANNED_MODULES[top]} is not hand-written"))
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in BANNED_MODULES:
            found.append((node.lineno, f"`from {node.module} import …`: {BANNED_MODULES[node.module.split('.')[0]]} "
                                       f"is not hand-written"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name, args = node.func.attr, node.args
            first_is_zero = bool(args) and isinstance(args[0], ast.Constant) and args[0].value == 0 \
                and type(args[0].value) is int
            if name == "pop" and first_is_zero:
                found.append((node.lineno, "`.pop(0)` shifts every item of a list: O(n), not O(1)"))
            elif name == "insert" and first_is_zero:
                found.append((node.lineno, "`.insert(0, …)` shifts every item of a list: O(n), not O(1)"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "__import__":
            found.append((node.lineno, "`__import__(…)`: import modules with an import statement"))
        if isinstance(node, (ast.Import, ast.ImportFrom)) and any(
                (m or "").split(".")[0] == "importlib"
                for m in ([a.name for a in node.names] if isinstance(node, ast.Import) else [node.module])):
            found.append((node.lineno, "`importlib`: dynamic imports cannot be checked; import modules with an "
                                       "import statement"))
        if isinstance(node, ast.Call) and _called_name(node.func) in ("import_module", "__import__") \
                and isinstance(node.func, ast.Attribute):
            found.append((node.lineno, f"`{_called_name(node.func)}(…)`: a dynamic import (its module cannot be "
                                       f"checked); import modules with an import statement"))
    return sorted(found)


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


@dataclass(frozen=True)
class Traced:
    """The observation of the breadth-first search on the fixtures' "bfs" positions, its Deque traced:
    ``(position, trace)`` for each (see ``traces``)."""
    groups = ("bfs",)

    def observe(self, ctx):
        return traces(ctx)

    def describe(self):
        return "optimal_moves, traced, on game, deque (positions: bfs)"


TRACED = Traced()


def traces(ctx):
    positions = ctx.positions("bfs")
    events = ctx.run("optimal_moves", SEARCH, {"positions": [_fields(p) for p in positions], "trace": True},
                     doing="makeOptimalMove()",
                     board_of=lambda index: draw(positions[index]["state"], to_move=positions[index]["to_move"]),
                     on_timeout=lambda index: never_ends(ctx, positions[index]))
    out = []
    for position, event in zip(positions, events):
        if "raised" in event and not searched_all(event["trace"]):
            problem = event["raised"]
            raise Fail(f"makeOptimalMove() raised {problem['type']} during its search: {problem['message']}",
                       board=draw(position["state"], to_move=position["to_move"]),
                       extra=code(problem["traceback"]) if problem["traceback"] else None)
        # An exception after the search emptied its Deque (in choosing or making the move) is judged in
        # Parts IV and V; here the search is judged as it was observed.
        out.append((position, event["trace"]))
    return out


def searched_all(trace):
    """Whether the search popped everything it pushed (its Deque ended empty), at least once.

    >>> searched_all({"calls": {"pushFront": 0, "pushBack": 10, "popFront": 10, "popBack": 0}})
    True
    >>> searched_all({"calls": {"pushFront": 0, "pushBack": 10, "popFront": 4, "popBack": 0}})
    False
    """
    calls = trace["calls"]
    pops = calls["popFront"] + calls["popBack"]
    return pops > 0 and pops == calls["pushFront"] + calls["pushBack"]


def _fields(position):
    return {k: position[k] for k in ("state", "moves", "turn", "numMoves")}


def _calls_text(calls):
    return ", ".join(f"{name}: {count:,}" for name, count in calls.items())


def uses_deque(position, trace, doing):
    """Fail unless the search ``doing`` ("makeOptimalMove()") pushed and popped boards with the student's Deque."""
    calls = trace["calls"]
    if sum(calls.values()) == 0:
        raise Fail(f"{doing} never pushed or popped with your Deque on this board.",
                   board=draw(position["state"], to_move=position["to_move"]),
                   help="The search must be breadth-first with the Deque of deque.py "
                        "(`from .deque import Deque`): no recursion, no lookup table, no other queue")
    if trace["unknown"]:
        raise Fail(f"{doing} popped items from your Deque that hold no board: neither the item nor "
                   "anything in it (items, values or attributes, two levels down) has a list `state` and an int "
                   "`numMoves`.", board=draw(position["state"], to_move=position["to_move"]),
                   help="Push BoardXO boards (or tuples, lists, dicts or objects holding one), as the handout's "
                        "pseudo-code does")
    if calls["popFront"] + calls["popBack"]:
        popped_games(position, trace, doing)


def popped_games(position, trace, doing):
    """Fail unless the boards popped are boards of this game: a ``state`` of nine ints -1, 1 or 0 (Part I),
    the position's markers kept and one more for each move past its ``numMoves`` (whoever placed it: which
    player moves is judged in Parts IV and V).  A search that pops placeholders, copies of the root with only
    ``numMoves`` changed, uses its Deque for show (red team, round seven)."""
    board = draw(position["state"], to_move=position["to_move"])
    seen = [(depth, [number for number, _ in pairs]) for depth, pairs in trace["boards"] if pairs]
    if not seen:
        raise Fail(f"{doing} popped boards from your Deque, but none had a `state` of nine ints, each -1 (X), "
                   f"1 (O) or 0 (empty).", board=board,
                   help="Keep `state` a list of 9 ints, -1, 1 or 0, in every board, as Part I has it")
    root = position["state"]
    for depth, codes in seen:
        for number in codes:
            state = board_of_code(number)
            if sum(v != 0 for v in state) != depth or any(r and r != v for r, v in zip(root, state)):
                raise Fail(f"{doing} popped a board whose `numMoves` is {depth} but whose markers are not this "
                           f"position's with {depth - position['numMoves']} more (it is below the board "
                           f"searched): what the search pops are not the boards of its game.", board=board,
                           extra=draw(state),
                           help="Push a copy of each child: the popped board with one more marker, and its "
                                "`numMoves`, `moves` and `turn` one move on")


def breadth_first(position, trace, doing):
    """Fail unless the search ``doing`` used the Deque as a queue and popped boards level by level."""
    calls = trace["calls"]
    board = draw(position["state"], to_move=position["to_move"])
    queue_ends = (calls["pushFront"] == 0 and calls["popBack"] == 0) or \
                 (calls["pushBack"] == 0 and calls["popFront"] == 0)
    if not queue_ends:
        raise Fail(f"{doing} pushed and popped at the same end of the Deque: that is a stack, so "
                   "the search goes depth-first.", board=board, extra=f"Calls on your Deque: {_calls_text(calls)}",
                   help="pushBack children, popFront the next board (a queue)")
    depths = [depth for depth, _ in trace["runs"]]
    drop = next((k for k in range(1, len(depths)) if depths[k] < depths[k - 1]), None)
    if drop is not None:
        raise Fail(f"A popped board had {depths[drop]} moves right after one with {depths[drop - 1]}: the "
                   f"search does not finish one level before starting the next.", board=board,
                   extra="numMoves of popped boards, in runs: "
                         + ", ".join(f"{d}×{c}" for d, c in trace["runs"][:12]),
                   help="Breadth-first: pop from the front, push children at the back")


def covers_tree(position, trace, doing):
    """Fail unless the search ``doing`` popped every board of the move tree (or every unfinished one), once."""
    nodes, leaves = position["tree"]
    pops = trace["calls"]["popFront"] + trace["calls"]["popBack"]
    fewest = nodes - leaves - 1          # unfinished boards only, the root not pushed
    most = move_sequences(position["state"])
    board = draw(position["state"], to_move=position["to_move"])
    expected = (f"{nodes:,} pops (every board, root included) or {nodes - leaves:,} (every "
                f"unfinished board)")
    if pops < fewest:
        raise Fail(f"On this board the move tree has {nodes:,} boards ({leaves:,} finished games), but "
                   f"{doing} popped only {pops:,} from your Deque: part of the tree is never "
                   f"searched.", board=board, expected=expected, actual=f"{pops:,} pops",
                   help="Push a copy of the root; for each popped board that is not over, push every child "
                        "(each empty cell in turn)")
    if pops > most:
        raise Fail(f"On this board there are only {most:,} boards even if no game ever ended early, but "
                   f"{doing} popped {pops:,} from your Deque: some boards are pushed more than "
                   f"once.", board=board, expected=expected, actual=f"{pops:,} pops",
                   help="Push each child once, when its parent is popped")
    popped_boards(position, trace, doing, board)


def popped_boards(position, trace, doing, board):
    """Fail unless the boards ``doing`` popped are the move tree's: every unfinished board of the tree as many
    times as the tree holds it (once per order of the moves that reach it), and no board more often than
    any game from the position reaches it (the tree grown as if no game ended, which a win check that misses
    a line leads to: that mistake is Part II's).  The trace says which boards were popped at each level and
    how often (``probes._Trace``); the tree is worked out here, from the position alone."""
    unfinished, possible = tree_boards(position["state"], position["numMoves"], position["to_move"])
    popped = {depth: dict(pairs) for depth, pairs in trace["boards"]}
    root = position["numMoves"]
    for depth, times in sorted(popped.items()):
        can = possible.get(depth, {})
        stray = sorted(number for number, count in times.items() if count > can.get(number, 0))
        if stray:
            number = stray[0]
            reached = (f"{can[number]:,} time{'s' if can[number] > 1 else ''}" if number in can else "never")
            raise Fail(f"{doing} popped a board with {depth} moves {times[number]:,} time(s), but games from this "
                       f"position reach it {reached} (the board is below the board searched): the boards it "
                       f"pops are not those of the move tree.", board=board, extra=draw(board_of_code(number)),
                       help="Push a copy of the root; for each popped board that is not over, push a copy of it "
                            "with one more marker, the player's to move, in each empty cell")
    for depth, times in sorted(unfinished.items()):
        if depth == root:              # the root may be pushed or not
            continue
        got = popped.get(depth, {})
        short = sorted(number for number, count in times.items() if got.get(number, 0) != count)
        if short:
            number = short[0]
            raise Fail(f"The move tree holds {sum(times.values()):,} unfinished boards with {depth} moves "
                       f"({len(times):,} different ones); the one below is in it {times[number]:,} time(s), once "
                       f"per order of the moves that reach it, but {doing} popped it {got.get(number, 0):,} "
                       f"time(s).", board=board, extra=draw(board_of_code(number)),
                       help="Push a copy of the root; for each popped board that is not over, push a copy of it "
                            "with one more marker, the player's to move, in each empty cell")


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

