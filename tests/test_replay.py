"""Recorded observations (tests/golden/observations): the corpus is judged on what its code was seen to do in
a real grading while nothing that produced it has changed, and is observed again, in the real sandbox, as
soon as something has.  The corpus tests themselves (test_grader.py) compare each grading with its record."""

import ast
import functools
import json
import lzma
import os
import shutil
import sys

import pytest

from grader import ROOT
from grader.grading.points import load
from grader.observing.observations import (OBSERVING, Recorded, Replay, fingerprint, load as load_recording,
                                           observing_files)
from grader.render.gradescope import gradescope

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "golden"))
import golden  # noqa: E402

CHEAP = "submissions/buggy/draw_scored_as_win"
"""A corpus submission to grade for real here: any would do."""


def folder_of(name):
    return dict(golden.corpus())[name]


def stale_recordings():
    """The corpus submissions whose recording does not hold for the code as it is: (name, why)."""
    from grader.observing.observations import read_sources, recorded_fingerprint
    from grader.submission.locate import locate
    stale = []
    for name, folder in golden.corpus():
        recorded = recorded_fingerprint(golden.observations_path(name))
        if recorded is None:
            stale.append((name, "no recording"))
        elif recorded != fingerprint(read_sources(locate(folder).files), golden.config_of(name)["limits"]):
            stale.append((name, "its fingerprint no longer holds"))
    return stale


@functools.lru_cache(maxsize=None)
def fresh_recording(folder):
    """A fresh recording of ``CHEAP`` in ``folder``, made by a real grading (whatever the committed one holds):
    once per test process, however pytest-xdist orders the tests."""
    from grader.commands.grade import grade
    path = os.path.join(folder, "recording.json.xz")
    grade(folder_of(CHEAP), os.path.join(folder, "results.json"), golden.config_of(CHEAP), record=path)
    return path


@pytest.fixture
def recording(tmp_path_factory):
    return fresh_recording(str(tmp_path_factory.getbasetemp()))


def copy_recording(path, tmp_path, change):
    """A copy of the recording at ``path``, after ``change(recording)``, written as ``observations.write``
    writes one (its fingerprint first), but for the fingerprint, which is kept as it is."""
    recording = load_recording(path)
    change(recording)
    copy = str(tmp_path / "changed.json.xz")
    with lzma.open(copy, "wt", encoding="utf-8") as f:
        f.write(json.dumps(recording, separators=(",", ":")))
    return copy


def grade_on(path, name, tmp_path):
    """Grade ``name`` with ``Recorded`` on the recording at ``path``: (the results, the Recorded sandbox)."""
    from grader.commands.grade import grade
    backend = Recorded.backend(path)
    grading = grade(folder_of(name), str(tmp_path / "results.json"), golden.config_of(name), backend=backend)
    return gradescope(grading), backend.opened


