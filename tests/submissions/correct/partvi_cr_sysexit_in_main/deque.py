"""Deque whose items live in a dict keyed by position.

Positions ``_lo`` .. ``_hi - 1`` are occupied; pushing at the front uses
``_lo - 1`` (negative keys are fine), pushing at the back uses ``_hi``.
"""


class Deque:
    __slots__ = ("_items", "_lo", "_hi")

    def __init__(self):
        self._items = {}
        self._lo = 0
        self._hi = 0

    def pushFront(self, item):
        self._lo -= 1
        self._items[self._lo] = item

    def pushBack(self, item):
        self._items[self._hi] = item
        self._hi += 1

    def popFront(self):
        if self._lo == self._hi:
            raise IndexError("popFront() from an empty Deque")
        item = self._items.pop(self._lo)
        self._lo += 1
        return item

    def popBack(self):
        if self._lo == self._hi:
            raise IndexError("popBack() from an empty Deque")
        self._hi -= 1
        return self._items.pop(self._hi)

    def front(self):
        if self._lo == self._hi:
            raise IndexError("front() of an empty Deque")
        return self._items[self._lo]

    def back(self):
        if self._lo == self._hi:
            raise IndexError("back() of an empty Deque")
        return self._items[self._hi - 1]

    def isEmpty(self):
        return self._lo == self._hi

    def size(self):
        return self._hi - self._lo

    def __len__(self):
        return self._hi - self._lo
