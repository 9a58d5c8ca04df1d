"""The probes of Part III's ``Deque``: operations run one by one against it (``probe_deque_ops``) and the
timed workload (``probe_deque_timing``), which ``bench/deque_timing.py`` times too."""

try:                       # in the grader: the harness's helpers and the other probes files, imported
    from ...sandbox.encoding import attempt, enc  # noqa: F401
except ImportError:        # in the sandboxed child: every probes file runs in one namespace (``child.load_probes``)
    pass


def probe_deque_ops(modules, args, emit):
    """Each operation of ``args["ops"]`` on one Deque, in order: ``["new"]`` starts another."""
    Deque = modules["deque"].Deque
    deque = Deque()
    for op in args["ops"]:
        name, params = op[0], op[1:]
        if name == "new":
            result = attempt(Deque)
            deque = Deque() if "value" in result else deque
            result = {"value": enc(None)} if "value" in result else result
        elif name == "len":
            result = attempt(len, deque)
        else:
            result = attempt(getattr(deque, name), *params)
        emit({"op": op, **result})


DIGEST_MODULUS = 2 ** 61 - 1


EMPTY = [0] * 9


class Board:
    """A stand-in for a board among the timed workload's items: what a search pushes (a board, or a tuple
    holding one), so that a deque cannot tell the timed items from the search's by their kind.  Its lists are
    one shared list: the items cost the collector what a search's do, not three lists each."""
    __slots__ = ("state", "moves", "turn", "numMoves")

    def __init__(self, number):
        self.state = self.moves = self.turn = EMPTY
        self.numMoves = number


def workload_item(number):
    """The ``number``-th item the workload pushes: an int, a board, a tuple holding a board, a list or a dict,
    in turn, each a new object carrying ``number``."""
    kind = number % 5
    if kind == 0:
        return number
    if kind == 1:
        return Board(number)
    if kind == 2:
        return (Board(number), number)
    if kind == 3:
        return [number]
    return {"number": number}


def item_number(item):
    """The number the workload's ``item`` carries, or -1 for anything the workload never pushed."""
    kind = type(item)
    if kind is int:
        return item
    if kind is Board and type(item.numMoves) is int:
        return item.numMoves
    if kind is tuple and len(item) == 2 and type(item[0]) is Board and type(item[1]) is int:
        return item[1]
    if kind is list and len(item) == 1 and type(item[0]) is int:
        return item[0]
    if kind is dict and type(item.get("number")) is int:
        return item["number"]
    return -1


def deque_workload(Deque, n, item=workload_item, number=item_number):
    """Run the timed mix of pushes and pops of size ``n`` on a new ``Deque``; return how many items were popped
    and a digest of what each pop returned, in order, which the grader works out itself for a deque that
    works (``grader.checks.timing``): a deque that stores nothing, or returns other items, does not give it.
    ``item`` makes the k-th item pushed and ``number`` reads k back from it: the grader, which needs only the
    numbers, pushes the ints themselves (``int`` both ways).  ``bench/deque_timing.py`` times the same
    workload."""
    d = Deque()
    counter, popped, digest = 0, 0, 0

    def fresh():
        nonlocal counter
        counter += 1
        return item(counter)

    def pop(method):
        nonlocal popped, digest
        popped += 1
        digest = (digest * 1000003 + number(method())) % DIGEST_MODULUS

    for k in range(n):             # a queue that grows, then drains: both ends, like the search
        d.pushBack(fresh())
        if k % 3 == 0:
            d.pushFront(fresh())
    while d.size() > n // 2:
        pop(d.popFront)
    for k in range(n // 2):
        d.pushFront(fresh())
    while not d.isEmpty():
        pop(d.popBack)
    for k in range(n // 4):        # filled at one end, then emptied by pops alternating between the ends:
        d.pushBack(fresh())        # a deque of two stacks that moves all of one into the other whenever
    while not d.isEmpty():         # the side it pops from is empty takes O(n) for each of these pops
        pop(d.popFront)
        if not d.isEmpty():
            pop(d.popBack)
    return popped, digest


def probe_deque_timing(modules, args, emit):
    """Run the workload of size ``args["size"]`` once, in this process of its own, and send how many items it
    popped and their digest.  The grader times the whole process by the CPU time the kernel counted for it
    (its zygote's ``wait4``): nothing this process says or sends times it.  The interpreter is left as it is
    in every other run, the garbage collector included: code cannot tell that it is being timed (issue 26)."""
    popped, digest = deque_workload(modules["deque"].Deque, args["size"])
    emit({"timed": args["size"], "popped": popped, "digest": digest})
