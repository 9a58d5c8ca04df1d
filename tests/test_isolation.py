"""Isolation of the sandbox user as a whole (root only): what xo-sandbox may read, and whether one
sandboxed submission can reach another graded at the same time (`python -m grader batch --jobs N`)."""

import csv
import glob
import os
import re
import shutil
import subprocess
import sys
import zipfile

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "adversarial"))

from support import (FIXTURES, HERE, NEEDS_ROOT, ROOT, TOP, fresh_marker, kill_strays,  # noqa: E402
                     marker_lines, sandbox_can_read, stray_processes, write_config)

pytestmark = pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT)


@pytest.fixture(scope="module")
def protected(tmp_path_factory):
    """Grade once, so that the grader has made its fixtures and configuration root-only."""
    out = tmp_path_factory.mktemp("protect")
    subprocess.run([sys.executable, "-m", "grader", "grade", os.path.join(HERE, "_honest", "no_deque"),
                    "--results", str(out / "results.json"), "--quiet"], cwd=TOP, check=True, timeout=120)


@pytest.mark.parametrize("path", [FIXTURES, os.path.join(TOP, "grader", "config.toml")],
                         ids=["fixtures", "config"])
def test_sandbox_user_cannot_read(protected, path):
    readable, how = sandbox_can_read(path)
    assert not readable, how


def answer_keys():
    """Files in the kit, outside grader/, that hold the expected moves (builds of `make autograder`,
    `python -m grader compare` caches)."""
    found = []
    for path in glob.glob(os.path.join(TOP, "dist", "autograder*.zip")):
        try:
            with zipfile.ZipFile(path) as archive:
                if any(n.endswith("fixtures/positions.json") for n in archive.namelist()):
                    found.append(path)
        except zipfile.BadZipFile:
            pass
    found += glob.glob(os.path.join(TOP, "build", "compare", "*.json"))
    return found


ANSWER_KEYS = answer_keys()


@pytest.mark.skipif(not ANSWER_KEYS, reason="no build of the autograder zip or compare cache in this checkout")
def test_no_readable_copy_of_the_answers_in_the_kit(protected):
    """ship/build.py writes the autograder zip 0600, compare.py its cache 0700/0600, and the sandbox makes any
    older copy root-only before it runs student code."""
    readable = [path for path in ANSWER_KEYS if sandbox_can_read(path)[0]]
    assert not readable


def test_batch_neighbour_keeps_full_marks(tmp_path):
    """A submission that SIGKILLs every xo-sandbox* process must not cost a correct one graded beside it: each
    grading running at once has a user of its own, which the other's processes may not signal."""
    folder = tmp_path / "subs"
    folder.mkdir()
    shutil.copytree(os.path.join(HERE, "kills_neighbours"), folder / "a_kills_neighbours")
    shutil.copytree(os.path.join(HERE, "_honest", "reference"), folder / "b_reference")
    config = write_config(str(tmp_path / "fast.toml"), timeout=5, slow_timeout=20)
    fresh_marker("kills_neighbours")
    try:
        subprocess.run([sys.executable, "-m", "grader", "batch", str(folder), "--csv", str(tmp_path / "out.csv"),
                        "--jobs", "2", "--config", config, "--quiet"], cwd=TOP, check=True, timeout=240,
                       capture_output=True)
        assert not stray_processes()
    finally:
        kill_strays()
    with open(tmp_path / "out.csv", newline="") as f:
        rows = {row["submission"]: row for row in csv.DictReader(f)}
    assert float(rows["a_kills_neighbours"]["total"]) == pytest.approx(90.0, abs=0.005)
    assert float(rows["b_reference"]["total"]) == pytest.approx(100.0, abs=0.005), rows["b_reference"]
    notes = marker_lines("kills_neighbours")
    assert [n for n in notes if re.match(r"REFUSED xo-sandbox", n)], notes   # it did try its neighbour's processes
