"""What the student's code was seen to do: the probes that run inside the sandboxed child (``probes``), the
sandbox opened for this assignment with them (``assignment``), the shape each kind of event must have
(``schema``), and the parent's record of every run of a grading, replayable (``observations``).

May import ``grader.sandbox``, ``grader.submission``, ``grader.settings`` and ``grader.text``, never the checks:
it observes, the checks judge.  A new probe goes in ``probes`` (see its docstring), its events' kinds in
``schema.KINDS``."""
