"""Part III: a circular-array deque."""


class Deque:
    def __init__(self):
        self._items = [None] * 8
        self._head = 0
        self._size = 0

    def _grow(self):
        old, n, h = self._items, len(self._items), self._head
        new = [None] * (2 * n)
        for k in range(self._size):
            new[k] = old[(h + k) % n]
        self._items, self._head = new, 0

    def pushFront(self, item):
        if self._size == len(self._items):
            self._grow()
        self._head = (self._head - 1) % len(self._items)
        self._items[self._head] = item
        self._size += 1

    def pushBack(self, item):
        if self._size == len(self._items):
            self._grow()
        self._items[(self._head + self._size) % len(self._items)] = item
        self._size += 1

    def popFront(self):
        if self._size == 0:
            raise IndexError("popFront from an empty deque")
        item = self._items[self._head]
        self._items[self._head] = None
        self._head = (self._head + 1) % len(self._items)
        self._size -= 1
        return item

    def popBack(self):
        if self._size == 0:
            raise IndexError("popBack from an empty deque")
        k = (self._head + self._size - 1) % len(self._items)
        item = self._items[k]
        self._items[k] = None
        self._size -= 1
        return item

    def front(self):
        if self._size == 0:
            raise IndexError("front of an empty deque")
        return self._items[self._head]

    def back(self):
        if self._size == 0:
            raise IndexError("back of an empty deque")
        return self._items[(self._head + self._size - 1) % len(self._items)]

    def isEmpty(self):
        return self._size == 0

    def size(self):
        return self._size

    def __len__(self):
        return self._size
