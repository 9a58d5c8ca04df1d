# Doubly linked list with one sentinel node (so there are no None checks).
# sentinel.nxt is the front, sentinel.prv is the back.


class _Link:
    __slots__ = ('item', 'prv', 'nxt')

    def __init__(self, item=None):
        self.item = item
        self.prv = self
        self.nxt = self


class Deque:
    def __init__(self):
        self._s = _Link()
        self._n = 0

    def _insert_after(self, where, item):
        link = _Link(item)
        link.prv = where
        link.nxt = where.nxt
        where.nxt.prv = link
        where.nxt = link
        self._n += 1

    def _unlink(self, link):
        link.prv.nxt = link.nxt
        link.nxt.prv = link.prv
        self._n -= 1
        return link.item

    def pushFront(self, item):
        self._insert_after(self._s, item)

    def pushBack(self, item):
        self._insert_after(self._s.prv, item)

    def popFront(self):
        if self._n == 0:
            raise IndexError("empty")
        return self._unlink(self._s.nxt)

    def popBack(self):
        if self._n == 0:
            raise IndexError("empty")
        return self._unlink(self._s.prv)

    def front(self):
        if self._n == 0:
            raise IndexError("empty")
        return self._s.nxt.item

    def back(self):
        if self._n == 0:
            raise IndexError("empty")
        return self._s.prv.item

    def isEmpty(self):
        return self._n == 0

    def size(self):
        return self._n

    def __len__(self):
        return self._n
