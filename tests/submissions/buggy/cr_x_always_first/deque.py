"""Deque for Project 5: a ring buffer that doubles its storage when full."""


class Deque:
    """Double-ended queue kept in a circular Python list.

    ``_head`` is the slot of the front item; the items occupy ``_count``
    consecutive slots from there, wrapping round the end of ``_slots``.
    """

    _START = 8

    def __init__(self):
        self._slots = [None] * self._START
        self._head = 0
        self._count = 0

    # -- internal helpers -------------------------------------------------
    def _index(self, offset):
        return (self._head + offset) % len(self._slots)

    def _grow(self):
        old = self._slots
        cap = len(old)
        fresh = [None] * (2 * cap)
        for k in range(self._count):
            fresh[k] = old[(self._head + k) % cap]
        self._slots = fresh
        self._head = 0

    def _need_items(self, what):
        if self._count == 0:
            raise IndexError(f"{what}() from an empty Deque")

    # -- pushes -------------------------------------------------------------
    def pushFront(self, item):
        if self._count == len(self._slots):
            self._grow()
        self._head = (self._head - 1) % len(self._slots)
        self._slots[self._head] = item
        self._count += 1

    def pushBack(self, item):
        if self._count == len(self._slots):
            self._grow()
        self._slots[self._index(self._count)] = item
        self._count += 1

    # -- pops ---------------------------------------------------------------
    def popFront(self):
        self._need_items("popFront")
        item = self._slots[self._head]
        self._slots[self._head] = None
        self._head = (self._head + 1) % len(self._slots)
        self._count -= 1
        return item

    def popBack(self):
        self._need_items("popBack")
        last = self._index(self._count - 1)
        item = self._slots[last]
        self._slots[last] = None
        self._count -= 1
        return item

    # -- peeks --------------------------------------------------------------
    def front(self):
        self._need_items("front")
        return self._slots[self._head]

    def back(self):
        self._need_items("back")
        return self._slots[self._index(self._count - 1)]

    # -- size ---------------------------------------------------------------
    def isEmpty(self):
        return self._count == 0

    def size(self):
        return self._count

    def __len__(self):
        return self._count
