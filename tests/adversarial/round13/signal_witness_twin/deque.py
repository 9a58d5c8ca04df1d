"""The deque: a circular array, doubled when full."""


class Deque:
    def __init__(self):
        self._items = [None] * 8
        self._head = 0
        self._count = 0

    def _grow(self):
        old, cap = self._items, len(self._items)
        self._items = [old[(self._head + k) % cap] for k in range(self._count)] + [None] * cap
        self._head = 0

    def pushFront(self, item):
        if self._count == len(self._items):
            self._grow()
        self._head = (self._head - 1) % len(self._items)
        self._items[self._head] = item
        self._count += 1

    def pushBack(self, item):
        if self._count == len(self._items):
            self._grow()
        self._items[(self._head + self._count) % len(self._items)] = item
        self._count += 1

    def popFront(self):
        if self._count == 0:
            raise IndexError("pop from an empty deque")
        item = self._items[self._head]
        self._items[self._head] = None
        self._head = (self._head + 1) % len(self._items)
        self._count -= 1
        return item

    def popBack(self):
        if self._count == 0:
            raise IndexError("pop from an empty deque")
        k = (self._head + self._count - 1) % len(self._items)
        item = self._items[k]
        self._items[k] = None
        self._count -= 1
        return item

    def front(self):
        if self._count == 0:
            raise IndexError("front of an empty deque")
        return self._items[self._head]

    def back(self):
        if self._count == 0:
            raise IndexError("back of an empty deque")
        return self._items[(self._head + self._count - 1) % len(self._items)]

    def isEmpty(self):
        return self._count == 0

    def size(self):
        return self._count

    def __len__(self):
        return self._count
