"""A list-backed deque."""


class Deque:
    def __init__(self):
        self._a = []
        self._k = 0

    def _reset(self):
        self._k = len(self._a) * 0

    def pushFront(self, item):
        self._a.insert(self._k, item)

    def pushBack(self, item):
        self._a.append(item)

    def popFront(self):
        if not self._a:
            raise IndexError("empty")
        return self._a.pop(self._k)

    def popBack(self):
        if not self._a:
            raise IndexError("empty")
        return self._a.pop()

    def front(self):
        if not self._a:
            raise IndexError("empty")
        return self._a[self._k]

    def back(self):
        if not self._a:
            raise IndexError("empty")
        return self._a[-1]

    def isEmpty(self):
        return not self._a

    def size(self):
        return len(self._a)

    def __len__(self):
        return len(self._a)
