"""grader/game/rules.py: the handout's rules behind the move checks, what a withheld failure says of them, and
which visible checks test each.

Its truth is computed in the grader's own process (Part V scores, minimax values, each judge's answer); the
first tests hold it to the reference's, on every position the fixtures hold.
"""

import os
import re
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "golden"))
import golden  # noqa: E402,F401  (sets XO_CONFIG: the pinned tests/config.toml)

from grader.checks.coverage import Fixtures, coverage, exercised  # noqa: E402
from grader.checks.framework import CHECKS  # noqa: E402
from grader.checks.part6 import every_valued, valued  # noqa: E402,F401
from grader.game.positions import contracted  # noqa: E402
from grader.game.families import CodeQuest, CodinGame, Moves, Ninja  # noqa: E402
from grader.game.part6_mistakes import GRID  # noqa: E402
from grader.game.fixtures import load_fixtures  # noqa: E402
from grader.game.models import best_cell, minimax_values, part_v_scores  # noqa: E402
from grader.game.positions import expand  # noqa: E402
from grader.game.rules import RULES, Tally
from grader.grading.points import load  # noqa: E402
from grader.render.feedback import WITHHELD_FAILED
from grader.render.gradescope import gradescope  # noqa: E402
from grader.settings.config import visibility  # noqa: E402
from grader.text.boards import draw  # noqa: E402

FIXTURES = load_fixtures()
CONFIGS = {"shipped": os.path.join(TOP, "grader", "config.toml"), "tests": os.path.join(HERE, "config.toml")}


@pytest.fixture(scope="module")
def contracts():
    return [contracted(entry) for entry in FIXTURES["part6"]["contracts"]]


class TestTruth:
    """The rules module's own answers are the reference's, on every position of the fixtures."""

    def test_part_v_scores_choose_the_handouts_move_everywhere(self):
        for group in ("every_part4", "every_part5_x", "every_part5_o"):
            for entry in FIXTURES["positions"][group]:
                position = expand(entry)
                assert best_cell(part_v_scores(position["state"], position["to_move"])) == position["best"]["V"], entry

    def test_minimax_values_are_the_references_everywhere(self):
        view = Fixtures(FIXTURES, load())
        for position in every_valued(view):
            assert minimax_values(position["state"], position["to_move"]) == position["values"], position

    def test_each_judges_answer_is_the_references_everywhere(self, contracts):
        for p in contracts:
            values = minimax_values(p["state"], p["to_move"])
            if p["codequest"] is not None:
                assert CodeQuest.expected(p) == p["codequest"], p
                assert Ninja().expected(p) == p["ninja"], p
            assert best_cell(values, order=sorted(range(9), key=lambda c: -GRID[c])) == p["codingame"], p

    def test_every_rule_quotes_the_handout(self):
        text = open(os.path.join(TOP, "handout", "handout.md"), encoding="utf-8").read()
        flat = " ".join(text.split())
        headings = [line[3:] for line in text.splitlines() if line.startswith("## ")]
        for rule in RULES.values():
            assert any(h == rule.section or h.startswith(rule.section + ":") for h in headings), rule
            assert " ".join(rule.quote.split()) in flat, f"{rule.name} quotes words the handout does not have"


class TestExplains:
    """An answer is put under a rule only when it is exactly what breaking that rule gives."""

    def test_a_correct_move_breaks_no_rule(self):
        for entry in FIXTURES["positions"]["every_part4"][:300]:
            position = expand(entry)
            assert Moves().explains(position, position["best"]["V"]) == []

    def test_the_part_iv_move_is_put_under_part_v(self):
        seen = 0
        for entry in FIXTURES["positions"]["every_part5_x"]:
            position = expand(entry)
            best = position["best"]
            if best["IV"] not in (best["V"], best["minimax"]):
                assert "part_v" in Moves().explains(position, best["IV"])
                seen += 1
        assert seen > 100

    def test_code_quest_without_the_win_at_once_rule(self, contracts):
        """A program that plays the ±1 minimax move, lowest cell, never looking for a win at once."""
        judged = []
        for p in contracts:
            if p["codequest"] is None:
                continue
            values = minimax_values(p["state"], p["to_move"])
            signs = [None if v is None else (v > 0) - (v < 0) for v in values]
            got = best_cell(signs)
            if got != p["codequest"]:
                judged.append((p, got))
        tally = Tally.of(CodeQuest(), judged, 2423, what="boards")
        assert tally.counts[0] == ("win_at_once", len(judged)) and tally.unexplained == 0
        text = tally.markdown({"win_at_once": ["6.6"]})
        assert "a move that wins at once was there and another was played" in text
        assert "The check 6.6, whose details you can see, tests this rule too." in text

    def test_codingame_with_the_grid_read_column_by_column(self, contracts):
        by_column = (8, 3, 6, 4, 9, 1, 7, 2, 5)          # the grid 8 4 7 / 3 9 2 / 6 1 5 read down its columns
        judged = []
        for p in contracts:
            values = minimax_values(p["state"], p["to_move"])
            got = best_cell(values, order=sorted(range(9), key=lambda c: -by_column[c]))
            if got != p["codingame"]:
                judged.append((p, got))
        tally = Tally.of(CodinGame(), judged, len(contracts), what="boards")
        assert judged and tally.counts == (("codingame_grid", len(judged)),)


