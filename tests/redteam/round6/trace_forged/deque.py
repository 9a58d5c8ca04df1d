class Deque:
    def __init__(self):
        self._cap = 8
        self._items = [None] * 8
        self._head = 0
        self._size = 0

    def _grow(self):
        old, cap = self._items, self._cap
        self._items = [old[(self._head + k) % cap] for k in range(self._size)] + [None] * cap
        self._cap = cap * 2
        self._head = 0

    def pushFront(self, item):
        if self._size == self._cap:
            self._grow()
        self._head = (self._head - 1) % self._cap
        self._items[self._head] = item
        self._size += 1

    def pushBack(self, item):
        if self._size == self._cap:
            self._grow()
        self._items[(self._head + self._size) % self._cap] = item
        self._size += 1

    def popFront(self):
        if not self._size:
            raise IndexError("popFront() from an empty Deque")
        item = self._items[self._head]
        self._items[self._head] = None
        self._head = (self._head + 1) % self._cap
        self._size -= 1
        return item

    def popBack(self):
        if not self._size:
            raise IndexError("popBack() from an empty Deque")
        k = (self._head + self._size - 1) % self._cap
        item = self._items[k]
        self._items[k] = None
        self._size -= 1
        return item

    def front(self):
        if not self._size:
            raise IndexError("front() from an empty Deque")
        return self._items[self._head]

    def back(self):
        if not self._size:
            raise IndexError("back() from an empty Deque")
        return self._items[(self._head + self._size - 1) % self._cap]

    def isEmpty(self):
        return self._size == 0

    def size(self):
        return self._size

    def __len__(self):
        return self._size
