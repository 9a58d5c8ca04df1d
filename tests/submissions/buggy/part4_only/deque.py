class Deque:
    """Array based deque that wraps around (hw 5).

    h is the index of the front item and t the index where the next
    pushBack goes. count is how many items are in it.
    """

    def __init__(self):
        self.items = [None] * 10
        self.h = 0
        self.t = 0
        self.count = 0

    def _grow(self):
        n = len(self.items)
        bigger = [None] * (2 * n)
        for k in range(self.count):
            bigger[k] = self.items[(self.h + k) % n]
        self.items = bigger
        self.h = 0
        self.t = self.count

    def pushBack(self, item):
        if self.count == len(self.items):
            self._grow()
        self.items[self.t] = item
        self.t = (self.t + 1) % len(self.items)
        self.count += 1

    def pushFront(self, item):
        if self.count == len(self.items):
            self._grow()
        self.h = (self.h - 1) % len(self.items)
        self.items[self.h] = item
        self.count += 1

    def popFront(self):
        if self.count == 0:
            raise IndexError("popFront: deque is empty")
        item = self.items[self.h]
        self.items[self.h] = None
        self.h = (self.h + 1) % len(self.items)
        self.count -= 1
        return item

    def popBack(self):
        if self.count == 0:
            raise IndexError("popBack: deque is empty")
        self.t = (self.t - 1) % len(self.items)
        item = self.items[self.t]
        self.items[self.t] = None
        self.count -= 1
        return item

    def front(self):
        if self.count == 0:
            raise IndexError("front: deque is empty")
        return self.items[self.h]

    def back(self):
        if self.count == 0:
            raise IndexError("back: deque is empty")
        return self.items[(self.t - 1) % len(self.items)]

    def isEmpty(self):
        return self.count == 0

    def size(self):
        return self.count

    def __len__(self):
        return self.count
