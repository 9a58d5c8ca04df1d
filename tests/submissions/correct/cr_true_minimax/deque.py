"""Ring buffer deque, capacity a power of two (index with a bit mask)."""


class Deque:
    def __init__(self):
        self._buf = [None] * 16
        self._mask = 15
        self._first = 0   # index of the front item
        self._size = 0

    def _expand(self):
        buf, first, size = self._buf, self._first, self._size
        ordered = buf[first:] + buf[:first]
        self._buf = ordered + [None] * size
        self._mask = 2 * size - 1
        self._first = 0

    def pushBack(self, item):
        if self._size == self._mask + 1:
            self._expand()
        self._buf[(self._first + self._size) & self._mask] = item
        self._size += 1

    def pushFront(self, item):
        if self._size == self._mask + 1:
            self._expand()
        self._first = (self._first - 1) & self._mask
        self._buf[self._first] = item
        self._size += 1

    def popFront(self):
        if not self._size:
            raise IndexError("popFront() from an empty Deque")
        i = self._first
        item, self._buf[i] = self._buf[i], None
        self._first = (i + 1) & self._mask
        self._size -= 1
        return item

    def popBack(self):
        if not self._size:
            raise IndexError("popBack() from an empty Deque")
        self._size -= 1
        i = (self._first + self._size) & self._mask
        item, self._buf[i] = self._buf[i], None
        return item

    def front(self):
        if not self._size:
            raise IndexError("front() of an empty Deque")
        return self._buf[self._first]

    def back(self):
        if not self._size:
            raise IndexError("back() of an empty Deque")
        return self._buf[(self._first + self._size - 1) & self._mask]

    def isEmpty(self):
        return self._size == 0

    def size(self):
        return self._size

    def __len__(self):
        return self._size
