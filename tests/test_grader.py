"""The grader's verdicts: correct submissions get full marks, each mistake
costs points in its own Part only, and results.json is always valid."""

import json
import os
import re
import shutil
import subprocess
import sys
import time

import jsonschema
import pytest

from grader import PARTS
from grader.checks.framework import CHECKS, with_dependencies
from grader.commands.grade import grade
from grader.game.fixtures import load_fixtures
from grader.game.positions import accepted
from grader.grading.points import load
from grader.grading.run import about
from grader.grading.verdict import Grading
from grader.render.gradescope import gradescope
from grader.settings.config import ConfigError
from grader.submission.locate import locate

try:
    import tomllib
except ModuleNotFoundError:
    import tomli as tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "golden"))
import golden  # noqa: E402

sys.path.insert(0, HERE)
import quota  # noqa: E402

TOP = os.path.dirname(HERE)
CORPUS = os.path.join(HERE, "submissions")
SCHEMA = json.load(open(os.path.join(TOP, "grader", "schema", "results.schema.json")))
REFERENCE = [os.path.join(TOP, "xo", f"{n}.py") for n in ("board", "deque", "game")]


def expectations():
    path = os.path.join(CORPUS, "expectations.toml")
    if not os.path.exists(path):
        return {}, {}
    with open(path, "rb") as f:
        data = tomllib.load(f)
    return data.get("correct", {}), data.get("buggy", {})


CORRECT, BUGGY = expectations()


def grade_json(submission, results_path, config, *, recorded=None, **options):
    """Grade; return the results.json written, after checking it is what the returned Grading renders.
    ``recorded``: the corpus name whose recorded observations stand in for the sandbox while they hold
    (``golden.grade_recorded``)."""
    if recorded:
        grading = golden.grade_recorded(recorded, submission, results_path, config)
    else:
        grading = grade(submission, results_path, config, **options)
    with open(results_path, encoding="utf-8") as f:
        on_disk = json.load(f)
    assert on_disk == json.loads(json.dumps(gradescope(grading)))
    return on_disk


def run(submission, tmp_path, golden_name=None, **overrides):
    """Grade; validate results.json; with ``golden_name``, a corpus submission's, grade it on its recorded
    observations while they hold and check the results against their record (tests/golden)."""
    path = tmp_path / "results.json"
    config = golden.config_of(golden_name, **overrides) if golden_name else load(**overrides)
    on_disk = grade_json(str(submission), str(path), config, recorded=golden_name)
    jsonschema.validate(on_disk, SCHEMA)
    if golden_name:
        golden.assert_as_recorded(on_disk, golden_name)
    return on_disk


def per_part(results):
    return {part: (round(t.points, 2), t.max_points) for part, t in Grading.from_results(results).totals().items()}


def failures(results):
    return "\n".join(f"{t['number']} {t['output'][:300]}" for t in results["tests"] if t["status"] == "failed")


@pytest.fixture
def reference(tmp_path):
    folder = tmp_path / "submission"
    folder.mkdir()
    for path in REFERENCE:
        shutil.copy(path, folder)
    return folder


@pytest.fixture(scope="class")
def reference_results(tmp_path_factory):
    """The reference graded once, in the real sandbox, with config.toml, for the tests that only read it."""
    folder = tmp_path_factory.mktemp("reference")
    for path in REFERENCE:
        shutil.copy(path, folder)
    return run(folder, folder)


class TestReference:
    def test_reference_gets_full_marks(self, reference_results):
        results = reference_results
        assert results["score"] == 100, failures(results)
        assert all(t["status"] == "passed" for t in results["tests"])

    def test_every_check_reported_once_with_numeric_time(self, reference_results):
        results = reference_results
        graded = [name for name, check in CHECKS.items() if check.part != "VI"]     # Part VI is off by default
        assert [t["extra_data"]["check"] for t in results["tests"]] == [*graded, "integrity"]
        assert all(isinstance(t["execution_time"], float) for t in results["tests"])

    def test_withheld_checks_follow_the_configuration(self, reference_results):
        results = reference_results
        withheld = {t["extra_data"]["check"] for t in results["tests"] if t["extra_data"].get("details") == "withheld"}
        assert withheld == {"part4_more_positions", "part5_more_x_positions", "part5_more_o_positions"}
        assert all(t["visibility"] == "visible" for t in results["tests"] if t["max_score"] > 0)
        assert [t["visibility"] for t in results["tests"] if t["extra_data"]["check"] == "integrity"] == ["hidden"]
        assert "(details withheld: 1 of 1 passed)" in results["output"]


@pytest.mark.parametrize("name", sorted(CORRECT))
def test_correct_submission_gets_full_marks(name, tmp_path):
    results = run(os.path.join(CORPUS, "correct", name), tmp_path, golden_name=f"submissions/correct/{name}")
    assert results["score"] == sum(most for _, most in per_part(results).values()), failures(results)


@pytest.mark.parametrize("name", sorted(BUGGY))
def test_buggy_submission_loses_points_only_where_its_mistake_lives(name, tmp_path):
    expected = BUGGY[name]
    results = run(os.path.join(CORPUS, "buggy", name), tmp_path, golden_name=f"submissions/buggy/{name}")
    parts = per_part(results)
    for part in expected.get("lose", []):
        score, most = parts[part]
        assert score < most, f"{name} ({expected['mistake']}) should lose points in Part {part}"
    for part in expected.get("keep", []):
        score, most = parts[part]
        assert score == most, f"{name} should keep Part {part}:\n{failures(results)}"
    verdicts = {t["extra_data"]["check"]: t["extra_data"]["verdict"] for t in results["tests"]}
    for check in expected.get("fails", []):
        assert verdicts[check] == "failed", f"{name} should fail {check}"
    for check in expected.get("passes", []):    # one mistake, one check: not blocked by the check it fails
        assert verdicts[check] == "passed", f"{name} should pass {check}"
    if "diagnosis" in expected:
        assert_diagnosis(results, expected["diagnosis"])


