"""Doubly linked deque with one sentinel node (the list is circular through it)."""


class Node:
    __slots__ = ("value", "before", "after")

    def __init__(self, value=None):
        self.value = value
        self.before = self
        self.after = self


class Deque:
    def __init__(self):
        self._sentinel = Node()
        self._length = 0

    def _insert_after(self, where, value):
        node = Node(value)
        node.before = where
        node.after = where.after
        where.after.before = node
        where.after = node
        self._length += 1

    def _unlink(self, node):
        node.before.after = node.after
        node.after.before = node.before
        self._length -= 1
        return node.value

    def pushFront(self, item):
        self._insert_after(self._sentinel, item)

    def pushBack(self, item):
        self._insert_after(self._sentinel.before, item)

    def popFront(self):
        if self._length == 0:
            raise IndexError("popFront() from an empty Deque")
        return self._unlink(self._sentinel.after)

    def popBack(self):
        if self._length == 0:
            raise IndexError("popBack() from an empty Deque")
        return self._unlink(self._sentinel.before)

    def front(self):
        if self._length == 0:
            raise IndexError("front() of an empty Deque")
        return self._sentinel.after.value

    def back(self):
        if self._length == 0:
            raise IndexError("back() of an empty Deque")
        return self._sentinel.before.value

    def isEmpty(self):
        return self._length == 0

    def size(self):
        return self._length

    def __len__(self):
        return self._length
