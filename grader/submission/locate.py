"""Find the student's three files in what they uploaded.

Students zip folders: the files may sit at the top of the submission or inside
one nested folder (``xo/``, ``project5/``, …).  A missing file is named, with
what was found instead, so that the feedback can say "rename Board.py to
board.py" rather than "import failed".
"""

import enum
import os
import stat
from dataclasses import dataclass

from ..text.markdown import escape, inline

NAMES = ("board", "deque", "game")
"""The student's modules, in the order the Parts need them."""

OPTIONAL = ("codequest", "ninja", "codingame")
"""The modules of the optional Part VI: taken when they are beside the three, never missed when they are not."""

HANDOUT_ORDER = ("deque", "board", "game")
"""The student's modules as the handout lists them for upload."""


def to_upload(part_vi):
    """The files a student uploads, as the handout lists them: Part VI's three too when ``part_vi`` (the
    configuration grades it).

    >>> to_upload(False)
    ('deque.py', 'board.py', 'game.py')
    >>> len(to_upload(True))
    6
    """
    return tuple(f"{name}.py" for name in HANDOUT_ORDER + (OPTIONAL if part_vi else ()))


def listed(names):
    """``names`` in a sentence: "a, b and c".

    >>> listed(("deque.py", "board.py", "game.py"))
    'deque.py, board.py and game.py'
    """
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


IGNORED = {"__MACOSX", "__pycache__", ".git", ".idea", ".vscode", "venv", ".venv", "node_modules"}


class Kind(enum.Enum):
    """What is wrong with the upload, for one file or for all of it."""
    NO_FOLDER = "no folder"          # the submission folder does not exist
    NOTHING = "nothing found"        # none of the three files anywhere
    REFUSED = "refused"              # the file is there but not a regular file (a link, a FIFO, a device)
    NEAR_MISS = "near miss"          # another file was probably meant (Board.py, game (1).py)
    MISSING = "missing"              # not there at all
    ELSEWHERE = "elsewhere"          # files also found in other folders, which were not graded
    TOO_LARGE = "too large"          # the file is larger than the grader reads ([limits] file_kib, submission_kib)


@dataclass(frozen=True)
class Problem:
    """One problem of an upload, as data; ``message()`` says it in words (Markdown, student text inert)."""
    kind: Kind
    name: str = None                 # the module it concerns (board, deque, game), if one
    place: str = None                # where the graded files are, in words ("your submission", "xo/")
    found: tuple = ()                # what was found instead: the near miss, the other files or folders
    what: str = None                 # REFUSED: what the entry is ("a symbolic link"); TOO_LARGE: the limit it broke
    size: int = None                 # TOO_LARGE: the file's size in bytes

    def message(self):
        found = ", ".join(inline(f) for f in self.found)
        if self.kind is Kind.NO_FOLDER:
            return f"The submission folder {self.place!r} does not exist."
        if self.kind is Kind.NOTHING:
            return (f"None of `board.py`, `deque.py`, `game.py` was found; the submission holds "
                    f"{', '.join(inline(f) for f in self.found[:12]) or 'no files at all'}.")
        if self.kind is Kind.REFUSED:
            return (f"`{self.name}.py` in {self.place} is {self.what}, not a regular file, so it was not read: the "
                    f"grader reads only ordinary files. Upload the file itself.")
        if self.kind is Kind.TOO_LARGE:
            return (f"`{self.name}.py` in {self.place} is {kib(self.size)}, more than {self.what}, so it was not read "
                    f"and the checks that need it did not run. A correct file is a few KiB: remove what does not "
                    f"belong in it (a large literal, pasted data).")
        if self.kind is Kind.NEAR_MISS:
            return f"`{self.name}.py` is missing from {self.place}: found {found} instead; rename it to `{self.name}.py`."
        if self.kind is Kind.MISSING:
            return f"`{self.name}.py` is missing from {self.place}, which holds {found or 'no Python files'}."
        folders = ", ".join(inline(f + "/") for f in self.found)
        return f"Files were also found in {folders}; only {self.place} was graded."


@dataclass(frozen=True)
class Located:
    """Where the files are: ``files`` maps a module name to its path; ``problems`` are ``Problem``s."""
    folder: str
    files: dict
    problems: tuple = ()

    @property
    def missing(self):
        return [name for name in NAMES if name not in self.files]

    def missing_message(self, name):
        """What the student is told about the file ``name`` the checks cannot import."""
        if name in OPTIONAL and not any(p.name == name for p in self.problems):
            return f"`{name}.py` (Part VI) was not uploaded: it goes beside `game.py`."
        return next((p.message() for p in self.problems if p.name == name), f"`{name}.py` is missing.")

    def messages(self):
        return [p.message() for p in self.problems]


FILE_KIB = 256
"""KiB a student's file may hold by default ([limits] file_kib).  The reference's largest file (game.py) is 17 KiB.
The grader parses each file in its own process (the Integrity scan), and ``ast.parse`` of 1 MiB of ``1,1,…``
took 500 MB here: 256 KiB keeps that near 125 MB, whatever the file holds."""
SUBMISSION_KIB = 1024
"""KiB all the files the grader reads may hold together by default ([limits] submission_kib)."""
MAX_FILE_KIB = 512
"""The most [limits] file_kib may say: a file the grader parses may not take more memory than it can spare
inside Gradescope's 768 MB."""


