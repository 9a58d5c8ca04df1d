"""Part III: the hand-written ``Deque`` (deque.py) and the breadth-first search with it.

The Part's eleven checks and the Deque's model; the timing of check 3.7 is ``timing.py``'s, the scan of the
sources for what is not hand-written ``grader.submission.handwritten``'s, and the judging of the traced search
``trace.py``'s (Part VI judges its own search with it too).
"""

import random
from dataclasses import dataclass

from ..submission.handwritten import banned, imported_deques, shifts
from ..text.markdown import cited, code
from ..text.values import plain, show
from .framework import Fail, Probe, Source, check
from .timing import O_N_HELP, TIMINGS, judge
from .trace import TRACED, breadth_first, covers_tree, uses_deque

DEQUE = ("deque",)


def ops(operations):
    """The observation of ``operations`` on a new Deque, one result each (``probes.probe_deque_ops``)."""
    return Probe("deque_ops", DEQUE, {"ops": operations}, doing="Your Deque")


def op_text(op):
    name, args = op[0], op[1:]
    if name == "new":
        return "d = Deque()"
    return "len(d)" if name == "len" else f"d.{name}(" + ", ".join(repr(a) for a in args) + ")"


def model(operations):
    """What each operation should return, from a plain Python list."""
    items, expected = [], []
    for op in operations:
        name = op[0]
        if name == "new":
            items = []
            expected.append(None)
        elif name == "pushBack":
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
PASSAGES = {"new": "`Deque()`: an empty deque", "pushFront": PUSH, "pushBack": PUSH, "popFront": POP, "popBack": POP, "front": PEEK, "back": PEEK,
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
        if op[0] == "new":
            done = []
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


def _states(seed=37, pushes=12, length=30):
    """Deques in every state pushes at one end leave them in, then random operations (``random.Random(seed)``:
    the same every grading, so recorded): from an empty Deque and from 1 to ``pushes`` items pushed at the back
    only, or at the front only, each followed by ``length`` operations of every kind at both ends.  A deque of
    two stacks whose front() read the wrong end while its front stack was empty passed every other check (the
    fourth clean room)."""
    draw = random.Random(seed)
    operations, value = [], 100
    for count in range(pushes + 1):
        for end in ("pushBack", "pushFront")[:1 if count == 0 else 2]:
            operations.append(["new"])
            for _ in range(count):
                operations.append([end, value])
                value += 1
            for _ in range(length):
                name = draw.choice(("pushFront", "pushBack", "popFront", "popBack", "front", "back", "front", "back",
                                    "size", "len", "isEmpty"))
                if name.startswith("push"):
                    operations.append([name, value])
                    value += 1
                else:
                    operations.append([name])
    return operations


STATES = _states()


@check("III", enforces=("III.new", "files.names", "files.stdlib", "upload.files"),
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


@check("III", enforces=("III.new", "III.is-empty", "III.size"),
       depends=["deque_imports"],
       cites=("Part III", PASSAGES["isEmpty"]),
       observes=ops([["isEmpty"], ["size"], ["len"]]))
def deque_empty(ctx, results):
    """A new Deque is empty: isEmpty() is True, size() and len(d) are 0."""
    run_against_model(ctx, results, [["isEmpty"], ["size"], ["len"]], "isEmpty() returns a bool, size() an int")


@check("III", enforces=("III.push", "III.pop"),
       depends=["deque_imports"],
       cites=("Part III", PUSH),
       observes=ops(FIFO))
def deque_fifo(ctx, results):
    """Pushing at one end and popping at the other gives items back first in, first out, both ways round."""
    run_against_model(ctx, results, FIFO, "pushBack adds at the back, popFront removes from the front")


@check("III", enforces=("III.push", "III.pop"),
       depends=["deque_imports"],
       cites=("Part III", POP),
       observes=ops(LIFO))
def deque_lifo(ctx, results):
    """Pushing and popping at the same end gives items back last in, first out, at either end."""
    run_against_model(ctx, results, LIFO, "popBack removes the item pushBack added last")


@check("III", enforces=("III.push", "III.pop", "III.peek", "III.is-empty", "III.size"),
       depends=["deque_imports"],
       cites=("Part III", COUNT),
       observes=ops(MIXED))
def deque_mixed(ctx, results):
    """A long mixed run of pushes, pops, front(), back(), size() and isEmpty() matches a list, past any initial capacity."""
    run_against_model(ctx, results, MIXED, "compare your deque with a list on a piece of paper")


@check("III", enforces=("III.raises",),
       depends=["deque_imports"],
       cites=("Part III", RAISES),
       observes=ops(EMPTY_RAISES))
def deque_empty_raises(ctx, results):
    """popFront(), popBack(), front() and back() raise IndexError on an empty Deque, also after its only item was popped from either end (when size(), len(d) and isEmpty() say it is empty)."""
    run_against_model(ctx, results, EMPTY_RAISES, "raise IndexError when the deque is empty, and count the item popped "
                                       "from either end")


def listing(source, found):
    """3.7's and 3.8's list of what ``found`` holds in ``source`` ((line, reason) each), every line quoted."""
    lines = source.splitlines()
    return code("\n".join(f"line {n}: {reason}\n    {lines[n - 1].strip() if n <= len(lines) else ''}"
                          for n, reason in found))


@check("III", enforces=("III.constant-time",),
       depends=["deque_fifo", "deque_lifo", "deque_mixed"],   # its workload drains the deque from each end
                                                                  # until isEmpty(); it never pops an empty deque
                                                                  # nor peeks (3.6's), so 3.6 does not block it
       cites=("Part III", "Every operation takes amortised constant time"),
       observes=(Source("deque"), TIMINGS))
def deque_amortised_constant_time(ctx, source, timings):
    """Every operation takes amortised constant time: 16 times the work takes about 16 times as long, not 256."""
    try:
        found = shifts(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):      # 3.8 says why it cannot be read
        found = []
    if found:
        # the handout says these take time in proportion to the length: so they do, however the timed runs went
        # (red team, round fifteen: an O(n) deque slowed by the same cost on every operation timed as constant)
        raise Fail("deque.py moves every item of a list in an operation, which takes time in proportion to the "
                   "deque's length, not amortised constant time, whatever its timed runs show.",
                   extra=listing(source, found),
                   help=O_N_HELP, section=cited("Part III", "the last five move every item of the list, so they take "
                                                            "time in proportion to its length"))
    judge(*timings)


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


@check("III", enforces=("III.hand-written", "III.not-allowed"),
       depends=["deque_imports"],
       cites=("Part III", "`collections.deque` (from whichever module it is imported, `typing.Deque` too, also "
                          "read back from an annotation), the `queue` module, "
                          "`list.pop(0)`, `list.insert(0, …)`, `del a[0]`, `a[0:1] = []` and `a[0:0] = …` are "
                          "not allowed"),
       observes=Sources())
def deque_hand_written(ctx, sources):
    """deque.py is hand-written: no collections.deque (however it is imported), no queue module, and nothing that removes or adds the first item of a list (pop(0), insert(0, …), del a[0], a[0:1] = [], a[0:0] = …)."""
    source = sources["deque"]
    try:
        found = sorted(banned(source) + imported_deques(sources))
    except (RecursionError, MemoryError) as error:      # Python ran it, but the grader's ast.parse gives up
        raise Fail(f"deque.py could not be read to check that it is hand-written: it is nested too deeply or is too "
                   f"large for Python's own parser ({type(error).__name__}).",
                   help="Write plain statements: no expression nested thousands of levels deep") from None
    if found:
        raise Fail("deque.py uses what the assignment asks you to build yourself.", extra=listing(source, found), help="Write the deque as a circular array (a list of fixed capacity with a "
                                             "head index, doubled when full), a doubly linked list, or any other "
                                             "form by hand, such as two lists used as stacks that move half of "
                                             "one over when the other runs out")


@check("III", enforces=("III.bfs", "III.search-deque", "III.children"),
       depends=["deque_imports", "game_imports"],
       cites=("Part III", "the root first (or its children), and after that only children of the board it popped last"),
       observes=TRACED)
def bfs_uses_deque(ctx, traced):
    """makeOptimalMove() searches with your own Deque from deque.py: it pushes the root (or its children), then only children of the board it popped last."""
    for position, trace in traced:
        uses_deque(position, trace, "makeOptimalMove()")


@check("III", enforces=("III.bfs", "III.breadth-first"),
       depends=["bfs_uses_deque"],
       cites=("Part III", "it pushes at one end and pops at the other, and every pop returns the oldest board still "
                          "waiting"), observes=TRACED)
def bfs_breadth_first(ctx, traced):
    """makeOptimalMove() is breadth-first: it pushes at one end, pops at the other, and every pop returns the oldest board still waiting."""
    for position, trace in traced:
        breadth_first(position, trace, "makeOptimalMove()")


@check("III", enforces=("III.bfs", "III.whole-tree", "III.children"),
       depends=["bfs_uses_deque"],
       cites=("Part III", "after popping a board that is not over, it pushes all its children before its next pop, "
                          "and it ends with the Deque empty"), observes=TRACED)
def bfs_covers_tree(ctx, traced):
    """makeOptimalMove() searches the whole move tree: after popping a board that is not over it pushes all its children (or all its unfinished ones) before the next pop, and the Deque ends empty."""
    for position, trace in traced:
        covers_tree(position, trace, "makeOptimalMove()")


@check("III", enforces=("III.push", "III.pop", "III.peek", "III.is-empty", "III.size", "III.raises"),
       depends=["deque_imports"],
       cites=("Part III", PEEK),
       observes=ops(STATES))
def deque_every_state(ctx, results):
    """In every state pushes at one end leave it in (1 to 12 items, at the back or at the front), the Deque answers random pushes, pops, front(), back(), size(), len(d) and isEmpty() as a list would (seeded: the same every time)."""
    run_against_model(ctx, results, STATES, "compare your deque with a list on a piece of paper, from the state "
                                            "the pushes above leave it in")
