"""Part III: a deque of two stacks, one for each end; when the end popped from is empty, all of the other
stack is moved over (reversed)."""


class Deque:
    def __init__(self):
        self._f = []        # front stack: its last item is the deque's front
        self._b = []        # back stack: its last item is the deque's back

    def pushFront(self, item):
        self._f.append(item)

    def pushBack(self, item):
        self._b.append(item)

    def popFront(self):
        if not self._f:
            if not self._b:
                raise IndexError("pop from an empty deque")
            self._f = [x for x in reversed(self._b)]
            self._b = []
        return self._f.pop()

    def popBack(self):
        if not self._b:
            if not self._f:
                raise IndexError("pop from an empty deque")
            self._b = [x for x in reversed(self._f)]
            self._f = []
        return self._b.pop()

    def front(self):
        if self._f:
            return self._f[-1]
        if self._b:
            return self._b[0]
        raise IndexError("front of an empty deque")

    def back(self):
        if self._b:
            return self._b[-1]
        if self._f:
            return self._f[0]
        raise IndexError("back of an empty deque")

    def isEmpty(self):
        return not self._f and not self._b

    def size(self):
        return len(self._f) + len(self._b)

    def __len__(self):
        return len(self._f) + len(self._b)
