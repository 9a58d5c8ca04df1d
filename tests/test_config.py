"""The configuration is strict, and every configuration it accepts keeps Gradescope's visibility rule.

Gradescope's autograder specification ("Controlling Test Case Visibility"): "If test cases are hidden, students
will not be able to see their total score. Test cases with visibility set to `hidden` don't affect this, since
they should only be used for tests which don't contribute points to the total."  So a ``hidden`` test must be
worth 0 points, and every ``after_due_date`` or ``after_published`` test hides the total until then: the first
is an error of the configuration, the second a warning.  Nothing here runs student code but the replay of one
corpus submission's recorded observations.
"""

import json
import os
import random
import subprocess
import sys

import golden  # noqa: E402  (tests/golden: the pinned configuration)
import pytest

from grader.checks.framework import CHECKS
from grader.grading.points import load, max_scores, visibility_warnings
from grader.grading.run import about, new_verdict, points_not_run, public_checks
from grader.grading.verdict import Failure, Grading, Status
from grader.render.feedback import WITHHELD_FAILED
from grader.render.gradescope import gradescope
from grader.settings.config import VISIBILITIES, ConfigError, graded_parts

TOP = golden.TOP
pytestmark = pytest.mark.quick

with open(golden.PINNED_CONFIG, encoding="utf-8") as _f:
    SHIPPED = _f.read()


