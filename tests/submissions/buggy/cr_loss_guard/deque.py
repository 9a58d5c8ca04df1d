"""A ring buffer whose capacity is a power of two (index arithmetic with a mask)."""


class Deque:
    __slots__ = ("buf", "mask", "first", "count")

    def __init__(self):
        self.buf = [None] * 16
        self.mask = 15
        self.first = 0
        self.count = 0

    def _double(self):
        n = len(self.buf)
        f = self.first
        self.buf = self.buf[f:] + self.buf[:f] + [None] * n
        self.first = 0
        self.mask = 2 * n - 1

    def pushFront(self, item):
        if self.count > self.mask:
            self._double()
        self.first = (self.first - 1) & self.mask
        self.buf[self.first] = item
        self.count += 1

    def pushBack(self, item):
        if self.count > self.mask:
            self._double()
        self.buf[(self.first + self.count) & self.mask] = item
        self.count += 1

    def popFront(self):
        if not self.count:
            raise IndexError("popFront() from an empty Deque")
        item, self.buf[self.first] = self.buf[self.first], None
        self.first = (self.first + 1) & self.mask
        self.count -= 1
        return item

    def popBack(self):
        if not self.count:
            raise IndexError("popBack() from an empty Deque")
        self.count -= 1
        i = (self.first + self.count) & self.mask
        item, self.buf[i] = self.buf[i], None
        return item

    def front(self):
        if not self.count:
            raise IndexError("front() of an empty Deque")
        return self.buf[self.first]

    def back(self):
        if not self.count:
            raise IndexError("back() of an empty Deque")
        return self.buf[(self.first + self.count - 1) & self.mask]

    def isEmpty(self):
        return self.count == 0

    def size(self):
        return self.count

    def __len__(self):
        return self.count
