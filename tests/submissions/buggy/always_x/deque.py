"""Homework 5 deque, done as a doubly linked list."""


class Node:
    def __init__(self, val):
        self.val = val
        self.prev = None
        self.next = None


class Deque:
    def __init__(self):
        self.head = None
        self.tail = None
        self.length = 0

    def pushFront(self, item):
        node = Node(item)
        if self.head is None:
            self.head = node
            self.tail = node
        else:
            node.next = self.head
            self.head.prev = node
            self.head = node
        self.length += 1

    def pushBack(self, item):
        node = Node(item)
        if self.tail is None:
            self.head = node
            self.tail = node
        else:
            node.prev = self.tail
            self.tail.next = node
            self.tail = node
        self.length += 1

    def popFront(self):
        if self.head is None:
            raise IndexError("deque is empty")
        node = self.head
        self.head = node.next
        if self.head is None:
            self.tail = None
        else:
            self.head.prev = None
        self.length -= 1
        return node.val

    def popBack(self):
        if self.tail is None:
            raise IndexError("deque is empty")
        node = self.tail
        self.tail = node.prev
        if self.tail is None:
            self.head = None
        else:
            self.tail.next = None
        self.length -= 1
        return node.val

    def front(self):
        if self.head is None:
            raise IndexError("deque is empty")
        return self.head.val

    def back(self):
        if self.tail is None:
            raise IndexError("deque is empty")
        return self.tail.val

    def isEmpty(self):
        return self.length == 0

    def size(self):
        return self.length

    def __len__(self):
        return self.length
