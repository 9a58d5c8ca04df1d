"""The checks, Part by Part (``part1`` ... ``part6``, ``part6_judges``), and the little framework they are written
in (``framework``: ``@check``, ``Context``, ``Fail``, ``Probe``, ``Source``).

What this layer holds: each check judges what the student's code was observed doing (``grader.observing``)
against the game's truth (``grader.game``) and the handout's words, and passes or raises ``Fail``.  It may import
``grader.observing``, ``grader.game``, ``grader.submission``, ``grader.settings`` and ``grader.text``, never the
grading run or the renderers above it.  A new check is a function in the ``partN.py`` of its Part, citing the
handout's words; the judging it shares with other checks goes in a module of its own here (``moves``,
``trace``, ``programs``); ``coverage`` says which checks test which of the handout's rules.

>>> [c.name for c in CHECKS.values() if c.part == "I"][:2]
['board_imports', 'board_empty']
"""

from . import (part1, part2, part2_sequences, part3, part4, part5, part6,  # noqa: F401  (registration order is
               part6_judges)                                              # grading order)
from .framework import CHECKS, Check, Context, Fail, Probe, Source, check, fixture_users, value, with_dependencies

__all__ = ["CHECKS", "Check", "Context", "Fail", "Probe", "Source", "check", "fixture_users", "value",
           "with_dependencies"]
