"""Deque (hw5). Circular buffer that doubles when it fills up."""


class Deque:
    def __init__(self):
        self.arr = [None] * 8
        self.start = 0      # where the front item is
        self.length = 0

    def _index(self, k):
        # position in arr of the k-th item from the front
        return (self.start + k) % len(self.arr)

    def _double(self):
        self.arr = [self.arr[self._index(k)] for k in range(self.length)] + [None] * len(self.arr)
        self.start = 0

    def pushFront(self, item):
        if self.length == len(self.arr):
            self._double()
        self.start = (self.start - 1) % len(self.arr)
        self.arr[self.start] = item
        self.length += 1

    def pushBack(self, item):
        if self.length == len(self.arr):
            self._double()
        self.arr[self._index(self.length)] = item
        self.length += 1

    def popFront(self):
        if self.length == 0:
            raise IndexError("popFront(): deque is empty")
        item = self.arr[self.start]
        self.arr[self.start] = None
        self.start = self._index(1)
        self.length -= 1
        return item

    def popBack(self):
        if self.length == 0:
            raise IndexError("popBack(): deque is empty")
        i = self._index(self.length - 1)
        item = self.arr[i]
        self.arr[i] = None
        self.length -= 1
        return item

    def front(self):
        if self.length == 0:
            raise IndexError("front(): deque is empty")
        return self.arr[self.start]

    def back(self):
        if self.length == 0:
            raise IndexError("back(): deque is empty")
        return self.arr[self._index(self.length - 1)]

    def isEmpty(self):
        return self.length == 0

    def size(self):
        return self.length

    def __len__(self):
        return self.length
