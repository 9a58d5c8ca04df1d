"""``python -m grader compare``: no difference for a correct submission on any
of the 9,039 positions; each buggy one's mistake found and put in its pattern.

One correct submission runs on every position (about 15 s with two processes),
the rest of the correct corpus on an evenly spread sample (the
grader's hidden checks play every position of each of them in test_grader).  ``correct/deepcopy_bfs`` (about a minute even with two processes)
is left to ``bench/compare.py``, which runs it on every position and times it.
Buggy submissions run on an evenly spread sample of positions.
"""

import functools
import json
import os
import shutil
import subprocess
import sys

import pytest

from grader.ta.compare import FACTS, PATTERNS, compare, text
from grader.ta.reference import reference

try:
    import tomllib
except ModuleNotFoundError:
    import tomli as tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
CORPUS = os.path.join(HERE, "submissions")
SLOW = {"deepcopy_bfs": "about a minute on every position: run by bench/compare.py, not here"}
SAMPLE = 400

# The pattern of the differences of a buggy submission whose moves are wrong for a fact of each position.
FACT_OF = {"wrong_player_on_set_board": "crash"}
# The others' diagnosis is their ``diagnosis`` in expectations.toml: the one the students' feedback gives
# (tests/test_grader.py holds the feedback to it), so that compare and the feedback name the same mistake.
# Mistakes whose moves differ on under 1 % of the 9,039 positions, which an evenly spread sample of 400 may miss.
SPARSE = {"cr_loss_guard", "cr_win_guard_ge", "draw_scored_as_win", "cr_gameover_ignores_full"}
# Mistakes that lose Part IV or V points without showing on positions not over (compare plays only those).
NOT_IN_MOVES = {"no_none_when_over": "wrong only on finished games"}
# Submissions compare cannot play at all, and what it must say instead.
UNPLAYABLE = {"misnamed_game": "found `Game.py` instead; rename it to `game.py`"}


def _expectations():
    path = os.path.join(CORPUS, "expectations.toml")
    if not os.path.exists(path):
        return {}, {}
    with open(path, "rb") as f:
        data = tomllib.load(f)
    return data.get("correct", {}), data.get("buggy", {})


CORRECT, BUGGY = _expectations()


def _present(kind, names):
    return [n for n in sorted(names) if os.path.isdir(os.path.join(CORPUS, kind, n))]


def reference_copy(tmp_path, name="submission", edit=None):
    folder = tmp_path / name
    folder.mkdir()
    for module in ("board", "deque", "game"):
        shutil.copy(os.path.join(TOP, "xo", f"{module}.py"), folder)
    if edit:
        path = folder / "game.py"
        source = path.read_text()
        old, new = edit
        assert old in source, old
        path.write_text(source.replace(old, new))
    return str(folder)


@functools.lru_cache(maxsize=None)
def reference_records():
    """The reference's answers on every position, once per test process: pytest-xdist may set a module's
    fixtures up more than once on one worker, and this costs some 25 s."""
    return reference(jobs=2)


@pytest.fixture(scope="module", autouse=True)
def records():
    return reference_records()


# Every position for this one, which plays the minimax move wherever it differs from the Part V move (so compare's
# whole loop, its chunks and its count of minimax moves run over all 9,039 positions); a sample for the rest,
# whose every position the grader's hidden checks already play with the same judge (``positions.accepted``):
# tests/test_grader.py grades every correct submission to 100.  (circular_deque and namedtuple_items were played
# on every position too, 33 s of a run, proving again what the grader's checks prove of them.)
EVERY_POSITION = {"depth_minimax"}


@pytest.mark.parametrize("name", _present("correct", CORRECT) or ["(corpus not there yet)"])
def test_correct_submission_agrees_on_every_position(name):
    if name not in CORRECT:
        pytest.skip("tests/submissions/correct is not there yet")
    if name in SLOW:
        pytest.skip(SLOW[name])
    every = name in EVERY_POSITION
    report = compare(os.path.join(CORPUS, "correct", name), jobs=2, sample=None if every else SAMPLE)
    assert report["positions"] == (9039 if every else SAMPLE)
    assert report["differences"] == 0, text(report)
    assert report["agree"] + len(report["played_minimax"]) == report["positions"]


