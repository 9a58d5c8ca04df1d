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


def search_boards(BoardXO, plies=3):
    """Every board of the first ``plies`` moves of an X-first game, as (state, moves, turn, numMoves): the
    boards a search pushes, which the timed workload's items copy."""
    found, level = [], [([0] * 9, [0] * 9, [0] * 9, 0)]
    for _ in range(plies + 1):
        found.extend(level)
        following = []
        for state, moves, turn, n in level:
            mover = -1 if n % 2 == 0 else 1
            for cell in range(9):
                if state[cell] == 0:
                    child = state[:]
                    child[cell] = mover
                    m, t = moves[:], turn[:]
                    m[n], t[n] = cell, mover
                    following.append((child, m, t, n + 1))
        level = following
    return found


def search_items(BoardXO, boards):
    """(item, number) for the timed workload (``deque_workload``): the k-th item is what a search pushes, a new
    ``BoardXO`` of the student's own class with its own lists (a copy of one of ``boards``), or a tuple of one
    and its number of moves, so that a deque cannot tell the timed items from the search's by their kind or
    their contents (red team, round fifteen: ``q_on_detect`` made room before its front once it saw the
    grader's own stand-in class; round sixteen: ``switch_deque`` was O(n) for ``BoardXO`` items only).  Which
    item a pop returned is told by its identity: ``number`` gives its k, once, or -1 for anything else."""
    numbers, new, count = {}, BoardXO.__new__, len(boards)

    def item(k):
        state, moves, turn, n = boards[k % count]
        board = new(BoardXO)
        board.state, board.moves, board.turn, board.numMoves = state[:], moves[:], turn[:], n
        made = board if k % 3 else (board, n)
        numbers[id(made)] = k
        return made

    def number(popped, _pop=numbers.pop):
        return _pop(id(popped), -1)

    return item, number


def deque_workload(Deque, n, item, number):
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
    BoardXO = modules["board"].BoardXO
    item, number = search_items(BoardXO, search_boards(BoardXO))      # in every run, the base's too
    popped, digest = deque_workload(modules["deque"].Deque, args["size"], item, number)
    emit({"timed": args["size"], "popped": popped, "digest": digest})
