"""Part III: a circular-array deque."""


class Deque:
    def __init__(self):
        self._a = [None] * 8
        self._head = 0
        self._n = 0

    def _grow(self):
        old, cap = self._a, len(self._a)
        new = [None] * (cap * 2)
        for i in range(self._n):
            new[i] = old[(self._head + i) % cap]
        self._a, self._head = new, 0

    def pushBack(self, item):
        if self._n == len(self._a):
            self._grow()
        self._a[(self._head + self._n) % len(self._a)] = item
        self._n += 1

    def pushFront(self, item):
        if self._n == len(self._a):
            self._grow()
        self._head = (self._head - 1) % len(self._a)
        self._a[self._head] = item
        self._n += 1

    def popFront(self):
        if self._n == 0:
            raise IndexError("pop from an empty deque")
        item = self._a[self._head]
        self._a[self._head] = None
        self._head = (self._head + 1) % len(self._a)
        self._n -= 1
        return item

    def popBack(self):
        if self._n == 0:
            raise IndexError("pop from an empty deque")
        i = (self._head + self._n - 1) % len(self._a)
        item = self._a[i]
        self._a[i] = None
        self._n -= 1
        return item

    def front(self):
        if self._n == 0:
            raise IndexError("front of an empty deque")
        return self._a[self._head]

    def back(self):
        if self._n == 0:
            raise IndexError("back of an empty deque")
        return self._a[(self._head + self._n - 1) % len(self._a)]

    def isEmpty(self):
        return self._n == 0

    def size(self):
        return self._n

    def __len__(self):
        return self._n
