"""The sandboxes' bases, with no POSIX-only import (Windows loads them too): ``Closing``, a thing to use in
``with``; ``Staged``, a plain copy of the student's files; ``joined``, the files the child runs made one; and
``child_python``, the interpreter that runs them."""

import os
import shutil
import sys
import tempfile

from .channel import run_token

SANDBOX_USER = "xo-sandbox"         # slot 0's user; slot K > 0 runs as xo-sandbox-K
HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS_FILES = (os.path.join(HERE, "encoding.py"), os.path.join(HERE, "guard.py"), os.path.join(HERE, "child.py"))
"""The child's harness: staged as one file, in this order (``joined``), and run as a script."""


def joined(paths):
    """The Python source files ``paths`` as the text of one file, in order: each may use what the ones before
    it define.  The imports by which each names the others in the grader's own process (relative ones) fail
    there, with no parent package, as they are meant to: the child imports nothing of the grader."""
    parts = []
    for path in paths:
        with open(path, "rb") as f:
            parts.append(f.read().rstrip(b"\n") + b"\n")
    return b"\n\n".join(parts)


def stage_joined(paths, target):
    """Write ``joined(paths)`` to ``target``; return ``target``."""
    with open(target, "wb") as f:
        f.write(joined(paths))
    return target


class Closing:
    """A thing to use in ``with``: its ``close()`` runs on the way out, whatever happened inside."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Staged(Closing):
    """The student's ``files`` copied into a temporary folder of their own (``folder``), removed on close:
    the stage of the sandboxes without users or enclosure (``runner.InProcess``, ``spawned.Spawned``)."""

    prefix = "xo-staged-"
    guard = True                         # the child's audit hook (``child.guard``); never in the grader's own process

    def __init__(self, files, limits, *, probes, package, protected=(), drop=None):
        self.files = dict(files)
        self.limits = limits
        self.probes, self.package = probes, package
        self.stage = tempfile.mkdtemp(prefix=self.prefix)
        self.folder = os.path.join(self.stage, "submission")
        os.mkdir(self.folder)
        for name, path in files.items():
            shutil.copyfile(path, os.path.join(self.folder, f"{name}.py"))
        self.staged_child = stage_joined(HARNESS_FILES, os.path.join(self.stage, "child.py"))
        self.staged_probes = stage_joined(self.probes, os.path.join(self.stage, "probes.py"))

    def close(self):
        shutil.rmtree(self.stage, ignore_errors=True)

    def source(self, name):
        return self.files[name]

    def request(self, probe, args, modules):
        """What a child is asked to do: the probe, its arguments, the student's modules to import first."""
        return {"folder": self.folder, "modules": list(modules), "probe": probe, "args": args,
                "probes": self.staged_probes, "package": self.package, "names": sorted(self.files),
                "guard": self.guard, "token": run_token()}


def _reachable_by_others(path):
    """True when a user outside root's group can execute ``path`` (every folder on the way searchable)."""
    path = os.path.realpath(path)
    if not os.path.isfile(path) or not os.stat(path).st_mode & 0o001:
        return False
    folder = os.path.dirname(path)
    while True:
        if not os.stat(folder).st_mode & 0o001:
            return False
        if folder == "/":
            return True
        folder = os.path.dirname(folder)


def child_python(dropped):
    """The interpreter for the child: the grader's own, or, when the unprivileged
    user cannot run that one (a Python under /root, say), the system's python3.
    The child needs only the standard library."""
    if not dropped:
        return sys.executable
    for candidate in (sys.executable, "/usr/bin/python3", "/usr/local/bin/python3"):
        if _reachable_by_others(candidate):
            return os.path.realpath(candidate)
    raise RuntimeError(f"no Python interpreter that the user {SANDBOX_USER!r} may run: "
                       f"{sys.executable} is not reachable and there is no /usr/bin/python3")
