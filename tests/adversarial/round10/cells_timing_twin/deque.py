"""Part III: a deque on a Python list whose front is an index.  pushFront copies the whole list: O(n)."""


class Deque:
    def __init__(self):
        self._a = []
        self._h = 0

    def pushFront(self, item):
        self._a = [item] + self._a[self._h:]
        self._h = 0

    def pushBack(self, item):
        self._a.append(item)

    def popFront(self):
        if self._h >= len(self._a):
            raise IndexError("popFront from an empty deque")
        item = self._a[self._h]
        self._a[self._h] = None
        self._h += 1
        if self._h > 32 and self._h * 2 > len(self._a):
            self._a = self._a[self._h:]
            self._h = 0
        return item

    def popBack(self):
        if self._h >= len(self._a):
            raise IndexError("popBack from an empty deque")
        item = self._a.pop()
        if self._h >= len(self._a):
            self._a, self._h = [], 0
        return item

    def front(self):
        if self._h >= len(self._a):
            raise IndexError("front of an empty deque")
        return self._a[self._h]

    def back(self):
        if self._h >= len(self._a):
            raise IndexError("back of an empty deque")
        return self._a[-1]

    def isEmpty(self):
        return self._h >= len(self._a)

    def size(self):
        return len(self._a) - self._h

    def __len__(self):
        return len(self._a) - self._h
