"""Running untrusted student code: a child interpreter per check (``child.py``)
and the trusted parent that limits, watches and cleans up after it (``runner.py``)."""

from .runner import InProcess, Outcome, Sandbox

__all__ = ["InProcess", "Outcome", "Sandbox"]
