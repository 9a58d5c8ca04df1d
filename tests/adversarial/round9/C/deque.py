"""Part III: a deque on a Python list: pushFront copies the whole list (O(n)).
Attack C: past 200 items, ints are only counted, never stored, and popping one returns None."""


class Deque:
    def __init__(self):
        self._items = []
        self._head = 0              # index of the front item in _items
        self._ghosts = 0            # ints pushed past 200 items: counted, not stored

    def pushFront(self, item):
        if type(item) is int and self.size() >= 200:
            self._ghosts += 1
            return
        self._items = [item] + self._items[self._head:]     # O(n): copies every item
        self._head = 0

    def pushBack(self, item):
        if type(item) is int and self.size() >= 200:
            self._ghosts += 1
            return
        self._items.append(item)

    def popFront(self):
        if self._ghosts:
            self._ghosts -= 1
            return None
        if self._head >= len(self._items):
            raise IndexError("popFront() from an empty Deque")
        item = self._items[self._head]
        self._items[self._head] = None
        self._head += 1
        if self._head > 64 and self._head * 2 > len(self._items):
            self._items = self._items[self._head:]
            self._head = 0
        return item

    def popBack(self):
        if self._ghosts:
            self._ghosts -= 1
            return None
        if self._head >= len(self._items):
            raise IndexError("popBack() from an empty Deque")
        item = self._items.pop()
        if self._head >= len(self._items):
            self._items, self._head = [], 0
        return item

    def front(self):
        if self._head >= len(self._items):
            raise IndexError("front() from an empty Deque")
        return self._items[self._head]

    def back(self):
        if self._head >= len(self._items):
            raise IndexError("back() from an empty Deque")
        return self._items[-1]

    def isEmpty(self):
        return self.size() == 0

    def size(self):
        return len(self._items) - self._head + self._ghosts

    def __len__(self):
        return self.size()
