"""The grader's commands: the command line (``cli``: ``python -m grader grade``, ``checks``, ``fixtures``, and
the TAs' tools' commands), a grading written out as a platform's results.json (``grade``), and a game in
the terminal against the student's AI (``play``).

The top layer with ``grader.ta``: it may import every layer.  A new command is a sub-parser in ``cli.parser``
(or, for a staff-only tool, a module of ``grader.ta`` with an ``add_parser``)."""
