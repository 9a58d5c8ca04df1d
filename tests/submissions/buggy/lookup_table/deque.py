# Deque from homework 5 (reused for project 5).
# Circular array: a python list used as a fixed size array that wraps around.


class Deque:
    def __init__(self):
        self.cap = 4
        self.data = [None] * self.cap
        self.first = 0   # index of the front item
        self.count = 0   # how many items are stored

    def _resize(self):
        # double the array, copy items over in order (front goes to index 0)
        bigger = [None] * (self.cap * 2)
        for k in range(self.count):
            bigger[k] = self.data[(self.first + k) % self.cap]
        self.data = bigger
        self.cap = self.cap * 2
        self.first = 0

    def pushFront(self, item):
        if self.count == self.cap:
            self._resize()
        self.first = (self.first - 1) % self.cap
        self.data[self.first] = item
        self.count += 1

    def pushBack(self, item):
        if self.count == self.cap:
            self._resize()
        self.data[(self.first + self.count) % self.cap] = item
        self.count += 1

    def popFront(self):
        if self.count == 0:
            raise IndexError("popFront on an empty deque")
        item = self.data[self.first]
        self.data[self.first] = None
        self.first = (self.first + 1) % self.cap
        self.count -= 1
        return item

    def popBack(self):
        if self.count == 0:
            raise IndexError("popBack on an empty deque")
        last = (self.first + self.count - 1) % self.cap
        item = self.data[last]
        self.data[last] = None
        self.count -= 1
        return item

    def front(self):
        if self.count == 0:
            raise IndexError("front of an empty deque")
        return self.data[self.first]

    def back(self):
        if self.count == 0:
            raise IndexError("back of an empty deque")
        return self.data[(self.first + self.count - 1) % self.cap]

    def isEmpty(self):
        return self.count == 0

    def size(self):
        return self.count

    def __len__(self):
        return self.count
