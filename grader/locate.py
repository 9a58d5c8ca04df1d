"""Find the student's three files in what they uploaded.

Students zip folders: the files may sit at the top of the submission or inside
one nested folder (``xo/``, ``project5/``, …).  A missing file is named, with
what was found instead, so that the feedback can say "rename Board.py to
board.py" rather than "import failed".
"""

import os
import stat

from .feedback import escape, inline

NAMES = ("board", "deque", "game")
"""The student's modules, in the order the Parts need them."""

IGNORED = {"__MACOSX", "__pycache__", ".git", ".idea", ".vscode", "venv", ".venv", "node_modules"}


class Located:
    """Where the files are: ``files`` maps a module name to its path; ``problems`` are sentences."""

    def __init__(self, folder, files, problems, seen):
        self.folder = folder
        self.files = files
        self.problems = problems
        self.seen = seen

    @property
    def missing(self):
        return [name for name in NAMES if name not in self.files]

    def missing_message(self, name):
        return next((p for p in self.problems if f"`{name}.py`" in p), f"`{name}.py` is missing.")


MAX_ENTRIES = 1000
"""Entries of one folder looked at: a folder of a million files is handled in bounded time."""
MAX_FOLDERS = 200
"""Folders looked into in all."""


def _kind(mode):
    """What a directory entry that is not a regular file or a folder is, in words."""
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _entries(folder):
    """Up to ``MAX_ENTRIES`` (name, lstat mode) of ``folder``, links never followed, sorted by name."""
    found = []
    try:
        with os.scandir(folder) as scan:
            for entry in scan:
                try:
                    found.append((entry.name, entry.stat(follow_symlinks=False).st_mode))
                except OSError:
                    continue
                if len(found) >= MAX_ENTRIES:
                    break
    except OSError:
        return []
    return sorted(found)


def _python_files(folder):
    """Names of the regular files in ``folder`` (a link, even to a file, is not one)."""
    return [name for name, mode in _entries(folder) if stat.S_ISREG(mode)]


def _refused(folder):
    """{name: what it is} for every entry of ``folder`` that is neither a regular file nor a folder."""
    return {name: _kind(mode) for name, mode in _entries(folder) if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)}


def _folders(folder, depth, budget=None):
    """Every folder under ``folder`` down to ``depth`` levels, skipping hidden and tool folders and never
    following a link (so a looping link cannot make it go round), at most ``MAX_FOLDERS`` in all."""
    budget = [MAX_FOLDERS] if budget is None else budget
    found = [folder]
    budget[0] -= 1
    if depth == 0:
        return found
    for entry, mode in _entries(folder):
        if budget[0] <= 0:
            break
        if stat.S_ISDIR(mode) and entry not in IGNORED and not entry.startswith("."):
            found += _folders(os.path.join(folder, entry), depth - 1, budget)
    return found


def _near_miss(name, entries):
    """A file that was probably meant to be ``name.py``: other case, a suffix, a copy number."""
    for entry in entries:
        lower = entry.lower()
        stem = lower.split(".")[0].strip()
        if entry != f"{name}.py" and (lower == f"{name}.py" or stem == name or stem.startswith(name + " ")
                                      or stem.startswith(name + "(") or stem.startswith(name + "_")
                                      or stem.startswith(name + "-")):
            return entry
    return None


def locate(submission):
    """Return a ``Located`` for the folder ``submission``.

    >>> import tempfile, os
    >>> top = tempfile.mkdtemp(); os.mkdir(os.path.join(top, "xo"))
    >>> for n in ("board.py", "deque.py", "Game.py"): open(os.path.join(top, "xo", n), "w").close()
    >>> found = locate(top)
    >>> sorted(found.files), found.problems
    (['board', 'deque'], ['`game.py` is missing from xo/: found `Game.py` instead; rename it to `game.py`.'])
    """
    if not os.path.isdir(submission):
        return Located(submission, {}, [f"The submission folder {submission!r} does not exist."], [])
    candidates = []
    for folder in _folders(submission, 2):
        entries = _python_files(folder)
        refused = _refused(folder)
        exact = [n for n in NAMES if f"{n}.py" in entries or f"{n}.py" in refused]
        near = [n for n in NAMES if n not in exact and _near_miss(n, entries)]
        if exact or near:
            depth = os.path.relpath(folder, submission).count(os.sep) + (folder != submission)
            candidates.append((len(exact), len(near), -depth, folder, entries))
    if not candidates:
        seen = [os.path.relpath(os.path.join(f, e), submission) for f in _folders(submission, 2)
                for e in _python_files(f)]
        listing = ", ".join(inline(s) for s in seen[:12]) or "no files at all"
        return Located(submission, {}, [f"None of `board.py`, `deque.py`, `game.py` was found; the submission "
                                        f"holds {listing}."], seen)
    candidates.sort(reverse=True)
    _, _, _, folder, entries = candidates[0]
    refused = _refused(folder)
    where = os.path.relpath(folder, submission)
    place = "your submission" if where == "." else escape(f"{where}/")
    files, problems = {}, []
    for name in NAMES:
        if f"{name}.py" in entries:
            files[name] = os.path.join(folder, f"{name}.py")
            continue
        if f"{name}.py" in refused:
            problems.append(f"`{name}.py` in {place} is {refused[name + '.py']}, not a regular file, so it was "
                            f"not read: the grader reads only ordinary files. Upload the file itself.")
            continue
        near = _near_miss(name, entries)
        if near:
            problems.append(f"`{name}.py` is missing from {place}: found {inline(near)} instead; rename it to `{name}.py`.")
        else:
            others = [e for e in entries if e.endswith(".py")]
            found = ", ".join(inline(e) for e in others) or "no Python files"
            problems.append(f"`{name}.py` is missing from {place} (it holds {found}).")
    others = [c[3] for c in candidates[1:] if c[0] > 0]
    if others:
        problems.append(f"Files were also found in {', '.join(inline(os.path.relpath(o, submission) + '/') for o in others)}; "
                        f"only {place} was graded.")
    return Located(submission, files, problems, entries)
