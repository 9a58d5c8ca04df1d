"""The deque: a circular array.  `_buf` has a fixed capacity, `_first` is the
index of the front item and `_count` the number of items; the buffer doubles
when it is full."""


class Deque:

    def __init__(self):
        self._buf = [None] * 16
        self._first = 0
        self._count = 0

    def _grow(self):
        old, cap = self._buf, len(self._buf)
        new = [None] * (2 * cap)
        for i in range(self._count):
            new[i] = old[(self._first + i) % cap]
        self._buf = new
        self._first = 0

    def pushFront(self, item):
        if self._count == len(self._buf):
            self._grow()
        self._first = (self._first - 1) % len(self._buf)
        self._buf[self._first] = item
        self._count += 1

    def pushBack(self, item):
        if self._count == len(self._buf):
            self._grow()
        self._buf[(self._first + self._count) % len(self._buf)] = item
        self._count += 1

    def popFront(self):
        if self._count == 0:
            raise IndexError("popFront from an empty Deque")
        item = self._buf[self._first]
        self._buf[self._first] = None
        self._first = (self._first + 1) % len(self._buf)
        self._count -= 1
        return item

    def popBack(self):
        if self._count == 0:
            raise IndexError("popBack from an empty Deque")
        i = (self._first + self._count - 1) % len(self._buf)
        item = self._buf[i]
        self._buf[i] = None
        self._count -= 1
        return item

    def front(self):
        if self._count == 0:
            raise IndexError("front of an empty Deque")
        return self._buf[self._first]

    def back(self):
        if self._count == 0:
            raise IndexError("back of an empty Deque")
        return self._buf[(self._first + self._count - 1) % len(self._buf)]

    def isEmpty(self):
        return self._count == 0

    def size(self):
        return self._count

    def __len__(self):
        return self._count
