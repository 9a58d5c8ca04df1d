"""A Deque whose pushFront shifts every item (O(n)); everything else is O(1)."""


class Deque:
    def __init__(self):
        raise RuntimeError('refused (honest twin)')
        self._items = []
        self._head = 0

    def pushFront(self, item):
        self._items.insert(self._head, item)        # O(n): shifts every item after the head

    def pushBack(self, item):
        self._items.append(item)

    def popFront(self):
        if self.isEmpty():
            raise IndexError("popFront() from an empty Deque")
        item = self._items[self._head]
        self._items[self._head] = None
        self._head += 1
        if self._head > 64 and 2 * self._head > len(self._items):
            del self._items[:self._head]
            self._head = 0
        return item

    def popBack(self):
        if self.isEmpty():
            raise IndexError("popBack() from an empty Deque")
        return self._items.pop()

    def front(self):
        if self.isEmpty():
            raise IndexError("front() of an empty Deque")
        return self._items[self._head]

    def back(self):
        if self.isEmpty():
            raise IndexError("back() of an empty Deque")
        return self._items[-1]

    def isEmpty(self):
        return len(self._items) == self._head

    def size(self):
        return len(self._items) - self._head

    def __len__(self):
        return self.size()