def written(tmp_path, text, name="config.toml"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def problems(tmp_path, text):
    with pytest.raises(ConfigError) as raised:
        load(written(tmp_path, text))
    return raised.value.problems


def failing_grading(config):
    """Every check of the Parts ``config`` grades, failed with an expected value, and one integrity finding:
    what results.json would be for a submission that fails everything."""
    scores = max_scores(config)
    verdicts = []
    for check in CHECKS.values():
        if check.part not in graded_parts(config):
            continue
        verdict = new_verdict(check, config, scores)
        verdict.status = Status.FAILED
        verdict.failure = Failure("wrong move", expected="SECRET-4", actual="0")
        verdict.withheld = verdict.private
        verdicts.append(verdict)
    from grader.settings.config import GRADESCOPE_VISIBILITY
    from grader.submission.integrity import Finding
    return Grading(verdicts, integrity=[Finding("board.py", 1, "imports collections")], integrity_scanned=True,
                   integrity_visibility=GRADESCOPE_VISIBILITY[config["visibility"]["integrity"]], about=about())


def assert_spec_rule(results, config):
    """Gradescope's rule on every test entry of ``results``: a hidden entry is worth 0 points; an entry whose
    details are withheld carries no expected value; and students see their total at once exactly when no entry
    is shown only later, which the configuration then warns of."""
    later = []
    for test in results["tests"]:
        assert test["visibility"] in ("visible", "hidden", "after_due_date", "after_published"), test
        if test["visibility"] == "hidden":
            assert test["max_score"] == 0, f"a hidden test worth points hides the total: {test['name']}"
        if test["visibility"] in ("after_due_date", "after_published"):
            later.append(test["name"])
        if test["extra_data"].get("details") == "withheld":
            assert "SECRET" not in test["output"] and test["output"].startswith(WITHHELD_FAILED), test
            assert "expected:" not in test["output"] and "actual:" not in test["output"], test
    warned = visibility_warnings(config)
    assert bool(later) == bool(warned), (later, warned)
    assert all("no total score" in line for line in warned)


# --- the shipped configuration and the spec ------------------------------------------------------------------

def test_the_default_configuration_lets_students_see_their_total_at_once():
    config = load()
    results = gradescope(failing_grading(config))
    assert_spec_rule(results, config)
    assert all(t["visibility"] == "visible" for t in results["tests"] if t["max_score"] > 0)
    assert [t["visibility"] for t in results["tests"] if t["name"] == "Integrity"] == ["hidden"]
    assert not visibility_warnings(config)


def test_a_failing_submissions_default_results_keep_the_rule(tmp_path):
    """A real failing submission (its recorded observations replayed), graded with the shipped configuration:
    every entry keeps the spec's rule; its failed withheld checks are counted in the total students see."""
    name = "submissions/buggy/tiebreak_high"
    config = golden.config_of(name)
    path = tmp_path / "results.json"
    golden.grade_recorded(name, os.path.join(TOP, "tests", *name.split("/")), str(path), config)
    results = json.loads(path.read_text())
    assert_spec_rule(results, config)
    withheld = [t for t in results["tests"] if t["extra_data"].get("details") == "withheld"]
    assert withheld and all(t["status"] == "failed" and t["visibility"] == "visible" for t in withheld)
    assert all(t["visibility"] == "visible" for t in results["tests"] if t["name"] != "Integrity")
    assert "total" in results["output"] and "(details withheld: 0 of 1 passed)" in results["output"]


def test_everything_visible_ships_details_and_still_shows_the_total():
    config = load()
    config["visibility"] = {"default": "visible", "integrity": "hidden"}
    results = gradescope(failing_grading(config))
    assert_spec_rule(results, config)
    assert not [t for t in results["tests"] if t["extra_data"].get("details")]
    assert all("SECRET-4" in t["output"] for t in results["tests"] if t["name"] != "Integrity")


@pytest.mark.parametrize("seed", range(40))
def test_any_configuration_keeps_the_rule_or_is_refused_with_the_reason(seed, tmp_path):
    """Random visibility choices (default, integrity, any check) and points, Part VI on or off: either the
    configuration is refused, each hidden check worth points named with the reason, or results.json keeps the
    rule and every after_… choice is warned of."""
    rng = random.Random(seed)
    lines = [f"default = \"{rng.choice(VISIBILITIES)}\"", f"integrity = \"{rng.choice(VISIBILITIES)}\""]
    for name in rng.sample(sorted(CHECKS), rng.randrange(0, 12)):
        lines.append(f"{name} = \"{rng.choice(VISIBILITIES)}\"")
    text = SHIPPED[:SHIPPED.index("\ndefault = ")] + "\n" + "\n".join(lines) + "\n"
    text = text.replace("\nVI = 0\n", f"\nVI = {rng.choice([0, 0, 10])}\n")
    try:
        config = load(written(tmp_path, text))
    except ConfigError as error:
        assert all(line.startswith(str(tmp_path)) or line.startswith("config.toml") or "config.toml:" in line
                   for line in error.problems), error.problems
        assert any('"hidden"' in line and ("worth" in line) or "runs only after" in line
                   for line in error.problems), error.problems
        return
    results = gradescope(failing_grading(config))
    assert_spec_rule(results, config)


def test_a_hidden_check_worth_points_is_refused_with_the_reason(tmp_path):
    found = problems(tmp_path, SHIPPED.replace('part4_more_positions = "withheld"', 'part4_more_positions = "hidden"'))
    assert len(found) == 1
    assert "[visibility] part4_more_positions = \"hidden\", but it is worth 2.84 points" in found[0]
    assert "keeps students from seeing their total" in found[0] and "withheld" in found[0]


def test_a_hidden_check_worth_nothing_is_allowed(tmp_path):
    text = SHIPPED.replace('integrity = "hidden"', 'integrity = "hidden"\nprints_only_in_show = "hidden"')
    config = load(written(tmp_path, text))
    assert not visibility_warnings(config)


def test_a_default_that_hides_totals_is_warned_of_or_refused(tmp_path):
    text = SHIPPED.replace('default = "visible"', 'default = "after_due_date"').replace('"withheld"', '"after_due_date"')
    later = load(written(tmp_path, text))
    warned = visibility_warnings(later)
    assert len(warned) == 1 and 'default = "after_due_date"' in warned[0]
    assert "Gradescope shows students no total score until the due date" in warned[0]
    found = problems(tmp_path, SHIPPED.replace('default = "visible"', 'default = "hidden"'))
    assert any('default = "hidden" makes' in line and "only for checks worth 0 points" in line for line in found)


def test_integrity_shown_only_later_hides_the_total_and_is_warned_of(tmp_path):
    config = load(written(tmp_path, SHIPPED.replace('integrity = "hidden"', 'integrity = "after_published"')))
    assert any("the Integrity report" in line and "until grades are published" in line
               for line in visibility_warnings(config))


def test_a_visible_check_after_one_students_see_later_is_refused(tmp_path):
    found = problems(tmp_path, SHIPPED.replace('integrity = "hidden"', 'integrity = "hidden"\n'
                                               'optimal_move_plays = "withheld"'))
    blocked = [line for line in found if "runs only after optimal_move_plays (\"withheld\")" in line]
    config = load()
    assert len(blocked) == sum(1 for c in CHECKS.values() if "optimal_move_plays" in c.depends and c.part != "VI"
                               and config["visibility"].get(c.name, "visible") == "visible")
    assert all("starter kit could never run it" in line for line in blocked if '"visible" but' in line)


# --- strictness -------------------------------------------------------------------------------------------------

def test_every_problem_is_one_line_naming_file_key_and_what_is_allowed_all_at_once(tmp_path):
    text = (SHIPPED.replace("[check_weights]", "[check_weight]")
            .replace("strict_handout = false", 'strict_handout = "no"')
            .replace("timeout = 30", "timout = 30")
            .replace("memory_mib = 512", "memory_mb = 512")
            .replace("V = 25", "V = 25\nvi = 20")
            .replace('part4_more_positions = "withheld"', 'part4_more_positions = "hiden"'))
    text += "\n[grading2]\n"
    found = problems(tmp_path, text)
    where = str(tmp_path / "config.toml")
    expected = [
        "unknown section [check_weight]. Did you mean `check_weights`?",
        "unknown section [grading2]. Did you mean `grading`?",
        '[grading] strict_handout = "no": must be true or false (a TOML boolean, without quotes).',
        "[points] vi: unknown key. Did you mean `VI`?",
        "[limits] timout: unknown key. Did you mean `timeout`?",
        "[limits] memory_mb: unknown key. Did you mean `memory_mib`?",
        "[limits] timeout is missing: it must be a number > 0.",
        '[visibility] part4_more_positions = "hiden": must be one of "visible", "withheld"',
    ]
    for piece in expected:
        assert any(piece in line for line in found), (piece, found)
    assert all("\n" not in line and where in line for line in found), found


@pytest.mark.parametrize("edit, piece", [
    (("strict_handout = false", "strict_handout = 0"), "[grading] strict_handout = 0: must be true or false"),
    (("I = 10", 'I = "10"'), '[points] I = "10": must be a number >= 0'),
    (("I = 10", "I = true"), "[points] I = true: must be a number >= 0"),
    (("I = 10", "I = -1"), "[points] I = -1: must be a number >= 0"),
    (("memory_mib = 512", "memory_mib = 512.5"), "[limits] memory_mib = 512.5: must be a whole number > 0"),
    (("total = 510", "total = 0"), "[limits] total = 0: must be a number > 0"),
    (("file_kib = 256", "file_kib = 4096"), "[limits] file_kib = 4096: must be a whole number from 1 to 512"),
    (("empty_board = 2", "empty_bord = 2"), "[check_weights] empty_bord: unknown key. Did you mean `empty_board`?"),
    (("empty_board = 2", "empty_board = -2"), "[check_weights] empty_board = -2: must be a number >= 0"),
    (("board_imports = 0", "board_imports = 0\nstrict-handout = true"), "[check_weights] strict-handout: unknown key"),
    (("[limits]", "[limits]\nmemory_mib = 4"), "not valid TOML"),
])
def test_each_kind_of_mistake_is_named(tmp_path, edit, piece):
    assert edit[0] in SHIPPED
    found = problems(tmp_path, SHIPPED.replace(edit[0], edit[1], 1))
    assert any(piece in line for line in found), found


def test_weights_leaving_a_part_empty_are_refused(tmp_path):
    text = SHIPPED.replace("board_imports = 0", "\n".join(f"{c.name} = 0" for c in CHECKS.values() if c.part == "I"))
    assert any("leaves no check of Part I with a weight above 0" in line for line in problems(tmp_path, text))


@pytest.mark.parametrize("command", [
    [sys.executable, "-m", "grader", "grade", "examples/submission", "--quiet", "--results", "RESULTS"],
    [sys.executable, "ship/build.py", "autograder", "--output", "ZIP"],
    [sys.executable, "ship/build.py", "starter", "--output", "ZIP"],
    [sys.executable, "-m", "grader", "batch", "examples", "--csv", "RESULTS"],
])
def test_no_command_shows_a_traceback_for_a_bad_configuration(tmp_path, command):
    bad = written(tmp_path, SHIPPED.replace("timeout = 30", "timout = 30").replace("[check_weights]", "[weights]"))
    command = [str(tmp_path / "out") if c in ("RESULTS", "ZIP") else c for c in command]
    if "batch" in command:
        command += ["--config", bad]
    done = subprocess.run(command, cwd=TOP, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, XO_CONFIG=bad))
    assert "Traceback" not in done.stderr + done.stdout, done.stderr
    assert "timout: unknown key. Did you mean `timeout`?" in done.stderr, done.stderr
    assert "unknown section [weights]. Did you mean `check_weights`?" in done.stderr, done.stderr


