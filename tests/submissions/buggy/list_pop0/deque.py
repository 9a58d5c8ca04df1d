# deque.py
# Deque using a python list. Front of the deque = index 0 of the list.


class Deque:
    def __init__(self):
        self.items = []

    def pushFront(self, item):
        self.items.insert(0, item)

    def pushBack(self, item):
        self.items.append(item)

    def popFront(self):
        if len(self.items) == 0:
            raise IndexError("empty deque")
        return self.items.pop(0)

    def popBack(self):
        if len(self.items) == 0:
            raise IndexError("empty deque")
        return self.items.pop()

    def front(self):
        if len(self.items) == 0:
            raise IndexError("empty deque")
        return self.items[0]

    def back(self):
        if len(self.items) == 0:
            raise IndexError("empty deque")
        return self.items[-1]

    def isEmpty(self):
        return len(self.items) == 0

    def size(self):
        return len(self.items)

    def __len__(self):
        return len(self.items)