def kib(size):
    """``size`` bytes in words.

    >>> kib(300 * 1024), kib(5 * 2**20 + 1)
    ('300 KiB', '5.0 MiB')
    """
    return f"{size / 2**20:.1f} MiB" if size >= 2**20 else f"{size // 1024} KiB"


MAX_ENTRIES = 1000
"""Entries of one folder looked at: a folder of a million files is handled in bounded time."""
MAX_FOLDERS = 200
"""Folders looked into in all."""


def _kind(mode):
    """What a directory entry that is not a regular file or a folder is, in words."""
    if mode == HARD_LINK:
        return "a hard link (one more name of a file that may be anywhere)"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


HARD_LINK = "hard link"
"""The kind of a regular file with more than one name: another name of a file that may be anywhere (a zip
cannot make one, but a folder graded locally can)."""


def _entries(folder):
    """Up to ``MAX_ENTRIES`` (name, lstat mode) of ``folder``, links never followed, sorted by name; a
    regular file with other names (hard links) has the mode ``HARD_LINK``."""
    found = []
    try:
        with os.scandir(folder) as scan:
            for entry in scan:
                try:
                    info = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                found.append((entry.name, HARD_LINK if stat.S_ISREG(info.st_mode) and info.st_nlink > 1
                              else info.st_mode))
                if len(found) >= MAX_ENTRIES:
                    break
    except OSError:
        return []
    return sorted(found)


def _python_files(folder):
    """Names of the regular files in ``folder`` (a link, even to a file, is not one)."""
    return [name for name, mode in _entries(folder) if mode != HARD_LINK and stat.S_ISREG(mode)]


def _refused(folder):
    """{name: what it is} for every entry of ``folder`` that is neither a regular file nor a folder."""
    return {name: _kind(mode) for name, mode in _entries(folder)
            if mode == HARD_LINK or not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))}


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
        if mode != HARD_LINK and stat.S_ISDIR(mode) and entry not in IGNORED and not entry.startswith("."):
            found += _folders(os.path.join(folder, entry), depth - 1, budget)
    return found


def _size(path):
    """The size of the file at ``path``, links never followed; 0 if it is gone."""
    try:
        return os.lstat(path).st_size
    except OSError:
        return 0


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


def locate(submission, file_kib=FILE_KIB, submission_kib=SUBMISSION_KIB):
    """Return a ``Located`` for the folder ``submission``.  A file larger than ``file_kib`` KiB, or one that
    would take the files taken so far (in the order board, deque, game, then Part VI's) past
    ``submission_kib``, is not taken: a ``TOO_LARGE`` problem names it.

    >>> import tempfile, os
    >>> top = tempfile.mkdtemp(); os.mkdir(os.path.join(top, "xo"))
    >>> for n in ("board.py", "deque.py", "Game.py"): open(os.path.join(top, "xo", n), "w").close()
    >>> found = locate(top)
    >>> sorted(found.files), found.messages()
    (['board', 'deque'], ['`game.py` is missing from xo/: found `Game.py` instead; rename it to `game.py`.'])
    >>> found.problems[0].kind, found.problems[0].name, found.problems[0].found
    (<Kind.NEAR_MISS: 'near miss'>, 'game', ('Game.py',))
    """
    if not os.path.isdir(submission):
        return Located(submission, {}, (Problem(Kind.NO_FOLDER, place=submission),))
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
        return Located(submission, {}, (Problem(Kind.NOTHING, found=tuple(seen)),))
    candidates.sort(reverse=True)
    _, _, _, folder, entries = candidates[0]
    refused = _refused(folder)
    where = os.path.relpath(folder, submission)
    place = "your submission" if where == "." else escape(f"{where}/")
    files, problems, total = {}, [], 0
    for name in NAMES + OPTIONAL:
        if f"{name}.py" in entries:
            path = os.path.join(folder, f"{name}.py")
            size = _size(path)
            if size > file_kib * 1024:
                problems.append(Problem(Kind.TOO_LARGE, name, place, what=f"the {file_kib} KiB a file may hold",
                                        size=size))
            elif total + size > submission_kib * 1024:
                problems.append(Problem(Kind.TOO_LARGE, name, place, size=size,
                                        what=f"what is left of the {submission_kib} KiB all the files may hold "
                                             f"together ({kib(submission_kib * 1024 - total)})"))
            else:
                files[name] = path
                total += size
        elif f"{name}.py" in refused:
            problems.append(Problem(Kind.REFUSED, name, place, what=refused[name + ".py"]))
        elif _near_miss(name, entries):
            problems.append(Problem(Kind.NEAR_MISS, name, place, found=(_near_miss(name, entries),)))
        elif name in NAMES:              # Part VI's files are named only when something is wrong with one
            problems.append(Problem(Kind.MISSING, name, place, found=tuple(e for e in entries if e.endswith(".py"))))
    others = [c[3] for c in candidates[1:] if c[0] > 0]
    if others:
        problems.append(Problem(Kind.ELSEWHERE, place=place,
                                found=tuple(os.path.relpath(o, submission) for o in others)))
    return Located(submission, files, tuple(problems))
