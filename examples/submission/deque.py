# Deque from homework 5: a circular array that doubles when it is full.


class Deque:
    def __init__(self):
        self.data = [None] * 8
        self.head = 0     # index of the front item
        self.n = 0        # number of items

    def _grow(self):
        old = self.data
        self.data = [None] * (2 * len(old))
        for k in range(self.n):
            self.data[k] = old[(self.head + k) % len(old)]
        self.head = 0

    def pushFront(self, item):
        if self.n == len(self.data):
            self._grow()
        self.head = (self.head - 1) % len(self.data)
        self.data[self.head] = item
        self.n += 1

    def pushBack(self, item):
        if self.n == len(self.data):
            self._grow()
        self.data[(self.head + self.n) % len(self.data)] = item
        self.n += 1

    def popFront(self):
        if self.n == 0:
            raise IndexError("popFront from an empty deque")
        item = self.data[self.head]
        self.data[self.head] = None
        self.head = (self.head + 1) % len(self.data)
        self.n -= 1
        return item

    def popBack(self):
        if self.n == 0:
            raise IndexError("popBack from an empty deque")
        i = (self.head + self.n - 1) % len(self.data)
        item = self.data[i]
        self.data[i] = None
        self.n -= 1
        return item

    def front(self):
        if self.n == 0:
            raise IndexError("front of an empty deque")
        return self.data[self.head]

    def back(self):
        if self.n == 0:
            raise IndexError("back of an empty deque")
        return self.data[(self.head + self.n - 1) % len(self.data)]

    def isEmpty(self):
        return self.n == 0

    def size(self):
        return self.n

    def __len__(self):
        return self.n
