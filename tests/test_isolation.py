"""Isolation of the sandbox user as a whole (root only): what xo-sandbox may read, and whether one
sandboxed submission can reach another graded at the same time (`python -m grader batch --jobs N`)."""

import csv
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "adversarial"))

from support import (FIXTURES, HERE, NEEDS_ROOT, ROOT, TOP, fresh_marker, kill_strays, marker_lines,  # noqa: E402
                     sandbox_can_read, stray_processes, write_config)

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


PEEK = '''
import os as _os
for _path in {paths!r}:
    try:
        if _os.path.isdir(_path):
            print("SEEN" if _os.listdir(_path) else "EMPTY", _path)
        else:
            open(_path, "rb").read(1)
            print("SEEN", _path)
    except OSError as _error:
        print("HIDDEN", _path, type(_error).__name__)
'''


@pytest.fixture
def readable_copy():
    """A world-readable copy of the answers outside the kit, as another checkout or an old clone leaves one."""
    folder = tempfile.mkdtemp(prefix="xo-elsewhere-")
    os.chmod(folder, 0o755)
    copy = os.path.join(folder, "positions.json")
    shutil.copyfile(FIXTURES, copy)
    os.chmod(copy, 0o644)
    yield copy
    shutil.rmtree(folder, ignore_errors=True)


def test_student_code_sees_nothing_of_the_machine_but_the_stage(tmp_path, readable_copy):
    """Where the kernel allows a mount namespace, student code finds only empty folders outside the system's:
    a copy of the answers it could read by its permissions is not there, nor is the kit."""
    from grader.observing.assignment import open_sandbox
    from grader.settings import config as settings

    readable, how = sandbox_can_read(readable_copy)
    assert readable, f"the copy should be readable by xo-sandbox's permissions alone: {how}"
    submission = tmp_path / "peeks"
    shutil.copytree(os.path.join(HERE, "_honest", "reference"), submission)
    looked_at = [readable_copy, os.path.dirname(readable_copy), TOP, FIXTURES, "/root", "/usr/lib"]
    with open(submission / "board.py", "a", encoding="utf-8") as f:
        f.write(PEEK.format(paths=looked_at))
    files = {name: str(submission / f"{name}.py") for name in ("board", "deque", "game")}
    with open_sandbox(files, settings.load()["limits"]) as sandbox:
        outcome = sandbox.run("import", {"modules": ["board"]}, ["board"], 20)
        if sandbox.enclosed != "yes":
            pytest.skip(f"no mount namespace on this machine ({sandbox.enclosed}); the permissions alone protect "
                        f"the kit's own answers (the tests above), not copies elsewhere")
    seen = {}
    for line in outcome.stdout.splitlines():
        if line.startswith(("SEEN ", "EMPTY ")):
            word, path = line.split(" ", 1)
            seen[path] = word
        elif line.startswith("HIDDEN "):
            seen[line[len("HIDDEN "):].rsplit(" ", 1)[0]] = "HIDDEN"
    assert {p: seen.get(p, "?") for p in looked_at} == {
        readable_copy: "HIDDEN", os.path.dirname(readable_copy): "HIDDEN", TOP: "HIDDEN", FIXTURES: "HIDDEN",
        "/root": "EMPTY", "/usr/lib": "SEEN"}, outcome.stdout


@pytest.mark.skipif(not shutil.which("setpriv"), reason="needs setpriv (util-linux) to drop CAP_SYS_ADMIN")
def test_without_a_mount_namespace_grading_goes_on(tmp_path):
    """In a container without CAP_SYS_ADMIN (Docker's default, so Gradescope's), the kernel refuses the
    mount namespace: the sandbox says so and grades as before, with the grader's own files root-only."""
    script = ("import sys\nfrom grader.settings import config\nfrom grader.observing.assignment import open_sandbox\n"
              "files = {n: f'{sys.argv[1]}/{n}.py' for n in ('board', 'deque', 'game')}\n"
              "with open_sandbox(files, config.load()['limits']) as s:\n"
              "    o = s.run('import', {'modules': ['board']}, ['board'], 20)\n"
              "    print(s.enclosed)\n    print(o.status)\n")
    done = subprocess.run(["setpriv", "--bounding-set", "-sys_admin", sys.executable, "-c", script,
                           os.path.join(HERE, "_honest", "reference")],
                          cwd=TOP, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    enclosed, status = done.stdout.splitlines()[-2:]
    assert enclosed.startswith("no: ") and "unshare" in enclosed, done.stdout
    assert status == "done", done.stdout
    out = tmp_path / "results.json"
    subprocess.run(["setpriv", "--bounding-set", "-sys_admin", sys.executable, "-m", "grader", "grade",
                    os.path.join(HERE, "_honest", "reference"), "--results", str(out), "--quiet"],
                   cwd=TOP, check=True, timeout=300)
    with open(out, encoding="utf-8") as f:
        assert json.load(f)["score"] == pytest.approx(100.0)


def test_cpu_seconds_counts_threads_that_have_ended():
    """Check 3.7 times a run by the CPU its process used, read from outside it: a thread that burned CPU and
    ended keeps its time in the count (red team, round seven: summed over live threads, it vanished, and a
    run measured less than nothing)."""
    from grader.sandbox.processes import cpu_seconds
    burn = ("import threading, time, sys\n"
            "def spin():\n"
            "    end = time.thread_time() + 0.4\n"
            "    while time.thread_time() < end:\n"
            "        pass\n"
            "t = threading.Thread(target=spin); t.start(); t.join()\n"
            "print('ended', flush=True); sys.stdin.read()\n")
    process = subprocess.Popen([sys.executable, "-c", burn], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
    try:
        assert process.stdout.readline() == "ended\n"
        assert cpu_seconds(process.pid) >= 0.4
    finally:
        process.communicate("")


@pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT)
def test_a_new_name_for_an_old_file_is_removed_and_the_file_kept(tmp_path):
    """The hard links made during a grading are removed, never the file they name, whichever the folder
    lists first (a first version removed the file too when it came first: both names had two links); and a
    file made after the grading began is no business of its cleaning (another grading may own it)."""
    from grader.sandbox.cleaning import linked_entries, remove_user_files
    folder = str(tmp_path)
    for first, second in (("a-file", "z-link"), ("z-file", "a-link")):
        old = os.path.join(folder, first)
        with open(old, "w") as f:
            f.write("kept")
        before = linked_entries([folder])
        os.link(old, os.path.join(folder, second))
        later = os.path.join(folder, "m-later")
        with open(later, "w") as f:
            f.write("not ours")
        os.link(later, os.path.join(folder, "m-later-link"))
        removed = remove_user_files(2 ** 31 - 7, [folder], links_before=before)
        assert removed == [os.path.join(folder, second)], removed
        assert open(old).read() == "kept" and os.stat(old).st_nlink == 1
        assert os.path.exists(later) and os.path.exists(later + "-link")
        for name in os.listdir(folder):
            os.unlink(os.path.join(folder, name))
