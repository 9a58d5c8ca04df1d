# Deque as a ring buffer.
# head = index of the front item, tail = index one past the back item.
# One slot is always left empty so that head == tail means "empty".


class Deque:
    def __init__(self, capacity=16):
        self._buf = [None] * capacity
        self._head = 0
        self._tail = 0

    def _full(self):
        return (self._tail + 1) % len(self._buf) == self._head

    def _grow(self):
        old = self._buf
        n = len(old)
        new = [None] * (2 * n)
        i = self._head
        j = 0
        while i != self._tail:
            new[j] = old[i]
            i = (i + 1) % n
            j += 1
        self._buf = new
        self._head = 0
        self._tail = j

    def pushBack(self, item):
        if self._full():
            self._grow()
        self._buf[self._tail] = item
        self._tail = (self._tail + 1) % len(self._buf)

    def pushFront(self, item):
        if self._full():
            self._grow()
        self._head = (self._head - 1) % len(self._buf)
        self._buf[self._head] = item

    def popFront(self):
        if self.isEmpty():
            raise IndexError("pop from empty deque")
        item = self._buf[self._head]
        self._buf[self._head] = None
        self._head = (self._head + 1) % len(self._buf)
        return item

    def popBack(self):
        if self.isEmpty():
            raise IndexError("pop from empty deque")
        self._tail = (self._tail - 1) % len(self._buf)
        item = self._buf[self._tail]
        self._buf[self._tail] = None
        return item

    def front(self):
        if self.isEmpty():
            raise IndexError("empty deque")
        return self._buf[self._head]

    def back(self):
        if self.isEmpty():
            raise IndexError("empty deque")
        return self._buf[(self._tail - 1) % len(self._buf)]

    def isEmpty(self):
        return self._head == self._tail

    def size(self):
        return (self._tail - self._head) % len(self._buf)

    def __len__(self):
        return self.size()
