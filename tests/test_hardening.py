"""The sandbox, round two (issue 15): what an outside red team got through under Gradescope's conditions.

Each grading here runs the real grader as a subprocess, as root, twice where it matters: with every
capability (a TA's machine: the sandbox also gets a mount namespace) and with Docker's default bounding
set (`setpriv --bounding-set`: no CAP_SYS_ADMIN, hence no mount namespace, as on Gradescope).  The
hostile code reports what it could reach through a marker file in /dev/shm (visible in both modes).
"""

import json
import os
import pwd
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time

import jsonschema
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "adversarial"))

from support import (DOCKER_CAPS, FIXTURES, HERE, NEEDS_ROOT, ROOT, SCHEMA_PATH, SETPRIV, TOP,  # noqa: E402
                     fresh_marker, kill_strays, marker_lines, write_config)

from grader.checks.framework import with_dependencies  # noqa: E402
from grader.render.feedback import WITHHELD_FAILED  # noqa: E402
from grader.submission.locate import locate  # noqa: E402

with open(SCHEMA_PATH, encoding="utf-8") as f:
    SCHEMA = json.load(f)

CAPS = [pytest.param(None, id="all-caps"),
        pytest.param(DOCKER_CAPS, id="docker-caps",
                     marks=pytest.mark.skipif(not SETPRIV, reason="needs setpriv (util-linux) to drop CAP_SYS_ADMIN"))]
needs_root = pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT)

REFERENCE = {}
for _name in ("board", "deque", "game"):
    with open(os.path.join(TOP, "xo", f"{_name}.py"), encoding="utf-8") as _f:
        REFERENCE[_name] = _f.read()


def spy(name, paths):
    """Source text that, at import, tries to read each of ``paths`` and notes READ or DENIED in the marker."""
    return f'''

def _spy_{name}():
    import os
    mark = "/dev/shm/xo-adversarial-marker-{name}"
    for path in {paths!r}:
        try:
            with open(path, "rb") as f:
                data = f.read()
            what = "READ %s %d %s" % (path, len(data), "POSITIONS" if b'"positions"' in data else "")
        except OSError as error:
            what = "DENIED %s %s" % (path, type(error).__name__)
        try:
            fd = os.open(mark, os.O_WRONLY | os.O_APPEND)
            os.write(fd, (what + "\\n").encode())
            os.close(fd)
        except OSError:
            pass


_spy_{name}()
'''


@pytest.fixture(scope="module")
def config(tmp_path_factory):
    return write_config(str(tmp_path_factory.mktemp("config") / "fast.toml"), timeout=5, slow_timeout=20)


def grade(submission, results, config, caps=None, *, cgroup=None, timeout=300):
    """Run ``python -m grader grade`` (under ``setpriv --bounding-set caps`` when given, in the memory cgroup
    folder ``cgroup`` when given); return (process, results or None, the grader's peak RSS in KiB)."""
    command = [sys.executable, "-m", "grader", "grade", submission, "--results", results, "--quiet",
               "--config", config]
    if caps:
        command = [SETPRIV, "--bounding-set", caps, *command]
    wrapper = ("import resource, subprocess, sys\n"
               "if sys.argv[1]:\n"
               "    open(sys.argv[1] + '/cgroup.procs', 'w').write('0')\n"
               "p = subprocess.run(sys.argv[2:])\n"
               "print('MAXRSS', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)\n"
               "sys.exit(p.returncode)\n")
    try:
        process = subprocess.run([sys.executable, "-c", wrapper, cgroup or "", *command], cwd=TOP,
                                 env=dict(os.environ, PYTHONPATH=TOP), capture_output=True, text=True,
                                 timeout=timeout)
    finally:
        kill_strays()
    peak = next((int(line.split()[1]) for line in process.stderr.splitlines() if line.startswith("MAXRSS ")), None)
    data = None
    if os.path.isfile(results):
        with open(results, encoding="utf-8") as f:
            data = json.load(f)
        jsonschema.validate(data, SCHEMA)
    return process, data, peak


def write_submission(folder, files):
    os.makedirs(folder, exist_ok=True)
    for name, text in files.items():
        with open(os.path.join(folder, f"{name}.py"), "w", encoding="utf-8") as f:
            f.write(text)


# ---------------------------------------------------------------- 1. only regular files, never through a link

@needs_root
@pytest.mark.parametrize("caps", CAPS)
def test_a_link_to_the_fixtures_is_refused(tmp_path, config, caps):
    """board.py -> grader/fixtures/positions.json: the grader (root) must neither find nor copy it; the
    student's own code, looking at its stage, must find no answers there."""
    name = "link_to_fixtures"
    fresh_marker(name)
    submission = tmp_path / "submission"
    staged_board = "os.path.join(os.path.dirname(os.path.abspath(__file__)), 'board.py')"
    deque = spy(name, []).replace("for path in []:", f"for path in [{staged_board}]:") + REFERENCE["deque"]
    write_submission(str(submission), {"deque": deque, "game": REFERENCE["game"]})   # deque.py needs no board.py
    os.symlink(FIXTURES, submission / "board.py")
    process, results, _ = grade(str(submission), str(tmp_path / "out" / "results.json"), config, caps)
    assert results is not None, process.stderr[-2000:]
    notes = marker_lines(name)
    assert notes, "the spy never ran"
    assert not [n for n in notes if "POSITIONS" in n], f"the expected moves reached the stage: {notes}"
    assert "symbolic link" in results["output"] and "`board.py`" in results["output"], results["output"][:800]


def test_locate_refuses_links_fifos_and_is_bounded(tmp_path):
    """Links (to a file, to a folder, in a loop), FIFOs, a deep and a wide tree, a name that is not UTF-8."""
    top = tmp_path / "sub"
    write_submission(str(top), {"deque": REFERENCE["deque"]})
    os.mkfifo(top / "game.py")
    os.symlink(FIXTURES, top / "board.py")
    os.symlink(".", top / "loop")                        # a link to itself: a walk that follows it never ends
    os.symlink(str(tmp_path), top / "up")
    deep = top / "d"
    path = deep
    for _ in range(60):
        path = path / "d"
    os.makedirs(path)
    wide = top / "w"
    wide.mkdir()
    for k in range(5000):
        (wide / f"f{k}.py").touch()
    os.mkdir(os.path.join(os.fsencode(top), b"caf\xe9-\xff"))
    started = time.monotonic()
    found = locate(str(top))
    assert time.monotonic() - started < 5
    assert sorted(found.files) == ["deque"]
    text = " ".join(found.messages())
    assert "`board.py`" in text and "symbolic link" in text
    assert "`game.py`" in text and "named pipe" in text


@needs_root
def test_a_folder_name_that_is_not_utf8_still_gets_results(tmp_path, config):
    """Windows zips unpack names that are not UTF-8: the name reaches the feedback, results.json is written."""
    top = os.path.join(os.fsencode(tmp_path), b"submission")
    inner = os.path.join(top, b"proj\xe9\xff")
    os.makedirs(inner)
    write_submission(os.fsdecode(inner), {"board": REFERENCE["board"], "deque": REFERENCE["deque"]})
    process, results, _ = grade(os.fsdecode(top), str(tmp_path / "out" / "results.json"), config)
    assert results is not None, process.stderr[-2000:]
    assert "\\udce9" in results["output"] or "\\udcff" in results["output"], results["output"][:500]


