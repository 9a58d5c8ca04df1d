class Deque:
    """Two Python lists used as stacks, one for each end: when the end popped from runs out, ALL of the
    other stack is moved over (the handout's example of what is NOT amortised O(1): pops that alternate
    between the ends then cost O(n) each)."""

    def __init__(self):
        self._f = []     # front stack: its top (last item) is the front
        self._b = []     # back stack: its top is the back

    def pushFront(self, item):
        self._f.append(item)

    def pushBack(self, item):
        self._b.append(item)

    def _fill_front(self):
        self._f = [x for x in reversed(self._b)]
        self._b = []

    def _fill_back(self):
        self._b = [x for x in reversed(self._f)]
        self._f = []

    def popFront(self):
        if not self._f:
            if not self._b:
                raise IndexError("popFront() from an empty Deque")
            self._fill_front()
        return self._f.pop()

    def popBack(self):
        if not self._b:
            if not self._f:
                raise IndexError("popBack() from an empty Deque")
            self._fill_back()
        return self._b.pop()

    def front(self):
        if not self._f:
            if not self._b:
                raise IndexError("front() from an empty Deque")
            return self._b[0]
        return self._f[-1]

    def back(self):
        if not self._b:
            if not self._f:
                raise IndexError("back() from an empty Deque")
            return self._f[0]
        return self._b[-1]

    def isEmpty(self):
        return not self._f and not self._b

    def size(self):
        return len(self._f) + len(self._b)

    def __len__(self):
        return len(self._f) + len(self._b)
