"""The Project 5 autograder: staged Part I-V checks (and the optional Part VI) of a student submission.

Student code never runs in the grader's process: every check asks a sandboxed
child interpreter (``grader.sandbox``) for plain observations and judges them
here against expected values from ``grader/fixtures`` (generated from the
reference by ``python -m grader fixtures``; the grader never imports ``xo``).
"""

import os

ROOT = os.path.dirname(os.path.abspath(__file__))
"""The grader package's folder: its configuration, fixtures and schema live here."""

PARTS = ("I", "II", "III", "IV", "V", "VI")
"""The handout's Parts, in grading order."""

OPTIONAL_PARTS = ("VI",)
"""Parts graded only when the configuration gives them points (``grader.settings.config.graded_parts``): the handout's
optional extension, which instructors switch on."""

PART_TITLES = {
    "I": "BoardXO",
    "II": "the XO class",
    "III": "the Deque and the breadth-first search",
    "IV": "scoring moves",
    "V": "win fast, lose slow",
    "VI": "minimax, and three judges",
}
"""What each Part is about, as the handout names it."""
