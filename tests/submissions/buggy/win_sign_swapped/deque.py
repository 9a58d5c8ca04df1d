"""Part III: a ring-buffer deque whose query methods come from a mixin."""


class _QueryMixin:
    """isEmpty/size/len/front/back, written once over _count and _at()."""

    def isEmpty(self):
        return self._count == 0

    def size(self):
        return self._count

    def __len__(self):
        return self._count

    def front(self):
        if self._count == 0:
            raise IndexError("front() from an empty Deque")
        return self._at(0)

    def back(self):
        if self._count == 0:
            raise IndexError("back() from an empty Deque")
        return self._at(self._count - 1)


class Deque(_QueryMixin):
    _INITIAL = 16  # always a power of two, so we can mask instead of %

    def __init__(self):
        self._buf = [None] * self._INITIAL
        self._mask = self._INITIAL - 1
        self._start = 0
        self._count = 0

    def _at(self, i):
        return self._buf[(self._start + i) & self._mask]

    def _ensure_room(self):
        if self._count <= self._mask:
            return
        old, start, mask = self._buf, self._start, self._mask
        cap = len(old)
        self._buf = [old[(start + i) & mask] for i in range(cap)] + [None] * cap
        self._mask = 2 * cap - 1
        self._start = 0

    def pushFront(self, item):
        self._ensure_room()
        self._start = (self._start - 1) & self._mask
        self._buf[self._start] = item
        self._count += 1

    def pushBack(self, item):
        self._ensure_room()
        self._buf[(self._start + self._count) & self._mask] = item
        self._count += 1

    def popFront(self):
        if not self._count:
            raise IndexError("popFront() from an empty Deque")
        i = self._start
        item, self._buf[i] = self._buf[i], None
        self._start = (i + 1) & self._mask
        self._count -= 1
        return item

    def popBack(self):
        if not self._count:
            raise IndexError("popBack() from an empty Deque")
        i = (self._start + self._count - 1) & self._mask
        item, self._buf[i] = self._buf[i], None
        self._count -= 1
        return item
