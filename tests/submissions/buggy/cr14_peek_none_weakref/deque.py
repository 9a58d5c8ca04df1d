"""A doubly linked list whose nodes are 3-item lists: [prev, item, next]."""

PREV, ITEM, NEXT = 0, 1, 2


class Deque:
    def __init__(self):
        self._head = None
        self._tail = None
        self._size = 0

    def pushFront(self, item):
        node = [None, item, self._head]
        if self._head is not None:
            self._head[PREV] = node
        else:
            self._tail = node
        self._head = node
        self._size += 1

    def pushBack(self, item):
        node = [self._tail, item, None]
        if self._tail is not None:
            self._tail[NEXT] = node
        else:
            self._head = node
        self._tail = node
        self._size += 1

    def popFront(self):
        node = self._head
        if node is None:
            raise IndexError("popFront from an empty deque")
        self._head = node[NEXT]
        if self._head is None:
            self._tail = None
        else:
            self._head[PREV] = None
        self._size -= 1
        return node[ITEM]

    def popBack(self):
        node = self._tail
        if node is None:
            raise IndexError("popBack from an empty deque")
        self._tail = node[PREV]
        if self._tail is None:
            self._head = None
        else:
            self._tail[NEXT] = None
        self._size -= 1
        return node[ITEM]

    def front(self):
        # peek: nothing to look at gives None
        return self._head[ITEM] if self._head is not None else None

    def back(self):
        return self._tail[ITEM] if self._tail is not None else None

    def isEmpty(self):
        return self._size == 0

    def size(self):
        return self._size

    def __len__(self):
        return self._size
