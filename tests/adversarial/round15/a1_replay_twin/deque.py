class Deque:
    def __init__(self):
        self._a = [None] * 8
        self._h = 0
        self._n = 0

    def _grow(self):
        a, h, cap = self._a, self._h, len(self._a)
        self._a = [a[(h + i) % cap] for i in range(self._n)] + [None] * cap
        self._h = 0

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
            raise IndexError("pop from empty deque")
        x = self._a[self._h]
        self._a[self._h] = None
        self._h = (self._h + 1) % len(self._a)
        self._n -= 1
        return x

    def popBack(self):
        if self._n == 0:
            raise IndexError("pop from empty deque")
        i = (self._h + self._n - 1) % len(self._a)
        x = self._a[i]
        self._a[i] = None
        self._n -= 1
        return x

    def front(self):
        if self._n == 0:
            raise IndexError("empty deque")
        return self._a[self._h]

    def back(self):
        if self._n == 0:
            raise IndexError("empty deque")
        return self._a[(self._h + self._n - 1) % len(self._a)]

    def isEmpty(self):
        return self._n == 0

    def size(self):
        return self._n

    def __len__(self):
        return self._n
