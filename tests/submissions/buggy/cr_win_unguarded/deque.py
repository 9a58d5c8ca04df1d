"""A double-ended queue, written by hand: a circular array that doubles when full."""


class Deque:
    """A double-ended queue with amortised O(1) pushes and pops at both ends."""

    def __init__(self):
        self._buf = [None] * 8
        self._head = 0      # index of the front item
        self._count = 0

    def _grow(self):
        old = self._buf
        cap = len(old)
        self._buf = [old[(self._head + i) % cap] for i in range(self._count)] + [None] * cap
        self._head = 0

    def pushFront(self, item):
        if self._count == len(self._buf):
            self._grow()
        self._head = (self._head - 1) % len(self._buf)
        self._buf[self._head] = item
        self._count += 1

    def pushBack(self, item):
        if self._count == len(self._buf):
            self._grow()
        self._buf[(self._head + self._count) % len(self._buf)] = item
        self._count += 1

    def popFront(self):
        if self._count == 0:
            raise IndexError("popFront() from an empty Deque")
        item = self._buf[self._head]
        self._buf[self._head] = None
        self._head = (self._head + 1) % len(self._buf)
        self._count -= 1
        return item

    def popBack(self):
        if self._count == 0:
            raise IndexError("popBack() from an empty Deque")
        i = (self._head + self._count - 1) % len(self._buf)
        item = self._buf[i]
        self._buf[i] = None
        self._count -= 1
        return item

    def front(self):
        if self._count == 0:
            raise IndexError("front() from an empty Deque")
        return self._buf[self._head]

    def back(self):
        if self._count == 0:
            raise IndexError("back() from an empty Deque")
        return self._buf[(self._head + self._count - 1) % len(self._buf)]

    def isEmpty(self):
        return self._count == 0

    def size(self):
        return self._count

    def __len__(self):
        return self._count
