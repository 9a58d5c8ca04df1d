"""Part III: a circular-array deque."""


class Deque:
    def __init__(self):
        self._data = [None] * 8
        self._head = 0
        self._size = 0

    def _grow(self):
        old = self._data
        cap = len(old)
        new = [None] * (cap * 2)
        for i in range(self._size):
            new[i] = old[(self._head + i) % cap]
        self._data = new
        self._head = 0

    def pushFront(self, item):
        if self._size == len(self._data):
            self._grow()
        self._head = (self._head - 1) % len(self._data)
        self._data[self._head] = item
        self._size += 1

    def pushBack(self, item):
        if self._size == len(self._data):
            self._grow()
        self._data[(self._head + self._size) % len(self._data)] = item
        self._size += 1

    def popFront(self):
        if self._size == 0:
            raise IndexError("popFront() from an empty Deque")
        item = self._data[self._head]
        self._data[self._head] = None
        self._head = (self._head + 1) % len(self._data)
        self._size -= 1
        return item

    def popBack(self):
        if self._size == 0:
            raise IndexError("popBack() from an empty Deque")
        idx = (self._head + self._size - 1) % len(self._data)
        item = self._data[idx]
        self._data[idx] = None
        self._size -= 1
        return item

    def front(self):
        if self._size == 0:
            raise IndexError("front() from an empty Deque")
        return self._data[self._head]

    def back(self):
        if self._size == 0:
            raise IndexError("back() from an empty Deque")
        return self._data[(self._head + self._size - 1) % len(self._data)]

    def isEmpty(self):
        return self._size == 0

    def size(self):
        return self._size

    def __len__(self):
        return self._size
