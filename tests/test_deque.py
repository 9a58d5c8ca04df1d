"""Tests of the reference ``xo.deque.Deque`` (Part III of the handout).

The contract: ``Deque()`` is empty; ``pushFront``/``pushBack`` add an item,
``popFront``/``popBack`` remove and return one, ``front``/``back`` peek; the
four of those that read an item raise ``IndexError`` on an empty deque;
``isEmpty()`` is a bool, ``size()`` an int, ``len(d)`` works; every operation
is amortised O(1); it is written by hand (no ``collections.deque``, no
``queue``, no ``list.pop(0)`` or ``list.insert(0, ...)``).

The O(1) checks count work (calls of ``_grow``, items it copies, Python lines
run), never wall-clock time, so a loaded machine cannot fail them.
"""

import ast
import inspect
import math
import random
import re
import sys

import pytest

import xo.deque
from xo.deque import Deque

DEQUE_FILE = xo.deque.__file__
INITIAL_CAPACITY = Deque._INITIAL_CAPACITY


def filled(items):
    """A deque holding ``items``, front first, made with ``pushBack``."""
    d = Deque()
    for item in items:
        d.pushBack(item)
    return d


def drain_front(d):
    """Pop every item from the front, returning them in order."""
    out = []
    while not d.isEmpty():
        out.append(d.popFront())
    return out


class TestEmpty:
    """A new deque is empty, and the four reading operations refuse to run."""

    def test_new_deque_is_empty(self):
        d = Deque()
        assert d.isEmpty() is True
        assert d.size() == 0
        assert len(d) == 0

    def test_two_deques_are_independent(self):
        a, b = Deque(), Deque()
        a.pushBack(1)
        assert b.isEmpty() and b.size() == 0
        assert a.size() == 1

    @pytest.mark.parametrize("operation", ["popFront", "popBack", "front", "back"])
    def test_reading_an_empty_deque_raises_index_error_naming_the_operation(self, operation):
        d = Deque()
        with pytest.raises(IndexError) as info:
            getattr(d, operation)()
        # The message names the method, as a whole word and case-sensitively,
        # so popFront's message does not count for front and vice versa.
        assert re.search(rf"(?<![A-Za-z]){operation}(?![A-Za-z])", str(info.value)), str(info.value)
        assert d.isEmpty() and d.size() == 0

    @pytest.mark.parametrize("operation", ["popFront", "popBack", "front", "back"])
    def test_emptied_deque_raises_again(self, operation):
        """A deque that held items and was emptied is as empty as a new one."""
        d = filled(range(20))
        for _ in range(10):
            d.popFront()
            d.popBack()
        with pytest.raises(IndexError):
            getattr(d, operation)()
        assert d.size() == 0 and len(d) == 0 and d.isEmpty() is True

    def test_failed_pop_leaves_the_deque_usable(self):
        d = Deque()
        with pytest.raises(IndexError):
            d.popBack()
        with pytest.raises(IndexError):
            d.popFront()
        d.pushFront("a")
        assert (d.front(), d.back(), d.size()) == ("a", "a", 1)


class TestSizeQueries:
    """``isEmpty()`` returns a real bool, ``size()`` and ``len()`` a real int."""

    def test_is_empty_returns_bool(self):
        d = Deque()
        assert type(d.isEmpty()) is bool
        d.pushBack(0)
        assert d.isEmpty() is False
        assert type(d.isEmpty()) is bool

    def test_size_and_len_return_int_and_follow_the_contents(self):
        d = Deque()
        for k in range(1, 40):
            (d.pushBack if k % 3 else d.pushFront)(k)
            assert type(d.size()) is int and d.size() == k
            assert len(d) == k
        for k in range(38, -1, -1):
            (d.popFront if k % 2 else d.popBack)()
            assert d.size() == k and len(d) == k
        assert d.isEmpty() is True

    def test_falsy_items_are_items(self):
        """None, 0 and False are stored like any item; they do not look like 'empty'."""
        d = Deque()
        for item in (None, 0, False, "", []):
            d.pushBack(item)
        assert d.size() == 5 and d.isEmpty() is False
        assert d.front() is None and d.back() == []
        assert [d.popFront() for _ in range(5)] == [None, 0, False, "", []]