# ---------------------------------------------------------------- 2. nothing of /autograder but the stage

@needs_root
@pytest.mark.parametrize("caps", CAPS)
def test_run_autograder_hides_the_metadata_and_the_rest_of_autograder(config, caps):
    """Gradescope's layout in a world-searchable folder (as /autograder is): submission_metadata.json,
    world-readable as Gradescope leaves it, holds an earlier results.json; student code must read none of
    it, nor the grader's files, nor the upload outside its stage."""
    name = "autograder_root"
    fresh_marker(name)
    root = tempfile.mkdtemp(prefix="xo-ag-", dir="/dev/shm")
    try:
        os.chmod(root, 0o755)
        source = os.path.join(root, "source")
        shutil.copytree(os.path.join(TOP, "grader"), os.path.join(source, "grader"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copy(config, os.path.join(source, "grader", "config.toml"))
        shutil.copy(os.path.join(TOP, "ship", "templates", "run_autograder"), source)
        for base, dirs, files in os.walk(root):
            for d in dirs:
                os.chmod(os.path.join(base, d), 0o755)
            for f in files:
                os.chmod(os.path.join(base, f), 0o755 if f == "run_autograder" else 0o644)
        metadata = os.path.join(root, "submission_metadata.json")
        with open(metadata, "w") as f:
            json.dump({"previous_submissions": [{"results": {"tests": [{"output": "the handout's rules choose 4"}]}}]},
                      f)
        os.chmod(metadata, 0o644)
        targets = [metadata, os.path.join(source, "grader", "fixtures", "positions.json"),
                   os.path.join(root, "submission", "game.py")]
        write_submission(os.path.join(root, "submission"), dict(REFERENCE, board=REFERENCE["board"] + spy(name, targets)))
        command = [os.path.join(source, "run_autograder")]
        if caps:
            command = [SETPRIV, "--bounding-set", caps, *command]
        try:
            run = subprocess.run(command, env=dict(os.environ, XO_AUTOGRADER_ROOT=root, XO_PYTHON=sys.executable),
                                 capture_output=True, text=True, timeout=600)
        finally:
            kill_strays()
        assert run.returncode == 0, run.stderr[-2000:]
        with open(os.path.join(root, "results", "results.json"), encoding="utf-8") as f:
            results = json.load(f)
        assert results["score"] == 100, results["output"][:1000]
        notes = marker_lines(name)
        assert notes, "the spy never ran"
        assert not [n for n in notes if n.startswith("READ ")], notes
        assert stat.S_IMODE(os.stat(metadata).st_mode) == 0o600
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_hidden_checks_carry_no_expected_values(tmp_path, config):
    """Failed checks whose details are withheld say only that they failed; the others keep their expected
    values."""
    process, results, _ = grade(os.path.join(HERE, "_honest", "lowest_cell"), str(tmp_path / "r.json"), config)
    assert results is not None, process.stderr[-2000:]
    failed = [t for t in results["tests"] if t["status"] == "failed"]
    hidden = [t for t in failed if t["extra_data"].get("details") == "withheld"]
    visible = [t for t in failed if t not in hidden]
    assert hidden and visible
    assert all(t["output"].startswith(WITHHELD_FAILED) and "expected:" not in t["output"] for t in hidden), \
        [t["output"][:200] for t in hidden]
    assert any("expected" in t["output"] for t in visible)


# ---------------------------------------------------------------- 5. the grader's memory

def memory_cgroup(limit):
    """A memory cgroup of ``limit`` bytes (v2, or v1's memory controller), or None with why not."""
    candidates = []
    if os.path.exists("/sys/fs/cgroup/cgroup.controllers"):
        candidates.append(("/sys/fs/cgroup", "memory.max"))
    if os.path.isdir("/sys/fs/cgroup/memory"):
        candidates.append(("/sys/fs/cgroup/memory", "memory.limit_in_bytes"))
    why = "no cgroup file system with a memory controller"
    for base, knob in candidates:
        folder = os.path.join(base, f"xo-test-{os.getpid()}-{time.monotonic_ns()}")
        try:
            os.mkdir(folder)
            with open(os.path.join(folder, knob), "w") as f:
                f.write(str(limit))
            return folder, None
        except OSError as error:
            why = f"cannot make a memory cgroup under {base}: {error}"
            try:
                os.rmdir(folder)
            except OSError:
                pass
    return None, why


def grade_in_container(submission, results, config, caps):
    """``grade`` in a memory cgroup of 768 MB (Gradescope's container), removed afterwards; the test is skipped
    where no memory cgroup can be made."""
    cgroup, why = memory_cgroup(768 * 10**6)
    if cgroup is None:
        pytest.skip(why)
    try:
        return grade(submission, results, config, caps, cgroup=cgroup)
    finally:
        time.sleep(0.2)
        try:
            os.rmdir(cgroup)
        except OSError:
            pass


@needs_root
@pytest.mark.parametrize("caps", CAPS)
def test_a_flood_of_events_costs_the_grader_little_memory(tmp_path, config, caps):
    """floods_channel sends a line nested 100,000 deep, forged reports and 16 MiB of three-byte events: the
    grader stays small (counted events, not only bytes), reports no internal error, and, in a 768 MB memory
    cgroup (Gradescope's container), is never the one killed."""
    name = "floods_channel"
    fresh_marker(name)
    process, results, peak = grade_in_container(os.path.join(HERE, name), str(tmp_path / "r.json"), config, caps)
    assert process.returncode == 0 and results is not None, process.stderr[-2000:]
    assert "FLOODED" in marker_lines(name)
    assert "internal error" not in json.dumps(results)
    assert peak is not None and peak < 200 * 1024, f"the grader (or a child) peaked at {peak} KiB"



@needs_root
def test_a_file_too_large_to_parse_is_left_out_and_named(tmp_path, config):
    """An honest board.py and deque.py with a game.py of 6 MiB (one literal, which ``ast.parse`` would take
    some 3 GB to read): in a 768 MB memory cgroup, without CAP_SYS_ADMIN, the grader writes results.json with
    every check and the Integrity entry, the board's and the Deque's checks pass, and the feedback names
    the file, its size and the limit ([limits] file_kib).  Read, the file got the grader OOM-killed (red team,
    round five)."""
    submission = tmp_path / "submission"
    write_submission(str(submission), dict(REFERENCE, game="TABLE = [" + "1," * (3 * 2**20) + "]\n"))
    process, results, peak = grade_in_container(str(submission), str(tmp_path / "r.json"), config, DOCKER_CAPS)
    assert process.returncode == 0 and results is not None, process.stderr[-2000:]
    assert "internal error" not in json.dumps(results)
    tests = {t["extra_data"]["check"]: t for t in results["tests"]}
    assert "integrity" in tests and all(tests[name]["score"] == tests[name]["max_score"] > 0
                                        for name in ("board_empty", "deque_fifo"))
    assert "`game.py` in your submission is 6.0 MiB, more than the 256 KiB a file may hold" in results["output"]
    assert peak is not None and peak < 300 * 1024, f"the grader (or a child) peaked at {peak} KiB"


FOREIGN = '''

def _foreign():
    """At import, in every run: one well-formed line no probe sends, to every pipe that may be the channel."""
    import os
    import stat
    for fd in range(3, 32):
        try:
            if stat.S_ISFIFO(os.fstat(fd).st_mode):
                os.write(fd, b'{"v": [0, 0, 0]}\\n')
        except OSError:
            pass


_foreign()
'''


@needs_root
def test_an_event_no_probe_sends_fails_its_check_in_plain_words(tmp_path, config):
    """A board.py that writes, at import, a well-formed event of its own on the channel: the checks whose runs
    carry it fail saying so (board_imports read it as the import report: an internal error, red team, round
    five; then an event of no kind the probe sends; since round ten, a line without the run's token, which
    student code is never given), and the Deque's checks, whose runs never import board.py, pass."""
    submission = tmp_path / "submission"
    write_submission(str(submission), dict(REFERENCE, board=REFERENCE["board"] + FOREIGN))
    process, results, _ = grade(str(submission), str(tmp_path / "r.json"), config, DOCKER_CAPS)
    assert process.returncode == 0 and results is not None, process.stderr[-2000:]
    assert "internal error" not in json.dumps(results)
    tests = {t["extra_data"]["check"]: t for t in results["tests"]}
    assert tests["board_imports"]["output"].startswith(
        "Importing board.py wrote something to the grader's channel that is not an observation."), \
        tests["board_imports"]["output"]
    assert tests["deque_fifo"]["score"] == tests["deque_fifo"]["max_score"] > 0


HEAP = '''

_calls = [0]
_honest = XO.makeOptimalMove


def _heavy(self):
    """The reference's move; but at the 10th call in a process (a run of many positions: 4.7's, 5.6's, 5.7's,
    which no check depends on), 480,000 empty dicts to every pipe that may be the grader's channel, under
    every limit of one run (16 MiB, 50,000 lines, 1,000,000 values) and some 35 MB once parsed.  A grading
    kept every run's events to its end: 26 runs' worth is 900 MB (red team, round five)."""
    _calls[0] += 1
    if _calls[0] == 10:
        import os
        import stat
        line = b'{"imported":"board","seconds":[' + b",".join([b"{}"] * 10000) + b']}\\n'
        for fd in range(3, 32):
            try:
                if stat.S_ISFIFO(os.fstat(fd).st_mode):
                    for _ in range(48):
                        os.write(fd, line)
            except OSError:
                pass
    return _honest(self)


XO.makeOptimalMove = _heavy
'''


@needs_root
def test_a_flood_in_every_long_run_costs_the_grader_little_memory(tmp_path, config):
    """The reference with a makeOptimalMove() that floods the channel in every run of ten positions or more
    (4.7's, 5.6's and 5.7's, on which no check depends), each flood under every limit of one run and some 35 MB
    once parsed: in a 768 MB memory cgroup, without CAP_SYS_ADMIN, those three checks fail at their first run,
    saying what was sent (lines without the run's token: not observations), the others pass, and the grader
    stays small."""
    submission = tmp_path / "submission"
    write_submission(str(submission), dict(REFERENCE, game=REFERENCE["game"] + HEAP))
    process, results, peak = grade_in_container(str(submission), str(tmp_path / "r.json"), config, DOCKER_CAPS)
    assert process.returncode == 0 and results is not None, process.stderr[-2000:]
    assert "internal error" not in json.dumps(results)
    failed = {t["extra_data"]["check"]: t["output"] for t in results["tests"] if t["score"] < t["max_score"]}
    assert set(failed) == {"part4_more_positions", "part5_more_x_positions", "part5_more_o_positions"}, failed
    assert all("makeOptimalMove() wrote something to the grader's channel that is not an observation" in output
               for output in failed.values()), failed
    assert peak is not None and peak < 300 * 1024, f"the grader (or a child) peaked at {peak} KiB"


HOARD = '''

def _hoard():
    """Only as xo-sandbox: 1 GB in memfd files and /dev/shm (16 MiB each, the file-size limit), pages
    RLIMIT_AS does not see, kept open; in a 768 MB container the OOM killer must pick this, not the grader."""
    import os
    import pwd
    if not pwd.getpwuid(os.geteuid()).pw_name.startswith("xo-sandbox"):
        return
    block = b"x" * (16 * 2**20)
    held = []
    for k in range(60):
        try:
            if k % 2:
                fd = os.memfd_create("hoard")
            else:
                fd = os.open("/dev/shm/xo-hoard-%d-%d" % (os.getpid(), k), os.O_RDWR | os.O_CREAT, 0o600)
            os.write(fd, block)
            held.append(fd)
        except OSError:
            break
    globals()["_HELD"] = held


_hoard()
'''


@needs_root
@pytest.mark.parametrize("caps", CAPS)
def test_shared_memory_and_memfd_cannot_starve_the_grader(tmp_path, config, caps):
    """In a 768 MB memory cgroup (Gradescope's container), student code filling memfd files and /dev/shm
    is what the kernel stops (OOM score 1000, and the slot's own memory cgroup where there is one), never
    the grader: results.json is written, and nothing of it is left in /dev/shm."""
    submission = tmp_path / "submission"
    write_submission(str(submission), dict(REFERENCE, game=REFERENCE["game"] + HOARD))
    process, results, _ = grade_in_container(str(submission), str(tmp_path / "r.json"), config, caps)
    assert process.returncode == 0 and results is not None, process.stderr[-2000:]
    assert "internal error" not in json.dumps(results)
    assert 0 < results["score"] < 100, "the hoard never ran"      # Part I needs no game.py: it still passed
    assert not [n for n in os.listdir("/dev/shm") if n.startswith("xo-hoard-")]


def test_file_names_in_the_feedback_are_inert(tmp_path):
    """A near-miss file name holding HTML and Markdown reaches the feedback only inside a code span."""
    top = tmp_path / "sub"
    write_submission(str(top), {"deque": REFERENCE["deque"], "game": REFERENCE["game"]})
    (top / "board <img src=x onerror=alert(1)> [x](http:e).py").write_text(REFERENCE["board"])
    found = locate(str(top))
    text = " ".join(found.messages())
    assert "<img" in text                                  # named, so the student knows which file
    outside = re.sub(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)", "", text)
    assert "<img" not in outside and "](http" not in outside, text


def test_forged_import_reports_render_as_inert_text():
    """Red team, round three: a SyntaxError's filename and lineno, or a forged import_error event, reached the
    Markdown raw. Only the three module names are named; the place is a code span; a line is a number or '?'."""
    from grader.checks.framework import import_message
    text = import_message({"module": "<img src=x onerror=alert(1)> **FORGED**",
                           "where": {"file": "<b>F</b> [L](http://evil.example)", "line": "\n\n# Injected"},
                           "type": "SyntaxError", "message": "m"})
    assert text.startswith("Importing one of your files failed (`<b>F</b> [L](http://evil.example)`, line ?)")
    assert "<img" not in text and "\n" not in text


def test_the_c_module_of_collections_is_not_hand_written():
    """Red team, round three: `from _collections import deque` passed check 3.8."""
    from grader.submission.handwritten import banned
    assert banned("from _collections import deque\n") and banned("import _collections\n")


def test_the_integrity_report_sees_the_round_three_forgeries():
    """Red team, round three: a trace forged through operator.attrgetter('__clo' + 'sure__') and timing events
    written to the inherited channel with _io.FileIO had no finding; a constant attrgetter stays plain Python."""
    from grader.submission.integrity import scan_source
    forged_trace = "import operator\n_clo = operator.attrgetter('__clo' + 'sure__')\n"
    forged_timing = "import _io\n_io.FileIO(5, 'w', closefd=False).write(b'{}')\n"
    assert any("attrgetter" in f.what for f in scan_source(forged_trace, "game.py"))
    assert any("FileIO" in f.what or "_io" in f.what for f in scan_source(forged_timing, "deque.py"))
    assert scan_source("import operator\nkey = operator.attrgetter('numMoves')\n", "game.py") == []


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root: creates System V IPC objects as another user")
def test_system_v_ipc_of_the_slot_user_is_removed():
    """Red team, round three: a 64 MiB SysV segment and a message queue of xo-sandbox outlived the grading and
    carried data to the next one. remove_user_ipc (called wherever the slot user's files are removed) takes
    them away; objects of other users stay."""
    import ctypes

    from grader.sandbox.cleaning import remove_user_ipc
    uid = 65534                                   # nobody: no grading runs as it
    pid = os.fork()
    if pid == 0:
        try:
            os.setuid(uid)
            libc = ctypes.CDLL(None, use_errno=True)
            ok = libc.shmget(0, 4096, 0o1600) >= 0 and libc.msgget(0, 0o1600) >= 0 and libc.semget(0, 1, 0o1600) >= 0
        finally:
            os._exit(0 if ok else 1)
    assert os.waitpid(pid, 0)[1] == 0, "could not create the IPC objects"

    def owned():
        found = 0
        for kind in ("shm", "msg", "sem"):
            with open(f"/proc/sysvipc/{kind}") as f:
                header, *rows = [line.split() for line in f]
            found += sum(row[header.index("uid")] == str(uid) for row in rows)
        return found
    assert owned() >= 3
    assert remove_user_ipc(uid) >= 3
    assert owned() == 0


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root: creates System V IPC objects as another user")
@pytest.mark.skipif(not shutil.which("setpriv"), reason="needs setpriv (util-linux) to drop CAP_SYS_ADMIN")
def test_system_v_ipc_is_removed_without_cap_sys_admin():
    """Red team, round four: without CAP_SYS_ADMIN (Docker's default, so Gradescope's) root may not remove
    another user's System V objects, and 600 MB of shared memory outlived a grading. The grader removes
    them as their owner."""
    script = """
import ctypes, os, sys
from grader.sandbox.cleaning import remove_user_ipc
uid, gid = 65534, 65534
pid = os.fork()
if pid == 0:
    os.setgid(gid); os.setuid(uid)
    libc = ctypes.CDLL(None, use_errno=True)
    os._exit(0 if libc.shmget(0, 4096, 0o1600) >= 0 and libc.msgget(0, 0o1600) >= 0 else 1)
assert os.waitpid(pid, 0)[1] == 0
without_owner = remove_user_ipc(uid)           # as root without CAP_SYS_ADMIN: refused by the kernel
with_owner = remove_user_ipc(uid, gid)          # by a helper that becomes the owner
left = remove_user_ipc(uid, gid)
print(without_owner, with_owner, left)
"""
    done = subprocess.run(["setpriv", "--bounding-set", "-sys_admin", "--inh-caps", "-sys_admin", sys.executable,
                           "-c", script], cwd=TOP, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    without_owner, with_owner, left = map(int, done.stdout.split())
    assert (without_owner, with_owner, left) == (0, 2, 0), done.stdout


def test_a_hard_link_is_refused(tmp_path):
    """Red team, round four: a file hard-linked to /autograder/submission_metadata.json was staged and read
    by student code. A zip cannot carry hard links, but a folder graded locally can: locating and staging
    refuse a file with more than one name."""
    from grader.sandbox.isolation import copy_regular
    from grader.submission.locate import locate
    secret = tmp_path / "secret.json"
    secret.write_text('{"previous_submissions": "SECRET"}')
    folder = tmp_path / "submission"
    folder.mkdir()
    for name in ("board", "deque"):
        shutil.copy(os.path.join(TOP, "xo", f"{name}.py"), folder)
    os.link(secret, folder / "game.py")
    found = locate(str(folder))
    assert sorted(found.files) == ["board", "deque"]
    assert "hard link" in found.messages()[0] and "`game.py`" in found.messages()[0]
    assert not copy_regular(str(folder / "game.py"), str(tmp_path / "copy.py"))
    assert not (tmp_path / "copy.py").exists()


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root: stages belong to root and a slot's group")
def test_a_stage_left_by_a_killed_grading_is_removed_by_the_next_in_its_slot():
    """Red team, round four: a grading that died before cleaning left its stage, the submission in it,
    readable by the next grading of the same slot. The next grading, holding the slot's lock, removes
    every stage of the slot's group, and only those."""
    from grader.sandbox.cleaning import remove_stale_stages
    mine, other = (tempfile.mkdtemp(prefix="xo-stage-") for _ in range(2))
    try:
        os.makedirs(os.path.join(mine, "submission", *["d"] * 50))
        os.chown(mine, 0, 65534)
        os.chown(other, 0, 65533)
        removed = remove_stale_stages(65534)
        assert mine in removed and not os.path.exists(mine)
        assert os.path.exists(other) and other not in removed
    finally:
        shutil.rmtree(mine, ignore_errors=True)
        shutil.rmtree(other, ignore_errors=True)


ADD_KEY = """
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
# add_key(2) ("user", "xo-left", "secret", 6, KEY_SPEC_USER_KEYRING): x86_64's 248, aarch64's 217
number = {"x86_64": 248, "aarch64": 217}[__import__("os").uname().machine]
assert libc.syscall(number, b"user", b"xo-left", b"secret", 6, ctypes.c_int(-4)) > 0, ctypes.get_errno()
"""
"""What code of a grading may do to leave a key in its user's keyring (red team, round five)."""


def user_keys(uid):
    """The keys ``uid``'s user keyring holds, as the user sees them (``keyctl`` read as that user): [] when
    none.  Read with the user's own rights: root cannot list another user's keyring."""
    from grader.sandbox.cleaning import KEYCTL, READ, USER_KEYRING
    script = ("import ctypes, os\n"
              "libc = ctypes.CDLL(None, use_errno=True); libc.syscall.restype = ctypes.c_long\n"
              f"number = {KEYCTL!r}[os.uname().machine]\n"
              "buffer = ctypes.create_string_buffer(4096)\n"
              f"size = libc.syscall(number, {READ}, ctypes.c_int({USER_KEYRING}), buffer, 4096)\n"
              "print(max(size, 0) // 4)\n")
    entry = pwd.getpwuid(uid)
    done = subprocess.run([shutil.which("setpriv"), f"--reuid={entry.pw_uid}", f"--regid={entry.pw_gid}",
                           "--clear-groups", sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=30)
    return [None] * int(done.stdout.strip() or 0)


GC_SPY = '''

def _interpreter_state():
    """What code could look at to tell a timed run from any other: the collector, its thresholds, the
    recursion limit, the switch interval, the profiler and tracer."""
    import gc, sys
    return (gc.isenabled(), gc.get_threshold(), sys.getrecursionlimit(), sys.getswitchinterval(),
            sys.getprofile() is None, sys.gettrace() is None)


_plain_init = Deque.__init__


def _spying_init(self, *args, **kwargs):
    if not getattr(Deque, "_told", False):
        Deque._told = True
        print("STATE", _interpreter_state())
    _plain_init(self, *args, **kwargs)


Deque.__init__ = _spying_init
'''


def test_a_timed_run_looks_like_any_other_run(tmp_path):
    """Check 3.7's timing run leaves the interpreter as every other run does (the collector on, its thresholds,
    the limits): code cannot behave differently while it is timed (issue 26).  The Deque prints what it can see
    of the interpreter from inside the timing run and an ordinary run of its operations (not the search: the
    reference's own search turns the collector off while it runs, as a student's may)."""
    from grader.grading.points import load
    from grader.observing.assignment import open_sandbox
    submission = tmp_path / "submission"
    write_submission(str(submission), dict(REFERENCE, deque=REFERENCE["deque"] + GC_SPY))
    files = {name: str(submission / f"{name}.py") for name in ("board", "deque", "game")}
    seen = {}
    with open_sandbox(files, load()["limits"]) as sandbox:
        for probe, args in [("deque_timing", {"size": 50}), ("deque_ops", {"ops": [["pushBack", 1]]})]:
            outcome = sandbox.run(probe, args, ["board", "deque", "game"], 30)
            seen[probe] = [line for line in outcome.stdout.splitlines() if line.startswith("STATE ")]
    assert all(len(lines) == 1 for lines in seen.values()), seen
    assert seen["deque_timing"] == seen["deque_ops"], seen
    assert "(True, " in seen["deque_timing"][0], "the collector is off in every run: " + seen["deque_timing"][0]


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root: plants leftovers as another slot's user")
def test_what_a_killed_grading_left_in_another_slot_is_cleaned_before_the_next_grading():
    """A grading killed part way left its slot's processes, a file in /dev/shm and its stage; the next grading,
    whatever slot it takes, cleans every slot no grading holds (``sweep_free_slots``), that one included, and
    leaves held slots alone."""
    from grader.sandbox.isolation import claim_slot, sweep_free_slots
    from grader.sandbox.processes import user_processes
    own, _, own_lock = claim_slot()
    held, (held_uid, held_gid), held_lock = claim_slot()
    left, (uid, gid), left_lock = claim_slot()
    stage = tempfile.mkdtemp(prefix="xo-stage-")
    try:
        os.chown(stage, 0, gid)
        plant = ("head -c 1000000 /dev/zero > /dev/shm/xo-killed-grading-left-this; "
                 "nohup sleep 300 >/dev/null 2>&1 &")
        for user, group in ((uid, gid), (held_uid, held_gid)):
            subprocess.run([shutil.which("setpriv"), f"--reuid={user}", f"--regid={group}", "--clear-groups",
                            "sh", "-c", plant.replace("this", str(user))], check=True, timeout=30)
            subprocess.run([shutil.which("setpriv"), f"--reuid={user}", f"--regid={group}", "--clear-groups",
                            sys.executable, "-c", ADD_KEY], check=True, timeout=30)
        assert all(user_keys(user) for user in (uid, held_uid))
        planted = set(user_processes(uid))
        os.close(left_lock)                          # the killed grading's lock is gone with its process
        left_lock = None
        said = sweep_free_slots(own)
        # Another worker's grading may start between the release and this sweep, and sweep the free slot itself
        # (then claim it): either way the killed grading's leftovers are gone before a grading runs there.
        assert any(line.startswith(f"{pwd.getpwuid(uid).pw_name}: 1 process(es)") for line in said) or \
            not planted & set(user_processes(uid)), said
        assert not planted & set(user_processes(uid)) and not os.path.exists(f"/dev/shm/xo-killed-grading-left-{uid}")
        assert not user_keys(uid), "a key the killed grading's code added is still in its user's keyrings"
        assert not os.path.exists(stage)
        assert user_processes(held_uid) and os.path.exists(f"/dev/shm/xo-killed-grading-left-{held_uid}") \
            and user_keys(held_uid), "a slot another grading holds was cleaned under it"
    finally:
        # Clean only slots this test holds: another test's grading may have claimed the released one since,
        # and killing its user's processes would kill that grading's children (a race the suite once lost).
        import fcntl

        from grader.sandbox.cleaning import remove_user_files
        from grader.sandbox.isolation import SLOTS
        from grader.sandbox.processes import kill_user
        if left_lock is None:                        # the sweep failed: take the slot back if it is still free
            left_lock = os.open(os.path.join(SLOTS, f"slot-{left}.lock"), os.O_RDWR | os.O_NOFOLLOW)
            try:
                fcntl.flock(left_lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(left_lock)
                left_lock = None
        cleaned = [(held_uid, held_gid)] + ([(uid, gid)] if left_lock is not None else [])
        from grader.sandbox.cleaning import clear_user_keys
        for user, group in cleaned:
            kill_user(user, group)
            remove_user_files(user)
            clear_user_keys(user, group)
        for fd in (own_lock, held_lock, left_lock):
            if fd is not None:
                os.close(fd)
        shutil.rmtree(stage, ignore_errors=True)


def _slot_of(pid, patience=20.0):
    """The sandbox slot the grader ``pid`` holds (the slot lock among its open files), once it holds one."""
    from grader.sandbox.isolation import SLOTS
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
                name = os.path.basename(target)
                if os.path.dirname(target) == os.path.realpath(SLOTS) and name.startswith("slot-") \
                        and name.endswith(".lock"):
                    return int(name[len("slot-"):-len(".lock")])
        except OSError:
            pass
        time.sleep(0.02)
    return None


def _holding(slot, patience=120.0):
    """The lock of ``slot``, taken (a grading holding it now is waited for): no grading can claim the slot
    while the test looks at what its user left."""
    import fcntl

    from grader.sandbox.isolation import SLOTS
    fd = os.open(os.path.join(SLOTS, f"slot-{slot}.lock"), os.O_RDWR | os.O_NOFOLLOW)
    deadline = time.monotonic() + patience
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() > deadline:
                os.close(fd)
                raise
            time.sleep(0.1)


@needs_root
@pytest.mark.parametrize("moment", [1.5, 4.0])
def test_a_grader_killed_mid_grading_leaves_nothing_once_the_next_grading_is_done(tmp_path, config, moment):
    """SIGKILL the grader ``moment`` s into a grading of plants_ipc (every import of its game.py leaves a
    System V segment and a key in its user's keyring), as Gradescope's timeout or an OOM kill would, without
    CAP_SYS_ADMIN; grade another submission: its results are its golden's, and the killed grading's slot
    holds nothing of it: no process of its user, no file of it in a world-writable folder, no System V object,
    no key, no stage, no memory cgroup (issue 26)."""
    import signal
    sys.path.insert(0, os.path.join(TOP, "tests", "golden"))
    import golden
    from support import grade_cli

    from grader.sandbox.cgroup import MemoryCgroup
    from grader.sandbox.cleaning import TEMPORARY, _entries, _ipc_of
    from grader.sandbox.isolation import slot_cgroup, slot_user
    from grader.sandbox.processes import user_processes
    fresh_marker("plants_ipc")
    command = [SETPRIV, "--bounding-set", DOCKER_CAPS, sys.executable, "-m", "grader", "grade",
               os.path.join(HERE, "plants_ipc"), "--results", str(tmp_path / "killed.json"), "--quiet",
               "--config", config]
    grader = subprocess.Popen(command, cwd=TOP, env=dict(os.environ, PYTHONPATH=TOP), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    started = time.monotonic()
    slot = _slot_of(grader.pid)
    time.sleep(max(moment - (time.monotonic() - started), 0))
    grader.send_signal(signal.SIGKILL)
    grader.wait()
    assert slot is not None, "the grader never took a slot"
    assert "PLANTED shm" in marker_lines("plants_ipc") and "PLANTED key" in marker_lines("plants_ipc"), \
        "killed before it left anything"
    entry = pwd.getpwnam(slot_user(slot))
    twin = "adversarial/_honest/no_deque"
    graded = grade_cli(os.path.join(HERE, "_honest", "no_deque"), str(tmp_path / "next.json"), config=config,
                       cwd=str(tmp_path), timeout=120, caps=DOCKER_CAPS)
    assert graded.returncode == 0 and graded.results is not None, graded.stderr[-2000:]
    golden.assert_as_recorded(graded.results, twin)
    lock = _holding(slot)
    try:
        assert not user_processes(entry.pw_uid)
        left = [path for folder in TEMPORARY for path, info in _entries(folder) if info.st_uid == entry.pw_uid]
        assert not left, left
        assert not _ipc_of(entry.pw_uid)
        assert not user_keys(entry.pw_uid)
        stages = [n for n in os.listdir(tempfile.gettempdir()) if n.startswith("xo-stage-")
                  and os.lstat(os.path.join(tempfile.gettempdir(), n)).st_gid == entry.pw_gid]
        assert not stages, stages
        assert not [folder for folder, _ in MemoryCgroup.places(slot_cgroup(slot)) if os.path.isdir(folder)]
    finally:
        os.close(lock)


@needs_root
def test_a_malformed_trace_fails_its_check_not_the_grader(tmp_path, config):
    """Red team, round six (tests/redteam/round6/trace_malformed): a search that writes, in its own process, a
    trace whose push count is the string "0". Its twin's Parts exactly (3.9-3.11 fail as they do for the
    twin), no internal error.  The record judged is kept where student code cannot write
    (``grader.sandbox.guard``'s witness), so what it wrote is never read: 3.9 says, as for its twin, that the
    search never used its Deque (until round ten, that the trace was of a shape the harness never sends)."""
    round6 = os.path.join(TOP, "tests", "redteam", "round6")
    graded = {}
    for name in ("trace_malformed", "trace_twin"):
        process, results, _ = grade(os.path.join(round6, name), str(tmp_path / f"{name}.json"), config, DOCKER_CAPS)
        assert process.returncode == 0 and results is not None, process.stderr[-2000:]
        graded[name] = results
    assert "internal error" not in json.dumps(graded["trace_malformed"])
    scores = {name: [(t["extra_data"]["check"], t["score"]) for t in results["tests"]]
              for name, results in graded.items()}
    assert scores["trace_malformed"] == scores["trace_twin"]
    bfs = {name: next(t["output"] for t in results["tests"] if t["extra_data"]["check"] == "bfs_uses_deque")
           for name, results in graded.items()}
    assert "never pushed or popped with your Deque" in bfs["trace_malformed"], bfs
    assert bfs["trace_malformed"] == bfs["trace_twin"], bfs


FILLS_TMP = '''

def _fill():
    """At import, in every run: fill /tmp, /var/tmp and $TMPDIR with files of 256 KiB until the disk refuses
    (at most 64 MiB each), and note how far it got."""
    import os
    mark = "/dev/shm/xo-adversarial-marker-fills_tmp"
    for folder in dict.fromkeys(["/tmp", "/var/tmp", os.environ.get("TMPDIR", "/tmp")]):
        written, why = 0, "limit"
        try:
            while written < 64 * 2**20:
                with open(os.path.join(folder, "xo-fill-%d-%d" % (os.getpid(), written)), "wb") as f:
                    f.write(b"x" * 2**18)
                written += 2**18
        except OSError as error:
            why = type(error).__name__ + " " + str(error.errno)
        try:
            fd = os.open(mark, os.O_WRONLY | os.O_APPEND)
            os.write(fd, ("FILLED %s %d %s\\n" % (folder, written, why)).encode())
            os.close(fd)
        except OSError:
            pass


_fill()
'''

# Inside a mount namespace of its own: /tmp and /var/tmp become tmpfs of 8 MiB (what the grader finds there
# first: nothing), the folders the grading needs from the real /tmp are bound back at their paths (the slots'
# locks, without which this grading would take a slot another test's grading holds, and each would kill the
# other's processes; the kit, when a fresh clone lives there; the test's own folder), and the grader runs with
# Docker's capabilities.  It
# prints how many files there are not root's (a sandbox user's) or are a stage, and the two folders' use, before
# the namespace goes.
FULL_TMP_SCRIPT = r'''
set -eu
keep=$1; shift
mount --bind /tmp "$keep"
mount -t tmpfs -o size=8m,mode=1777 xo-full-tmp /tmp
mount -t tmpfs -o size=8m,mode=1777 xo-full-var-tmp /var/tmp
for path in "$SLOTS" "$KIT" "$WORK"; do
    case "$path" in /tmp/*) mkdir -p "$path" && mount --bind "$keep/${path#/tmp/}" "$path";; esac
done
status=0
"$@" || status=$?
echo "LEFT $(find /tmp /var/tmp -xdev \( ! -user 0 -o -name 'xo-stage-*' \) 2>/dev/null | wc -l)"
echo "USED $(df --output=used -k /tmp | tail -1) $(df --output=used -k /var/tmp | tail -1)"
exit $status
'''


@needs_root
@pytest.mark.skipif(not shutil.which("unshare"), reason="needs unshare (util-linux) for a small /tmp of its own")
def test_a_submission_that_fills_tmp_is_graded_and_leaves_nothing(tmp_path, config):
    """A correct submission that, in every run, fills /tmp, /var/tmp and its TMPDIR until the disk refuses
    (8 MiB tmpfs each here), graded without CAP_SYS_ADMIN, where its /tmp is the grader's: every check passes
    and the Integrity entry is written, no internal error, and after the grading no file of the sandbox user is
    left in either folder and they are as empty as before (issue 26, a full /tmp)."""
    from grader.sandbox.isolation import SLOTS
    name = "fills_tmp"
    fresh_marker(name)
    os.makedirs(SLOTS, mode=0o700, exist_ok=True)
    work = tempfile.mkdtemp(prefix="xo-full-tmp-", dir=str(tmp_path))
    submission = os.path.join(work, "submission")
    write_submission(submission, dict(REFERENCE, game=REFERENCE["game"] + FILLS_TMP))
    shutil.copy(config, os.path.join(work, "config.toml"))
    keep = tempfile.mkdtemp(prefix="xo-old-tmp-", dir="/run")
    results = os.path.join(work, "results.json")
    env = dict(os.environ, PYTHONPATH=TOP, KIT=TOP, WORK=work, SLOTS=SLOTS)
    command = ["unshare", "--mount", "--propagation", "private", "sh", "-c", FULL_TMP_SCRIPT, "sh", keep,
               SETPRIV, "--bounding-set", DOCKER_CAPS, sys.executable, "-m", "grader", "grade", submission,
               "--results", results, "--quiet", "--config", os.path.join(work, "config.toml")]
    try:
        process = subprocess.run(command, cwd=TOP, env=env, capture_output=True, text=True, timeout=300)
    finally:
        kill_strays()
        os.rmdir(keep)
    assert process.returncode == 0, process.stdout[-2000:] + process.stderr[-2000:]
    filled = [line for line in marker_lines(name) if line.startswith("FILLED /tmp ")]
    assert filled and all("OSError 28" in line for line in filled), marker_lines(name)[:6]
    with open(results, encoding="utf-8") as f:
        data = json.load(f)
    jsonschema.validate(data, SCHEMA)
    assert "internal error" not in json.dumps(data)
    failed = [t["name"] for t in data["tests"] if t.get("max_score") and t["score"] < t["max_score"]]
    assert not failed, failed
    assert any(t["extra_data"]["check"] == "integrity" for t in data["tests"])
    said = dict(line.split(" ", 1) for line in process.stdout.splitlines() if line[:5] in ("LEFT ", "USED "))
    assert said.get("LEFT") == "0", process.stdout[-2000:]
    assert all(int(used) < 64 for used in said["USED"].split()), said    # KiB: nothing of the fills remains


LINKS = '''

def _link():
    """At import, in every run: hard-link a file root owns and everyone may write, under a name of its own."""
    import os
    mark = "/dev/shm/xo-adversarial-marker-links_shm"
    try:
        os.link("/dev/shm/xo-hardening-victim", "/dev/shm/xo-hardening-link-%d" % os.getpid())
        what = "LINKED"
    except OSError as error:
        what = "REFUSED " + type(error).__name__
    try:
        fd = os.open(mark, os.O_WRONLY | os.O_APPEND)
        os.write(fd, (what + "\\n").encode())
        os.close(fd)
    except OSError:
        pass


_link()
'''


@needs_root
def test_a_hard_link_to_a_file_of_roots_is_removed_after_each_check(tmp_path, config):
    """Red team, round seven (tests/redteam/round7/hardlink): a user may hard-link any file it can read and
    write, and the link is then the file owner's, so cleaning what the slot's user owns missed it.  A board.py
    that links a root-owned file of mode 0666 in /dev/shm at every import, graded without CAP_SYS_ADMIN: after
    the grading no link of it is left and the file itself is untouched."""
    victim = "/dev/shm/xo-hardening-victim"
    fresh_marker("links_shm")
    fd = os.open(victim, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    os.fchmod(fd, 0o666)
    os.write(fd, b"root's")
    os.close(fd)
    try:
        submission = tmp_path / "submission"
        write_submission(str(submission), dict(REFERENCE, board=REFERENCE["board"] + LINKS))
        process, results, _ = grade(str(submission), str(tmp_path / "r.json"), config, DOCKER_CAPS)
        assert process.returncode == 0 and results is not None, process.stderr[-2000:]
        assert "LINKED" in marker_lines("links_shm"), marker_lines("links_shm")[:3]
        left = [name for name in os.listdir("/dev/shm") if name.startswith("xo-hardening-link-")]
        assert not left, left
        assert os.stat(victim).st_nlink == 1 and open(victim, "rb").read() == b"root's"
    finally:
        for name in os.listdir("/dev/shm"):
            if name.startswith("xo-hardening-link-"):
                os.unlink(os.path.join("/dev/shm", name))
        os.unlink(victim)


@needs_root
def test_a_thread_that_ends_mid_timing_cannot_fake_check_3_7(tmp_path):
    """Red team, round seven (tests/redteam/round7/slowdq): the handout's own O(n) deque (two stacks, all of
    one moved over) whose worker thread burns 3 s in the first timed run and ends in a later large one.  The
    grader summed the CPU of live threads, so that run measured less than nothing and 3.7 passed (+3.12).
    Timed by the process's own CPU clock, it fails 3.7, as its twin (slowdq_twin, the same deque without the
    thread) does: only 3.7 and what it depends on are run, on the attack alone."""
    from grader.commands.grade import grade as grade_in_process
    from grader.grading.points import load
    round7 = os.path.join(TOP, "tests", "redteam", "round7")
    only = with_dependencies("deque_amortised_constant_time")
    for name in ("slowdq",):
        grading = grade_in_process(os.path.join(round7, name), str(tmp_path / f"{name}.json"), load(), only=only)
        [timing] = [v for v in grading.verdicts if v.check == "deque_amortised_constant_time"]
        assert timing.status.name == "FAILED", (name, timing)


@needs_root
def test_placeholder_boards_do_not_pass_for_a_search(tmp_path):
    """Red team, rounds six and seven: a recursive search that pushes and pops a placeholder `BoardXO` per
    board of the tree, level by level (round7/fakebfs), and one that writes the trace's counts through the
    harness's closure with no board behind them (round6/trace_forged), passed 3.9-3.11 where their twins,
    which never use their Deque, fail all three.  The trace now names the boards popped, and the grader
    checks them against the move tree: each fails 3.9 as its twin does (3.10 and 3.11 wait for it); the
    reference passes all three (only 3.9-3.11 and what they depend on are run)."""
    from grader.commands.grade import grade as grade_in_process
    from grader.grading.points import load
    search = ("bfs_uses_deque", "bfs_breadth_first", "bfs_covers_tree")
    only = with_dependencies(*search)
    redteam = os.path.join(TOP, "tests", "redteam")
    graded = {}
    for name in ("round7/fakebfs", "round7/fakebfs_twin", "round6/trace_forged", "round6/trace_twin", "xo"):
        folder = os.path.join(TOP, "xo") if name == "xo" else os.path.join(redteam, name)
        grading = grade_in_process(folder, str(tmp_path / "r.json"), load(), only=only)
        graded[name] = {v.check: v.status.name for v in grading.verdicts if v.check in search}
    assert graded["xo"] == dict.fromkeys(search, "PASSED")
    for attack in ("round7/fakebfs", "round6/trace_forged"):
        assert graded[attack] == graded[attack.replace("trace_forged", "trace_twin").replace("fakebfs", "fakebfs_twin")] == {
            "bfs_uses_deque": "FAILED", "bfs_breadth_first": "BLOCKED", "bfs_covers_tree": "BLOCKED"}, graded


def _breadth_first_ops(position):
    """The trace of a correct breadth-first search of ``position`` as the harness keeps it (``ops``: each push or
    pop as ``board code * 4 + its call's index``): the root pushed, then each board popped and, when it is not
    over, every child of it pushed."""
    from collections import deque

    from grader.checks.trace import KINDS, Tree
    tree = Tree(position)
    ops, waiting = [tree.root * 4 + KINDS.index("pushBack")], deque([tree.root])
    while waiting:
        code = waiting.popleft()
        ops.append(code * 4 + KINDS.index("popFront"))
        if code == tree.root or not tree.over(code):
            for child in sorted(tree.children(code)[0]):
                ops.append(child * 4 + KINDS.index("pushBack"))
                waiting.append(child)
    return ops


def test_the_popped_boards_are_judged_against_the_move_tree():
    """3.11's part that counts how often each board was popped: a correct search's pops pass, and so do those of
    a tree grown past wins, which a win check missing a line pushes (that mistake is Part II's); an unfinished
    board popped fewer times than the tree holds it, or more (red team, round eight: each board once and the
    count padded with one board over and over), fails, drawn.  A board no game from the position reaches
    fails 3.9, at the step that pushes it."""
    from grader.checks.framework import Fail
    from grader.checks.trace import KINDS, Tree, popped_boards, uses_deque
    from grader.game.positions import tree_boards
    position = {"state": [0, 1, -1, 0, 0, 1, -1, 0, 0], "numMoves": 4, "to_move": -1}
    unfinished, possible = tree_boards(position["state"], 4, -1)
    pop = KINDS.index("popFront")

    def trace(levels):
        return {"ops": [code * 4 + pop for _, counts in sorted(levels.items())
                        for code, times in sorted(counts.items()) for _ in range(times)]}

    def changed(levels, depth, code, times):
        copy = {n: dict(counts) for n, counts in levels.items()}
        copy[depth][code] = times
        return copy

    popped_boards(position, trace(unfinished), "makeOptimalMove()", "")
    popped_boards(position, trace(possible), "makeOptimalMove()", "")            # a tree grown past wins
    depth, code = next((n, code) for n, counts in unfinished.items() for code, t in counts.items() if t > 1)
    with pytest.raises(Fail, match=r"popped it 1 time\(s\)"):
        popped_boards(position, trace(changed(unfinished, depth, code, 1)), "makeOptimalMove()", "")
    with pytest.raises(Fail, match=r"popped it 1,000 time\(s\)"):
        popped_boards(position, trace(changed(unfinished, depth, code, 1000)), "makeOptimalMove()", "")
    outside = next(n for n in range(3 ** 9) if all(n not in counts for counts in possible.values()))
    root = Tree(position).root
    ops = [root * 4 + KINDS.index("pushBack"), root * 4 + pop, outside * 4 + KINDS.index("pushBack")]
    calls = {"pushFront": 0, "pushBack": 2, "popFront": 1, "popBack": 0}
    with pytest.raises(Fail, match="not a board of this game"):
        uses_deque(position, {"calls": calls, "ops": ops}, "makeOptimalMove()")


def test_check_3_11_judges_the_boards_as_well_as_their_number():
    """covers_tree (3.11): the right number of pops is not enough when one unfinished board of the tree was
    never among them (one of the fixtures' "bfs" positions): a correct search's trace passes; the same trace
    with the pop of one unfinished board of the last level replaced by the pop of a board that is over (as
    many pops, every board popped expanded) fails, naming the board never popped."""
    from grader.checks.framework import Fail
    from grader.checks.trace import KINDS, Tree, covers_tree, steps
    from grader.game.fixtures import load_fixtures
    position = load_fixtures()["positions"]["bfs"][0]
    tree = Tree(position)
    ops = _breadth_first_ops(position)
    covers_tree(position, {"ops": ops, "truncated": False}, "makeOptimalMove()")
    done = steps({"ops": ops})
    at = max(k for k, (call, code) in enumerate(done)
             if call == "popFront" and code != tree.root and not tree.over(code))
    over = next(code for call, code in done if call == "popFront" and tree.over(code))
    forged = ops[:at] + [over * 4 + KINDS.index("popFront")] + ops[at + 1:]
    with pytest.raises(Fail, match=r"popped it 0 time\(s\)"):
        covers_tree(position, {"ops": forged, "truncated": False}, "makeOptimalMove()")


@needs_root
def test_a_padded_trace_and_a_trace_of_the_wrong_shape_score_no_more_than_their_twins(tmp_path):
    """Red team, round eight: round8/pad pops each different unfinished board once, level by level, then pads
    the count with the last board popped again and again.  Since the search is judged by its order (round
    nine), that is no search: 3.9 fails at the first board it pushes that is not a child of the board it
    popped last, in plain words.  round8/keyerror reaches the trace through the wrapped methods' closures and
    writes ``calls = {"pushBack": 1}`` (its judging once raised KeyError); the record judged is kept where
    student code cannot write (``grader.sandbox.guard``'s witness), so it never used its Deque, as its twin,
    a memoised recursive solver that never does: both fail 3.9 in plain words, and neither scores more in
    these checks than its twin."""
    from grader.commands.grade import grade as grade_in_process
    from grader.grading.points import load
    search = ("bfs_uses_deque", "bfs_breadth_first", "bfs_covers_tree")
    only = with_dependencies(*search)
    round8 = os.path.join(TOP, "tests", "redteam", "round8")
    graded = {}
    for name in ("pad", "pad_twin", "keyerror", "keyerror_twin"):
        grading = grade_in_process(os.path.join(round8, name), str(tmp_path / "r.json"), load(), only=only)
        graded[name] = {v.check: (v.status.name, v.failure.message if v.failure else "") for v in grading.verdicts
                        if v.check in search}
    for name in ("pad", "keyerror"):
        assert sum(graded[name][c][0] == "PASSED" for c in search) <= \
            sum(graded[f"{name}_twin"][c][0] == "PASSED" for c in search), graded
    assert graded["pad"]["bfs_uses_deque"][0] == "FAILED", graded["pad"]
    assert "pushed a board that is not a child of the board it had just popped" in graded["pad"]["bfs_uses_deque"][1]
    assert graded["keyerror"]["bfs_uses_deque"] == graded["keyerror_twin"]["bfs_uses_deque"], graded
    assert "never pushed or popped with your Deque" in graded["keyerror"]["bfs_uses_deque"][1]


@needs_root
def test_a_helper_of_the_slot_user_leaves_the_graders_process_group():
    """CI, kills_parent: ``killpg`` of the grader's group, sent by the student's code, succeeded once, though the
    grader itself refused the signal: something in that group was the slot user's.  The helpers the grader forks
    to become that user (``kill_user``, ``remove_user_ipc``, ``clear_user_keys``) start a session of their own in
    ``become``, so no process of the slot's user is ever in the grader's group."""
    from grader.sandbox.processes import become
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(read)
            become(65534, 65534)                 # nobody: no grading runs as it
            os.write(write, f"{os.getpgid(0)} {os.getsid(0)} {os.getuid()}".encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as f:
        group, session, uid = map(int, f.read().split())
    os.waitpid(pid, 0)
    assert uid == 65534
    assert (group, session) == (pid, pid), "the helper stayed in the grader's process group and session"
    assert group != os.getpgid(0)
