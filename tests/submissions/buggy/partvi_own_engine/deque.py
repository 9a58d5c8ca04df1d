"""A double-ended queue, written by hand (homework five).

Write it as an array-backed circular buffer or as a doubly linked list, never
with ``collections.deque``, the ``queue`` module, ``list.pop(0)`` or
``list.insert(0, ...)``: every operation must be amortised O(1).
"""

# BEGIN SOLUTION
# The reference is a circular buffer: a Python list used as a fixed-size
# array, with the index of the front item and the number of items.  Its size
# is a power of two, so an index wraps around with ``& mask``.  When it is
# full it doubles, so every operation is amortised O(1).
# END SOLUTION


class Deque:
    """A double-ended queue with O(1) pushes and pops at both ends.

    >>> d = Deque()
    >>> d.pushBack(1); d.pushBack(2); d.pushFront(0)
    >>> d.front(), d.back(), d.size()
    (0, 2, 3)
    >>> d.popFront(), d.popBack(), len(d)
    (0, 2, 1)
    >>> d.popFront(); d.isEmpty()
    1
    True
    >>> d.popFront()
    Traceback (most recent call last):
    ...
    IndexError: popFront() from an empty Deque
    """

    # BEGIN SOLUTION
    __slots__ = ("_items", "_head", "_count", "_mask")

    _INITIAL_CAPACITY = 8   # a power of two, so that ``index & _mask`` wraps around
    # END SOLUTION

    def __init__(self):
        """Make an empty deque."""
        # BEGIN SOLUTION
        self._items = [None] * self._INITIAL_CAPACITY
        self._mask = self._INITIAL_CAPACITY - 1
        self._head = 0      # index of the front item
        self._count = 0     # number of items
        # END SOLUTION

    def pushFront(self, item):
        """Put ``item`` at the front."""
        # BEGIN SOLUTION
        if self._count > self._mask:
            self._grow()
        self._head = head = (self._head - 1) & self._mask
        self._items[head] = item
        self._count += 1
        # END SOLUTION

    def pushBack(self, item):
        """Put ``item`` at the back."""
        # BEGIN SOLUTION
        count = self._count
        if count > self._mask:
            self._grow()
        self._items[(self._head + count) & self._mask] = item
        self._count = count + 1
        # END SOLUTION

    def popFront(self):
        """Remove and return the front item; raise ``IndexError`` if empty."""
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
        """Remove and return the back item; raise ``IndexError`` if empty."""
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
        """Return the front item without removing it; raise ``IndexError`` if empty."""
        # BEGIN SOLUTION
        if not self._count:
            raise IndexError("front() of an empty Deque")
        return self._items[self._head]
        # END SOLUTION

    def back(self):
        """Return the back item without removing it; raise ``IndexError`` if empty."""
        # BEGIN SOLUTION
        if not self._count:
            raise IndexError("back() of an empty Deque")
        return self._items[(self._head + self._count - 1) & self._mask]
        # END SOLUTION

    def isEmpty(self):
        """Return True when the deque holds no items."""
        # BEGIN SOLUTION
        return self._count == 0
        # END SOLUTION

    def size(self):
        """Return the number of items."""
        # BEGIN SOLUTION
        return self._count
        # END SOLUTION

    def __len__(self):
        """Return the number of items, so that ``len(d)`` works."""
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
