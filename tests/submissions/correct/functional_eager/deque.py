"""Circular array deque: fixed-capacity list, index of the front, doubled when full."""


class Deque:
    def __init__(self):
        self.cap = 4
        self.items = [None] * self.cap
        self.first = 0
        self.n = 0

    def _double(self):
        items = [None] * (2 * self.cap)
        for i in range(self.n):
            items[i] = self.items[(self.first + i) % self.cap]
        self.items = items
        self.cap *= 2
        self.first = 0

    def pushFront(self, item):
        if self.n == self.cap:
            self._double()
        self.first = (self.first - 1 + self.cap) % self.cap
        self.items[self.first] = item
        self.n += 1

    def pushBack(self, item):
        if self.n == self.cap:
            self._double()
        self.items[(self.first + self.n) % self.cap] = item
        self.n += 1

    def _empty_check(self, name):
        if self.n == 0:
            raise IndexError(name + "() from an empty Deque")

    def popFront(self):
        self._empty_check("popFront")
        item = self.items[self.first]
        self.items[self.first] = None
        self.first = (self.first + 1) % self.cap
        self.n -= 1
        return item

    def popBack(self):
        self._empty_check("popBack")
        last = (self.first + self.n - 1) % self.cap
        item = self.items[last]
        self.items[last] = None
        self.n -= 1
        return item

    def front(self):
        self._empty_check("front")
        return self.items[self.first]

    def back(self):
        self._empty_check("back")
        return self.items[(self.first + self.n - 1) % self.cap]

    def isEmpty(self):
        return self.n == 0

    def size(self):
        return self.n

    __len__ = size