def assert_diagnosis(results, cause):
    """Every failed move check of Parts IV and V names ``cause`` (a rule of ``grader.game.rules.RULES``; "none": no cause)
    in its feedback's words, and no other rule."""
    from grader.checks.framework import CHECKS
    from grader.game.families import Moves
    from grader.game.rules import RULES
    moves = [t for t in results["tests"] if t["status"] == "failed" and CHECKS[t["extra_data"]["check"]].rules
             and CHECKS[t["extra_data"]["check"]].rules[0].__class__ is Moves]
    assert moves, "no move check failed"
    for test in moves:
        said = test["output"]
        if cause == "none":
            assert "so none is named" in said or "none is named as the cause" in said or \
                "cannot be told apart from a scoring mistake" in said, said
        elif cause == "lines":
            assert "does not see three in a row" in said, said
        elif cause == "draw_zero" and "your gameOver()" in said:    # the student's own gameOver(), check 2.16
            assert "fix check 2.16 first" in said.lower(), said
        else:
            assert RULES[cause].broken in said, said
        for rule in Moves.rules:
            if rule != cause and rule != "cell":
                assert RULES[rule].broken not in said, (rule, said)


class TestPartVI:
    """Part VI, switched on: what it never costs in Parts I-V, and what never blocks it."""

    @staticmethod
    def part6_on():
        config = load()
        config["points"]["VI"] = golden.PART6_POINTS
        return config

    # These two grade submissions made here from the corpus, on recordings of their own (tests/golden/
    # observations/derived__*), which hold while their files and the sandbox are as recorded: 45 s of a run else.

    def test_missing_part6_files_cost_nothing_in_parts_1_to_5(self, reference, tmp_path):
        results = grade_json(str(reference), str(tmp_path / "r.json"), self.part6_on(),
                             recorded="derived/reference_with_part6_on")
        parts = per_part(results)
        assert all(score == most for part, (score, most) in parts.items() if part != "VI"), failures(results)
        verdicts = {t["extra_data"]["check"]: t for t in results["tests"]}
        for name in ("minimax_values_examples", "minimax_move", "minimax_breadth_first"):
            assert verdicts[name]["extra_data"]["verdict"] == "passed", name      # the reference's game.py has them
        for name in ("codequest_sample", "ninja_sample", "codingame_sample"):   # the bad-input checks wait for these
            assert "was not uploaded: it goes beside `game.py`" in verdicts[name]["output"], name
        assert re.search(r"(?m)^VI +minimax, and three judges +\d", results["output"]), results["output"]

    def test_parts_1_to_5_never_block_part6(self, tmp_path):
        folder = tmp_path / "s"
        shutil.copytree(os.path.join(CORPUS, "correct", "partvi_complete"), folder)
        board = folder / "board.py"
        board.write_text(board.read_text() + "\nBoardXO.__str__ = lambda self: 'broken'\n")   # Part I's str() breaks
        results = grade_json(str(folder), str(tmp_path / "r.json"), self.part6_on(),
                             recorded="derived/partvi_complete_str_broken")
        parts = per_part(results)
        assert parts["I"][0] < parts["I"][1] and parts["VI"][0] == parts["VI"][1], failures(results)
        part6 = [t for t in results["tests"] if t["extra_data"]["part"] == "VI"]
        assert len(part6) == 14 and all(t["extra_data"]["verdict"] == "passed" for t in part6)

    def test_part6_public_checks_run_in_the_starters_make_test(self, tmp_path):
        config = tmp_path / "config.toml"
        config.write_text(open(golden.PINNED_CONFIG).read().replace("\nVI = 0\n", "\nVI = 10\n"))
        out = tmp_path / "r.json"
        subprocess.run([sys.executable, "-m", "grader", "grade", os.path.join(CORPUS, "correct", "partvi_complete"),
                        "--config", str(config), "--visible-only", "--quiet", "--results", str(out)], cwd=TOP,
                       check=True, timeout=600)
        results = json.loads(out.read_text())
        ran = {t["extra_data"]["check"] for t in results["tests"] if t["extra_data"]["part"] == "VI"}
        part6 = {name for name, check in CHECKS.items() if check.part == "VI"}
        assert ran == part6 - {"minimax_values_everywhere", "codequest_everywhere", "ninja_everywhere",
                               "codingame_everywhere"}
        assert all(t["status"] == "passed" for t in results["tests"]), failures(results)
        assert ("the other 11.24 are held by 7 check(s) of Parts IV, V, VI that run only on Gradescope, where they "
                "show their score but not their details") in results["output"], results["output"][:600]


FORGE_DONE = """

import fcntl as _fcntl, io as _io, os as _os, stat as _stat


def _forge_done():
    for fd in range(3, 64):
        try:
            if not _stat.S_ISFIFO(_os.fstat(fd).st_mode) or _fcntl.fcntl(fd, _fcntl.F_GETFL) & _os.O_ACCMODE != _os.O_WRONLY:
                continue
        except OSError:
            continue
        out = _io.open(fd, "w", closefd=False)
        out.write('{"done": true}\\n')
        out.flush()
        sink = _io.open(_os.devnull, "w")
        _os.close(fd)
        _fcntl.fcntl(sink.fileno(), _fcntl.F_DUPFD, fd)


_solve = XO.makeOptimalMove


def _bail(self):
    if self.b.state.count(0) > 4:
        _forge_done()
        return 0
    return _solve(self)


XO.makeOptimalMove = _bail
"""


def test_a_run_that_forges_its_end_is_not_judged_on_answers_it_never_gave(reference, tmp_path):
    """Red team, round five: code that writes the harness's "done" and moves the channel to /dev/null ended
    its runs "finished" with no answers, and every check judging zip(positions, answers) passed.  Then each
    such run "ended with 0 answer(s)"; since round ten its "done" carries no token of the run, so it is not an
    observation at all."""
    game = reference / "game.py"
    game.write_text(game.read_text() + FORGE_DONE)
    results = grade_json(str(reference), str(tmp_path / "r.json"), load())
    verdicts = {t["extra_data"]["check"]: t for t in results["tests"]}
    for name in ("empty_board", "part4_more_positions", "part5_more_o_positions"):   # the last two are hidden
        assert verdicts[name]["extra_data"]["verdict"] == "failed", name
    assert "wrote something to the grader's channel that is not an observation" in verdicts["empty_board"]["output"], \
        verdicts["empty_board"]["output"][:300]


