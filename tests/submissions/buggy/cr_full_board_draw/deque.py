"""Deque on a circular array; when full it is copied, in order, into one twice as long."""


class Deque:
    def __init__(self):
        self._data = [None] * 32
        self._front = 0
        self._n = 0

    def _index(self, offset):
        return (self._front + offset) % len(self._data)

    def _ensure_room(self):
        if self._n < len(self._data):
            return
        ordered = self._data[self._front:] + self._data[:self._front]
        self._data = ordered + [None] * len(ordered)
        self._front = 0

    def pushFront(self, item):
        self._ensure_room()
        self._front = self._index(-1)
        self._data[self._front] = item
        self._n += 1

    def pushBack(self, item):
        self._ensure_room()
        self._data[self._index(self._n)] = item
        self._n += 1

    def popFront(self):
        if self._n == 0:
            raise IndexError("popFront() from an empty Deque")
        item = self._data[self._front]
        self._data[self._front] = None
        self._front = self._index(1)
        self._n -= 1
        return item

    def popBack(self):
        if self._n == 0:
            raise IndexError("popBack() from an empty Deque")
        i = self._index(self._n - 1)
        item = self._data[i]
        self._data[i] = None
        self._n -= 1
        return item

    def front(self):
        if self._n == 0:
            raise IndexError("front() of an empty Deque")
        return self._data[self._front]

    def back(self):
        if self._n == 0:
            raise IndexError("back() of an empty Deque")
        return self._data[self._index(self._n - 1)]

    def isEmpty(self):
        return self._n == 0

    def size(self):
        return self._n

    def __len__(self):
        return self._n
