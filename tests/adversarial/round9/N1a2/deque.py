"""Part III.  Attack N1a2: typing.Deque bound to a name, then called."""

import typing

_Q = typing.Deque


class Deque:
    """Every operation is one of the ready-made deque's (amortised O(1))."""

    def __init__(self):
        self._q = _Q()

    def pushFront(self, item):
        self._q.appendleft(item)

    def pushBack(self, item):
        self._q.append(item)

    def popFront(self):
        if not self._q:
            raise IndexError("popFront() from an empty Deque")
        return self._q.popleft()

    def popBack(self):
        if not self._q:
            raise IndexError("popBack() from an empty Deque")
        return self._q.pop()

    def front(self):
        if not self._q:
            raise IndexError("front() from an empty Deque")
        return self._q[0]

    def back(self):
        if not self._q:
            raise IndexError("back() from an empty Deque")
        return self._q[-1]

    def isEmpty(self):
        return not self._q

    def size(self):
        return len(self._q)

    def __len__(self):
        return len(self._q)
