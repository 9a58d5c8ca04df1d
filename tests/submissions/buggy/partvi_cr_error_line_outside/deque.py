# Part III -- doubly linked list deque


class _Node:
    __slots__ = ("item", "prev", "next")

    def __init__(self, item, prev=None, next=None):
        self.item = item
        self.prev = prev
        self.next = next


class Deque:
    def __init__(self):
        self.head = None
        self.tail = None
        self.n = 0

    def pushFront(self, item):
        node = _Node(item, None, self.head)
        if self.head is None:
            self.tail = node
        else:
            self.head.prev = node
        self.head = node
        self.n += 1

    def pushBack(self, item):
        node = _Node(item, self.tail, None)
        if self.tail is None:
            self.head = node
        else:
            self.tail.next = node
        self.tail = node
        self.n += 1

    def popFront(self):
        if self.head is None:
            raise IndexError("popFront from empty deque")
        node = self.head
        self.head = node.next
        if self.head is None:
            self.tail = None
        else:
            self.head.prev = None
        node.next = None
        self.n -= 1
        return node.item

    def popBack(self):
        if self.tail is None:
            raise IndexError("popBack from empty deque")
        node = self.tail
        self.tail = node.prev
        if self.tail is None:
            self.head = None
        else:
            self.tail.next = None
        node.prev = None
        self.n -= 1
        return node.item

    def front(self):
        if self.head is None:
            raise IndexError("front of empty deque")
        return self.head.item

    def back(self):
        if self.tail is None:
            raise IndexError("back of empty deque")
        return self.tail.item

    def isEmpty(self):
        return self.n == 0

    def size(self):
        return self.n

    def __len__(self):
        return self.n