class TestOrder:
    """FIFO through either pair of ends, LIFO at either end, peeks do not remove."""

    def test_push_back_pop_front_is_fifo(self):
        d = filled(range(10))
        assert [d.popFront() for _ in range(10)] == list(range(10))

    def test_push_front_pop_back_is_fifo(self):
        d = Deque()
        for k in range(10):
            d.pushFront(k)
        assert [d.popBack() for _ in range(10)] == list(range(10))

    def test_push_back_pop_back_is_lifo(self):
        d = filled(range(10))
        assert [d.popBack() for _ in range(10)] == list(range(9, -1, -1))

    def test_push_front_pop_front_is_lifo(self):
        d = Deque()
        for k in range(10):
            d.pushFront(k)
        assert [d.popFront() for _ in range(10)] == list(range(9, -1, -1))

    def test_front_and_back_peek_without_removing(self):
        d = Deque()
        d.pushBack("b")
        d.pushFront("a")
        d.pushBack("c")
        for _ in range(3):
            assert d.front() == "a"
            assert d.back() == "c"
        assert d.size() == 3
        assert drain_front(d) == ["a", "b", "c"]

    def test_single_item_is_both_front_and_back(self):
        d = Deque()
        d.pushFront(42)
        assert d.front() == d.back() == 42
        assert d.popBack() == 42
        assert d.isEmpty()

    def test_pop_returns_the_very_object_pushed(self):
        item = object()
        d = Deque()
        d.pushFront(item)
        assert d.back() is item
        assert d.popFront() is item

    @pytest.mark.parametrize("seed", range(25))
    def test_random_mixed_operations_match_a_list_model(self, seed):
        """Thousands of random pushes, pops and peeks at both ends, checked after each."""
        rng = random.Random(seed)
        d, model = Deque(), []
        for step in range(3000):
            op = rng.choice(["pushFront", "pushBack", "pushFront", "pushBack",
                             "popFront", "popBack", "front", "back"])
            if op == "pushFront":
                d.pushFront(step)
                model.insert(0, step)
            elif op == "pushBack":
                d.pushBack(step)
                model.append(step)
            elif not model:
                with pytest.raises(IndexError):
                    getattr(d, op)()
            elif op == "popFront":
                assert d.popFront() == model.pop(0)
            elif op == "popBack":
                assert d.popBack() == model.pop()
            elif op == "front":
                assert d.front() == model[0]
            else:
                assert d.back() == model[-1]
            assert d.size() == len(model) == len(d)
            assert d.isEmpty() is (not model)
        assert drain_front(d) == model


class TestGrowth:
    """Pushing past the initial capacity keeps every item, in order, from any wraparound."""

    def test_initial_capacity_is_small(self):
        """The growth tests below push well past the first array; make sure they do."""
        assert len(Deque()._items) == INITIAL_CAPACITY <= 16

    @pytest.mark.parametrize("n", [INITIAL_CAPACITY - 1, INITIAL_CAPACITY, INITIAL_CAPACITY + 1,
                                   3 * INITIAL_CAPACITY, 1000])
    def test_push_back_many(self, n):
        d = filled(range(n))
        assert d.size() == n and d.front() == 0 and d.back() == n - 1
        assert drain_front(d) == list(range(n))

    @pytest.mark.parametrize("n", [INITIAL_CAPACITY - 1, INITIAL_CAPACITY, INITIAL_CAPACITY + 1,
                                   3 * INITIAL_CAPACITY, 1000])
    def test_push_front_many(self, n):
        """Pushing at the front wraps the head below index 0 before the first growth."""
        d = Deque()
        for k in range(n):
            d.pushFront(k)
        assert d.size() == n and d.front() == n - 1 and d.back() == 0
        assert [d.popBack() for _ in range(n)] == list(range(n))

    def test_alternating_ends_many(self):
        d, model = Deque(), []
        for k in range(500):
            if k % 2:
                d.pushFront(k)
                model.insert(0, k)
            else:
                d.pushBack(k)
                model.append(k)
        assert drain_front(d) == model

    @pytest.mark.parametrize("offset", range(INITIAL_CAPACITY))
    def test_growth_while_wrapped(self, offset):
        """Fill the array with the head at every possible offset, then grow it."""
        d = Deque()
        # Move the head to ``offset`` without growing: push and pop one item at a time.
        for k in range(offset):
            d.pushBack(k)
            d.popFront()
        model = []
        for k in range(3 * INITIAL_CAPACITY + 1):
            if k % 3 == 0:
                d.pushFront(("f", k))
                model.insert(0, ("f", k))
            else:
                d.pushBack(("b", k))
                model.append(("b", k))
        assert d.size() == len(model)
        assert d.front() == model[0] and d.back() == model[-1]
        assert drain_front(d) == model

    def test_queue_that_cycles_through_the_array_many_times(self):
        """A steady queue of a few items wraps around the array again and again."""
        d, model = Deque(), []
        for k in range(5000):
            d.pushBack(k)
            model.append(k)
            if len(model) > 5:
                assert d.popFront() == model.pop(0)
        assert drain_front(d) == model

    def test_grow_then_shrink_then_grow(self):
        d, model = Deque(), []
        for rnd in range(3):
            for k in range(200):
                d.pushFront((rnd, k))
                model.insert(0, (rnd, k))
            for _ in range(150):
                assert d.popBack() == model.pop()
        assert drain_front(d) == model


