from .board import BoardXO


class Deque:
    """A list with its first item at index 0 while it holds boards of the game;
    a circular array for anything else."""

    def __init__(self):
        self._l = None        # the plain list, once a BoardXO was pushed first
        self._cap = 8
        self._a = [None] * 8
        self._h = 0
        self._n = 0

    def _pick(self, item):
        if self._n == 0 and self._l is None and SWITCH and isinstance(item, BoardXO):
            self._l = []
        elif self._n == 0 and self._l is None and not SWITCH:
            self._l = []

    def _grow(self):
        old, cap = self._a, self._cap
        new = [None] * (cap * 2)
        for i in range(self._n):
            new[i] = old[(self._h + i) % cap]
        self._a, self._cap, self._h = new, cap * 2, 0

    def pushFront(self, item):
        self._pick(item)
        if self._l is not None:
            list.insert(self._l, 0, item)
            return
        if self._n == self._cap:
            self._grow()
        self._h = (self._h - 1) % self._cap
        self._a[self._h] = item
        self._n += 1

    def pushBack(self, item):
        self._pick(item)
        if self._l is not None:
            self._l.append(item)
            return
        if self._n == self._cap:
            self._grow()
        self._a[(self._h + self._n) % self._cap] = item
        self._n += 1

    def popFront(self):
        if self._l is not None:
            if not self._l:
                raise IndexError("pop from empty deque")
            return list.pop(self._l, 0)
        if self._n == 0:
            raise IndexError("pop from empty deque")
        item = self._a[self._h]
        self._a[self._h] = None
        self._h = (self._h + 1) % self._cap
        self._n -= 1
        return item

    def popBack(self):
        if self._l is not None:
            if not self._l:
                raise IndexError("pop from empty deque")
            return self._l.pop()
        if self._n == 0:
            raise IndexError("pop from empty deque")
        i = (self._h + self._n - 1) % self._cap
        item = self._a[i]
        self._a[i] = None
        self._n -= 1
        return item

    def front(self):
        if self._l is not None:
            if not self._l:
                raise IndexError("empty deque")
            return self._l[0]
        if self._n == 0:
            raise IndexError("empty deque")
        return self._a[self._h]

    def back(self):
        if self._l is not None:
            if not self._l:
                raise IndexError("empty deque")
            return self._l[-1]
        if self._n == 0:
            raise IndexError("empty deque")
        return self._a[(self._h + self._n - 1) % self._cap]

    def isEmpty(self):
        return self.size() == 0

    def size(self):
        return len(self._l) if self._l is not None else self._n

    def __len__(self):
        return self.size()


SWITCH = True
