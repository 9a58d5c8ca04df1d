"""Recorded observations (tests/golden/observations): the corpus is judged on what its code was seen to do in
a real grading while nothing that produced it has changed, and is observed again, in the real sandbox, as
soon as something has.  The corpus tests themselves (test_grader.py) compare each grading with its record."""

import ast
import json
import os
import shutil
import sys

import pytest

from grader import ROOT
from grader.config import load
from grader.observations import OBSERVING, Recorded, Replay, fingerprint, load as load_recording, observing_files
from grader.results import gradescope

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "golden"))
import golden  # noqa: E402

CHEAP = "submissions/buggy/draw_scored_as_win"
"""A corpus submission to grade for real here: any would do."""


def folder_of(name):
    return dict(golden.corpus())[name]


def copy_recording(name, tmp_path, change=None):
    """A copy of ``name``'s recording at a path of its own, after ``change(recording)``."""
    recording = load_recording(golden.observations_path(name))
    if change:
        change(recording)
    path = tmp_path / "recording.json.xz"
    import lzma
    with lzma.open(path, "wt", encoding="utf-8") as f:
        json.dump(recording, f)
    return str(path)


def grade_on(path, name, tmp_path):
    """Grade ``name`` with ``Recorded`` on the recording at ``path``: (the results, the Recorded sandbox)."""
    from grader.grade import grade
    backend = Recorded.backend(path)
    grading = grade(folder_of(name), str(tmp_path / "results.json"), golden.corpus_config(name), backend=backend)
    return gradescope(grading), backend.opened


class TestRecorded:
    def test_every_corpus_submission_has_a_recording_that_holds(self):
        """A recording that no longer holds is re-observed by the corpus tests, which then rewrite it: commit
        what they rewrote, or every later run of the suite pays for the real sandbox again."""
        stale = []
        for name, folder in golden.corpus():
            path = golden.observations_path(name)
            if not os.path.exists(path):
                stale.append(f"{name}: no recording")
                continue
            recorded = load_recording(path)
            from grader.observations import read_sources
            from grader.locate import locate
            sources = read_sources(locate(folder).files)
            if recorded.get("fingerprint") != fingerprint(sources, golden.corpus_config(name)["limits"]):
                stale.append(f"{name}: its fingerprint no longer holds")
        assert not stale, ("recordings to make again (the corpus tests do it; or tests/golden/golden.py "
                           "--observations NAME), then commit:\n" + "\n".join(stale))

    def test_a_recording_that_holds_runs_no_student_code(self, tmp_path):
        results, sandbox = grade_on(golden.observations_path(CHEAP), CHEAP, tmp_path)
        assert not sandbox.stale and sandbox.real_runs == 0 and sandbox.real is None
        golden.assert_as_recorded(results, CHEAP)

    def test_a_changed_probe_or_harness_re_observes(self, tmp_path):
        """A recording made by other code (its fingerprint differs) is not replayed: every run is real, and
        the results are still the record's."""
        path = copy_recording(CHEAP, tmp_path, lambda r: r.update(fingerprint="made by another harness"))
        results, sandbox = grade_on(path, CHEAP, tmp_path)
        assert sandbox.stale and sandbox.replay is None and sandbox.real_runs > 10
        golden.assert_as_recorded(results, CHEAP)

    def test_a_run_never_recorded_is_observed_for_real(self, tmp_path):
        def drop_one(recording):
            runs = recording["runs"]
            index = next(i for i, r in enumerate(runs) if json.loads(r["key"])[0] == "board_str")
            del runs[index]
        path = copy_recording(CHEAP, tmp_path, drop_one)
        results, sandbox = grade_on(path, CHEAP, tmp_path)
        assert not sandbox.stale and sandbox.real_runs == 1
        golden.assert_as_recorded(results, CHEAP)

    @pytest.mark.parametrize("changed", ["sandbox/child.py", "sandbox/channel.py", "sandbox/runner.py",
                                         "sandbox/isolation.py", "checks/probes.py"])
    def test_the_fingerprint_covers_the_code_that_observes(self, changed, tmp_path):
        root = tmp_path / "grader"
        for path in observing_files():
            target = root / os.path.relpath(path, ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        limits = load()["limits"]
        before = fingerprint({"game": "pass"}, limits, root=str(root))
        assert before == fingerprint({"game": "pass"}, limits)
        with open(root / changed, "a", encoding="utf-8") as f:
            f.write("\n# one line more\n")
        assert fingerprint({"game": "pass"}, limits, root=str(root)) != before
        assert fingerprint({"game": "pass"}, {**limits, "timeout": limits["timeout"] + 1}) != before

    def test_the_child_runs_nothing_of_the_grader_outside_what_the_fingerprint_covers(self):
        """child.py imports only the standard library, and probes.py only child.py's harness: so the files
        of ``OBSERVING`` are all the grader's code a child runs."""
        for relative, allowed in (("sandbox/child.py", set()), ("checks/probes.py", {(2, "sandbox.child")})):
            with open(os.path.join(ROOT, relative), encoding="utf-8") as f:
                tree = ast.parse(f.read())
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom):
                    assert node.level == 0 or (node.level, node.module) in allowed, (relative, node.module)
                    assert not (node.module or "").startswith("grader"), (relative, node.module)
                elif isinstance(node, ast.Import):
                    assert not any(a.name.startswith("grader") for a in node.names), relative
        assert {"sandbox", os.path.join("checks", "probes.py")} == set(OBSERVING)


def test_a_run_that_was_not_recorded_is_named():
    replay = Replay(golden.observations_path(CHEAP), {})
    with replay, pytest.raises(KeyError, match="'optimal_moves'"):
        replay.run("optimal_moves", {"positions": []}, ["game", "deque"], 5)
