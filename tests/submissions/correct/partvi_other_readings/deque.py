"""Part III: a deque of doubly linked nodes, every operation O(1)."""


class _Node:
    __slots__ = ("item", "before", "after")

    def __init__(self, item):
        self.item = item
        self.before = None
        self.after = None


class Deque:
    """A double-ended queue: push and pop at either end."""

    def __init__(self):
        self._first = None
        self._last = None
        self._count = 0

    def pushFront(self, item):
        node = _Node(item)
        node.after = self._first
        if self._first is None:
            self._last = node
        else:
            self._first.before = node
        self._first = node
        self._count += 1

    def pushBack(self, item):
        node = _Node(item)
        node.before = self._last
        if self._last is None:
            self._first = node
        else:
            self._last.after = node
        self._last = node
        self._count += 1

    def popFront(self):
        if self._first is None:
            raise IndexError("popFront() on an empty Deque")
        node = self._first
        self._first = node.after
        if self._first is None:
            self._last = None
        else:
            self._first.before = None
        self._count -= 1
        return node.item

    def popBack(self):
        if self._last is None:
            raise IndexError("popBack() on an empty Deque")
        node = self._last
        self._last = node.before
        if self._last is None:
            self._first = None
        else:
            self._last.after = None
        self._count -= 1
        return node.item

    def front(self):
        if self._first is None:
            raise IndexError("front() of an empty Deque")
        return self._first.item

    def back(self):
        if self._last is None:
            raise IndexError("back() of an empty Deque")
        return self._last.item

    def isEmpty(self):
        return self._count == 0

    def size(self):
        return self._count

    def __len__(self):
        return self._count
