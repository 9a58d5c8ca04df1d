"""Gradescope's leaderboard (``[leaderboard] enabled = true``): off by default; when on, results.json carries
the empty-board search's CPU seconds, the boards it popped and the score of Parts I-V, only for a submission
whose moves are all accepted, its time measured in the sandbox by the kernel."""

import json
import os
import shutil

import jsonschema

from grader.checks.framework import CHECKS
from grader.checks.moves import MOVES
from grader.commands.grade import grade
from grader.grading import leaderboard
from grader.grading.points import load
from grader.grading.verdict import Status, Verdict
from grader.observing.assignment import open_sandbox
from grader.submission.locate import locate

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
with open(os.path.join(TOP, "grader", "schema", "results.schema.json"), encoding="utf-8") as f:
    SCHEMA = json.load(f)
MOVE_CHECKS = [name for name, check in CHECKS.items() if check.rules is not None and check.rules[0] is MOVES
               and check.part != "VI"]


def verdicts(failed=()):
    """A Verdict for every check of Parts I-V, passed (with its points) unless named in ``failed``."""
    return {name: Verdict(name, check.number, check.part, check.sentence,
                          Status.FAILED if name in failed else Status.PASSED, 0.0 if name in failed else 2.0, 2.0,
                          "visible")
            for name, check in CHECKS.items() if check.part != "VI"}


def enabled():
    config = load()
    config["leaderboard"]["enabled"] = True
    return config


class TestStanding:
    def test_it_is_off_unless_switched_on(self):
        assert load()["leaderboard"] == {"enabled": False} and not leaderboard.enabled(load())

    def test_the_entries_are_gradescopes_and_time_ranks_low_first(self):
        entries = leaderboard.Standing(0.5, 549946, 100).entries()
        jsonschema.validate({**{"score": 0, "output": "", "tests": [], "execution_time": 0, "visibility": "visible",
                                "stdout_visibility": "hidden"}, "leaderboard": entries}, SCHEMA)
        assert [e.get("order", "desc") for e in entries] == ["asc", "asc", "desc"]

    def test_the_pops_a_search_of_the_empty_board_may_make(self):
        fewest, most = leaderboard.plausible_pops()
        assert most == 549946 and 0 < fewest < most

    def test_a_move_check_failed_means_no_standing_and_no_run(self):
        assert MOVE_CHECKS and "part5_more_o_positions" in MOVE_CHECKS
        for name in MOVE_CHECKS:
            assert leaderboard.measure(None, enabled(), verdicts(failed=[name])) is None     # None: never run


class TestMeasured:
    """In the real sandbox, on the reference."""

    def test_the_reference_searches_the_whole_tree_and_its_time_is_the_kernels(self):
        config = enabled()
        with open_sandbox(locate(os.path.join(TOP, "xo")).files, config["limits"]) as sandbox:
            standing = leaderboard.measure(sandbox, config, verdicts())
        assert standing.popped == 549946 and 0 < standing.cpu_seconds < 60
        assert standing.score == 2.0 * len(verdicts())

    def test_results_json_carries_it_for_a_correct_submission(self, tmp_path):
        folder = tmp_path / "submission"
        folder.mkdir()
        for name in ("board", "deque", "game"):
            shutil.copy(os.path.join(TOP, "xo", f"{name}.py"), folder)
        path = tmp_path / "results.json"
        grade(str(folder), str(path), enabled())
        results = json.loads(path.read_text())
        jsonschema.validate(results, SCHEMA)
        assert results["score"] == 100
        names = [entry["name"] for entry in results["leaderboard"]]
        assert names == ["Empty-board search, CPU s", "Boards popped", "Parts I-V"]
        assert results["leaderboard"][1]["value"] == 549946 and results["leaderboard"][2]["value"] == 100