def test_corpus_is_present():
    if not os.path.exists(os.path.join(CORPUS, "expectations.toml")):
        pytest.skip("tests/submissions/expectations.toml is not committed yet: the corpus is still being built")
    assert len(CORRECT) >= 6, "tests/submissions/expectations.toml lists the correct corpus"
    if not BUGGY:
        pytest.skip("the buggy half of the corpus has not landed yet (expectations.toml lists none)")
    assert len(BUGGY) >= 12, "tests/submissions/expectations.toml lists the buggy corpus"


def test_whole_grading_keeps_to_its_time_budget(tmp_path):
    """A search that never ends costs the checks still to run when the budget is spent, never results.json:
    Gradescope writes nothing at all for a grading that outlives its own time limit."""
    config = load()
    config["limits"].update(timeout=3, slow_timeout=3, total=7)
    path = tmp_path / "results.json"
    started = time.monotonic()
    results = grade_json(os.path.join(HERE, "adversarial", "signal_handler"), str(path), config)
    elapsed = time.monotonic() - started
    jsonschema.validate(json.loads(path.read_text()), SCHEMA)
    assert elapsed < 7 + 3, f"grading took {elapsed:.1f} s with a budget of 7 s"
    late = [t for t in results["tests"] if t["output"].startswith("Not run: grading has a time limit of 7 s")]
    assert late, "some check should have been left unrun"
    assert all(t["score"] == 0 and t["extra_data"]["verdict"] == "not run" for t in late)
    cut = [t for t in results["tests"] if "were left of the 7 s" in t["output"]]
    assert len(cut) <= 1


class TestFeedback:
    def test_a_wrong_move_shows_board_scores_and_hint(self, reference, tmp_path):
        game = reference / "game.py"
        game.write_text(game.read_text().replace("PART_V = Rule(\"Part V\", 1,", "PART_V = Rule(\"Part V\", 10,"))
        results = grade_json(str(reference), str(tmp_path / "results.json"), load(),
                             only=with_dependencies("win_fast", "immediate_win"))
        jsonschema.validate(results, SCHEMA)
        failed = {t["extra_data"]["check"]: t["output"] for t in results["tests"] if t["status"] == "failed"}
        assert "win_fast" in failed and "immediate_win" not in failed
        output = failed["win_fast"]
        for piece in ("```text", "0 | 1 | 2", "- expected:", "- actual:", "\nPart V score ",
                      "explains all your moves", "starts every score at 10", "see the handout, Part V"):
            assert piece in output, piece

    def test_blocked_checks_say_what_they_wait_for(self, reference, tmp_path):
        (reference / "board.py").write_text("X = -1\ndef broken(:\n")
        results = run(reference, tmp_path)
        outputs = {t["extra_data"]["check"]: t["output"] for t in results["tests"]}
        assert "SyntaxError" in outputs["board_imports"] and "line 2" in outputs["board_imports"]
        assert outputs["board_empty"].startswith("Can't check until this passes")
        assert results["score"] < 100

    def test_missing_file_is_named_with_what_was_found(self, reference, tmp_path):
        os.rename(reference / "deque.py", reference / "Deque.py")
        results = run(reference, tmp_path)
        assert "found `Deque.py` instead; rename it to `deque.py`" in results["output"]
        deque_checks = [t for t in results["tests"] if t["extra_data"]["part"] == "III"]
        assert all(t["status"] == "failed" for t in deque_checks)
        assert per_part(results)["I"] == (10, 10)


class TestDiagnosis:
    """A failure says which limit was hit, and tells a search that never ends from a slow one."""

    @staticmethod
    def edit(folder, name, old, new):
        path = folder / name
        source = path.read_text()
        assert old in source, old
        path.write_text(source.replace(old, new, 1))

    @staticmethod
    def output(results, check):
        return next(t["output"] for t in results["tests"] if t["extra_data"]["check"] == check)

    def test_a_deque_that_never_empties_is_told_apart(self, reference, tmp_path):
        # popFront on an empty Deque hands out the last item it popped, and isEmpty() is never True
        self.edit(reference, "deque.py", '__slots__ = ("_items", "_head", "_count", "_mask")',
                  '__slots__ = ("_items", "_head", "_count", "_mask", "_last")')
        self.edit(reference, "deque.py", '        if not self._count:\n            raise IndexError("popFront() ',
                  '        if not self._count:\n            return self._last\n            raise IndexError("popFront() ')
        self.edit(reference, "deque.py", "        item = items[head]\n", "        item = self._last = items[head]\n")
        self.edit(reference, "deque.py", "        return self._count == 0\n", "        return False\n")
        config = load()
        config["limits"].update(timeout=3)
        results = grade_json(str(reference), str(tmp_path / "r.json"), config,
                        only={"game_imports", "deque_imports", "bfs_uses_deque"})
        output = self.output(results, "bfs_uses_deque")
        assert "its search never ends" in output and "isEmpty()" in output, output

    def test_a_slow_search_is_not_called_endless(self, reference, tmp_path):
        self.edit(reference, "game.py", "        cell = best_cell(score_moves(self.b, PART_V))",
                  "        import time; time.sleep(30)\n        cell = best_cell(score_moves(self.b, PART_V))")
        config = load()
        config["limits"].update(timeout=2)
        results = grade_json(str(reference), str(tmp_path / "r.json"), config, only={"game_imports", "optimal_move_plays"})
        output = self.output(results, "optimal_move_plays")
        assert "did not finish within 2 s" in output and "its search never ends" not in output, output

    def test_running_out_of_memory_names_the_limit_in_mib(self, reference, tmp_path):
        self.edit(reference, "game.py", "        cell = best_cell(score_moves(self.b, PART_V))",
                  "        hog = []\n        while True:\n            hog.append([0] * 100000)")
        config = load()
        config["limits"].update(memory_mib=300)
        results = grade_json(str(reference), str(tmp_path / "r.json"), config, only={"game_imports", "optimal_move_plays"})
        output = self.output(results, "optimal_move_plays")
        assert "300 MiB" in output and "exit status" not in output, output

    def test_str_with_trailing_spaces_stripped_is_described_as_such(self, tmp_path):
        results = run(os.path.join(CORPUS, "buggy", "str_rstrip"), tmp_path, golden_name="submissions/buggy/str_rstrip")
        output = self.output(results, "board_str_format")
        first = output.splitlines()[0]
        assert "spaces at the end of a row were left out" in first and "newline" not in first, output

    def test_winner_of_the_wrong_type_is_said_so(self, tmp_path):
        results = run(os.path.join(CORPUS, "buggy", "winner_bool"), tmp_path, golden_name="submissions/buggy/winner_bool")
        output = self.output(results, "winner_lines")
        assert "winner() returned a bool" in output and "8 lines" not in output, output


