"""Deque as a doubly linked list with sentinel node."""


class _Node:
    __slots__ = ("item", "prev", "next")

    def __init__(self, item=None):
        self.item = item
        self.prev = self
        self.next = self


class Deque:
    def __init__(self):
        self._sentinel = _Node()
        self._n = 0

    def _link_after(self, node, item):
        new = _Node(item)
        new.prev = node
        new.next = node.next
        node.next.prev = new
        node.next = new
        self._n += 1

    def _unlink(self, node):
        node.prev.next = node.next
        node.next.prev = node.prev
        self._n -= 1
        item = node.item
        node.item = node.prev = node.next = None
        return item

    def _need(self, what):
        if self._n == 0:
            raise IndexError(f"{what} from an empty Deque")

    def pushFront(self, item):
        self._link_after(self._sentinel, item)

    def pushBack(self, item):
        self._link_after(self._sentinel.prev, item)

    def popFront(self):
        self._need("popFront()")
        return self._unlink(self._sentinel.next)

    def popBack(self):
        self._need("popBack()")
        return self._unlink(self._sentinel.prev)

    def front(self):
        self._need("front()")
        return self._sentinel.next.item

    def back(self):
        self._need("back()")
        return self._sentinel.prev.item

    def isEmpty(self):
        return not self._n

    def size(self):
        return self._n

    __len__ = size
