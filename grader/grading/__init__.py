"""One grading run: the checks run in order against one submission (``run``), with their points
(``points``: the configuration held against the registry of checks), the checks chosen by ``--part`` and
``--check`` (``selection``), the leaderboard's measure (``leaderboard``), and what it found as typed values
(``verdict``: ``Verdict``, ``Grading``).

Imports ``grader.checks`` and every layer below it, never the renderers or the commands.  Each renderer of
``grader.render`` reads a ``Grading`` and nothing else."""
