"""The probes of Part III's ``Deque``: operations run one by one against it (``probe_deque_ops``) and the
timed workload (``probe_deque_timing``), which ``bench/deque_timing.py`` times too."""

import time

try:                       # in the grader: the harness's helpers and the other probes files, imported
    from ...sandbox.child import stamped  # noqa: F401
    from ...sandbox.encoding import attempt  # noqa: F401
except ImportError:        # in the sandboxed child: every probes file runs in one namespace (``child.load_probes``)
    pass


def probe_deque_ops(modules, args, emit):
    deque = modules["deque"].Deque()
    for op in args["ops"]:
        name, params = op[0], op[1:]
        if name == "len":
            result = attempt(len, deque)
        else:
            result = attempt(getattr(deque, name), *params)
        emit({"op": op, **result})


def deque_workload(Deque, n, clock=time.perf_counter):
    """Run the timed mix of ``n`` pushes and pops on a new ``Deque``; return ``clock()``'s difference (which
    the grader never uses: it times the run itself).  ``bench/deque_timing.py`` times the same workload."""
    d = Deque()
    start = clock()
    for k in range(n):             # a queue that grows, then drains: both ends, like the search
        d.pushBack(k)
        if k % 3 == 0:
            d.pushFront(k)
    while d.size() > n // 2:
        d.popFront()
    for k in range(n // 2):
        d.pushFront(k)
    while not d.isEmpty():
        d.popBack()
    for k in range(n // 4):        # filled at one end, then emptied by pops alternating between the ends:
        d.pushBack(k)              # a deque of two stacks that moves all of one into the other whenever
    while not d.isEmpty():         # the side it pops from is empty takes O(n) for each of these pops
        d.popFront()
        if not d.isEmpty():
            d.popBack()
    return clock() - start


def probe_deque_timing(modules, args, emit):
    """Time a workload of each size in ``sizes``, in that order: the parent stamps each run's begin and end.

    The interpreter is left as it is in every other run, the garbage collector included: code cannot tell
    that it is being timed (issue 26).  The collector's cost is part of what is timed; the limits leave
    room for it (a linked deque measures about 21 times for 16 times the work, bench/deque_timing.py)."""
    Deque = modules["deque"].Deque

    def timed(n):
        # The parent times each run itself: when each of these two events reaches it,
        # and how much CPU this process has used by then (read from /proc while this
        # process waits for its go-ahead), so a deque.py that replaces
        # time.perf_counter cannot fake either clock.
        stamped(emit, {"run": n, "at": "begin"})
        seconds = deque_workload(Deque, n)
        stamped(emit, {"run": n, "at": "end", "seconds": seconds})
        return seconds

    for n in args["sizes"]:          # in the order the grader chose (shuffled: see part3.TIMING)
        timed(n)
    emit({"timed": len(args["sizes"])})
