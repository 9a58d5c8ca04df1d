"""The deque: a list with the index of its front item. pushBack and popFront are amortised O(1);
pushFront and popBack rebuild the list (O(n))."""


class Deque:
    def __init__(self):
        self._items = []
        self._head = 0

    def pushFront(self, item):
        self._items = [item] + self._items[self._head:]
        self._head = 0

    def pushBack(self, item):
        self._items.append(item)

    def popFront(self):
        if self._head >= len(self._items):
            raise IndexError("pop from an empty deque")
        item = self._items[self._head]
        self._items[self._head] = None
        self._head += 1
        if self._head > 32 and self._head * 2 > len(self._items):
            self._items = self._items[self._head:]
            self._head = 0
        return item

    def popBack(self):
        if self._head >= len(self._items):
            raise IndexError("pop from an empty deque")
        item = self._items[-1]
        self._items = self._items[self._head:-1]
        self._head = 0
        return item

    def front(self):
        if self._head >= len(self._items):
            raise IndexError("front of an empty deque")
        return self._items[self._head]

    def back(self):
        if self._head >= len(self._items):
            raise IndexError("back of an empty deque")
        return self._items[-1]

    def isEmpty(self):
        return self._head >= len(self._items)

    def size(self):
        return len(self._items) - self._head

    def __len__(self):
        return len(self._items) - self._head