@pytest.mark.parametrize("name", _present("buggy", BUGGY) or ["(corpus not there yet)"])
def test_buggy_submission(name):
    if name not in BUGGY:
        pytest.skip("tests/submissions/buggy is not there yet")
    expected = BUGGY[name]
    report = compare(os.path.join(CORPUS, "buggy", name), jobs=2, sample=SAMPLE)
    if name in UNPLAYABLE:
        assert UNPLAYABLE[name] in report.get("fatal", ""), text(report)
    elif name in FACT_OF:
        assert report["differences"] > 0 and set(report["patterns"]) == {FACT_OF[name]}, text(report)
    elif expected.get("diagnosis") and name in SPARSE and not report["differences"]:
        pass                              # its few differing positions missed by the sample: test_grader's
                                          # feedback test diagnoses it on every position
    elif expected.get("diagnosis") == "none":
        assert report["differences"] > 0 and report["diagnosis"]["cause"] is None, text(report)
        assert set(report["patterns"]) <= {"unexplained", *FACTS}, text(report)
    elif expected.get("diagnosis"):       # on a sample, every model that played all of it is named: the expected
        cause = expected["diagnosis"]     # one among them, and the differences grouped under the first
        assert report["differences"] > 0, text(report)
        assert cause in report["diagnosis"]["causes"], text(report)
        assert set(report["patterns"]) - set(FACTS) == {report["diagnosis"]["cause"]}, text(report)
    elif name in NOT_IN_MOVES or {"IV", "V"} <= set(expected.get("keep", [])):
        assert report["differences"] == 0, text(report)   # its mistake is not in the moves
    else:                                                 # a newcomer to the corpus: it must at least run
        assert not report.get("fatal"), text(report)


def test_reference_copy_agrees_and_tie_break_is_grouped(tmp_path):
    assert compare(reference_copy(tmp_path, "good"), jobs=2, sample=SAMPLE)["differences"] == 0
    bad = reference_copy(tmp_path, "high", ("score > scores[best]", "score >= scores[best]"))
    report = compare(bad, jobs=2, sample=SAMPLE)
    assert report["differences"] > 0 and set(report["patterns"]) == {"lowest_cell"}
    entry = report["entries"][0]
    assert entry["actual"] > entry["expected"] and entry["scores"]["V"][entry["actual"]] == max(
        s for s in entry["scores"]["V"] if s is not None)


@pytest.mark.parametrize("edit, pattern", [
    (("player = player_to_move(board)\n    n0", "player = -player_to_move(board) if board.numMoves else -1\n    n0"),
     "current_player"),
    (("cell = best_cell(score_moves(self.b, PART_V))", "cell = best_cell(score_moves(self.b, PART_IV))"), "part_v"),
    (("        self.makeMove(player_to_move(self.b), cell)\n        return cell", "        return cell"), "board"),
    (("        if self.gameOver():\n            return None\n        cell",
      "        if self.gameOver() or self.b.numMoves == 3:\n            return None\n        cell"), "invalid"),
    (("        if self.gameOver():\n            return None\n        cell",
      "        if self.gameOver():\n            return None\n        if self.b.numMoves == 5:\n"
      "            raise KeyError('five')\n        cell"), "crash"),
])
def test_hand_made_mistake_is_grouped(tmp_path, edit, pattern):
    report = compare(reference_copy(tmp_path, edit=edit), jobs=2, sample=SAMPLE)
    assert report["differences"] > 0
    assert set(report["patterns"]) == {pattern}, text(report)
    assert pattern in PATTERNS


def test_one_hanging_or_dying_position_costs_only_itself(tmp_path, records):
    hang = [-1, 1, -1, 1, 0, 0, 0, 0, 0]                 # X first, four moves made, X to move
    die = [-1, 1, -1, 0, 1, 0, 0, 0, 0]
    edit = ("        if self.gameOver():\n            return None\n        cell",
            f"        if self.gameOver():\n            return None\n"
            f"        if self.b.state == {hang}:\n            while True: pass\n"
            f"        if self.b.state == {die}:\n            import os; os._exit(3)\n        cell")
    chosen = [i for i, r in enumerate(records) if r["numMoves"] == 4 and r["first"] == -1][:150]
    assert any(records[i]["state"] == hang for i in chosen) and any(records[i]["state"] == die for i in chosen)
    report = compare(reference_copy(tmp_path, edit=edit), jobs=2, sample=chosen, base=1.0)
    assert report["differences"] == 2, text(report)
    by_state = {tuple(e["state"]): e["pattern"] for e in report["entries"]}
    assert by_state == {tuple(hang): "timeout", tuple(die): "crash"}
    assert report["agree"] == len(chosen) - 2


