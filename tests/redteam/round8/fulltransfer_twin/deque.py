class Deque:
    """Two Python lists used as stacks: front holds the front items reversed, back the back items."""
    def __init__(self):
        self.f = []
        self.b = []
    def pushFront(self, item):
        self.f.append(item)
    def pushBack(self, item):
        self.b.append(item)
    def _fill_front(self):
        k = (len(self.b) + 1) // 2
        moved = self.b[:k]
        moved.reverse()
        self.f = moved
        self.b = self.b[k:]
    def _fill_back(self):
        k = (len(self.f) + 1) // 2
        moved = self.f[:k]
        moved.reverse()
        self.b = moved
        self.f = self.f[k:]
    def popFront(self):
        if not self.f:
            if not self.b:
                raise IndexError("popFront() from an empty Deque")
            self._fill_front()
        return self.f.pop()
    def popBack(self):
        if not self.b:
            if not self.f:
                raise IndexError("popBack() from an empty Deque")
            self._fill_back()
        return self.b.pop()
    def front(self):
        if not self.f:
            if not self.b:
                raise IndexError("front() from an empty Deque")
            return self.b[0]
        return self.f[-1]
    def back(self):
        if not self.b:
            if not self.f:
                raise IndexError("back() from an empty Deque")
            return self.f[0]
        return self.b[-1]
    def isEmpty(self):
        return not self.f and not self.b
    def size(self):
        return len(self.f) + len(self.b)
    def __len__(self):
        return len(self.f) + len(self.b)
