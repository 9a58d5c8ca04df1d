"""The checks judged on recorded observations, without a sandbox: what the student's code was seen to do in
a real grading (tests/golden/observations, saved by ``tests/golden/golden.py --observations``) gives the
same results.json as that grading (tests/golden).  No student code runs here."""

import os
import sys

import pytest

from grader.config import load
from grader.grade import grade
from grader.observations import Replay
from grader.results import gradescope

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "golden"))
import golden  # noqa: E402


@pytest.mark.parametrize("name", golden.OBSERVED)
def test_the_checks_judge_recorded_observations_as_they_judged_the_grading(name, tmp_path):
    folder = dict((n, f) for n, f, _ in golden.every_submission())[name]
    grading = grade(folder, str(tmp_path / "results.json"), load(),
                    backend=Replay.backend(golden.observations_path(name)))
    golden.assert_as_recorded(gradescope(grading), name)


def test_a_run_that_was_not_recorded_is_named():
    replay = Replay(golden.observations_path(golden.OBSERVED[0]), {})
    with replay, pytest.raises(KeyError, match="'optimal_moves'"):
        replay.run("optimal_moves", {"positions": []}, ["game", "deque"], 5)
