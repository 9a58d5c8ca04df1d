"""The deque: a circular array."""


class Deque:
    def __init__(self):
        self._a = [None] * 8
        self._h = 0
        self._n = 0

    def _grow(self):
        a, h, n = self._a, self._h, self._n
        cap = len(a)
        b = [None] * (cap * 2)
        for i in range(n):
            b[i] = a[(h + i) % cap]
        self._a, self._h = b, 0

    def pushFront(self, item):
        if self._n == len(self._a):
            self._grow()
        self._h = (self._h - 1) % len(self._a)
        self._a[self._h] = item
        self._n += 1

    def pushBack(self, item):
        if self._n == len(self._a):
            self._grow()
        self._a[(self._h + self._n) % len(self._a)] = item
        self._n += 1

    def popFront(self):
        if self._n == 0:
            raise IndexError("pop from an empty deque")
        item = self._a[self._h]
        self._a[self._h] = None
        self._h = (self._h + 1) % len(self._a)
        self._n -= 1
        return item

    def popBack(self):
        if self._n == 0:
            raise IndexError("pop from an empty deque")
        i = (self._h + self._n - 1) % len(self._a)
        item = self._a[i]
        self._a[i] = None
        self._n -= 1
        return item

    def front(self):
        if self._n == 0:
            raise IndexError("front of an empty deque")
        return self._a[self._h]

    def back(self):
        if self._n == 0:
            raise IndexError("back of an empty deque")
        return self._a[(self._h + self._n - 1) % len(self._a)]

    def isEmpty(self):
        return self._n == 0

    def size(self):
        return self._n

    def __len__(self):
        return self._n
