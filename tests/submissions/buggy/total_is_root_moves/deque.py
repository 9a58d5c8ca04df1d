"""Doubly linked list deque; each link is a 3-item list [prev, item, next]."""

PREV, ITEM, NEXT = 0, 1, 2


class Deque:
    def __init__(self):
        self._front = None
        self._back = None
        self._size = 0

    def pushFront(self, item):
        link = [None, item, self._front]
        if self._front is not None:
            self._front[PREV] = link
        else:
            self._back = link
        self._front = link
        self._size += 1

    def pushBack(self, item):
        link = [self._back, item, None]
        if self._back is not None:
            self._back[NEXT] = link
        else:
            self._front = link
        self._back = link
        self._size += 1

    def popFront(self):
        link = self._front
        if link is None:
            raise IndexError("popFront() from an empty Deque")
        self._front = link[NEXT]
        if self._front is None:
            self._back = None
        else:
            self._front[PREV] = None
        self._size -= 1
        return link[ITEM]

    def popBack(self):
        link = self._back
        if link is None:
            raise IndexError("popBack() from an empty Deque")
        self._back = link[PREV]
        if self._back is None:
            self._front = None
        else:
            self._back[NEXT] = None
        self._size -= 1
        return link[ITEM]

    def front(self):
        if self._front is None:
            raise IndexError("front() from an empty Deque")
        return self._front[ITEM]

    def back(self):
        if self._back is None:
            raise IndexError("back() from an empty Deque")
        return self._back[ITEM]

    def isEmpty(self):
        return self._size == 0

    def size(self):
        return self._size

    def __len__(self):
        return self._size
