"""Red team, round ten (tests/adversarial/round10/, README.md there): each attack against its honest twin, graded
as Gradescope runs the grader (as root, without CAP_SYS_ADMIN, and with it), on the Parts it aims at.  No Part
of an attack may score above its twin's and no check may report an internal error.

Three of the four reached the grader's records in the student's own process (the timing run's digest, the
search's trace) through frames; the sandbox's audit hook now refuses frames to the student's code
(``grader/sandbox/guard.py``), and the fourth replaced the channel's descriptor, which the harness's writer
now notices before each line.
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

