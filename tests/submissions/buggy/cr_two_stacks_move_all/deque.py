# Deque with two stacks: `inbox` for the back, `outbox` for the front.
# When the end we pop from is empty, move everything from the other stack.


class Deque:
    def __init__(self):
        self.outbox = []   # front stack, top = front of the deque
        self.inbox = []    # back stack, top = back of the deque

    def pushFront(self, item):
        self.outbox.append(item)

    def pushBack(self, item):
        self.inbox.append(item)

    def _shift_to_out(self):
        while self.inbox:
            self.outbox.append(self.inbox.pop())

    def _shift_to_in(self):
        while self.outbox:
            self.inbox.append(self.outbox.pop())

    def popFront(self):
        if not self.outbox:
            self._shift_to_out()
        if not self.outbox:
            raise IndexError("popFront on empty Deque")
        return self.outbox.pop()

    def popBack(self):
        if not self.inbox:
            self._shift_to_in()
        if not self.inbox:
            raise IndexError("popBack on empty Deque")
        return self.inbox.pop()

    def front(self):
        if self.outbox:
            return self.outbox[-1]
        if self.inbox:
            return self.inbox[0]
        raise IndexError("front on empty Deque")

    def back(self):
        if self.inbox:
            return self.inbox[-1]
        if self.outbox:
            return self.outbox[0]
        raise IndexError("back on empty Deque")

    def isEmpty(self):
        return len(self.outbox) + len(self.inbox) == 0

    def size(self):
        return len(self.outbox) + len(self.inbox)

    def __len__(self):
        return self.size()
