"""Student code in a fresh interpreter per run, started with ``subprocess`` alone: the sandbox of a laptop
where ``fork``, ``fcntl``, ``pwd`` or ``resource`` are missing (Windows), for the starter kit.

Each run is ``python -I -S -B child.py --spawned``: the request and then the go-ahead bytes of timed events
(``child.stamped``) on its standard input, the observations on its standard output (the ``Channel`` reads
them as in ``runner.Sandbox``), and the student's own printing on its standard error.  The parent gives it a
wall-clock limit and kills it at the deadline.  There is no other protection: no user of its own, no memory
or CPU limit, no enclosure.  That is enough on a student's own machine, running the student's own code; the
grading that counts runs in ``runner.Sandbox`` on Gradescope.
"""

import os
import queue
import subprocess
import sys
import threading
import time

from .channel import Bounded, Channel, Outcome
from .closing import Staged

NOTE = ("Your code ran in a plain child process with a time limit: this computer has no `fork`, `fcntl`, `pwd` "
        "or `resource` (Windows, say), so there is no memory limit and no isolation here. Gradescope runs the "
        "same checks sandboxed.")
"""What the report says once when a grading used this sandbox."""


def available():
    """Whether the full sandbox (``runner.Sandbox``) can run here; ``XO_SANDBOX=spawn`` forces the spawned one.

    >>> isinstance(available(), bool)
    True
    """
    if os.environ.get("XO_SANDBOX") == "spawn" or not hasattr(os, "fork"):
        return False
    try:
        import fcntl  # noqa: F401
        import pwd  # noqa: F401
        import resource  # noqa: F401
    except ImportError:
        return False
    return True


def _pump(stream, into):
    """Read ``stream`` until it ends, putting each chunk in the queue ``into`` (then ``None``)."""
    while True:
        data = stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536)
        if not data:
            into.put(None)
            return
        into.put(data)


class Spawned(Staged):
    """Runs probes against one submission, each in a fresh interpreter started by ``subprocess``."""

    note = NOTE
    prefix = "xo-spawn-"

    def run(self, probe, args, modules, timeout):
        request = {**self.request(probe, args, modules), "cwd": self.folder}
        started = time.monotonic()
        child = subprocess.Popen([sys.executable, "-I", "-S", "-B", self.staged_child, "--spawned"], cwd=self.folder,
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        channel = Channel(request["token"])
        err = Bounded(self.limits["output_chars"])
        chunks, errors = queue.Queue(), queue.Queue()
        for stream, into in ((child.stdout, chunks), (child.stderr, errors)):
            threading.Thread(target=_pump, args=(stream, into), daemon=True).start()
        try:
            child.stdin.write((repr(request) + "\n").encode("utf-8"))
            child.stdin.close()
        except OSError:
            pass                             # the child is gone already: how it ended says why
        deadline = started + timeout
        status, ended = None, False
        while not ended:
            left = deadline - time.monotonic()
            if left <= 0:
                status = "timeout"
                break
            try:
                data = chunks.get(timeout=min(left, 0.5))
            except queue.Empty:
                continue
            if data is None:
                ended = True
            else:
                channel.feed(data)
        if status == "timeout":
            child.kill()
        try:
            returncode = child.wait(timeout=5)
        except subprocess.TimeoutExpired:
            child.kill()
            returncode = child.wait()
        while True:                          # what it wrote on standard error, once its pipe has ended
            try:
                data = errors.get(timeout=1)
            except queue.Empty:
                break
            if data is None:
                break
            err.add(data)
        for stream in (child.stdin, child.stdout, child.stderr):
            try:
                stream.close()
            except OSError:
                pass
        channel.close()
        return Outcome(channel.events, "", err.text(), status or channel.status(returncode), returncode,
                       time.monotonic() - started, timeout, {}, None, forged=channel.forged)
