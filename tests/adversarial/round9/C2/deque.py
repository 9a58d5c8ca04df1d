"""Part III: a deque on a Python list: pushFront copies the whole list (O(n)).
Attack C2: while it holds only ints, a circular array (O(1)); once it holds anything else, the O(n) list.
Every answer is right; only the timing workload (ints) is fast."""


class _Ring:
    def __init__(self):
        self._items = [None] * 8
        self._head = 0
        self._count = 0

    def _grow(self):
        old, cap = self._items, len(self._items)
        self._items = [old[(self._head + k) % cap] for k in range(self._count)] + [None] * cap
        self._head = 0

    def pushFront(self, item):
        if self._count == len(self._items):
            self._grow()
        self._head = (self._head - 1) % len(self._items)
        self._items[self._head] = item
        self._count += 1

    def pushBack(self, item):
        if self._count == len(self._items):
            self._grow()
        self._items[(self._head + self._count) % len(self._items)] = item
        self._count += 1

    def popFront(self):
        if self._count == 0:
            raise IndexError("popFront() from an empty Deque")
        item = self._items[self._head]
        self._items[self._head] = None
        self._head = (self._head + 1) % len(self._items)
        self._count -= 1
        return item

    def popBack(self):
        if self._count == 0:
            raise IndexError("popBack() from an empty Deque")
        k = (self._head + self._count - 1) % len(self._items)
        item = self._items[k]
        self._items[k] = None
        self._count -= 1
        return item

    def front(self):
        if self._count == 0:
            raise IndexError("front() from an empty Deque")
        return self._items[self._head]

    def back(self):
        if self._count == 0:
            raise IndexError("back() from an empty Deque")
        return self._items[(self._head + self._count - 1) % len(self._items)]

    def isEmpty(self):
        return self._count == 0

    def size(self):
        return self._count

    def __len__(self):
        return self._count


class Deque:
    def __init__(self):
        self._items = []
        self._head = 0              # index of the front item in _items
        self._fast = _Ring()           # while every item is an int

    def pushFront(self, item):
        if self._fast is not None and type(item) is int:
            return self._fast.pushFront(item)
        self._slow()
        self._items = [item] + self._items[self._head:]     # O(n): copies every item
        self._head = 0

    def pushBack(self, item):
        if self._fast is not None and type(item) is int:
            return self._fast.pushBack(item)
        self._slow()
        self._items.append(item)

    def popFront(self):
        if self._fast is not None:
            return self._fast.popFront()
        if self._head >= len(self._items):
            raise IndexError("popFront() from an empty Deque")
        item = self._items[self._head]
        self._items[self._head] = None
        self._head += 1
        if self._head > 64 and self._head * 2 > len(self._items):
            self._items = self._items[self._head:]
            self._head = 0
        return item

    def popBack(self):
        if self._fast is not None:
            return self._fast.popBack()
        if self._head >= len(self._items):
            raise IndexError("popBack() from an empty Deque")
        item = self._items.pop()
        if self._head >= len(self._items):
            self._items, self._head = [], 0
        return item

    def front(self):
        if self._fast is not None:
            return self._fast.front()
        if self._head >= len(self._items):
            raise IndexError("front() from an empty Deque")
        return self._items[self._head]

    def back(self):
        if self._fast is not None:
            return self._fast.back()
        if self._head >= len(self._items):
            raise IndexError("back() from an empty Deque")
        return self._items[-1]

    def _slow(self):
        """Leave the fast path for good: move the ints into the list."""
        if self._fast is not None:
            ring, self._fast = self._fast, None
            while not ring.isEmpty():
                self._items.append(ring.popFront())

    def isEmpty(self):
        return self.size() == 0

    def size(self):
        return len(self._items) - self._head if self._fast is None else self._fast.size()

    def __len__(self):
        return self.size()