class TestRecorded:
    def test_every_corpus_submission_has_a_recording_that_holds(self):
        """As the suite found them when it started (conftest.py), before any test could write one anew: a
        recording that no longer holds is observed again in the real sandbox by its corpus test, which then
        writes it anew. Commit what it wrote, or every later run of the suite pays for the real sandbox
        again."""
        import conftest
        stale = conftest.STALE_AT_START
        if stale is None:                         # this test run alone, without conftest's session start
            stale = stale_recordings()
        assert not stale, ("recordings that did not hold when the suite started; the corpus tests have written "
                           "them anew (or run tests/golden/golden.py --observations NAME): commit them\n"
                           + "\n".join(f"{name}: {why}" for name, why in stale))

    def test_a_recording_that_holds_runs_no_student_code(self, recording, tmp_path):
        results, sandbox = grade_on(recording, CHEAP, tmp_path)
        assert not sandbox.stale and sandbox.real_runs == 0 and sandbox.real is None
        golden.assert_as_recorded(results, CHEAP)

    def test_a_changed_probe_or_harness_re_observes(self, recording, tmp_path):
        """A recording made by other code (its fingerprint differs) is not replayed: every run is real, the
        results are still the record's, and the recording is written anew, with today's fingerprint."""
        path = copy_recording(recording, tmp_path, lambda r: r.update(fingerprint="0" * 64))
        results, sandbox = grade_on(path, CHEAP, tmp_path)
        assert sandbox.stale and sandbox.replay is None and sandbox.real_runs > 10
        golden.assert_as_recorded(results, CHEAP)
        assert load_recording(path)["fingerprint"] == load_recording(recording)["fingerprint"]

    def test_a_run_never_recorded_is_observed_for_real(self, recording, tmp_path):
        def drop_one(recording):
            runs = recording["runs"]
            del runs[next(i for i, r in enumerate(runs) if json.loads(r["key"])[0] == "board_str")]
        path = copy_recording(recording, tmp_path, drop_one)
        results, sandbox = grade_on(path, CHEAP, tmp_path)
        assert not sandbox.stale and sandbox.real_runs == 1
        golden.assert_as_recorded(results, CHEAP)

    @pytest.mark.parametrize("changed", ["sandbox/child.py", "sandbox/encoding.py", "sandbox/channel.py",
                                         "sandbox/runner.py", "sandbox/isolation.py", "sandbox/cleaning.py",
                                         "observing/probes/search.py", "observing/probes/registry.py",
                                         "text/markdown.py"])
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
        """The child runs the harness's files and the probes' files, each joined into one (``closing.joined``):
        they import only the standard library and each other (the imports by which they name each other fail
        in the child, which has no parent package), so the files of ``OBSERVING`` are all the grader's code a
        child runs."""
        from grader.observing.probes import FILES
        from grader.sandbox.closing import HARNESS_FILES
        joined = {os.path.realpath(path) for path in (*HARNESS_FILES, *FILES)}
        for path in joined:
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read())
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.level:
                    folder = os.path.dirname(path)
                    for _ in range(node.level - 1):
                        folder = os.path.dirname(folder)
                    target = os.path.join(folder, *(node.module or "").split("."))
                    assert os.path.realpath(target + ".py") in joined, (path, node.module)
                elif isinstance(node, ast.ImportFrom):
                    assert not (node.module or "").startswith(("grader", "xo")), (path, node.module)
                elif isinstance(node, ast.Import):
                    assert not any(a.name.startswith(("grader", "xo")) for a in node.names), path
        covered = set(observing_files())
        assert {os.path.realpath(p) for p in covered} >= joined


def test_a_run_that_was_not_recorded_is_named(recording):
    replay = Replay(recording, {})
    with replay, pytest.raises(KeyError, match="'optimal_moves'"):
        replay.run("optimal_moves", {"positions": []}, ["game", "deque"], 5)


class TestBudget:
    """What one grading keeps of its runs' events is bounded (``GRADING_BUDGET``): a run past it is dropped
    at once and named every time a check asks for it; the runs before it are kept and handed out."""

    def test_a_run_past_the_budget_is_dropped_and_named_every_time(self, tmp_path):
        import marshal

        from grader.observing.assignment import open_sandbox
        from grader.observing.observations import Observations, TooLarge
        from grader.submission.locate import locate
        files = locate(os.path.join(golden.TOP, "xo")).files
        one, two = {"ops": [["pushBack", 1], ["size"]]}, {"ops": [["pushFront", 2], ["size"]]}
        with open_sandbox(files, load()["limits"]) as sandbox:
            size = len(marshal.dumps(Observations(sandbox).run("deque_ops", ["deque"], one, 5).events))
            budget = size + size // 2
            observations = Observations(sandbox, budget=budget)
            kept = observations.run("deque_ops", ["deque"], one, 5)
            for _ in range(2):
                with pytest.raises(TooLarge) as dropped:
                    observations.run("deque_ops", ["deque"], two, 5)
            assert dropped.value.kept == observations.kept <= budget < observations.kept + dropped.value.size
            assert observations.runs == 2                      # asked again, it was not run again
            assert observations.run("deque_ops", ["deque"], one, 5).events == kept.events
            observations.save(str(tmp_path / "saved.json.xz"))
        assert len(load_recording(str(tmp_path / "saved.json.xz"))["runs"]) == 1
