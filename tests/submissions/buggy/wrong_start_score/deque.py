# Deque for project 5.
# Items are kept in a dict keyed by integer positions. lo is the key of the
# front item, hi is one past the key of the back item. Pushing to the front
# uses lo-1, pushing to the back uses hi, so nothing ever has to shift.


class Deque:
    def __init__(self):
        self.cells = {}
        self.lo = 0
        self.hi = 0

    def pushFront(self, item):
        self.lo -= 1
        self.cells[self.lo] = item

    def pushBack(self, item):
        self.cells[self.hi] = item
        self.hi += 1

    def popFront(self):
        if self.lo == self.hi:
            raise IndexError("popFront() on empty Deque")
        item = self.cells.pop(self.lo)
        self.lo += 1
        return item

    def popBack(self):
        if self.lo == self.hi:
            raise IndexError("popBack() on empty Deque")
        self.hi -= 1
        return self.cells.pop(self.hi)

    def front(self):
        if self.lo == self.hi:
            raise IndexError("front() on empty Deque")
        return self.cells[self.lo]

    def back(self):
        if self.lo == self.hi:
            raise IndexError("back() on empty Deque")
        return self.cells[self.hi - 1]

    def isEmpty(self):
        return self.lo == self.hi

    def size(self):
        return self.hi - self.lo

    def __len__(self):
        return self.hi - self.lo
