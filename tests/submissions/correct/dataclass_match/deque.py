"""Part III: a doubly linked list whose nodes are dataclasses."""

from dataclasses import dataclass
from typing import Any, Optional


@dataclass(slots=True)
class Node:
    item: Any
    prev: Optional["Node"] = None
    next: Optional["Node"] = None


@dataclass
class Deque:
    head: Optional[Node] = None
    tail: Optional[Node] = None
    length: int = 0

    def pushFront(self, item):
        node = Node(item, None, self.head)
        if self.length == 0:
            self.tail = node
        else:
            self.head.prev = node
        self.head = node
        self.length += 1

    def pushBack(self, item):
        node = Node(item, self.tail, None)
        if self.length == 0:
            self.head = node
        else:
            self.tail.next = node
        self.tail = node
        self.length += 1

    def popFront(self):
        if self.length == 0:
            raise IndexError("popFront() from an empty Deque")
        node = self.head
        self.head = node.next
        self.length -= 1
        if self.length == 0:
            self.tail = None
        else:
            self.head.prev = None
        return node.item

    def popBack(self):
        if self.length == 0:
            raise IndexError("popBack() from an empty Deque")
        node = self.tail
        self.tail = node.prev
        self.length -= 1
        if self.length == 0:
            self.head = None
        else:
            self.tail.next = None
        return node.item

    def front(self):
        if self.length == 0:
            raise IndexError("front() from an empty Deque")
        return self.head.item

    def back(self):
        if self.length == 0:
            raise IndexError("back() from an empty Deque")
        return self.tail.item

    def isEmpty(self):
        return self.length == 0

    def size(self):
        return self.length

    def __len__(self):
        return self.length
