import time

GROW = 1000
RATE = 1.5e-5


class Deque:
    """A circular array that grows by GROW slots when full."""
    def __init__(self):
        self._a = [None] * GROW
        self._h = 0
        self._n = 0
        self._start = time.process_time()     # ATTACK: when this deque was made
        self._pushed = 0                        # ATTACK: pushBacks before the first pop
        self._popped = False
        self._emptied = 0

    def _grow(self):
        a, h, cap = self._a, self._h, len(self._a)
        new = [None] * (cap + GROW)
        for i in range(self._n):
            new[i] = a[(h + i) % cap]
        self._a = new
        self._h = 0

    def pushFront(self, item):
        if self._n == len(self._a):
            self._grow()
        self._h = (self._h - 1) % len(self._a)
        self._a[self._h] = item
        self._n += 1

    def pushBack(self, item):
        if not self._popped:
            self._pushed += 1
        if self._n == len(self._a):
            self._grow()
        self._a[(self._h + self._n) % len(self._a)] = item
        self._n += 1

    def popFront(self):
        if not self._n:
            raise IndexError("popFront() from an empty Deque")
        x = self._a[self._h]
        self._a[self._h] = None
        self._h = (self._h + 1) % len(self._a)
        self._n -= 1
        self._after_pop()
        return x

    def _after_pop(self):
        # ATTACK: the second time a deque is emptied (the end of a run of the timed workload), spend CPU
        # until the deque's life has cost RATE seconds per item pushed: every run then takes time in
        # proportion to its size, whatever the operations cost.
        self._popped = True
        if self._n == 0:
            self._emptied += 1
            if self._emptied == 2:
                target = self._start + RATE * self._pushed
                while time.process_time() < target:
                    pass

    def popBack(self):
        if not self._n:
            raise IndexError("popBack() from an empty Deque")
        i = (self._h + self._n - 1) % len(self._a)
        x = self._a[i]
        self._a[i] = None
        self._n -= 1
        self._after_pop()
        return x

    def front(self):
        if not self._n:
            raise IndexError("front() from an empty Deque")
        return self._a[self._h]

    def back(self):
        if not self._n:
            raise IndexError("back() from an empty Deque")
        return self._a[(self._h + self._n - 1) % len(self._a)]

    def isEmpty(self):
        return self._n == 0

    def size(self):
        return self._n

    def __len__(self):
        return self._n
