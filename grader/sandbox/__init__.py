"""Running untrusted code: a child interpreter per run, and the trusted parent that limits, watches and
cleans up after it.  In the order a run goes through them:

- ``isolation``: the slot's user, its limits and memory cgroup, the subreaper, the cleaning after each run;
- ``runner``: ``Sandbox`` stages the files, asks the zygote for a child, feeds it the request, reads its
  pipes until it is done or its time is up, and kills what is left;
- ``child``: the child's side (run as the slot's user): the zygote, the enclosure, the limits, the import
  of the student's modules, and the probes that observe them;
- ``channel``: what the child sent, bounded, parsed and stamped, as an ``Outcome``;
- ``spawned``: where nothing can be forked (Windows), a fresh interpreter per run with a time limit and no
  other protection: ``Sandbox`` is then ``Spawned`` (for the starter kit on a student's laptop).
"""

from .channel import Outcome
from .spawned import Spawned, available

if available():
    from .runner import InProcess, Sandbox
else:                                  # no fork, fcntl, pwd or resource (Windows), or XO_SANDBOX=spawn
    InProcess = None
    Sandbox = Spawned

__all__ = ["InProcess", "Outcome", "Sandbox", "Spawned", "available"]