class TestFeedbackWords:
    """What a failed check says is true of the program that failed it, in plain words."""

    @staticmethod
    def outputs(name):
        with open(os.path.join(HERE, "golden", "submissions", "buggy", f"{name}.json"), encoding="utf-8") as f:
            return {t["extra_data"]["check"]: t["output"] for t in json.load(f)["tests"]}

    def test_a_shared_get_board_says_which_values_the_grader_wrote(self):
        said = self.outputs("getboard_live")["get_board_copy"]
        assert "The grader wrote 7 in every item" in said and "99 in its numMoves" in said, said
        assert "is what the grader wrote in the copy" in said and "```" not in said.split("- `")[0], said

    def test_a_quotation_inside_a_quotation_is_single_quoted(self):
        said = self.outputs("always_x")["o_to_move"]
        assert "“‘The current player’ is always the player to move" in said and '“"' not in said, said

    @pytest.mark.parametrize("name, check, words", [
        ("cr_winner_no_diagonals", "immediate_win", "Fix check 2.15 first: on every position where your move differs"
                                                    " ({}), it is the move a correct search makes with your winner(), "
                                                    "which does not see three in a row on 0-4-8 and 2-4-6"),
        ("cr_gameover_ignores_full", "handout_part4_example", "Fix check 2.16 first"),
        ("cr_same_player_children", "block", "Fix check 3.11 first"),
        ("cr_deque_front_none", "deque_empty_raises", "d.front() on an empty Deque should raise IndexError"),
    ])
    def test_a_failed_earlier_check_that_explains_the_moves_is_named_first(self, name, check, words):
        said = self.outputs(name)[check]
        head, _, tail = words.partition("{}")
        assert head in said and tail in said, said

    def test_a_withheld_move_check_made_visible_shows_the_scores_it_names(self, tmp_path):
        """5.6's positions carry no scores in the fixtures: made visible, its failure works them out and shows
        them above its hint (which, where it names no cause, points at "the table above")."""
        name = "submissions/buggy/part4_only"
        config = golden.config_of(name)
        config["visibility"]["part5_more_x_positions"] = "visible"
        grading = golden.grade_recorded(name, os.path.join(CORPUS, "buggy", "part4_only"), str(tmp_path / "r.json"),
                                        config)
        from grader.render.feedback import feedback
        said = feedback(next(v for v in grading.verdicts if v.check == "part5_more_x_positions"), grading.about)
        assert "Part V score" in said and "minimax value" in said and "Part IV rules choose" in said, said
        assert said.index("Part V score") < said.index("**Hint:**"), said

    def test_move_check_titles_state_what_is_tested(self):
        """Each visible move check's sentence says on which boards the handout's move is asked for, never a
        skill a program that fails it may still have (a tie-break toward the highest cell still wins at once)."""
        for name in ("immediate_win", "block", "lowest_cell_tie", "win_fast", "lose_slow", "o_to_move", "o_first"):
            assert "plays the handout's move" in CHECKS[name].sentence, CHECKS[name].sentence


class TestPartialCredit:
    """[grading] partial_credit: what a failed check over many positions earns, the instructor's choice."""

    @staticmethod
    def graded(tmp_path, credit):
        name = "submissions/buggy/missing_diagonal"
        config = golden.config_of(name)
        config["grading"]["partial_credit"] = credit
        grading = golden.grade_recorded(name, os.path.join(CORPUS, "buggy", "missing_diagonal"),
                                        str(tmp_path / f"{credit}.json"), config)
        return {v.check: v for v in grading.verdicts}, grading

    def test_none_by_default_and_a_share_of_the_positions_right_when_chosen(self, tmp_path):
        assert load()["grading"]["partial_credit"] == "none"
        none, _ = self.graded(tmp_path, "none")
        share, grading = self.graded(tmp_path, "proportional")
        quarters, _ = self.graded(tmp_path, "quarters")
        failed = [name for name, v in none.items() if v.failure is not None and v.failure.tally is not None]
        assert "part4_more_positions" in failed
        for name in failed:
            tally = none[name].failure.tally
            most = none[name].max_points
            right = (tally.total - tally.differ) / tally.total
            assert none[name].points == 0
            assert share[name].points == round(most * right, 2) > 0
            assert quarters[name].points == round(most * (int(right * 4) / 4), 2)
        from grader.render.feedback import feedback
        said = feedback(share["part4_more_positions"], about())
        assert f"Partial credit: {share['part4_more_positions'].points:g} of" in said and "answered right" in said
        assert "Partial credit" not in feedback(none["part4_more_positions"], about())
        assert round(grading.score, 2) > round(sum(v.points for v in none.values()), 2)


