class Deque:
    def __init__(self):
        self._cap = 8
        self._a = [None] * 8
        self._h = 0
        self._n = 0

    def _grow(self):
        old = self._a
        cap = self._cap
        new = [None] * (cap * 2)
        for i in range(self._n):
            new[i] = old[(self._h + i) % cap]
        self._a = new
        self._cap = cap * 2
        self._h = 0

    def pushFront(self, item):
        if self._n == self._cap:
            self._grow()
        self._h = (self._h - 1) % self._cap
        self._a[self._h] = item
        self._n += 1

    def pushBack(self, item):
        if self._n == self._cap:
            self._grow()
        self._a[(self._h + self._n) % self._cap] = item
        self._n += 1

    def popFront(self):
        if self._n == 0:
            raise IndexError("pop from empty deque")
        item = self._a[self._h]
        self._a[self._h] = None
        self._h = (self._h + 1) % self._cap
        self._n -= 1
        return item

    def popBack(self):
        if self._n == 0:
            raise IndexError("pop from empty deque")
        i = (self._h + self._n - 1) % self._cap
        item = self._a[i]
        self._a[i] = None
        self._n -= 1
        return item

    def front(self):
        if self._n == 0:
            raise IndexError("empty deque")
        return self._a[self._h]

    def back(self):
        if self._n == 0:
            raise IndexError("empty deque")
        return self._a[(self._h + self._n - 1) % self._cap]

    def isEmpty(self):
        return self._n == 0

    def size(self):
        return self._n

    def __len__(self):
        return self._n
