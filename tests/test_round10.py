"""Red team, round ten (tests/adversarial/round10/, README.md there): each attack against its honest twin, graded
as Gradescope runs the grader (as root, without CAP_SYS_ADMIN, and with it), on the Parts it aims at.  No Part
of an attack may score above its twin's and no check may report an internal error.

Three of the four reached the grader's records in the student's own process (the timing run's digest, the
search's trace) through frames and closures; the sandbox's audit hook now refuses frames to the student's code
(``grader/sandbox/guard.py``), and the checks that watch the work from inside the process fail for
a submission the Integrity scan finds reaching past its own code (``grader/checks/plain.py``).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "adversarial"))

from rounds import compare  # noqa: E402
from support import DOCKER_CAPS, NEEDS_ROOT, ROOT, SETPRIV, TOP  # noqa: E402

HERE = os.path.join(TOP, "tests", "adversarial", "round10")

PAIRS = {
    # attack: (twin, Parts graded, Part VI on)
    "cells_timing": ("cells_timing_twin", "III", False),        # the timing run's digest written through its frame
    "frames_trace": ("frames_trace_twin", "III", False),        # a breadth-first trace written through the frames
    "frames_trace_vi": ("frames_trace_twin", "III,VI", True),   # ... with Part VI on
    "table_stealth": ("table_stealth_twin", "III", False),      # ... reached through a traceback, as format fields
    "channel_rewrite": ("channel_rewrite_twin", "II", False),   # the channel's descriptor replaced by a pipe of its
                                                                # own, a forked process rewriting getBoard()'s answers
}

pytestmark = [pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT),
              pytest.mark.skipif(not SETPRIV, reason="needs setpriv (util-linux) to drop CAP_SYS_ADMIN")]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return str(tmp_path_factory.mktemp("round10"))


@pytest.mark.parametrize("name", list(PAIRS))
@pytest.mark.parametrize("caps", [DOCKER_CAPS, None], ids=["without-cap-sys-admin", "as-root"])
def test_no_attack_scores_above_its_twin(name, caps, folder):
    twin, parts, part6 = PAIRS[name]
    compare(HERE, name, twin, parts, part6, caps, folder)


def test_every_attack_of_the_round_is_graded_here():
    folders = {entry for entry in os.listdir(HERE) if os.path.isdir(os.path.join(HERE, entry))}
    assert folders == {name.removesuffix("_vi") for name in PAIRS} | {twin for twin, _, _ in PAIRS.values()}


def test_the_readme_names_every_attack():
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        text = f.read()
    for name in {name.removesuffix("_vi") for name in PAIRS}:
        assert f"`{name}/`" in text, name


HARMLESS = '''

def _peek():
    """Never called: a line that reads the call stack is enough."""
    import sys
    return sys._getframe(0)
'''


def test_a_finding_that_reaches_past_the_student_s_code_costs_the_watched_checks(tmp_path):
    """The reference with one unused function that reads the call stack: 3.9 (the search's trace, which 3.10 and
    3.11 wait for) and 3.7 (the Deque's timing) fail, each naming the file and line and the handout's passage,
    and every other check of Part III passes as the reference's do.  Without the gate (``grader/checks/plain.py``) all four pass: the
    recorded search is the reference's own."""
    import shutil

    from support import grade_cli as grade
    submission = tmp_path / "submission"
    shutil.copytree(os.path.join(TOP, "xo"), submission, ignore=shutil.ignore_patterns("__pycache__", "__init__.py"))
    with open(submission / "game.py", "a", encoding="utf-8") as f:
        f.write(HARMLESS)
    line = sum(1 for _ in open(submission / "game.py", encoding="utf-8"))        # the last: sys._getframe
    done = grade(str(submission), str(tmp_path / "r.json"), cwd=str(tmp_path), timeout=600, extra=("--part", "III"))
    assert done.returncode == 0 and done.results, done.stderr[-2000:]
    failed = {t["number"]: t["output"] for t in done.results["tests"] if t.get("max_score") and t["score"] == 0}
    assert sorted(failed) == ["3.10", "3.11", "3.7", "3.9"], sorted(failed)
    for number in ("3.7", "3.9"):                 # 3.10 and 3.11 wait for 3.9
        output = failed[number]
        assert f"game.py line {line}: `sys._getframe`" in output, output[:1500]
        assert "trust only code that keeps to the language's ordinary rules" in output, output[:1500]
