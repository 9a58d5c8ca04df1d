"""The student's submission as files, never run: where the files are (``locate``: the three, Part VI's three,
a missing or misnamed one named), what their text shows (``integrity``: the report of code that reaches into
the grader or the interpreter; ``handwritten``: check 3.8's reading of deque.py), and how they import each
other (``imports``).

Imports ``grader.text`` only.  A new reading of the student's sources goes here; a check that uses it goes
in ``grader.checks``."""
