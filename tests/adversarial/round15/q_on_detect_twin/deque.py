class Deque:
    """A list with the index of its front item: pushBack, popFront and popBack are O(1); pushFront copies the
    whole list whenever there is no room before the front (O(n))."""

    def __init__(self):
        self._a = []
        self._h = 0

    def pushFront(self, item):
        if self._h > 0:
            self._h -= 1
            self._a[self._h] = item
        else:
            self._a = [item] + self._a[self._h:]      # O(n): copies every item
            self._h = 0

    def pushBack(self, item):
        self._a.append(item)

    def popFront(self):
        if self._h >= len(self._a):
            raise IndexError("pop from empty deque")
        item = self._a[self._h]
        self._a[self._h] = None
        self._h += 1
        if self._h == len(self._a):
            self._a = []
            self._h = 0
        return item

    def popBack(self):
        if self._h >= len(self._a):
            raise IndexError("pop from empty deque")
        item = self._a.pop()
        if self._h == len(self._a):
            self._a = []
            self._h = 0
        return item

    def front(self):
        if self._h >= len(self._a):
            raise IndexError("empty deque")
        return self._a[self._h]

    def back(self):
        if self._h >= len(self._a):
            raise IndexError("empty deque")
        return self._a[-1]

    def isEmpty(self):
        return self._h >= len(self._a)

    def size(self):
        return len(self._a) - self._h

    def __len__(self):
        return len(self._a) - self._h
