"""The spawned sandbox (``grader.sandbox.spawned``): where ``fork``, ``fcntl``, ``pwd`` or ``resource`` are
missing (Windows), the starter kit runs student code in a fresh interpreter per run with a time limit.

Tested here by forcing that path, as a laptop without them would take it: ``XO_SANDBOX=spawn``, and an
``fcntl`` that cannot be imported.
"""

import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)


def reference(tmp_path, edit=None):
    folder = tmp_path / "xo"
    folder.mkdir()
    for name in ("board", "deque", "game"):
        shutil.copy(os.path.join(TOP, "xo", f"{name}.py"), folder)
    if edit:
        name, old, new = edit
        path = folder / f"{name}.py"
        assert old in path.read_text()
        path.write_text(path.read_text().replace(old, new))
    return folder


def grade(folder, tmp_path, *options, env=None):
    out = tmp_path / "results.json"
    done = subprocess.run([sys.executable, "-m", "grader", "grade", str(folder), "--results", str(out), *options],
                          cwd=TOP, capture_output=True, text=True, timeout=900,
                          env={**os.environ, "XO_SANDBOX": "spawn", **(env or {})})
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(out.read_text()), done.stdout


def test_without_fcntl_the_spawned_sandbox_is_chosen(tmp_path):
    (tmp_path / "fcntl.py").write_text("raise ImportError('no fcntl on this system')\n")
    done = subprocess.run([sys.executable, "-c", "import grader.sandbox as s; print(s.Sandbox.__name__)"],
                          cwd=TOP, capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{TOP}"})
    assert done.stdout.strip() == "Spawned", done.stderr
    done = subprocess.run([sys.executable, "-c", "import grader.sandbox as s; print(s.Sandbox.__name__)"],
                          cwd=TOP, capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "Sandbox", done.stderr


def test_the_starters_checks_pass_on_the_reference_and_say_so_once(tmp_path):
    results, printed = grade(reference(tmp_path), tmp_path, "--visible-only")
    most = round(sum(t["max_score"] for t in results["tests"]), 2)
    assert results["tests"] and round(results["score"], 2) == most, [t["output"][:300] for t in results["tests"]
                                                                    if t["status"] == "failed"]
    assert results["output"].count("no memory limit and no isolation here") == 1
    assert printed.count("no memory limit and no isolation here") == 1
    timed = next(t for t in results["tests"] if t["extra_data"]["check"] == "deque_amortised_constant_time")
    assert timed["status"] == "passed"                  # timed events are stamped by the spawning parent too


def test_a_mistake_and_a_hang_are_reported_as_in_the_sandbox(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(open(os.path.join(TOP, "grader", "config.toml")).read().replace("timeout = 30", "timeout = 3"))
    folder = reference(tmp_path)
    game = folder / "game.py"
    game.write_text(game.read_text() + "\nXO.winner = lambda self: 7\n")            # a mistake in Part II
    deque = folder / "deque.py"
    deque.write_text(deque.read_text() + "\nDeque.size = lambda self: [0 for _ in iter(int, 1)]\n")   # hangs
    results, _ = grade(folder, tmp_path, "--visible-only", "--config", str(config))
    verdicts = {t["extra_data"]["check"]: t for t in results["tests"]}
    assert verdicts["board_empty"]["status"] == "passed"
    assert any(t["status"] == "failed" and "winner()" in t["output"] for t in results["tests"])
    assert "did not finish within 3 s and was stopped" in verdicts["deque_empty"]["output"]
