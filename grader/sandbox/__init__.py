"""Running untrusted code: a child interpreter per run, and the trusted parent that limits, watches and
cleans up after it.  In the order a run goes through them:

- ``isolation``: the slot's user, its limits and memory cgroup, the subreaper, the cleaning after each run;
- ``runner``: ``Sandbox`` stages the files, asks the zygote for a child, feeds it the request, reads its
  pipes until it is done or its time is up, and kills what is left;
- ``child``: the child's side (run as the slot's user): the zygote, the enclosure, the limits, the import
  of the student's modules, and the probes that observe them;
- ``channel``: what the child sent, bounded, parsed and stamped, as an ``Outcome``.
"""

from .runner import InProcess, Outcome, Sandbox

__all__ = ["InProcess", "Outcome", "Sandbox"]
