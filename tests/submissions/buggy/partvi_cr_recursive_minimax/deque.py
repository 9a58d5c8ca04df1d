"""A deque made of two stacks (Python lists used only at their ends).

``_front`` holds the front part with the front-most item on top (its end),
``_back`` holds the back part with the back-most item on top.  When a pop
finds its stack empty, half of the other stack is moved over, so every
operation is amortised O(1).
"""


class Deque:
    def __init__(self):
        self._front = []
        self._back = []

    def __len__(self):
        return len(self._front) + len(self._back)

    def size(self):
        return len(self)

    def isEmpty(self):
        return not self._front and not self._back

    def pushFront(self, item):
        self._front.append(item)

    def pushBack(self, item):
        self._back.append(item)

    def _refill_front(self):
        # move the front half of _back (its bottom) onto _front
        back = self._back
        k = (len(back) + 1) // 2
        moved = back[:k]
        moved.reverse()
        self._front = moved
        self._back = back[k:]

    def _refill_back(self):
        front = self._front
        k = (len(front) + 1) // 2
        moved = front[:k]
        moved.reverse()
        self._back = moved
        self._front = front[k:]

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