class TestLocate:
    def test_files_in_one_nested_folder(self, reference, tmp_path):
        outer = tmp_path / "upload"
        shutil.move(str(reference), str(outer / "project5"))
        found = locate(str(outer))
        assert sorted(found.files) == ["board", "deque", "game"] and not found.problems

    def test_missing_folder(self, tmp_path):
        found = locate(str(tmp_path / "nope"))
        assert not found.files and "does not exist" in found.messages()[0]

    def test_nothing_useful(self, tmp_path):
        (tmp_path / "notes.txt").write_text("hi")
        assert "`notes.txt`" in locate(str(tmp_path)).messages()[0]

    def test_a_file_too_large_is_not_taken_and_is_named(self, reference, tmp_path):
        """A file over file_kib, or one that would take the files together over submission_kib, is left out
        with its name, its size and the limit; the files before it are still taken."""
        (reference / "codequest.py").write_text("x = [" + "1," * 200_000 + "]\n")          # 391 KiB
        found = locate(str(reference), file_kib=256)
        assert sorted(found.files) == ["board", "deque", "game"]
        assert found.messages() == ["`codequest.py` in your submission is 390 KiB, more than the 256 KiB a file "
                                    "may hold, so it was not read and the checks that need it did not run. A "
                                    "correct file is a few KiB: remove what does not belong in it (a large "
                                    "literal, pasted data)."]
        together = locate(str(reference), file_kib=512, submission_kib=400)
        assert sorted(together.files) == ["board", "deque", "game"]
        assert "more than what is left of the 400 KiB all the files may hold together" in together.messages()[0]
        assert sorted(locate(str(reference), file_kib=512).files) == ["board", "codequest", "deque", "game"]