class TestCoverage:
    """Every rule a withheld check grades is tested by a visible check, in the shipped configuration and in the
    tests' own: so a withheld failure that names the visible checks always has some to name."""

    @pytest.mark.parametrize("which", sorted(CONFIGS))
    def test_every_withheld_rule_has_a_visible_check(self, which):
        config = load(CONFIGS[which])
        visible = {name for name in CHECKS if visibility(config, name) == "visible"}
        covered = coverage(FIXTURES, config, visible)
        withheld = [c for c in CHECKS.values() if c.rules and c.name not in visible]
        assert withheld or which == "shipped"     # an instructor may make every check visible: then it holds at once
        for check in withheld:
            rules = exercised(check, FIXTURES, config)
            assert rules, check.name
            missing = [rule for rule in rules if not covered.get(rule)]
            assert not missing, f"{check.name} ({check.number}) grades rules no visible check tests: {missing}"

    def test_a_rule_is_tested_only_where_breaking_it_changes_the_answer(self):
        """The empty board's check tests the lowest-cell rule (every first move ties) and not Part V's scoring."""
        rules = exercised(CHECKS["empty_board"], FIXTURES, load())
        assert "lowest_cell" in rules and "part_v" not in rules

    def test_the_checks_command_lists_them(self):
        import subprocess
        out = subprocess.run([sys.executable, "-m", "grader", "checks"], cwd=TOP, capture_output=True, text=True,
                             timeout=300)
        assert out.returncode == 0, out.stderr
        assert "withheld rule win_at_once: tested visibly by 6.6" in out.stdout
        assert "NOT TESTED" not in out.stdout


HIDDEN_BOARDS = None


def hidden_boards():
    """Every board of a withheld move check's positions, drawn as the feedback draws boards."""
    global HIDDEN_BOARDS
    if HIDDEN_BOARDS is None:
        HIDDEN_BOARDS = {draw(expand(e)["state"], to_move=expand(e)["to_move"]) for group in
                         ("every_part4", "every_part5_x", "every_part5_o") for e in FIXTURES["positions"][group]}
    return HIDDEN_BOARDS