def test_a_misspelt_section_is_said_once(tmp_path):
    """Issue 40, item 9: ``[visiblity]`` is one problem, its did-you-mean, not also "section [visibility] is
    missing"; the rules between values, which read [visibility], wait for it (no KeyError)."""
    found = problems(tmp_path, SHIPPED.replace("[visibility]", "[visiblity]"))
    assert found == [f"{tmp_path / 'config.toml'}: unknown section [visiblity]. Did you mean `visibility`? Sections: "
                     f"[grading], [points], [check_weights], [limits], [visibility], [leaderboard]."]
    found = problems(tmp_path, SHIPPED.replace("[visibility]", "[colours]"))
    assert any("unknown section [colours]." in line for line in found)
    assert any("section [visibility] is missing" in line for line in found)     # a name nothing like it: both said


# --- what the starter says and carries --------------------------------------------------------------------------

def test_the_points_the_starter_cannot_check_follow_the_configuration():
    config = load()
    assert points_not_run(config, public_checks(config), public_checks(config)) == (
        "These checks hold 91.6 of the 100 points; the other 8.4 are held by 3 check(s) of Parts IV, V that run "
        "only on Gradescope, where they show their score but not their details.")
    config["visibility"] = {"default": "visible", "integrity": "hidden"}
    config["points"]["VI"] = 10
    assert points_not_run(config, public_checks(config), public_checks(config)) == "These checks hold all 110 points."
    config["visibility"]["empty_board"] = "after_due_date"
    assert "check(s) of Part V that run only on Gradescope and are shown after the due date" in \
        points_not_run(config, public_checks(config), public_checks(config))


