"""Deque on a Python list, front end handled with slice assignment."""


class Deque:
    def __init__(self):
        self._data = []

    def pushFront(self, item):
        self._data[0:0] = [item]

    def pushBack(self, item):
        self._data.append(item)

    def popFront(self):
        if not self._data:
            raise IndexError("popFront() from an empty Deque")
        item = self._data[0]
        self._data[0:1] = []
        return item

    def popBack(self):
        if not self._data:
            raise IndexError("popBack() from an empty Deque")
        return self._data.pop()

    def front(self):
        if not self._data:
            raise IndexError("front() of an empty Deque")
        return self._data[0]

    def back(self):
        if not self._data:
            raise IndexError("back() of an empty Deque")
        return self._data[-1]

    def isEmpty(self):
        return not self._data

    def size(self):
        return len(self._data)

    def __len__(self):
        return len(self._data)
