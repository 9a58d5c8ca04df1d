from collections import deque as _Q


class Deque:
    def __init__(self):
        self._d = _Q()

    def pushFront(self, item):
        self._d.appendleft(item)

    def pushBack(self, item):
        self._d.append(item)

    def popFront(self):
        return self._d.popleft()

    def popBack(self):
        return self._d.pop()

    def front(self):
        return self._d[0]

    def back(self):
        return self._d[-1]

    def isEmpty(self):
        return not self._d

    def size(self):
        return len(self._d)

    def __len__(self):
        return len(self._d)
