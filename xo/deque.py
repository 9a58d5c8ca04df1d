"""The deque

The deque is yours: write it by hand in `deque.py`, as a circular array (a
list of fixed capacity with the index of the front item, doubled when full) or
as a doubly linked list. Any other form you write by hand is accepted too, as
long as every operation takes amortised constant time (below): two Python
lists used as stacks, one for each end, that move half of one over when the
other runs out, for example (moving all of it would make pops that alternate
between the ends take time in proportion to the length). `collections.deque`
(from whichever module it is imported, `typing.Deque` too, also read back
from an annotation), the `queue` module, `list.pop(0)`, `list.insert(0, …)`,
`del a[0]`, `a[0:1] = []` and `a[0:0] = …` are not allowed (however the
first index is written: `0`, `False`, `-len(a)`, a name that only ever holds
0; however the method is reached: `list.pop(a, 0)`): the first two are not
yours, and the last five move every item of the list, so they take time in
proportion to its length.

`popFront()`, `popBack()`, `front()` and `back()` raise `IndexError` when the
deque is empty. Every operation takes amortised constant time: a deque that
does 16 times as much work may take about 16 times as long, not 256 times.
"""

# BEGIN SOLUTION
# The reference is a circular buffer: a Python list used as a fixed-size
# array, with the index of the front item and the number of items.  Its size
# is a power of two, so an index wraps around with ``& mask``.  When it is
# full it doubles, so every operation is amortised O(1).
# END SOLUTION


class Deque:
    """`Deque` has:

    >>> from xo.deque import Deque
    >>> d = Deque()
    >>> d.pushBack(1); d.pushBack(2); d.pushFront(0)
    >>> d.front(), d.back(), d.size(), len(d)
    (0, 2, 3, 3)
    >>> d.popFront(), d.popBack(), d.popFront(), d.isEmpty()
    (0, 2, 1, True)
    >>> refused_index = False
    >>> try:
    ...     d.popBack()
    ... except IndexError:
    ...     refused_index = True
    >>> refused_index
    True
    """

    # BEGIN SOLUTION
    __slots__ = ("_items", "_head", "_count", "_mask")

    _INITIAL_CAPACITY = 8   # a power of two, so that ``index & _mask`` wraps around
    # END SOLUTION

    def __init__(self):
        """`Deque()`: an empty deque."""
        # BEGIN SOLUTION
        self._items = [None] * self._INITIAL_CAPACITY
        self._mask = self._INITIAL_CAPACITY - 1
        self._head = 0      # index of the front item
        self._count = 0     # number of items
        # END SOLUTION

    def pushFront(self, item):
        """`pushFront(item)`, `pushBack(item)`: put `item` at the front or at the back."""
        # BEGIN SOLUTION
        if self._count > self._mask:
            self._grow()
        self._head = head = (self._head - 1) & self._mask
        self._items[head] = item
        self._count += 1
        # END SOLUTION

    def pushBack(self, item):
        """`pushFront(item)`, `pushBack(item)`: put `item` at the front or at the back."""
        # BEGIN SOLUTION
        count = self._count
        if count > self._mask:
            self._grow()
        self._items[(self._head + count) & self._mask] = item
        self._count = count + 1
        # END SOLUTION

    def popFront(self):
        """`popFront()`, `popBack()`: remove and return the item at the front or at the
        back.

        `popFront()`, `popBack()`, `front()` and `back()` raise `IndexError` when the
        deque is empty.
        """
        # BEGIN SOLUTION
        if not self._count:
            raise IndexError("popFront() from an empty Deque")
        items, head = self._items, self._head
        item = items[head]
        items[head] = None          # let the item be garbage-collected
        self._head = (head + 1) & self._mask
        self._count -= 1
        return item
        # END SOLUTION

    def popBack(self):
        """`popFront()`, `popBack()`: remove and return the item at the front or at the
        back.

        `popFront()`, `popBack()`, `front()` and `back()` raise `IndexError` when the
        deque is empty.
        """
        # BEGIN SOLUTION
        if not self._count:
            raise IndexError("popBack() from an empty Deque")
        self._count -= 1
        index = (self._head + self._count) & self._mask
        item = self._items[index]
        self._items[index] = None
        return item
        # END SOLUTION

    def front(self):
        """`front()`, `back()`: return the item at the front or at the back without
        removing it.

        `popFront()`, `popBack()`, `front()` and `back()` raise `IndexError` when the
        deque is empty.
        """
        # BEGIN SOLUTION
        if not self._count:
            raise IndexError("front() of an empty Deque")
        return self._items[self._head]
        # END SOLUTION

    def back(self):
        """`front()`, `back()`: return the item at the front or at the back without
        removing it.

        `popFront()`, `popBack()`, `front()` and `back()` raise `IndexError` when the
        deque is empty.
        """
        # BEGIN SOLUTION
        if not self._count:
            raise IndexError("back() of an empty Deque")
        return self._items[(self._head + self._count - 1) & self._mask]
        # END SOLUTION

    def isEmpty(self):
        """`isEmpty()`: `True` when the deque holds no items, else `False`."""
        # BEGIN SOLUTION
        return self._count == 0
        # END SOLUTION

    def size(self):
        """`size()` and `len(d)` (the method `__len__`): the number of items, an int."""
        # BEGIN SOLUTION
        return self._count
        # END SOLUTION

    def __len__(self):
        """`size()` and `len(d)` (the method `__len__`): the number of items, an int."""
        # BEGIN SOLUTION
        return self._count
        # END SOLUTION

    # BEGIN SOLUTION
    def _grow(self):
        """Double the array, moving the items so the front is at index 0."""
        items, head, count = self._items, self._head, self._count
        capacity = len(items)
        self._items = [items[(head + k) % capacity] for k in range(count)]
        self._items.extend([None] * capacity)
        self._mask = 2 * capacity - 1
        self._head = 0
    # END SOLUTION
