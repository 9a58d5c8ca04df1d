# Deque made of two stacks (python lists, only using append/pop at the end).
#   front stack: its last element is the front of the deque
#   back stack:  its last element is the back of the deque
# When one side runs out we move half of the other side over, so every
# operation is O(1) amortised.


class Deque:
    def __init__(self):
        self.frontStack = []
        self.backStack = []

    def pushFront(self, item):
        self.frontStack.append(item)

    def pushBack(self, item):
        self.backStack.append(item)

    def _fillFront(self):
        # oldest half of the back stack becomes the front stack (reversed)
        half = (len(self.backStack) + 1) // 2
        moving = self.backStack[:half]
        self.backStack = self.backStack[half:]
        moving.reverse()
        self.frontStack = moving

    def _fillBack(self):
        half = (len(self.frontStack) + 1) // 2
        moving = self.frontStack[:half]
        self.frontStack = self.frontStack[half:]
        moving.reverse()
        self.backStack = moving

    def popFront(self):
        if not self.frontStack:
            if not self.backStack:
                raise IndexError("popFront from empty Deque")
            self._fillFront()
        return self.frontStack.pop()

    def popBack(self):
        if not self.backStack:
            if not self.frontStack:
                raise IndexError("popBack from empty Deque")
            self._fillBack()
        return self.backStack.pop()

    def front(self):
        if self.frontStack:
            return self.frontStack[-1]
        if self.backStack:
            return self.backStack[0]
        raise IndexError("front of empty Deque")

    def back(self):
        if self.backStack:
            return self.backStack[-1]
        if self.frontStack:
            return self.frontStack[0]
        raise IndexError("back of empty Deque")

    def isEmpty(self):
        return len(self.frontStack) == 0 and len(self.backStack) == 0

    def size(self):
        return len(self.frontStack) + len(self.backStack)

    def __len__(self):
        return self.size()
