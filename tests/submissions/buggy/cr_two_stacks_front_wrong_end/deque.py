"""Deque as two Python lists used as stacks.

``_front`` holds the front part reversed (its last item is the front),
``_back`` holds the back part in order (its last item is the back).  When
the side we pop from is empty, half of the other side moves over, so that
pops alternating between the ends stay amortised O(1).
"""


class Deque:
    def __init__(self):
        self._front = []
        self._back = []

    def _refill_front(self):
        # move the front half of _back (its first items) over to _front
        back = self._back
        half = (len(back) + 1) // 2
        moving = back[:half]
        self._back = back[half:]
        moving.reverse()
        self._front = moving

    def _refill_back(self):
        front = self._front
        half = (len(front) + 1) // 2
        moving = front[:half]
        self._front = front[half:]
        moving.reverse()
        self._back = moving

    def pushFront(self, item):
        self._front.append(item)

    def pushBack(self, item):
        self._back.append(item)

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
            return self._back[-1]
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