class GrowCounter:
    """Wraps ``Deque._grow`` to count its calls and the items each call copies."""

    def __init__(self, monkeypatch):
        self.calls = 0
        self.copied = 0
        original = Deque._grow
        counter = self

        def counting_grow(d):
            counter.calls += 1
            counter.copied += d._count
            return original(d)

        monkeypatch.setattr(Deque, "_grow", counting_grow)


class TestAmortisedConstantTime:
    """Amortised O(1), shown by counting the work, not by timing it."""

    @pytest.mark.parametrize("push", ["pushBack", "pushFront", "both"])
    @pytest.mark.parametrize("n", [100, 1000, 20000])
    def test_growth_copies_o_n_items_in_total(self, monkeypatch, push, n):
        counter = GrowCounter(monkeypatch)
        d = Deque()
        for k in range(n):
            method = push if push != "both" else ("pushBack" if k % 2 else "pushFront")
            getattr(d, method)(k)
        # The array doubles: about log2(n / capacity) growths, copying
        # capacity + 2*capacity + ... < 2n items in all, O(1) per push.
        assert counter.calls <= math.ceil(math.log2(n / INITIAL_CAPACITY)) + 1
        assert counter.copied < 2 * n
        assert counter.calls >= 1       # the counter is attached: n is past the capacity
        # The array never holds more than twice the items (plus the first array).
        assert len(d._items) <= max(INITIAL_CAPACITY, 2 * n)
        assert d.size() == n

    def test_grow_counter_sees_each_growth(self, monkeypatch):
        """The counter's bookkeeping: exactly one growth, of a full first array."""
        counter = GrowCounter(monkeypatch)
        d = filled(range(INITIAL_CAPACITY))
        assert counter.calls == 0
        d.pushBack("one more")
        assert (counter.calls, counter.copied) == (1, INITIAL_CAPACITY)

    def test_steady_size_never_grows(self, monkeypatch):
        """Pushing and popping at a steady size needs no growth at all."""
        counter = GrowCounter(monkeypatch)
        d = filled(range(INITIAL_CAPACITY // 2))
        for k in range(10000):
            d.pushBack(k)
            d.popFront()
            d.pushFront(k)
            d.popBack()
        assert counter.calls == 0
        assert len(d._items) == INITIAL_CAPACITY

    def test_pops_and_peeks_do_not_reallocate(self):
        """A pop or a peek works in place: the array stays the same list object."""
        d = filled(range(1000))
        items = d._items
        for _ in range(400):
            d.popFront()
            d.popBack()
            d.front()
            d.back()
        assert d._items is items
        assert d.size() == 200

    def test_pushes_below_capacity_do_not_reallocate(self):
        d = filled(range(100))
        for _ in range(50):
            d.popFront()
        items = d._items
        capacity = len(items)
        for k in range(capacity - d.size()):
            (d.pushFront if k % 2 else d.pushBack)(k)
            assert d._items is items
        assert d.size() == capacity

    def test_popped_slots_release_their_items(self):
        """Popping drops the deque's reference, so a big item can be collected."""
        d = Deque()
        for k in range(5):
            d.pushBack(("item", k))
            d.pushFront(("item", -k))
        for _ in range(5):
            d.popFront()
            d.popBack()
        assert all(slot is None for slot in d._items)

    @staticmethod
    def lines_run(n):
        """Python lines run inside xo/deque.py for 2n pushes then 2n pops (all four kinds)."""
        count = 0

        def local(frame, event, arg):
            nonlocal count
            if event == "line":
                count += 1
            return local

        def tracer(frame, event, arg):
            return local if frame.f_code.co_filename == DEQUE_FILE else None

        d = Deque()
        sys.settrace(tracer)
        try:
            for k in range(n):
                d.pushBack(k)
                d.pushFront(k)
            for k in range(n):
                d.front()
                d.back()
                d.popFront()
                d.popBack()
        finally:
            sys.settrace(None)
        return count

    def test_python_lines_per_operation_do_not_grow_with_size(self):
        """Lines run per operation stay flat from 500 to 16,000 items (a Python loop over
        the items inside an operation would make them grow with n)."""
        small, large = 250, 8000
        per_op_small = self.lines_run(small) / (6 * small)
        per_op_large = self.lines_run(large) / (6 * large)
        assert per_op_small > 0, "the tracer saw no line of xo/deque.py"
        assert per_op_large <= 1.25 * per_op_small + 1, (per_op_small, per_op_large)


# ------------------------------------------------------------------ written by hand

FORBIDDEN_MODULES = {"collections", "queue", "asyncio", "multiprocessing"}


def forbidden_constructs(source):
    """Return a description of every library-deque shortcut in ``source``.

    Looks for imports of ``collections``/``queue``, any use of the name
    ``deque`` or ``Queue`` not defined locally, ``x.pop(0)`` and ``x.insert(0, ...)``.
    """
    found = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in FORBIDDEN_MODULES:
                    found.append(f"line {node.lineno}: import {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            if (node.module or "").split(".")[0] in FORBIDDEN_MODULES:
                found.append(f"line {node.lineno}: from {node.module} import ...")
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id == "__import__":
                found.append(f"line {node.lineno}: __import__(...)")
            if isinstance(node.func, ast.Attribute) and node.args:
                first = node.args[0]
                is_zero = isinstance(first, ast.Constant) and first.value == 0 \
                    and not isinstance(first.value, bool)
                if node.func.attr == "pop" and is_zero:
                    found.append(f"line {node.lineno}: .pop(0)")
                if node.func.attr == "insert" and is_zero:
                    found.append(f"line {node.lineno}: .insert(0, ...)")
        elif isinstance(node, ast.Attribute) and node.attr in ("deque", "Queue", "SimpleQueue"):
            found.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, ast.Name) and node.id in ("deque", "Queue", "SimpleQueue"):
            found.append(f"line {node.lineno}: {node.id}")
    return found


class TestWrittenByHand:
    """xo/deque.py builds its own circular buffer: no library queue does the work."""

    def test_reference_uses_no_library_deque_or_slow_list_ends(self):
        with open(DEQUE_FILE, encoding="utf-8") as f:
            source = f.read()
        assert forbidden_constructs(source) == []

    def test_reference_module_imports_nothing_at_all(self):
        with open(DEQUE_FILE, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        imports = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
        assert imports == []

    def test_deque_is_not_a_library_subclass(self):
        assert Deque.__bases__ == (object,)
        assert inspect.getsourcefile(Deque) == DEQUE_FILE

    @pytest.mark.parametrize("source", [
        "import collections\nclass Deque(collections.deque): pass",
        "from collections import deque\nclass Deque: pass",
        "from queue import Queue",
        "import queue as q",
        "class Deque:\n    def popFront(self):\n        return self.items.pop(0)",
        "class Deque:\n    def pushFront(self, x):\n        self.items.insert(0, x)",
        "mod = __import__('collections')",
    ])
    def test_the_scan_catches_each_shortcut(self, source):
        """The scanner is not vacuous: each forbidden shortcut is reported."""
        assert forbidden_constructs(source) != []

    def test_the_scan_accepts_legitimate_list_use(self):
        source = "x = [None] * 8\nx.pop()\nx.insert(3, 1)\nx.append(2)\ny = x[(h + 1) & 7]"
        assert forbidden_constructs(source) == []
