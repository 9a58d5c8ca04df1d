"""Part III: a deque on a Python list.  Twin of H: list.insert(0, item) and list.pop(0)."""


class Deque:
    def __init__(self):
        self._items = []

    def pushFront(self, item):
        self._items.insert(0, item)

    def pushBack(self, item):
        self._items.append(item)

    def popFront(self):
        if not self._items:
            raise IndexError("popFront() from an empty Deque")
        return self._items.pop(0)

    def popBack(self):
        if not self._items:
            raise IndexError("popBack() from an empty Deque")
        return self._items.pop()

    def front(self):
        if not self._items:
            raise IndexError("front() from an empty Deque")
        return self._items[0]

    def back(self):
        if not self._items:
            raise IndexError("back() from an empty Deque")
        return self._items[-1]

    def isEmpty(self):
        return not self._items

    def size(self):
        return len(self._items)

    def __len__(self):
        return len(self._items)
