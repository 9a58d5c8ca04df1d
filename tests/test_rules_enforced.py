"""Every rule the students' handout states has a check, one that students see (issue 37).

The handout marks each sentence a submission can break with ``<!-- rule: ID -->`` (``handout/rules.py``), and
each check names the rules it tests (``@check(..., enforces=...)``).  These tests hold the two to each other
under the configuration that ships and under the kit's tests' one with Part VI on, and hold the students' copy
of the handout to being free of the markers.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import golden  # noqa: E402

from grader.checks.framework import CHECKS  # noqa: E402
from grader.grading.points import load  # noqa: E402
from grader.settings.config import visibility  # noqa: E402
from handout import rules  # noqa: E402
from ship.build import student_markdown  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
pytestmark = pytest.mark.quick


def handout():
    with open(os.path.join(TOP, "handout", "handout.md"), encoding="utf-8") as f:
        return f.read()


def marked():
    return rules.rules(handout())


def configurations():
    shipped = load(os.path.join(TOP, "grader", "config.toml"))
    pinned = load(golden.PINNED_CONFIG)
    pinned["points"]["VI"] = golden.PART6_POINTS
    return {"shipped": shipped, "tests, Part VI on": pinned}


def test_the_handout_marks_the_rules_of_every_part():
    sections = {rule.id.split(".")[0] for rule in marked()}
    assert {"files", "I", "II", "III", "IV", "V", "VI", "CQ", "NJ", "CG", "BAD", "upload"} <= sections
    assert len(marked()) >= 80


def test_every_rule_has_a_check():
    tested = {rule_id for check in CHECKS.values() for rule_id in check.enforces}
    untested = [f"{rule.id} ({rule.section}: {rule.passage[:60]})" for rule in marked() if rule.id not in tested]
    assert not untested, "rules of the handout no check tests: " + "; ".join(untested)


def test_every_check_names_rules_the_handout_marks():
    ids = {rule.id for rule in marked()}
    unmarked = {check.name: sorted(set(check.enforces) - ids) for check in CHECKS.values()
                if set(check.enforces) - ids}
    assert not unmarked, f"checks naming rules handout.md does not mark: {unmarked}"
    assert all(check.enforces for check in CHECKS.values())


@pytest.mark.parametrize("name", ["shipped", "tests, Part VI on"])
def test_every_rule_of_a_graded_part_has_a_check_students_see(name):
    config = configurations()[name]
    graded = {part for part, points in config["points"].items() if points}
    seen, tested = set(), set()
    for check in CHECKS.values():
        if check.part in graded:
            tested.update(check.enforces)
            if visibility(config, check.name) == "visible":
                seen.update(check.enforces)
    unseen = sorted(tested - seen)
    assert not unseen, f"under the {name} configuration, rules only withheld checks test: {unseen}"


def test_a_check_without_rules_is_refused():
    from grader.checks.framework import check
    with pytest.raises(ValueError, match="must name the handout's rules it tests"):
        check("I", cites=("Part I", "a phrase"), enforces=())(lambda ctx: None)


def test_a_rule_marked_twice_is_refused():
    with pytest.raises(ValueError, match="marked twice"):
        rules.rules("<!-- rule: I.x -->One. <!-- rule: I.x -->Two.")


def test_students_get_the_handout_without_the_markers():
    text = student_markdown(handout())
    assert "<!-- rule:" not in text and text in rules.strip(handout())


def test_every_passage_is_a_sentence_of_the_handout_as_students_read_it():
    flat = " ".join(rules.strip(handout()).split())
    for rule in marked():
        assert rule.passage in flat, rule.id
        assert len(rule.passage) > 15, f"{rule.id}: {rule.passage!r} is too short to say the rule"
