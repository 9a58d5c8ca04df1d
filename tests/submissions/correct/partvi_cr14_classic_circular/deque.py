"""The deque: a circular array that doubles its capacity when full."""


class Deque:
    """Circular array deque."""

    def __init__(self):
        self._cap = 8
        self._data = [None] * self._cap
        self._head = 0
        self._count = 0

    def _grow(self):
        old = self._data
        cap = self._cap
        new = [None] * (2 * cap)
        for i in range(self._count):
            new[i] = old[(self._head + i) % cap]
        self._data = new
        self._cap = 2 * cap
        self._head = 0

    def pushFront(self, item):
        if self._count == self._cap:
            self._grow()
        self._head = (self._head - 1) % self._cap
        self._data[self._head] = item
        self._count += 1

    def pushBack(self, item):
        if self._count == self._cap:
            self._grow()
        self._data[(self._head + self._count) % self._cap] = item
        self._count += 1

    def popFront(self):
        if self._count == 0:
            raise IndexError("popFront from an empty deque")
        item = self._data[self._head]
        self._data[self._head] = None
        self._head = (self._head + 1) % self._cap
        self._count -= 1
        return item

    def popBack(self):
        if self._count == 0:
            raise IndexError("popBack from an empty deque")
        idx = (self._head + self._count - 1) % self._cap
        item = self._data[idx]
        self._data[idx] = None
        self._count -= 1
        return item

    def front(self):
        if self._count == 0:
            raise IndexError("front of an empty deque")
        return self._data[self._head]

    def back(self):
        if self._count == 0:
            raise IndexError("back of an empty deque")
        return self._data[(self._head + self._count - 1) % self._cap]

    def isEmpty(self):
        return self._count == 0

    def size(self):
        return self._count

    def __len__(self):
        return self._count
