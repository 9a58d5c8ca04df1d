"""Part III: doubly linked list with one sentinel node (circular)."""


class _Link:
    __slots__ = ("value", "before", "after")

    def __init__(self, value=None):
        self.value = value
        self.before = self
        self.after = self


class Deque:
    def __init__(self):
        self._guard = _Link()
        self._n = 0

    def _insert_between(self, value, before, after):
        link = _Link(value)
        link.before = before
        link.after = after
        before.after = link
        after.before = link
        self._n += 1

    def _unlink(self, link, where):
        if self._n == 0:
            raise IndexError(f"{where}() from an empty Deque")
        link.before.after = link.after
        link.after.before = link.before
        self._n -= 1
        return link.value

    def pushFront(self, item):
        self._insert_between(item, self._guard, self._guard.after)

    def pushBack(self, item):
        self._insert_between(item, self._guard.before, self._guard)

    def popFront(self):
        return self._unlink(self._guard.after, "popFront")

    def popBack(self):
        return self._unlink(self._guard.before, "popBack")

    def front(self):
        if self._n == 0:
            raise IndexError("front() from an empty Deque")
        return self._guard.after.value

    def back(self):
        if self._n == 0:
            raise IndexError("back() from an empty Deque")
        return self._guard.before.value

    def isEmpty(self):
        return self._guard.after is self._guard

    def size(self):
        return self._n

    def __len__(self):
        return self._n
