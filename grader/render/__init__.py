"""The renderers of a ``Grading``: Gradescope's results.json (``gradescope``), PrairieLearn's
(``prairielearn``), the console's report (``console``), and the feedback under one check that all of them show
(``feedback``).

Imports ``grader.grading.verdict`` and the layers below, never the checks: what they say of a check besides
its verdict comes with the ``Grading`` (``Grading.about``).  A new platform is a renderer here beside
``gradescope.gradescope``."""
