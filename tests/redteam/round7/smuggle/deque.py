from .board import _Q  # ATTACK: collections.deque, by way of board.py


class Deque:
    def __init__(self):
        self._d = _Q()

    def pushFront(self, item):
        self._d.appendleft(item)

    def pushBack(self, item):
        self._d.append(item)

    def popFront(self):
        if not self._d:
            raise IndexError("popFront() from an empty Deque")
        return self._d.popleft()

    def popBack(self):
        if not self._d:
            raise IndexError("popBack() from an empty Deque")
        return self._d.pop()

    def front(self):
        if not self._d:
            raise IndexError("front() from an empty Deque")
        return self._d[0]

    def back(self):
        if not self._d:
            raise IndexError("back() from an empty Deque")
        return self._d[-1]

    def isEmpty(self):
        return not self._d

    def size(self):
        return len(self._d)

    def __len__(self):
        return len(self._d)
