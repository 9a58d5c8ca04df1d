class Deque:
    """A plain Python list: the back end is the list's end, the front end its start."""

    def __init__(self):
        self._a = []

    def pushFront(self, item):
        self._a.insert(0, item)

    def pushBack(self, item):
        self._a.append(item)

    def popFront(self):
        if not self._a:
            raise IndexError("popFront() from an empty Deque")
        return self._a.pop(0)

    def popBack(self):
        if not self._a:
            raise IndexError("popBack() from an empty Deque")
        return self._a.pop()

    def front(self):
        if not self._a:
            raise IndexError("front() from an empty Deque")
        return self._a[0]

    def back(self):
        if not self._a:
            raise IndexError("back() from an empty Deque")
        return self._a[-1]

    def isEmpty(self):
        return not self._a

    def size(self):
        return len(self._a)

    def __len__(self):
        return len(self._a)