class TestResultsAlwaysWritten:
    def test_missing_submission_still_writes_results_and_exits_0(self, tmp_path):
        out = tmp_path / "r" / "results.json"
        done = subprocess.run([sys.executable, "-m", "grader", "grade", str(tmp_path / "missing"),
                               "--results", str(out), "--quiet"], cwd=TOP, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        results = json.loads(out.read_text())
        jsonschema.validate(results, SCHEMA)
        assert results["score"] == 0 and "does not exist" in results["output"]

    def test_a_forged_results_file_is_replaced(self, reference, tmp_path):
        path = tmp_path / "results.json"
        path.write_text('{"score": 100, "tests": []}')
        grade(str(reference), str(path), load(), fixtures=load_fixtures(), only=with_dependencies("board_empty"))
        assert json.loads(path.read_text())["tests"], "the grader's own results replace a planted file"

    def test_internal_error_is_reported_not_raised(self, reference, tmp_path):
        path = tmp_path / "results.json"
        results = grade_json(str(reference), str(path), load(), fixtures={"positions": {}})
        jsonschema.validate(json.loads(path.read_text()), SCHEMA)
        assert "internal error" in results["output"]
        assert any("internal error" in t["output"] for t in results["tests"])

    def test_bad_configuration_is_reported(self, reference, tmp_path):
        config = tmp_path / "config.toml"
        config.write_text(open(golden.PINNED_CONFIG).read().replace("empty_board = 2",
                                                                                        "empty_bord = 2"))
        out = tmp_path / "results.json"
        done = subprocess.run([sys.executable, "-m", "grader", "grade", str(reference), "--results", str(out),
                               "--config", str(config), "--quiet"], cwd=TOP, capture_output=True, text=True)
        assert done.returncode == 0
        assert "empty_bord" in done.stderr and "misconfigured" in json.loads(out.read_text())["output"]

    def test_config_errors_name_the_problem(self, tmp_path):
        with pytest.raises(ConfigError, match="not found"):
            load(str(tmp_path / "none.toml"))


class TestAcceptancePolicy:
    def test_the_minimax_move_is_accepted_on_every_judged_position_unless_strict(self):
        """The handout's note at the end of Part V: a true depth-aware minimax's move (lowest cell among equal
        values) is accepted too; not only where the Part V move is not minimax-optimal."""
        from grader.game.positions import expand
        from xo.analysis import board_from_moves, minimax_scores
        fixtures = load_fixtures()
        positions = [expand(p) if isinstance(p, str) else p for group in fixtures["positions"].values()
                     for p in group if isinstance(p, str) or "minimax" in p.get("best", {})]
        both_optimal = 0
        for p in positions:
            assert accepted(p, strict=False) == {p["best"]["V"], p["best"]["minimax"]}
            assert accepted(p, strict=True) == {p["best"]["V"]}
            if p["best"]["minimax"] != p["best"]["V"]:
                board = board_from_moves(list(zip(p["turn"][:p["numMoves"]], p["moves"][:p["numMoves"]])))
                mm = minimax_scores(board)
                both_optimal += mm[p["best"]["V"]] == mm[p["best"]["minimax"]]
        assert both_optimal >= 100, "judged positions where both moves are minimax-optimal but differ"

    def test_every_position_not_over_is_judged_once_in_the_hidden_checks(self):
        from grader.game.positions import expand
        from xo.analysis import reachable_positions
        fixtures = load_fixtures()["positions"]
        judged = [expand(p) for group in ("every_part4", "every_part5_x", "every_part5_o") for p in fixtures[group]]
        keys = [(tuple(p["state"]), p["first"]) for p in judged]
        assert len(keys) == len(set(keys))
        want = {(state, first) for first in (-1, 1) for state, _ in reachable_positions(first) if any(state)}
        assert set(keys) == want
        assert len(keys) + 1 == 9039          # and the empty board in its own check


FIXTURES_RECORD = os.path.join(HERE, "golden", "fixtures.json")
"""The digests under which grader/fixtures/positions.json was last proven current: of the code that builds it
(``fixture_sources``) and of the file itself.  While both hold, the file is what ``build()`` makes of that code,
and the 25 s of building it again prove nothing new; when either differs, the test builds it, compares, and
writes the record anew (commit it, or every later run builds it again)."""


def fixture_sources():
    """Every file ``grader/ta/fixtures_build.build()`` runs: the builder, the package's ``__init__`` and all of
    ``xo/`` (``test_the_fixtures_builder_reads_nothing_but_its_sources`` holds it to that)."""
    xo = os.path.join(TOP, "xo")
    return [os.path.join(TOP, "grader", "ta", "fixtures_build.py"), os.path.join(TOP, "grader", "__init__.py"),
            *(os.path.join(TOP, "grader", "game", n) for n in GAME_SOURCES),
            *sorted(os.path.join(xo, n) for n in os.listdir(xo) if n.endswith(".py"))]


GAME_SOURCES = ("__init__.py", "models.py", "positions.py", "part6_mistakes.py")
"""The modules of ``grader.game`` the builder runs: Part VI's mistakes, which choose the positions Part VI's
withheld checks judge (issue 43), and the parsers and models they read (each importing only the others)."""


def fixtures_digests():
    from grader.ta.fixtures_build import PATH
    return {"sources": golden.digest(fixture_sources(), sys.version_info[:2]), "fixtures": golden.digest([PATH])}


def test_fixtures_are_current():
    from grader.ta.fixtures_build import PATH, build, dumps
    now = fixtures_digests()
    try:
        with open(FIXTURES_RECORD, encoding="utf-8") as f:
            if json.load(f) == now:
                return                   # the same builder and reference made this very file: proven before
    except (OSError, ValueError):
        pass
    with open(PATH, encoding="utf-8") as f:
        assert f.read() == dumps(build()), "run `make fixtures`"
    with open(FIXTURES_RECORD, "w", encoding="utf-8") as f:
        json.dump(now, f, indent=1, sort_keys=True)
        f.write("\n")


def test_the_fixtures_builder_reads_nothing_but_its_sources():
    """What ``fixture_sources`` digests is all the builder runs: it imports only the standard library, the
    grader's ``ROOT`` and ``xo``, and ``xo`` only itself and the standard library; it opens no file but the one
    it writes."""
    import ast
    for path in fixture_sources():
        tree = ast.parse(open(path, encoding="utf-8").read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [("." * node.level) + (node.module or "")]
            else:
                continue
            for name in names:
                top = name.lstrip(".").split(".")[0]
                game = name.startswith("..game.") and name[len("..game."):] + ".py" in GAME_SOURCES or \
                    name.startswith(".") and name[1:] + ".py" in GAME_SOURCES and os.sep + "game" + os.sep in path
                allowed = (name == ".." and path.endswith("fixtures_build.py")) or top == "xo" or game or \
                    (name.startswith(".") and os.sep + "xo" + os.sep in path) or top in sys.stdlib_module_names
                assert allowed, f"{os.path.relpath(path, TOP)} imports {name}: add it to fixture_sources()"
        opens = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "open"]
        assert len(opens) == (1 if path.endswith("fixtures_build.py") else 0), f"{path} opens a file"


def test_a_change_to_a_source_of_the_fixtures_shows_in_its_digest(tmp_path):
    paths = []
    for k in range(3):
        paths.append(str(tmp_path / f"m{k}.py"))
        with open(paths[-1], "w") as f:
            f.write(f"X = {k}\n")
    before = golden.digest(paths, (3, 10))
    with open(paths[1], "a") as f:
        f.write("\n")
    assert golden.digest(paths, (3, 10)) != before
    assert golden.digest(paths, (3, 11)) != golden.digest(paths, (3, 10))


def test_points_add_up_per_part():
    from grader.grading.points import max_scores
    config = load()
    scores = max_scores(config)
    for part in PARTS:
        total = sum(scores[c.name] for c in CHECKS.values() if c.part == part)
        assert round(total, 2) == config["points"][part]


QUOTA_CASES = quota.CASES


class TestCpuQuota:
    """Under a quota, long runs are throttled and short ones are not: by wall-clock time, 16 times a correct
    deque's work took 149 times as long at a tenth of a CPU.  The grader times the child's CPU, which a
    quota leaves alone.

    The four gradings run at once, each in a cgroup of its own at a tenth of a CPU (tests/quota.py): under
    pytest-xdist the controller starts them as the suite starts, and they wait beside the other tests."""

    @pytest.fixture(scope="class")
    @classmethod
    def timed(cls):
        try:
            folder = os.environ.get(quota.ENVIRONMENT)
            return quota.collect(folder) if folder else quota.run()
        except quota.NoQuota as why:
            pytest.skip(str(why))

    @pytest.mark.parametrize("name", sorted(QUOTA_CASES))
    def test_deque_timing_holds_under_a_cpu_quota(self, timed, name):
        returncode, out, err = timed[name]
        assert returncode == 0, err[-3000:]
        [timing] = [t for t in json.loads(out) if t["extra_data"]["check"] == "deque_amortised_constant_time"]
        assert (timing["status"] == "passed") == QUOTA_CASES[name], timing["output"]


class TestCitations:
    """The handout is the contract: every check names the passage it enforces, quoted word for word."""

    @staticmethod
    def handout():
        text = open(os.path.join(TOP, "handout", "handout.md"), encoding="utf-8").read()
        return text, " ".join(text.split())

    def test_every_check_quotes_a_phrase_of_the_handout(self):
        from grader.checks.framework import CHECKS
        text, flat = self.handout()
        headings = [line[3:] for line in text.splitlines() if line.startswith("## ")]
        for check in CHECKS.values():
            section, phrase = check.cites
            assert any(h == section or h.startswith(section + ":") for h in headings), (check.name, section)
            assert " ".join(phrase.split()) in flat, f"{check.name} cites words the handout does not have: {phrase!r}"

    def test_a_deque_failure_cites_the_passage_of_the_operation_that_failed(self):
        from grader.checks.framework import Fail
        from grader.checks.part3 import PASSAGES, run_against_model
        text, flat = self.handout()
        assert all(" ".join(p.split()) in flat for p in PASSAGES.values())
        operations = [["pushBack", 1], ["size"], ["popBack"]]
        results = [{"value": {"type": "NoneType", "value": None}}, {"value": {"type": "int", "value": 1}},
                   {"value": {"type": "int", "value": 2}}]            # popBack() gives back the wrong item
        with pytest.raises(Fail) as failed:
            run_against_model(None, results, operations, "hint")
        assert failed.value.section == "Part III: “`popFront()`, `popBack()`: remove and return the item at the front or at the back”"
        results[1] = {"value": {"type": "int", "value": 0}}            # size() is wrong first
        with pytest.raises(Fail) as failed:
            run_against_model(None, results, operations, "hint")
        assert "`size()` and `len(d)`" in failed.value.section

    def test_the_feedback_names_the_cited_passage(self, reference, tmp_path):
        game = reference / "game.py"
        game.write_text(game.read_text().replace(
            "    if board.state[pos] != EMPTY:\n", "    if False:\n"))
        results = grade_json(str(reference), str(tmp_path / "results.json"), load(),
                             only=with_dependencies("make_move_rejects_taken"))
        failed = next(t for t in results["tests"] if "when the cell is taken" in t["name"])
        assert "Part II: “the cell is already taken”" in failed["output"]


class TestStarterReport:
    """What the starter kit's `make test` (the visible checks) tells a student."""

    def test_the_report_says_how_many_points_the_hidden_checks_hold(self, reference, tmp_path):
        from grader.grading.points import max_scores
        from grader.settings.config import visibility
        config = load()
        visible = {n for n in CHECKS if visibility(config, n) == "visible"}
        results = grade_json(str(reference), str(tmp_path / "r.json"), config, only=visible)
        held = round(sum(v for n, v in max_scores(config).items() if n in visible), 2)
        assert f"These checks hold {held:g} of the 100 points; the other {round(100 - held, 2):g}" in results["output"]

    def test_a_blocked_check_names_the_check_it_waits_for_even_in_another_part(self, reference, tmp_path):
        from grader.render.console import console
        (reference / "game.py").write_text("raise ImportError('not yet')\n")
        results = run(reference, tmp_path)
        text = console(Grading.from_results(results, about=about()))
        part_iv = text[text.index("Part IV"):text.index("Part V ")]
        assert "could not run until 2.1 game_imports (Part II) passes" in part_iv, text

    def test_the_console_shows_text_not_markdown_and_lines_up_the_total(self):
        from grader.render.console import console
        with open(os.path.join(HERE, "golden", "submissions", "buggy", "missing_diagonal.json"), encoding="utf-8") as f:
            results = json.load(f)
        text = console(Grading.from_results(results, about=about()))
        assert "\\_" not in text and "**" not in text and "&lt;" not in text, text
        points = [line.index(" / ") for line in text.splitlines() if line.startswith(("Part ", "Total"))]
        assert len(set(points)) == 1, text          # every " / " in one column, the Total's too
        with open(os.path.join(HERE, "golden", "adversarial", "html_exception.json"), encoding="utf-8") as f:
            shown = console(Grading.from_results(json.load(f), about=about()))
        assert "\\*" not in shown and "\\[" not in shown and "&lt;" not in shown, shown   # the student's text as is
        assert "**All checks passed**" in shown and "\x1b" not in shown

    def test_tracebacks_show_the_students_file_names(self, reference, tmp_path):
        game = reference / "game.py"
        game.write_text(game.read_text().replace("        _check_move(self.b, play, pos)\n",
                                                 "        _check_move(self.b, play, pos)\n        1 / 0\n", 1))
        results = run(reference, tmp_path)
        output = next(t["output"] for t in results["tests"] if t["extra_data"]["check"] == "make_move_updates")
        assert 'File "game.py", line' in output and "xo-stage" not in output, output

    def test_flat_imports_are_noted_with_the_fix(self, tmp_path):
        results = run(os.path.join(CORPUS, "correct", "flat_imports"), tmp_path, golden_name="submissions/correct/flat_imports")
        assert results["score"] == 100
        assert "imports flat (`from board import …`)" in results["output"]
        assert "write `from .board import …`" in results["output"]


class TestVisibility:
    def test_checks_shown_later_are_left_out_of_the_overview_and_counted_apart(self, reference, tmp_path):
        config = load()
        config["visibility"]["empty_board"] = "after_due_date"
        config["visibility"]["o_first"] = "after_published"
        results = grade_json(str(reference), str(tmp_path / "r.json"), config)
        overview = results["output"]
        from grader.grading.points import max_scores
        scores = max_scores(config)
        assert f"{scores['empty_board']:g} more points are held by 1 check(s) whose results are shown after the " \
               f"due date" in overview
        assert "shown once grades are published" in overview
        part_v = next(line for line in overview.splitlines() if line.startswith("V "))          # the grid's row
        assert f"/ {round(25 - scores['empty_board'] - scores['o_first'], 2):g} " in part_v, part_v


class TestArchitecture:
    """The README's picture of the grader is the code's: every module it names exists, every name it gives
    resolves, and `python -m grader checks` lists what each check observes."""

    @staticmethod
    def section():
        text = open(os.path.join(TOP, "README.md"), encoding="utf-8").read()
        start = text.index("## How the grader is built")
        return text[start:text.index("\n## ", start + 1)]

    def test_every_module_named_exists(self):
        named = set(re.findall(r"`([\w/]+\.(?:py|toml|json))`", self.section()))
        assert len(named) >= 20, named
        places = ("", "grader", *(os.path.join("grader", d) for d in os.listdir(os.path.join(TOP, "grader"))
                                  if os.path.isdir(os.path.join(TOP, "grader", d))))
        named -= {"board.py", "deque.py", "game.py", "codequest.py", "ninja.py", "codingame.py", "partN.py",
                  "checks/partN.py", "results.json"}     # the student's, and a pattern
        missing = sorted(n for n in named if not any(os.path.exists(os.path.join(TOP, p, n)) for p in places))
        assert not missing, missing

    def test_every_name_given_resolves(self):
        import importlib
        for dotted in ("grader.submission.locate.Problem", "grader.observing.assignment.open_sandbox", "grader.checks.Probe",
                       "grader.checks.moves.Played", "grader.checks.Source", "grader.checks.Fail",
                       "grader.observing.probes.registry.PROBES", "grader.grading.verdict.Verdict", "grader.grading.verdict.Grading",
                       "grader.render.gradescope.gradescope", "grader.render.console.console", "grader.sandbox.channel.Outcome"):
            module, name = dotted.rsplit(".", 1)
            assert hasattr(importlib.import_module(module), name), dotted
            assert name in self.section(), f"{name} is not in the README's section"

    def test_the_checks_command_lists_what_each_check_observes(self):
        done = subprocess.run([sys.executable, "-m", "grader", "checks"], cwd=TOP, capture_output=True, text=True,
                              check=True)
        for check in CHECKS.values():
            assert check.name in done.stdout
            for spec in check.observes:
                assert f"observes: {spec.describe()}" in done.stdout, (check.name, spec)
        assert all(check.observes for check in CHECKS.values()), "a check that observes nothing"


class TestQuestionsStudentsAsk:
    """Parts II and III's questions from the handout's "Questions students ask": every reading it allows passes,
    and a reading it forbids fails quoting its passage."""

    @staticmethod
    def handout():
        return " ".join(open(os.path.join(TOP, "handout", "handout.md"), encoding="utf-8").read().split())

    @staticmethod
    def graded(folder, checks):
        """The verdicts of ``checks`` (and what they depend on) on ``folder``, run in this process (no sandbox:
        the reference and small edits of it only)."""
        from grader.grading.run import run_checks
        from grader.sandbox import InProcess
        needed, waiting = set(), list(checks)
        while waiting:
            name = waiting.pop()
            if name not in needed:
                needed.add(name)
                waiting += CHECKS[name].depends
        verdicts = run_checks(locate(str(folder)), load(), fixtures=load_fixtures(), backend=InProcess, only=needed)
        return {v.check: v for v in verdicts}

    @staticmethod
    def players_passed(ctx):
        """Every player the Part II checks pass to makeMove, makeMoves or XO(play, pos, n)."""
        found = []
        for entry in CHECKS.values():
            if entry.part != "II":
                continue
            for spec in entry.observes:
                args = getattr(spec, "args", None)
                args = args(ctx) if callable(args) else (args or {})
                for step in args.get("steps", ()):
                    if step[0] == "makeMove":
                        found.append(step[1])
                    elif step[0] in ("new", "makeMoves") and len(step) > 1:
                        found += list(step[1])
        return found

    def test_true_1_0_and_minus_1_0_as_players_refused_or_taken_both_pass(self, reference):
        """Part II: "`True` and `1.0`, which Python counts equal to 1, may be refused or taken as O: either is
        accepted; so may `-1.0`, which it counts equal to -1, be refused or taken as X"; the grader never passes
        them, and a makeMove that accepts 0 still fails, citing the passage."""
        from types import SimpleNamespace
        assert "`play` is not -1 or 1 (`True` and `1.0`, which Python counts equal to 1, may be refused or taken as " \
               "O: either is accepted; so may `-1.0`, which it counts equal to -1, be refused or taken as X)" \
               in self.handout()
        players = self.players_passed(SimpleNamespace(fixtures=load_fixtures()))
        assert 0 in players and 2 in players
        assert not [p for p in players if isinstance(p, (bool, float))], "the grader must never ask"
        part2 = [c.name for c in CHECKS.values() if c.part == "II"]
        game = reference / "game.py"
        source = game.read_text()
        strict = "    if isinstance(play, bool) or play not in (-1, 1) or not isinstance(play, int):\n"
        assert strict in source
        readings = {"refused": source,
                    "taken as O, and -1.0 as X": source.replace(strict, "    if play not in (-1, 1):\n")}
        for reading, text in readings.items():
            game.write_text(text)
            verdicts = self.graded(reference, part2)
            assert all(v.passed for v in verdicts.values()), (reading, [v.check for v in verdicts.values()
                                                                        if not v.passed])
        game.write_text(source.replace(strict, "    if play not in (-1, 0, 1):\n"))     # 0 is no player
        verdict = self.graded(reference, ["make_move_rejects_player"])["make_move_rejects_player"]
        assert not verdict.passed
        assert "Part II: “`play` is not -1 or 1”" in verdict.failure.section

    def test_a_deque_of_two_stacks_that_move_half_is_hand_written(self):
        """Part III: "Any other form you write by hand is accepted too ... two Python lists used as stacks"."""
        from grader.submission.handwritten import banned
        flat = self.handout()
        assert "Any other form you write by hand is accepted too, as long as every operation takes amortised " \
               "constant time (below): two Python lists used as stacks" in flat
        for name in ("correct/leaves_when_generated", "buggy/deque_full_transfer"):
            source = open(os.path.join(CORPUS, name, "deque.py"), encoding="utf-8").read()
            assert "two stacks" in source or "two Python lists" in source, name
            assert banned(source) == [], name
        assert "leaves_when_generated" in CORRECT and "deque_full_transfer" in BUGGY
        assert "III" in BUGGY["deque_full_transfer"]["lose"]

    def test_the_deque_checks_pass_a_two_stack_deque(self, tmp_path):
        folder = tmp_path / "submission"
        shutil.copytree(os.path.join(CORPUS, "correct", "leaves_when_generated"), folder)
        checks = [c.name for c in CHECKS.values() if c.part == "III" and c.name.startswith("deque_")
                  and c.name != "deque_amortised_constant_time"]    # timed in the sandbox, under a quota, below
        verdicts = self.graded(folder, checks)
        assert all(v.passed for v in verdicts.values()), [v.check for v in verdicts.values() if not v.passed]

    def test_the_timing_rule_the_handout_states_is_the_checks(self):
        """Part III's promise on timing is generated from the check's own numbers (handout/notes.py)."""
        from grader.checks import timing
        flat = self.handout()
        assert f"The largest may take at most **{timing.GROWTH_LIMIT} times** as long as the smallest" in flat
        assert ("The timed runs are like every other run of your code: Python's garbage collector works as it "
                "always does") in flat
        assert "So every correct deque passes, of any form above, in every run" in flat