def test_cli_exit_status_json_and_strict_handout(tmp_path):
    command = [sys.executable, "-m", "grader", "compare", "--jobs", "2", "--sample", "200", "--quiet"]
    good = subprocess.run(command + [reference_copy(tmp_path, "good"), "--json", str(tmp_path / "good.json")],
                          cwd=TOP, capture_output=True, text=True)
    assert good.returncode == 0, good.stdout + good.stderr
    assert "differences         0" in good.stdout
    assert json.loads((tmp_path / "good.json").read_text())["differences"] == 0
    bad = reference_copy(tmp_path, "bad", ("score > scores[best]", "score >= scores[best]"))
    out = subprocess.run(command + [bad, "--json", str(tmp_path / "bad.json")], cwd=TOP, capture_output=True,
                         text=True)
    assert out.returncode == 1
    assert out.stdout.index("differences") < out.stdout.index("== lowest_cell")        # the summary comes first
    report = json.loads((tmp_path / "bad.json").read_text())
    assert report["differences"] == len(report["entries"]) > 0
    missing = tmp_path / "empty"
    missing.mkdir()
    assert subprocess.run(command + [str(missing)], cwd=TOP, capture_output=True).returncode == 1


def test_minimax_moves_are_accepted_unless_strict(records):
    from grader.ta.compare import judge
    record = next(r for r in records if r["best"]["minimax"] != r["best"]["V"]
                  and r["scores"]["minimax"][r["best"]["V"]] != max(v for v in r["scores"]["minimax"] if v is not None))
    got = record["best"]["minimax"]
    state = list(record["state"])
    state[got] = record["to_move"]
    after = {"fields": {"state": {"type": "list", "length": 9, "items": [{"type": "int", "value": v} for v in state]},
                        "numMoves": {"type": "int", "value": record["numMoves"] + 1}}}
    outcome = {"kind": "value", "value": {"type": "int", "value": got}, "after": after}
    assert judge(record, outcome, strict=False)[0] == "played_minimax"
    assert "minimax" in judge(record, outcome, strict=True)[0]


def test_progress_moves_with_the_positions_done(tmp_path):
    """The bar and its ETA are redrawn as chunks of positions finish, many times in a run, never backwards."""
    calls = []
    compare(reference_copy(tmp_path), jobs=2, sample=SAMPLE,
            progress=lambda stage, n, total, fraction: calls.append((stage, n, total, fraction)))
    played = [c for c in calls if c[0] == "positions"]
    assert len(played) >= 10, played
    assert [c[1] for c in played] == sorted(c[1] for c in played) and played[-1][1] == played[-1][2] == SAMPLE
    assert [c[3] for c in played] == sorted(c[3] for c in played) and played[-1][3] == 1


def test_the_marker_of_the_submissions_move_is_explained(tmp_path):
    bad = reference_copy(tmp_path, "high", ("score > scores[best]", "score >= scores[best]"))
    shown = text(compare(bad, jobs=2, sample=SAMPLE))
    assert "*" in shown and "(* the submission's move)" in shown


class TestContract:
    """``compare --contract``: a Part VI program run as ``python -m xo.NAME`` on every board its judge sends."""

    @pytest.mark.parametrize("contract", ["codequest", "ninja", "codingame"])
    def test_a_correct_program_agrees_on_every_board(self, contract):
        from grader.grading.points import load
        from grader.ta.contracts import compare_contract
        report = compare_contract(os.path.join(CORPUS, "correct", "partvi_complete"), contract, load())
        assert report["boards"] == {"codequest": 2423, "ninja": 2423, "codingame": 4520}[contract]
        assert report["differences"] == 0, report["shown"][:3]

    def test_a_wrong_tie_break_is_found_and_shown(self, tmp_path):
        done = subprocess.run([sys.executable, "-m", "grader", "compare",
                               os.path.join(CORPUS, "buggy", "partvi_codingame_lowest_tie"), "--contract", "codingame",
                               "--quiet", "--show", "1", "--json", str(tmp_path / "r.json")],
                              cwd=TOP, capture_output=True, text=True, timeout=600)
        assert done.returncode == 1, done.stderr
        report = json.loads((tmp_path / "r.json").read_text())
        assert 0 < report["differences"] == len(report["shown"]) < report["boards"]
        first = report["shown"][0]
        assert (first["expected"], first["actual"]) == (["...", ".X.", "..."], ["X..", "...", "..."])
        assert "expected: ... / .X. / ..." in done.stdout and "more (--json writes them all)" in done.stdout

    def test_a_missing_program_is_named(self, tmp_path):
        from grader.grading.points import load
        from grader.ta.contracts import compare_contract, text
        report = compare_contract(reference_copy(tmp_path), "ninja", load())
        assert "`ninja.py` (Part VI) was not uploaded" in text(report) and report["boards"] == 0
