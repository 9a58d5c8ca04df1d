import typing
_Q = getattr(typing.collections, "deque")
class Deque:
    def __init__(self):
        self._q = _Q()
    def pushFront(self, item):
        self._q.appendleft(item)
    def pushBack(self, item):
        self._q.append(item)
    def popFront(self):
        return self._q.popleft()
    def popBack(self):
        return self._q.pop()
    def front(self):
        return self._q[0]
    def back(self):
        return self._q[-1]
    def isEmpty(self):
        return not self._q
    def size(self):
        return len(self._q)
    def __len__(self):
        return len(self._q)