class TestWithheldFeedback:
    """A withheld failure names the rule its differences break, in counts, and shows no position."""

    def assert_tells_the_rule_and_no_position(self, failed, rule):
        assert failed
        for test in failed:
            output = test["output"]
            assert output.startswith(WITHHELD_FAILED)
            assert " ".join(RULES[rule].quote.split()) in " ".join(output.split()), output
            assert re.search(r"differs on [\d,]+ of the [\d,]+ positions", output)
            assert "expected:" not in output and "actual:" not in output
            assert not any(b in output for b in hidden_boards()), test["name"]
            assert "```" not in output

    @staticmethod
    def graded(name, tmp_path):
        """(the names of the visible checks that failed, the withheld checks' failed results) of the corpus
        submission ``name``, graded on its recording."""
        grading = golden.grade_recorded(name, os.path.join(HERE, name), str(tmp_path / "r.json"),
                                        golden.corpus_config(name))
        failed = [t for t in gradescope(grading)["tests"] if t["status"] == "failed"]
        withheld = [t for t in failed if t["extra_data"].get("details") == "withheld"]
        return {t["extra_data"]["check"] for t in failed if t not in withheld}, withheld

    @staticmethod
    def assert_names_the_cause(withheld, rule):
        for test in withheld:
            output = " ".join(test["output"].split())
            assert f"On every one of them, {RULES[rule].broken}" in output, output

    def test_a_draw_scored_like_a_win_is_named_and_shown_on_the_visible_tie(self, tmp_path):
        """buggy/draw_scored_as_win scores a draw like a win: its move differs on 54 of the 9,039 positions, all
        ties among draws; the withheld checks name the rule, and 4.6 shows one such tie in full (4.5 another:
        the handout's win-or-draw example)."""
        visible, withheld = self.graded("submissions/buggy/draw_scored_as_win", tmp_path)
        assert visible == {"handout_part4_example", "lowest_cell_tie"}
        self.assert_tells_the_rule_and_no_position(withheld, "draw_zero")
        for test in withheld:
            assert "On every one of them" in test["output"], test["output"]
            assert "4.6" in test["output"], test["output"]           # the visible check that tests the rule

    def test_a_rule_every_wrong_answer_fits_by_chance_is_not_named_and_the_programs_rule_is(self, tmp_path):
        """buggy/cr_full_board_draw (clean room) calls a full board a draw before it looks for three in a row.
        On all 19 positions where 4.7 differs, its move is also the other player's best, by chance; a program
        playing for the other player would get 2,652 of the answers this one gets right wrong, so that rule is
        not named (it once was, as the cause).  The rule it breaks is: a program breaking only it gives every
        one of its 9,038 answers."""
        visible, withheld = self.graded("submissions/buggy/cr_full_board_draw", tmp_path)
        assert visible == {"handout_part4_example", "lose_slow"}
        self.assert_tells_the_rule_and_no_position(withheld, "full_draw")
        self.assert_names_the_cause(withheld, "full_draw")
        for test in withheld:
            output = " ".join(test["output"].split())
            assert RULES["current_player"].broken not in output, output

    def test_a_win_guard_of_ge_0_is_named(self, tmp_path):
        """buggy/cr_win_guard_ge (clean room) guards Part V's win rule with >= 0: its withheld failures name
        that rule (a model met in the reference's breadth-first order gives every one of its answers), and
        the visible 4.5 shows the handout's example it fails."""
        visible, withheld = self.graded("submissions/buggy/cr_win_guard_ge", tmp_path)
        assert visible == {"handout_part4_example"}
        self.assert_tells_the_rule_and_no_position(withheld, "win_guard")
        self.assert_names_the_cause(withheld, "win_guard")

    def test_a_loss_guarded_like_a_win_is_named_and_shown_in_lose_slow(self, tmp_path):
        """buggy/cr_loss_guard (clean room) lowers a score for a loss only while it is above 0, so a draw met
        first hides a loss with the ninth marker: its withheld failures name that rule, and the visible 5.3
        has one such position (before, the mistake showed only in withheld checks, naming no rule)."""
        visible, withheld = self.graded("submissions/buggy/cr_loss_guard", tmp_path)
        assert visible == {"lose_slow"}
        self.assert_tells_the_rule_and_no_position(withheld, "loss_guard")
        self.assert_names_the_cause(withheld, "loss_guard")
        for test in withheld:
            assert "5.3" in test["output"], test["output"]

    def test_a_tie_break_mistake_is_named_in_the_withheld_checks_too(self, tmp_path):
        _, withheld = self.graded("submissions/buggy/tiebreak_high", tmp_path)
        self.assert_tells_the_rule_and_no_position(withheld, "lowest_cell")

    def test_codingames_grid_read_down_its_columns_is_named_without_a_board(self, tmp_path, contracts):
        """A mistake only withheld positions show (issue 28's own case): a CodinGame program whose tie grid is
        read down its columns fails only the withheld 6.11; its feedback names the tie rule, and no board of the
        4,520 it was given."""
        name = "submissions/buggy/partvi_codingame_grid_by_column"
        grading = golden.grade_recorded(name, os.path.join(HERE, name), str(tmp_path / "r.json"),
                                        golden.corpus_config(name))
        failed = [t for t in gradescope(grading)["tests"] if t["status"] == "failed"]
        assert [t["extra_data"]["check"] for t in failed] == ["codingame_everywhere"]
        output = failed[0]["output"]
        assert output.startswith(WITHHELD_FAILED)
        assert "On every one of them, your move has the best value, but not the highest value in the tie grid" \
               in output, output
        assert " ".join(RULES["codingame_grid"].quote.split()) in " ".join(output.split())
        assert "```" not in output and "expected:" not in output
        mark = {0: ".", -1: "X", 1: "O"}
        rows = {"\n".join("".join(mark[v] for v in p["state"][r:r + 3]) for r in (0, 3, 6)) for p in contracts}
        assert not any(board in output for board in rows)
