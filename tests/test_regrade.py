"""Regrade requests in one step (issue 22, item 6): ``grade --reveal`` shows a hidden check's details to staff
and never in the Gradescope flow; the autograder zip is an ordinary 0644 file."""

import json
import os
import stat
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, TOP)

from grader.grading.run import REVEALED  # noqa: E402
from grader.render.feedback import WITHHELD_FAILED  # noqa: E402
from ship import build  # noqa: E402

TIEBREAK = os.path.join(HERE, "submissions", "buggy", "tiebreak_high")
"""A submission that fails the three hidden move checks (it breaks ties towards the highest cell)."""


def test_the_autograder_zip_is_0644_and_its_run_autograder_never_reveals(tmp_path):
    path = build.build_autograder(str(tmp_path / "autograder.zip"))
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o644
    with zipfile.ZipFile(path) as z:
        runner = z.read("run_autograder").decode()
        names = z.namelist()
        z.extractall(tmp_path / "source")
    assert "--reveal" not in runner and "reveal" not in runner.lower()
    assert "-m grader grade" in runner                    # the command it does run, without the flag
    assert not [n for n in names if n.startswith("grader/ta/")]
    # and the zip's grader has no such flag at all: argparse refuses it, whatever a run_autograder said
    out = subprocess.run([sys.executable, "-m", "grader", "grade", str(tmp_path), "--reveal", "--results",
                          str(tmp_path / "r.json")], cwd=tmp_path / "source", capture_output=True, text=True,
                         timeout=120, env=dict(os.environ, PYTHONPATH=""))
    assert out.returncode == 2 and "unrecognized arguments: --reveal" in out.stderr, out.stderr
    assert not (tmp_path / "r.json").exists()


def test_the_build_refuses_a_run_autograder_that_reveals(monkeypatch, tmp_path):
    original = build.template
    monkeypatch.setattr(build, "template", lambda name, **values: original(name, **values).replace(
        "--results", "--reveal --results") if name == "run_autograder" else original(name, **values))
    try:
        build.build_autograder(str(tmp_path / "autograder.zip"))
    except RuntimeError as error:
        assert "--reveal" in str(error) and "run_autograder" in str(error)
    else:
        raise AssertionError("a run_autograder passing --reveal was built")
    assert not (tmp_path / "autograder.zip").exists()


def test_grade_reveal_shows_the_hidden_checks_details(tmp_path):
    """Without --reveal a failed withheld check says only that it failed (tests/golden holds that); with it, the
    same check shows its position and expected move, under a note that this is a staff copy."""
    with open(os.path.join(HERE, "golden", "submissions", "buggy", "tiebreak_high.json"), encoding="utf-8") as f:
        plain = {t["number"]: t for t in json.load(f)["tests"]}
    hidden = sorted(n for n, t in plain.items()
                    if (t["extra_data"] or {}).get("details") == "withheld" and t["status"] == "failed")
    assert hidden and all(plain[n]["output"].startswith(WITHHELD_FAILED) for n in hidden)
    results = tmp_path / "results.json"
    out = subprocess.run([sys.executable, "-m", "grader", "grade", TIEBREAK, "--reveal", "--quiet", "--results",
                          str(results)], cwd=TOP, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    revealed = json.loads(results.read_text())
    assert revealed["output"].startswith(REVEALED)
    tests = {t["number"]: t for t in revealed["tests"]}
    for number in hidden:
        assert not tests[number]["output"].startswith(WITHHELD_FAILED)
        assert "expected:" in tests[number]["output"] and "actual:" in tests[number]["output"], number
    assert revealed["score"] == json.load(open(os.path.join(HERE, "golden", "submissions", "buggy",
                                                            "tiebreak_high.json")))["score"]
