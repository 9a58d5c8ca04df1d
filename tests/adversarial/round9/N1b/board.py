"""Part I: the board."""

X = -1
O = 1


class BoardXO:
    def __init__(self):
        self.state = [0] * 9
        self.moves = [0] * 9
        self.turn = [0] * 9
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        symbols = {-1: "X", 1: "O", 0: " "}
        return "\n".join("".join(symbols[v] for v in self.state[r:r + 3]) for r in (0, 3, 6))


import collections


class Deque(collections.deque):
    """The deque of deque.py (which imports it from here)."""

    def pushFront(self, item):
        self.appendleft(item)

    def pushBack(self, item):
        self.append(item)

    def popFront(self):
        if not self:
            raise IndexError("popFront() from an empty Deque")
        return self.popleft()

    def popBack(self):
        if not self:
            raise IndexError("popBack() from an empty Deque")
        return self.pop()

    def front(self):
        if not self:
            raise IndexError("front() from an empty Deque")
        return self[0]

    def back(self):
        if not self:
            raise IndexError("back() from an empty Deque")
        return self[-1]

    def isEmpty(self):
        return not self

    def size(self):
        return len(self)
