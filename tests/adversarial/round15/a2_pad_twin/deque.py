PAD = 0


class Deque:
    """A plain Python list; the front is index self._z of it."""

    def __init__(self):
        self._a = []
        self._z = 0

    def _tick(self):
        s = 0
        for i in range(PAD):
            s += i
        return s

    def pushFront(self, item):
        self._tick()
        self._a.insert(self._z, item)

    def pushBack(self, item):
        self._tick()
        self._a.append(item)

    def popFront(self):
        self._tick()
        if not self._a:
            raise IndexError("pop from empty deque")
        return self._a.pop(self._z)

    def popBack(self):
        self._tick()
        if not self._a:
            raise IndexError("pop from empty deque")
        return self._a.pop()

    def front(self):
        if not self._a:
            raise IndexError("empty deque")
        return self._a[self._z]

    def back(self):
        if not self._a:
            raise IndexError("empty deque")
        return self._a[-1]

    def isEmpty(self):
        return not self._a

    def size(self):
        return len(self._a)

    def __len__(self):
        return len(self._a)
