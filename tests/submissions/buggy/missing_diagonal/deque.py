# deque.py - linked list deque (homework 5)

class DequeNode:
    def __init__(self, data, before=None, after=None):
        self.data = data
        self.before = before
        self.after = after


class Deque:
    def __init__(self):
        self.first = None
        self.last = None
        self.count = 0

    def isEmpty(self):
        return self.count == 0

    def size(self):
        return self.count

    def __len__(self):
        return self.count

    def pushFront(self, item):
        node = DequeNode(item, None, self.first)
        if self.first is not None:
            self.first.before = node
        else:
            self.last = node
        self.first = node
        self.count += 1

    def pushBack(self, item):
        node = DequeNode(item, self.last, None)
        if self.last is not None:
            self.last.after = node
        else:
            self.first = node
        self.last = node
        self.count += 1

    def popFront(self):
        if self.count == 0:
            raise IndexError("Deque is empty")
        node = self.first
        self.first = node.after
        if self.first is None:
            self.last = None
        else:
            self.first.before = None
        self.count -= 1
        return node.data

    def popBack(self):
        if self.count == 0:
            raise IndexError("Deque is empty")
        node = self.last
        self.last = node.before
        if self.last is None:
            self.first = None
        else:
            self.last.after = None
        self.count -= 1
        return node.data

    def front(self):
        if self.count == 0:
            raise IndexError("Deque is empty")
        return self.first.data

    def back(self):
        if self.count == 0:
            raise IndexError("Deque is empty")
        return self.last.data
