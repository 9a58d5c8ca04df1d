"""Part III: circular array with head and tail indices (tail = next free slot)."""


class Deque:
    def __init__(self, capacity=8):
        self._a = [None] * capacity
        self._head = 0
        self._tail = 0
        self._len = 0

    def __repr__(self):
        return f"Deque(size={self._len})"

    def __iter__(self):
        cap = len(self._a)
        for i in range(self._len):
            yield self._a[(self._head + i) % cap]

    def _resize(self):
        items = list(self)
        self._a = items + [None] * len(items)
        self._head = 0
        self._tail = len(items)

    def pushBack(self, item):
        if self._len == len(self._a):
            self._resize()
        self._a[self._tail] = item
        self._tail = (self._tail + 1) % len(self._a)
        self._len += 1

    def pushFront(self, item):
        if self._len == len(self._a):
            self._resize()
        self._head = (self._head - 1) % len(self._a)
        self._a[self._head] = item
        self._len += 1

    def popFront(self):
        if self._len == 0:
            raise IndexError("popFront() from an empty Deque")
        item = self._a[self._head]
        self._a[self._head] = None
        self._head = (self._head + 1) % len(self._a)
        self._len -= 1
        return item

    def popBack(self):
        if self._len == 0:
            raise IndexError("popBack() from an empty Deque")
        self._tail = (self._tail - 1) % len(self._a)
        item = self._a[self._tail]
        self._a[self._tail] = None
        self._len -= 1
        return item

    def front(self):
        if self._len == 0:
            raise IndexError("front() from an empty Deque")
        return self._a[self._head]

    def back(self):
        if self._len == 0:
            raise IndexError("back() from an empty Deque")
        return self._a[(self._tail - 1) % len(self._a)]

    def isEmpty(self):
        return self._len == 0

    def size(self):
        return self._len

    def __len__(self):
        return self._len
