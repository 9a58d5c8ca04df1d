"""Part III: a circular-array deque (capacity doubles when full)."""


class Deque:
    def __init__(self):
        self._data = [None] * 8
        self._head = 0
        self._count = 0

    def _grow(self):
        old, cap = self._data, len(self._data)
        self._data = [old[(self._head + i) % cap] for i in range(self._count)] + [None] * cap
        self._head = 0

    def pushFront(self, item):
        if self._count == len(self._data):
            self._grow()
        self._head = (self._head - 1) % len(self._data)
        self._data[self._head] = item
        self._count += 1

    def pushBack(self, item):
        if self._count == len(self._data):
            self._grow()
        self._data[(self._head + self._count) % len(self._data)] = item
        self._count += 1

    def popFront(self):
        if self._count == 0:
            raise IndexError("popFront() from an empty Deque")
        item = self._data[self._head]
        self._data[self._head] = None
        self._head = (self._head + 1) % len(self._data)
        self._count -= 1
        return item

    def popBack(self):
        if self._count == 0:
            raise IndexError("popBack() from an empty Deque")
        i = (self._head + self._count - 1) % len(self._data)
        item = self._data[i]
        self._data[i] = None
        self._count -= 1
        return item

    def front(self):
        if self._count == 0:
            raise IndexError("front() of an empty Deque")
        return self._data[self._head]

    def back(self):
        if self._count == 0:
            raise IndexError("back() of an empty Deque")
        return self._data[(self._head + self._count - 1) % len(self._data)]

    def isEmpty(self):
        return self._count == 0

    def size(self):
        return self._count

    def __len__(self):
        return self._count
