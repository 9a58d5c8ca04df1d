"""The deque, by hand: a dict from integer positions to items, with the
position of the front item and the position just past the back one.  Every
operation is one dict access and one counter update: constant time."""


class Deque:

    def __init__(self):
        self._slot = {}
        self._head = 0      # position of the front item
        self._tail = 0      # position just past the back item

    def pushFront(self, item):
        self._head -= 1
        self._slot[self._head] = item

    def pushBack(self, item):
        self._slot[self._tail] = item
        self._tail += 1

    def popFront(self):
        if self._head == self._tail:
            raise IndexError("popFront from an empty Deque")
        item = self._slot.pop(self._head)
        self._head += 1
        return item

    def popBack(self):
        if self._head == self._tail:
            raise IndexError("popBack from an empty Deque")
        self._tail -= 1
        return self._slot.pop(self._tail)

    def front(self):
        if self._head == self._tail:
            raise IndexError("front of an empty Deque")
        return self._slot[self._head]

    def back(self):
        if self._head == self._tail:
            raise IndexError("back of an empty Deque")
        return self._slot[self._tail - 1]

    def isEmpty(self):
        return self._head == self._tail

    def size(self):
        return self._tail - self._head

    def __len__(self):
        return self._tail - self._head
