# My Deque class. Uses python's built in deque underneath because it is fast.
from collections import deque


class Deque:
    def __init__(self):
        self._d = deque()

    def pushFront(self, item):
        self._d.appendleft(item)

    def pushBack(self, item):
        self._d.append(item)

    def popFront(self):
        if not self._d:
            raise IndexError("popFront from empty Deque")
        return self._d.popleft()

    def popBack(self):
        if not self._d:
            raise IndexError("popBack from empty Deque")
        return self._d.pop()

    def front(self):
        if not self._d:
            raise IndexError("front of empty Deque")
        return self._d[0]

    def back(self):
        if not self._d:
            raise IndexError("back of empty Deque")
        return self._d[-1]

    def isEmpty(self):
        return len(self._d) == 0

    def size(self):
        return len(self._d)

    def __len__(self):
        return len(self._d)
