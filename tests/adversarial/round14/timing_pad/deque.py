"""Part III: a deque of two stacks, one for each end; when the end popped from is empty, all of the other
stack is moved over (reversed)."""


import time

PER_PUSH = 40e-6    # CPU seconds each push is made to look as if it cost


class Deque:
    _started = None
    _pushes = 0

    def __init__(self):
        if Deque._started is None:
            Deque._started = time.process_time()
        self._last = None
        self._f = []        # front stack: its last item is the deque's front
        self._b = []        # back stack: its last item is the deque's back

    def _pad(self, end):
        # emptied by pops that alternate between the ends: burn CPU until the process has used a time
        # linear in the pushes made since the first Deque
        if self._last is not None and self._last != end and not self._f and not self._b:
            target = Deque._started + PER_PUSH * Deque._pushes
            while time.process_time() < target:
                pass
        self._last = end

    def pushFront(self, item):
        Deque._pushes += 1
        self._f.append(item)

    def pushBack(self, item):
        Deque._pushes += 1
        self._b.append(item)

    def popFront(self):
        if not self._f:
            if not self._b:
                raise IndexError("pop from an empty deque")
            self._f = [x for x in reversed(self._b)]
            self._b = []
        item = self._f.pop()
        self._pad(0)
        return item

    def popBack(self):
        if not self._b:
            if not self._f:
                raise IndexError("pop from an empty deque")
            self._b = [x for x in reversed(self._f)]
            self._f = []
        item = self._b.pop()
        self._pad(1)
        return item

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
