"""Running untrusted code: a child interpreter per run, and the trusted parent that limits, watches and
cleans up after it.  It knows nothing of Project 5: what the child does is the probes it is handed.

The bottom layer but for ``grader.text``, the only other part of the grader it imports.  In the order a run
goes through it:

- ``isolation``: the slot's user (one per grading running at the same time), the grader's files protected, what
  a killed grading left swept; beside it ``processes`` (the subreaper, a user's processes killed), ``cleaning``
  (its files, IPC objects and keys removed after each run) and ``cgroup`` (its memory limit);
- ``runner``: ``Sandbox`` stages the files, asks the zygote for a child, feeds it the request, reads its
  pipes until it is done or its time is up, and kills what is left;
- ``child``, ``guard`` and ``encoding``: the child's side (run as the slot's user, staged as one file): the
  zygote, the enclosure, the limits, the import of the student's modules, the audit hook that refuses what the
  student's code may not do and keeps the search's witness (``guard``), the probes run, and what they send
  encoded, each line with the run's token;
- ``channel``: what the child sent, bounded, parsed (a line without the run's token makes the run forged), as
  an ``Outcome``;
- ``spawned``: where nothing can be forked (Windows), a fresh interpreter per run with a time limit and no
  other protection: ``Sandbox`` is then ``Spawned`` (for the starter kit on a student's laptop);
- ``closing``: the bases, and the files the child runs joined into one.

A new protection goes in the module of what it protects; nothing here may import a layer above.
"""

from .channel import Outcome
from .spawned import Spawned, available

if available():
    from .runner import InProcess, Sandbox
else:                                  # no fork, fcntl, pwd or resource (Windows), or XO_SANDBOX=spawn
    InProcess = None
    Sandbox = Spawned


def default_backend():
    """The sandbox this system can run: ``runner.Sandbox``, or ``spawned.Spawned`` where nothing forks."""
    return Sandbox


__all__ = ["InProcess", "Outcome", "Sandbox", "Spawned", "available", "default_backend"]
