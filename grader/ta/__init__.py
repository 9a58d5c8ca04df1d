"""The TAs' and instructors' tools, never shipped in a zip (``ship/`` leaves this folder out by rule):
``batch`` grades a class and writes the gradebook, ``compare`` runs a submission on every position against
the reference, ``similarity`` ranks the pairs of submissions that share the most code, and
``fixtures_build`` regenerates the expected values from the reference (``xo/``)."""