def test_the_starter_says_what_it_gives_away():
    from ship.build import giveaway, visible_fixtures
    config = load()
    lines, warnings = giveaway(config, visible_fixtures(config))
    assert lines == ["the starter carries the expected moves of 32 positions"] and not warnings
    config["visibility"] = {"default": "visible", "integrity": "hidden"}
    lines, warnings = giveaway(config, visible_fixtures(config))
    assert "the starter carries the expected moves of 9,070 positions" in lines
    assert any("part5_more_o_positions" in w and "every one of them" in w for w in warnings), warnings
    config["points"]["VI"] = 10
    config["visibility"] = {"default": "visible", "integrity": "hidden", "minimax_values_everywhere": "withheld",
                            **{f"{j}_everywhere": "withheld" for j in ("codequest", "ninja", "codingame")}}
    fixtures = visible_fixtures(config)
    assert 60 <= len(fixtures["part6"]["values"]) < 100 and fixtures["part6"]["contracts"] == []
    assert fixtures["part6"]["chosen"] == {}           # what the withheld checks judge stays with them


def test_sections_whose_keys_all_have_defaults_may_be_left_out(tmp_path):
    text = SHIPPED[SHIPPED.index("[points]"):]
    text = text[:text.index("[check_weights]")] + text[text.index("[limits]"):]
    config = load(written(tmp_path, text))
    assert config["grading"] == {"strict_handout": False, "partial_credit": "none", "part6_positions": "chosen"}
    assert config["check_weights"] == {}
    found = problems(tmp_path, "x = 1\n")
    assert any("unknown key x outside any section" in line for line in found)
    assert any("section [points] is missing; it takes I, II, III, IV, V." in line for line in found)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root: reads the file as another user")
def test_a_configuration_the_user_cannot_read_is_a_configuration_error(tmp_path):
    """A config.toml the grader's user may not read (a PrairieLearn container running as another user, say) is
    refused with its name and the reason, like a missing one, not a traceback."""
    path = tmp_path / "config.toml"
    path.write_text(open(golden.PINNED_CONFIG, encoding="utf-8").read())
    os.chmod(path, 0o600)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:                         # the child: become another user, then load (the modules are imported)
        try:
            os.setresgid(65534, 65534, 65534)
            os.setresuid(65534, 65534, 65534)
            try:
                load(str(path))
                said = "loaded"
            except ConfigError as error:
                said = "ConfigError: " + "; ".join(error.problems)
            except BaseException as error:           # noqa: BLE001
                said = f"{type(error).__name__}: {error}"
            os.write(write, said.encode())
        finally:
            os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    with os.fdopen(read) as f:
        said = f.read()
    assert said.startswith("ConfigError: ") and "cannot be read by this user (uid 65534)" in said, said


def test_partial_credit_takes_one_of_its_three_words(tmp_path):
    text = SHIPPED.replace('partial_credit = "none"', 'partial_credit = "half"')
    found = problems(tmp_path, text)
    assert any("partial_credit" in line and '"none", "quarters", "proportional"' in line and "half" in line
               for line in found), found
    for word in ("none", "quarters", "proportional"):
        assert load(written(tmp_path, SHIPPED.replace('partial_credit = "none"',
                                                      f'partial_credit = "{word}"')))["grading"]["partial_credit"] == word


def test_part6_positions_is_chosen_or_every(tmp_path):
    """[grading] part6_positions: "chosen" or "every", anything else one line naming the key and the two."""
    assert load()["grading"]["part6_positions"] == "chosen"
    text = SHIPPED.replace('part6_positions = "chosen"', 'part6_positions = "every"')
    assert load(written(tmp_path, text))["grading"]["part6_positions"] == "every"
    found = problems(tmp_path, SHIPPED.replace('part6_positions = "chosen"', 'part6_positions = "all"'))
    assert [line.endswith('config.toml: [grading] part6_positions = "all": must be one of "chosen", "every".')
            for line in found] == [True], found
