"""``grade --part`` and ``grade --check`` (the starter's ``make test PART=III`` and ``make test CHECK=3.7``):
the checks asked for run, with every check they wait for, and the report says which ran and why; a Part or
check that names nothing runnable is refused with its name, and nothing is written."""

import json
import os
import re
import subprocess
import sys

import pytest

from grader.checks.framework import CHECKS, with_dependencies
from grader.grading.selection import SelectionError, select

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)


def numbers(names):
    return sorted(CHECKS[n].number for n in names)


class TestSelect:
    """``grader.grading.selection.select``: what a Part or a check names, and what must run for it."""

    @pytest.mark.parametrize("spelling", ["III", "iii", "3", "Part III", "part 3"])
    def test_a_part_is_named_by_numeral_digit_or_title(self, spelling):
        assert select(parts=[spelling]).chosen == {n for n, c in CHECKS.items() if c.part == "III"}

    def test_a_check_is_named_by_number_or_name(self):
        assert select(checks=["3.7"]).chosen == select(checks=["deque_amortised_constant_time"]).chosen \
            == {"deque_amortised_constant_time"}

    def test_lists_may_be_comma_separated_or_repeated(self):
        assert select(checks=["3.7,4.1"]).chosen == select(checks=["3.7", "4.1"]).chosen
        assert select(parts=["I", "II"]).chosen == select(parts=["I,II"]).chosen

    def test_every_check_waited_for_runs_and_says_for_which(self):
        chosen = select(checks=["5.1"])
        assert chosen.names == with_dependencies("empty_board")
        for name in chosen.names - {"empty_board"}:
            assert chosen.why(name) == "for 5.1"
        assert chosen.why("empty_board") is None

    def test_a_check_of_a_chosen_part_is_not_said_to_be_waited_for(self):
        chosen = select(parts=["III"])
        assert chosen.needed and all(CHECKS[name].part != "III" for name in chosen.needed)

    @pytest.mark.parametrize("part, check, said", [
        (["VII"], [], "no Part 'VII'"),
        ([], ["3.70"], "no check '3.70'"),
        ([], ["deque_amortized"], "no check 'deque_amortized'"),
        ([], [" , "], "nothing asked for"),
    ])
    def test_what_names_nothing_is_refused_with_its_name(self, part, check, said):
        with pytest.raises(SelectionError, match=said):
            select(part, check)

    def test_a_check_outside_what_may_run_is_refused_with_the_reason(self):
        with pytest.raises(SelectionError, match=r"check 4\.7 part4_more_positions does not run here: hidden here"):
            select(checks=["4.7"], among=set(CHECKS) - {"part4_more_positions"}, why_not=lambda name: "hidden here")
        with pytest.raises(SelectionError, match="Part VI has no check that runs here: off"):
            select(parts=["VI"], among={n for n, c in CHECKS.items() if c.part != "VI"}, why_not=lambda name: "off")

    def test_selection_error_is_a_value_error(self):
        assert issubclass(SelectionError, ValueError)


def grade(*arguments, results):
    return subprocess.run([sys.executable, "-m", "grader", "grade", os.path.join(TOP, "xo"), "--results",
                           str(results), *arguments], cwd=TOP, capture_output=True, text=True, timeout=300)


class TestCommandLine:
    """``python -m grader grade --check/--part`` on the reference, in the real sandbox."""

    def test_one_check_runs_with_what_it_waits_for_and_says_so(self, tmp_path):
        results = tmp_path / "results.json"
        done = grade("--check", "3.7", results=results)
        assert done.returncode == 0, done.stderr[-3000:]
        graded = json.loads(results.read_text())
        assert numbers(t["extra_data"]["check"] for t in graded["tests"]) == \
            numbers(with_dependencies("deque_amortised_constant_time"))
        assert all(t["status"] == "passed" for t in graded["tests"])
        waited = [line for line in done.stdout.splitlines() if "[for 3.7: it waits for this]" in line]
        assert sorted(line.split()[1] for line in waited) == numbers(with_dependencies("deque_amortised_constant_time")
                                                                    - {"deque_amortised_constant_time"})
        assert "Only the checks asked for (3.7) were run, with 3.1 deque_imports" in graded["output"]

    def test_the_starters_public_checks_of_one_part(self, tmp_path):
        results = tmp_path / "results.json"
        done = grade("--visible-only", "--part", "I", "--quiet", results=results)
        assert done.returncode == 0, done.stderr[-3000:]
        graded = json.loads(results.read_text())
        from grader.grading.points import load
        from grader.grading.run import public_checks
        assert {t["extra_data"]["check"] for t in graded["tests"]} == \
            {n for n in public_checks(load()) if CHECKS[n].part == "I"}
        assert "Only the checks asked for (Part I) were run." in graded["output"]

    def test_a_part_graded_alone_in_the_kit_says_the_rest_was_not_asked_for(self, tmp_path):
        """Issue 40, item 6: ``make grade PART=III`` in the repository, Part VI on: the checks it did not run were
        not asked for (they run here too), never "run only on Gradescope"; the report shows the Parts it ran, how
        many of their checks, and a total of those, never another Part as "0.00 / 0"."""
        import configurations
        results = tmp_path / "results.json"
        config = configurations.write(tmp_path, "part_vi_on")
        done = subprocess.run([sys.executable, "-m", "grader", "grade", os.path.join(TOP, "xo"), "--results",
                               str(results), "--part", "III"], cwd=TOP, capture_output=True, text=True, timeout=300,
                              env=dict(os.environ, XO_CONFIG=config))
        assert done.returncode == 0, done.stderr[-3000:]
        out = done.stdout
        from grader.grading.points import load, max_scores
        scores = max_scores(load(config))
        ran = {t["extra_data"]["check"] for t in json.loads(results.read_text())["tests"]}
        others = sum(1 for name, points in scores.items() if name not in ran and points > 0)
        assert others > 0 and ran == {c.name for c in CHECKS.values() if c.part == "III"} | {"game_imports"}
        assert (f"These checks hold 25 of the 110 points; the other 85 are held by {others} check(s) of Parts I, II, "
                f"IV, V, VI that were not asked for (a grading without PART or CHECK runs them).") in out
        assert "only on Gradescope" not in out
        report = out[out.index("\nPart "):]
        assert [line.split()[1] for line in report.splitlines() if line.startswith("Part ")] == ["II", "III"]
        part2 = sum(c.part == "II" for c in CHECKS.values())
        assert f"1/1 checks (1 of its {part2} run)" in report and \
            re.search(r"^Total +25\.00 / 25 \(of the checks run\)$", report, re.M), report

    @pytest.mark.parametrize("arguments, said", [
        (["--check", "9.9"], "grader: no check '9.9'"),
        (["--part", "VI"], "grader: Part VI has no check that runs here: Part VI has no points in config.toml"),
        (["--visible-only", "--check", "4.7"], 'grader: check 4.7 part4_more_positions does not run here: it runs '
                                                'only on Gradescope, after you upload (it is "withheld" in '
                                                'grader/config.toml; this kit runs the "visible" ones)'),
    ])
    def test_a_choice_that_names_nothing_to_run_is_refused_and_nothing_written(self, tmp_path, arguments, said):
        results = tmp_path / "results.json"
        results.write_text("the results of an earlier run")
        done = grade(*arguments, results=results)
        assert done.returncode == 2 and done.stderr.startswith(said), done.stderr
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
        assert results.read_text() == "the results of an earlier run"
