"""The configuration instructors tune (``config.toml``), read as plain values (``config``): every section and key
known, every value of its kind, defaults filled in, every problem said at once in one line each
(``ConfigError``), and the facts that follow from it alone (``graded_parts``, ``visibility``).

Near the bottom: it imports ``grader.submission`` (the file-size limits' bounds) and nothing above.  It does
not know the checks: ``grader.grading.points.load`` hands it their names and the rules between values, which
need them.  A new setting is a key of ``config.SCHEMA`` with its kind and default (and a line of
``config.toml`` saying what it does)."""
