"""Deque built from two Python lists used as stacks.

``_front`` holds the front half with the front-most item at its end;
``_back`` holds the back half with the back-most item at its end.  When the
side we pop from is empty, half of the other side is moved over (amortised
O(1): after moving k items, at least k pops happen before the next move).
"""


class Deque:
    def __init__(self):
        self._front = []
        self._back = []

    def pushFront(self, item):
        self._front.append(item)

    def pushBack(self, item):
        self._back.append(item)

    def _refill_front(self):
        b = self._back
        moved = b[:]                   # move the whole back stack over
        moved.reverse()
        self._front = moved
        self._back = []

    def _refill_back(self):
        f = self._front
        moved = f[:]                   # move the whole front stack over
        moved.reverse()
        self._back = moved
        self._front = []

    def popFront(self):
        if not self._front:
            if not self._back:
                raise IndexError("popFront() from an empty Deque")
            self._refill_front()
        return self._front.pop()

    def popBack(self):
        if not self._back:
            if not self._front:
                raise IndexError("popBack() from an empty Deque")
            self._refill_back()
        return self._back.pop()

    def front(self):
        if self._front:
            return self._front[-1]
        if self._back:
            return self._back[0]
        raise IndexError("front() of an empty Deque")

    def back(self):
        if self._back:
            return self._back[-1]
        if self._front:
            return self._front[0]
        raise IndexError("back() of an empty Deque")

    def isEmpty(self):
        return not self._front and not self._back

    def size(self):
        return len(self._front) + len(self._back)

    def __len__(self):
        return len(self._front) + len(self._back)
