"""What the course ships (``ship/``): the Gradescope autograder zip and the students' starter kit.

Both zips are built once per module into a temporary folder (never ``dist/``),
unpacked as Gradescope and a student would, and used for real: ``make test``
runs inside the unpacked starter (creating its own venv from PyPI once), and
``run_autograder`` grades correct, buggy and hostile submissions with its root
redirected into a temporary folder.
"""

import doctest
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import zipfile

import golden  # noqa: E402  (tests/golden: the pinned configuration)
import jsonschema
import pythons
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, TOP)

from grader.checks.framework import CHECKS  # noqa: E402
from grader.grading.points import load  # noqa: E402
from grader.settings.config import visibility  # noqa: E402
from ship import build, strip  # noqa: E402

SCHEMA = json.load(open(os.path.join(TOP, "grader", "schema", "results.schema.json")))
NAMES = ("deque", "board", "game")
REFERENCE = {name: open(os.path.join(TOP, "xo", f"{name}.py"), encoding="utf-8").read() for name in NAMES}
PART_VI = ("codequest", "ninja", "codingame")
"""Part VI's three programs: skeletons in the starter, never uploaded for Parts I-V."""
PART_VI_REFERENCE = {name: open(os.path.join(TOP, "xo", f"{name}.py"), encoding="utf-8").read() for name in PART_VI}
PART_VI_METHODS = ("XO.makeMinimaxMove", "XO.minimaxValues")
FOLDER = build.STARTER_FOLDER


def without_part_vi(source):
    """The reference ``game.py`` of a student who has done Parts I-V and not started Part VI: the bodies of
    ``makeMinimaxMove`` and ``minimaxValues`` are the skeleton's ``raise NotImplementedError``."""
    lines = source.splitlines(keepends=True)
    replaced = []
    for begin, end, indent, name in sorted(strip._plan(source), reverse=True):
        if name in PART_VI_METHODS:
            lines[begin - 1:end] = [f'{indent}raise NotImplementedError("{strip.message(name)}")\n']
            replaced.append(name)
    assert sorted(replaced) == sorted(PART_VI_METHODS), replaced
    return "".join(lines)


def unpack(archive, folder):
    """Extract ``archive`` into ``folder`` as unzip would, keeping the Unix modes."""
    with zipfile.ZipFile(archive) as z:
        for info in z.infolist():
            path = z.extract(info, folder)
            mode = info.external_attr >> 16 & 0o777
            if mode:
                os.chmod(path, mode)
    return folder


def clean_environment(**extra):
    """The environment without anything of this test run's make, pytest or Python that would leak in."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("MAKE", "MFLAGS", "PYTEST_", "PYTHON")) and k != "VIRTUAL_ENV"}
    env.update(extra)
    return env


def solution_lines(source):
    """The stripped-text lines inside marked blocks that appear nowhere else in ``source``."""
    inside, outside = set(), set()
    marked = False
    for line in source.splitlines():
        text = line.strip()
        if text in (strip.BEGIN, strip.END):
            marked = text == strip.BEGIN
            continue
        if text:
            (inside if marked else outside).add(text)
    return inside - outside


# --- building ------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def zips(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    made = {}
    for what in ("autograder", "starter"):
        path = out / f"{what}.zip"
        subprocess.run([sys.executable, os.path.join(TOP, "ship", "build.py"), what, "--output", str(path)],
                       check=True, cwd=TOP, capture_output=True)
        made[what] = str(path)
    return made


def test_strip_doctests():
    result = doctest.testmod(strip, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("source, problem", [
    ("def f():\n    # BEGIN SOLUTION\n    x = 1\n    # END SOLUTION\n    return x\n", "whole body"),
    ("x = 1\n# END SOLUTION\n", "without # BEGIN"),
    ("# BEGIN SOLUTION\n# BEGIN SOLUTION\n# END SOLUTION\n", "inside the block"),
    ("x = 1  # BEGIN SOLUTION\n", "alone on its line"),
])
def test_strip_refuses_what_it_cannot_strip_cleanly(source, problem):
    with pytest.raises(ValueError, match=problem):
        strip.strip(source)


def test_builds_are_reproducible(zips, tmp_path):
    again = build.build_autograder(str(tmp_path / "again.zip"))
    assert open(again, "rb").read() == open(zips["autograder"], "rb").read()


# --- the autograder zip ----------------------------------------------------------------------------------------

def test_autograder_zip_layout(zips):
    with zipfile.ZipFile(zips["autograder"]) as z:
        names = z.namelist()
        modes = {i.filename: i.external_attr >> 16 & 0o777 for i in z.infolist()}
        requirements = z.read("requirements.txt").decode()
        config = z.read("grader/config.toml")
    assert "setup.sh" in names and "run_autograder" in names        # at the root, not inside a folder
    assert modes["setup.sh"] & 0o111 and modes["run_autograder"] & 0o111
    assert not [n for n in names if n.startswith("xo/") or "/xo/" in n], "the zip holds the reference"
    assert not [n for n in names if n.startswith("grader/ta/")], "the TAs' tools are never shipped"
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    assert {"grader/fixtures/positions.json", "grader/config.toml", "grader/__main__.py"} <= set(names)
    assert config == open(golden.PINNED_CONFIG, "rb").read()
    for line in requirements.splitlines():
        if line and not line.startswith("#"):
            assert re.match(r"^[\w.-]+==[\w.]+( ;.*)?$", line), f"not pinned: {line}"


def test_autograder_zip_holds_no_solution_code(zips):
    secrets = set().union(*(solution_lines(s) for s in REFERENCE.values()))
    secrets = {s for s in secrets if len(s) > 25}             # distinctive lines, not `return item`
    with zipfile.ZipFile(zips["autograder"]) as z:
        for name in z.namelist():
            text = z.read(name).decode("utf-8", "replace")
            leaked = [s for s in secrets if s in text]
            assert not leaked, f"{name} holds reference solution lines: {leaked[:3]}"


@pytest.fixture(scope="module")
def autograder(zips, tmp_path_factory):
    """The zip unpacked as Gradescope does (into ROOT/source), with setup.sh run against this Python."""
    source = str(tmp_path_factory.mktemp("autograder-source"))
    unpack(zips["autograder"], source)
    setup = subprocess.run([os.path.join(source, "setup.sh")], capture_output=True, text=True,
                           env=clean_environment(XO_PYTHON=sys.executable), timeout=600)
    assert setup.returncode == 0, setup.stdout + setup.stderr
    return source


def run_autograder(source, files, tmp_path, python=sys.executable):
    """Grade ``files`` (name -> text) in a fresh root: ROOT/source, ROOT/submission, ROOT/results."""
    root = tmp_path / "autograder"
    shutil.copytree(source, root / "source")
    (root / "submission").mkdir(parents=True)
    for name, text in files.items():
        (root / "submission" / f"{name}.py").write_text(text)
    run = subprocess.run([str(root / "source" / "run_autograder")], capture_output=True, text=True, timeout=900,
                         env=clean_environment(XO_AUTOGRADER_ROOT=str(root), XO_PYTHON=python))
    assert run.returncode == 0, run.stdout + run.stderr
    results = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(results, SCHEMA)
    return root, results, run


def failed_checks(results):
    return {t["extra_data"]["check"] for t in results["tests"] if t["status"] == "failed"}


def test_run_autograder_correct(autograder, tmp_path):
    _, results, run = run_autograder(autograder, REFERENCE, tmp_path)
    assert results["score"] == 100, run.stdout[-3000:]
    graded = [c for c in CHECKS.values() if c.part != "VI"]          # Part VI is off in the shipped config.toml
    assert len(results["tests"]) == len(graded) + 1                  # the checks, then the Integrity report


def test_run_autograder_buggy(autograder, tmp_path):
    game = REFERENCE["game"].replace("return copy_board(self.b)", "return self.b")
    assert game != REFERENCE["game"]
    _, results, _ = run_autograder(autograder, dict(REFERENCE, game=game), tmp_path)
    assert 0 < results["score"] < 100
    assert "get_board_copy" in failed_checks(results)


def test_run_autograder_hostile(autograder, tmp_path):
    """os._exit(0) in makeOptimalMove, and, at import, a spy that reports its uid and tries the grader's files."""
    # Somewhere the unprivileged user may write and still sees in its mount namespace (/tmp is hidden there).
    probe = tempfile.mkdtemp(prefix="xo-probe-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    os.chmod(probe, 0o1777)
    try:
        root = tmp_path / "autograder"
        spy = f'''
import os as _os
def _spy():
    found = ["uid=%d" % _os.getuid()]
    try:
        open({str(root / "source" / "grader" / "config.toml")!r}).read()
        found.append("read-config")
    except OSError:
        found.append("config-denied")
    for target in ({str(root / "results" / "pwned")!r}, {str(root / "source" / "pwned")!r}):
        try:
            open(target, "w").write("pwned")
            found.append("wrote " + target)
        except OSError:
            pass
    with open(_os.path.join({probe!r}, "spy-%d" % _os.getpid()), "w") as f:
        f.write(" ".join(found))
_spy()
'''
        game = REFERENCE["game"].replace(
            "        if self.gameOver():\n            return None\n        cell = best_cell(",
            "        import os\n        os._exit(0)\n        if self.gameOver():\n            return None\n"
            "        cell = best_cell(")
        assert game != REFERENCE["game"]
        root, results, _ = run_autograder(autograder, dict(REFERENCE, board=REFERENCE["board"] + spy, game=game),
                                          tmp_path)
        reports = [open(os.path.join(probe, name)).read() for name in os.listdir(probe)]
    finally:
        shutil.rmtree(probe, ignore_errors=True)
    assert results["score"] < 100
    assert {t["extra_data"]["part"] for t in results["tests"] if t["status"] == "failed"} <= {"III", "IV", "V", None}
    integrity = results["tests"][-1]                 # the spy and os._exit are in the Integrity report
    assert integrity["name"] == "Integrity" and integrity["visibility"] == "hidden"
    assert "os._exit" in integrity["output"] and integrity["score"] == integrity["max_score"] == 0
    assert any("exit status 0" in t["output"] or "os._exit" in t["output"] for t in results["tests"])
    assert reports, "the student's code never ran"
    if os.geteuid() != 0:
        pytest.skip("graded without root: student code runs as this user, so the uid checks do not apply")
    pwd = __import__("pwd")
    for report in reports:        # xo-sandbox; xo-sandbox-K only when other gradings run on this machine at once
        user = pwd.getpwuid(int(report.split()[0].removeprefix("uid="))).pw_name
        assert re.fullmatch(r"xo-sandbox(-\d+)?", user), report
        assert "config-denied" in report and "wrote" not in report, report
    assert not (root / "results" / "pwned").exists() and not (root / "source" / "pwned").exists()


def test_run_autograder_writes_results_when_python_fails(autograder, tmp_path):
    _, results, run = run_autograder(autograder, REFERENCE, tmp_path, python="/nonexistent/python3")
    assert results["score"] == 0 and results["tests"] == []
    assert "could not run" in results["output"] and "instructor" in results["output"]


@pytest.mark.skipif(not pythons.PYTHON_310, reason=pythons.ABSENT)
def test_run_autograder_on_the_python_of_gradescope_s_image(autograder, tmp_path):
    """The instructors' notes say the grader runs on Ubuntu 22.04's system python3, 3.10, with the tomli setup.sh
    installs: the reference gets full marks on CPython 3.10 with tomli (its pip's own copy, on PYTHONPATH)."""
    site = pythons.tomli_path(pythons.PYTHON_310, tmp_path)
    if site is None:
        pytest.skip(f"{pythons.PYTHON_310}'s pip vendors no tomli to run it with")
    root = tmp_path / "autograder"
    shutil.copytree(autograder, root / "source")
    (root / "submission").mkdir()
    for name, text in REFERENCE.items():
        (root / "submission" / f"{name}.py").write_text(text)
    run = subprocess.run([str(root / "source" / "run_autograder")], capture_output=True, text=True, timeout=900,
                         env=clean_environment(XO_AUTOGRADER_ROOT=str(root), XO_PYTHON=pythons.PYTHON_310,
                                               PYTHONPATH=site))
    results = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(results, SCHEMA)
    assert results["score"] == 100, (results["output"][:2000], run.stderr[-3000:])


def test_run_autograder_runs_twice_in_the_same_container(autograder, tmp_path):
    """Issue 40, item 4: Gradescope copies run_autograder to /autograder/run_autograder and runs it there; a second
    run in the same container (its debugging session over SSH) runs again, and the root, the upload and
    submission_metadata.json (earlier results) are still root-only after each.  The upload holds deque.py alone,
    so each grading is short: what is tested is the script, not the checks."""
    if os.geteuid() != 0:
        pytest.skip("run_autograder makes /autograder root-only only when run as root, as on Gradescope")
    root = tmp_path / "autograder"
    shutil.copytree(autograder, root / "source")
    shutil.copy2(root / "source" / "run_autograder", root / "run_autograder")
    (root / "submission").mkdir()
    (root / "submission" / "deque.py").write_text(REFERENCE["deque"])
    metadata = root / "submission_metadata.json"
    metadata.write_text(json.dumps({"previous_submissions": []}))
    for path in (root, root / "source", root / "submission", metadata):
        os.chmod(path, 0o755 if path.is_dir() else 0o644)         # as Gradescope leaves them
    for attempt in (1, 2):
        done = subprocess.run([str(root / "run_autograder")], capture_output=True, text=True, timeout=900,
                              env=clean_environment(XO_AUTOGRADER_ROOT=str(root), XO_PYTHON=sys.executable))
        assert done.returncode == 0 and "Permission denied" not in done.stderr, (attempt, done.stderr[-2000:])
        results = json.loads((root / "results" / "results.json").read_text())
        assert results["tests"] and "could not run" not in results["output"], (attempt, results["output"][:500])
        assert "`board.py` is missing" in results["output"]
        for path in (root, root / "source", root / "submission", metadata, root / "run_autograder"):
            assert stat.S_IMODE(os.stat(path).st_mode) & 0o077 == 0, (attempt, path)
        assert os.access(root / "run_autograder", os.X_OK)


# --- the starter kit -------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def starter(zips, tmp_path_factory):
    return os.path.join(unpack(zips["starter"], str(tmp_path_factory.mktemp("starter"))), FOLDER)


def test_starter_contents(starter):
    files = {os.path.relpath(os.path.join(d, f), starter) for d, _, fs in os.walk(starter) for f in fs}
    assert {"README.md", "Makefile", "requirements.txt", "tests/test_public.py", "grader/config.toml",
            "xo/deque.py", "xo/board.py", "xo/game.py"} <= files
    assert {f"xo/{name}.py" for name in PART_VI} <= files                # Part VI's skeletons
    assert "xo/analysis.py" not in files and not [f for f in files if f.startswith("grader/ta/")]
    assert "xo/judge.py" not in files                                    # the reference wrappers' helper
    if not build.handout_files():
        readme = open(os.path.join(starter, "README.md")).read()
        assert "handout" in readme
    readme = open(os.path.join(starter, "README.md")).read()
    for word in ("make test", "Public", "run only on Gradescope", "deque.py", "board.py", "game.py"):
        assert word in readme
    assert open(os.path.join(starter, "grader", "config.toml"), "rb").read() == \
        open(golden.PINNED_CONFIG, "rb").read()


def test_starter_gives_away_no_hidden_positions(starter):
    config = load()
    shipped = json.load(open(os.path.join(starter, "grader", "fixtures", "positions.json")))["positions"]
    full = json.load(open(os.path.join(TOP, "grader", "fixtures", "positions.json")))["positions"]
    hidden = {name for name in CHECKS if visibility(config, name) != "visible"}
    assert hidden, "the configuration hides no check"
    for name in hidden:
        if name in full:
            assert name not in shipped, f"the starter holds the positions of the hidden check {name}"
    assert "bfs" in shipped and "immediate_win" in shipped


def test_visible_check_depending_on_a_hidden_one_stops_the_build(tmp_path):
    dependent = next(c for c in CHECKS.values() if c.depends)
    with open(golden.PINNED_CONFIG, encoding="utf-8") as f:
        text = f.read().replace('integrity = "hidden"', f'integrity = "hidden"\n{dependent.depends[0]} = "hidden"')
    (tmp_path / "config.toml").write_text(text)
    done = subprocess.run([sys.executable, os.path.join(TOP, "ship", "build.py"), "starter", "--output",
                           str(tmp_path / "starter.zip")], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, XO_CONFIG=str(tmp_path / "config.toml")))
    assert done.returncode == 2 and not (tmp_path / "starter.zip").exists()
    assert f'{dependent.name} is "visible" but runs only after {dependent.depends[0]} ("hidden")' in done.stderr
    assert "starter kit could never run it" in done.stderr and "Traceback" not in done.stderr


SKELETON_PROBE = r"""
import importlib, inspect, json, sys
sys.path.insert(0, sys.argv[1])
import xo
report = {}
for module, names in json.loads(sys.argv[2]).items():
    m = importlib.import_module("xo." + module)
    for qualname in names:
        owner, _, name = qualname.rpartition(".")
        cls = getattr(m, owner) if owner else None
        function = getattr(cls, name) if cls else getattr(m, name)
        arguments = [p for p in inspect.signature(function).parameters.values()
                     if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        args = [None] * len(arguments)
        if cls is not None:
            args[0] = object.__new__(cls) if "__slots__" not in vars(cls) else cls.__new__(cls)
        try:
            function(*args)
            report[module + ":" + qualname] = "returned"
        except NotImplementedError as error:
            report[module + ":" + qualname] = "NotImplementedError: " + str(error)
        except BaseException as error:
            report[module + ":" + qualname] = type(error).__name__
print(json.dumps(report))
"""


def test_skeleton_imports_and_every_stripped_function_raises(starter):
    stripped = {name: strip.stripped_functions(source) for name, source in {**REFERENCE, **PART_VI_REFERENCE}.items()}
    assert all(stripped.values())
    assert set(PART_VI_METHODS) <= set(stripped["game"])
    assert stripped["codequest"] == stripped["codingame"] == ["solve", "main"]
    assert stripped["ninja"] == ["findTheWinner", "main"]
    run = subprocess.run([sys.executable, "-I", "-c", SKELETON_PROBE, starter, json.dumps(stripped)],
                         capture_output=True, text=True, cwd=tempfile.gettempdir())
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert sorted(report) == sorted(f"{module}:{n}" for module, names in stripped.items() for n in names)
    wrong = {name: outcome for name, outcome in report.items() if not outcome.startswith("NotImplementedError")}
    assert not wrong


@pytest.mark.parametrize("name", NAMES + PART_VI)
def test_nothing_of_a_solution_body_survives(starter, name):
    reference = {**REFERENCE, **PART_VI_REFERENCE}[name]
    skeleton = open(os.path.join(starter, "xo", f"{name}.py"), encoding="utf-8").read()
    assert strip.BEGIN not in skeleton and strip.END not in skeleton
    kept = {line.strip() for line in skeleton.splitlines()}
    secrets = solution_lines(reference)
    assert secrets
    assert not secrets & kept, sorted(secrets & kept)
    assert skeleton == strip.strip(reference)


PART_VI_PROBE = r"""
import io, json, sys
sys.path.insert(0, sys.argv[1])
from xo import XO, codequest, codingame, ninja
calls = {
    "XO.minimaxValues": lambda: XO([-1], [0], 1).minimaxValues(),
    "XO.makeMinimaxMove": lambda: XO([-1], [0], 1).makeMinimaxMove(),
    "codequest.solve": lambda: codequest.solve(["00X", "X*0", "**X"]),
    "codequest.main": lambda: codequest.main(io.BytesIO(b"1\n***\n***\n***\n"), io.StringIO(), io.StringIO()),
    "ninja.findTheWinner": lambda: ninja.findTheWinner(["XOX", "OOX", "___"]),
    "ninja.main": lambda: ninja.main(io.BytesIO(b"XOX\nOOX\n___\n"), io.StringIO(), io.StringIO()),
    "codingame.solve": lambda: codingame.solve("X", ["XOX", "OOX", "..."]),
    "codingame.main": lambda: codingame.main(io.BytesIO(b"X\nXOX\nOOX\n...\n"), io.StringIO(), io.StringIO()),
}
report = {}
for name, call in calls.items():
    try:
        report[name] = "returned " + repr(call())
    except NotImplementedError as error:
        report[name] = "NotImplementedError: " + str(error)
    except BaseException as error:
        report[name] = type(error).__name__ + ": " + str(error)
print(json.dumps(report))
"""


def test_part_vi_skeletons_raise_not_implemented_on_top_of_finished_parts_i_to_v(starter, tmp_path):
    """With Parts I-V written (the reference's three files, Part VI's methods left as stubs), every Part VI
    function of the starter, called on the handout's samples, still says NotImplementedError; and the
    command line does too, run as the handout says (``python -m xo.codequest`` in the kit's folder)."""
    kit = tmp_path / "kit"
    shutil.copytree(os.path.join(starter, "xo"), kit / "xo")
    for name in NAMES:
        text = without_part_vi(REFERENCE[name]) if name == "game" else REFERENCE[name]
        (kit / "xo" / f"{name}.py").write_text(text, encoding="utf-8")
    run = subprocess.run([sys.executable, "-I", "-c", PART_VI_PROBE, str(kit)], capture_output=True, text=True,
                         cwd=tempfile.gettempdir())
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert len(report) == 8
    wrong = {name: outcome for name, outcome in report.items() if not outcome.startswith("NotImplementedError")}
    assert not wrong
    for name in PART_VI:
        cli = subprocess.run([sys.executable, "-m", f"xo.{name}"], input="", capture_output=True, text=True,
                             cwd=kit, env=clean_environment())
        assert cli.returncode == 1 and "NotImplementedError" in cli.stderr, (name, cli.stderr[-2000:])
        assert os.path.join(str(kit), "xo", f"{name}.py") in cli.stderr, cli.stderr[-2000:]   # the kit's, not ours


@pytest.fixture(scope="module")
def starter_runs(starter):
    """``make test`` in the unpacked starter: first as shipped, then with the reference's three files in xo/,
    Part VI not started (its two methods and its three programs still the skeleton's stubs).

    One venv (created by the first run) serves both runs.
    """
    env = clean_environment()
    runs = {}
    for stage in ("skeleton", "reference"):
        if stage == "reference":
            for name in NAMES:
                text = without_part_vi(REFERENCE[name]) if name == "game" else REFERENCE[name]
                with open(os.path.join(starter, "xo", f"{name}.py"), "w", encoding="utf-8") as f:
                    f.write(text)
        run = subprocess.run(["make", "test"], cwd=starter, capture_output=True, text=True, env=env, timeout=1800)
        results = json.load(open(os.path.join(starter, "build", "results.json")))
        runs[stage] = (run.returncode, run.stdout + run.stderr, results)
    return runs


def test_starter_make_test_on_the_skeleton_reports_per_part(starter_runs):
    returncode, output, results = starter_runs["skeleton"]
    assert returncode != 0, output[-3000:]
    jsonschema.validate(results, SCHEMA)
    assert "Traceback" not in output, output[-3000:]
    report = output[output.index("Public checks:"):]
    for part in ("I", "II", "III", "IV", "V"):
        assert re.search(rf"^Part {part}\s+\S.*\d+\.\d\d / ", report, re.M), report
    assert "NotImplementedError" in report                         # says why: not written yet
    assert "build/feedback.md" in report
    assert all(t["visibility"] == "visible" for t in results["tests"])


def test_starter_make_test_on_the_skeleton_scores_zero(starter_runs):
    _, output, results = starter_runs["skeleton"]
    assert results["score"] == 0, [t["extra_data"]["check"] for t in results["tests"] if t["status"] == "passed"]


def test_starter_make_test_with_a_correct_submission_gives_full_marks(starter_runs):
    returncode, output, results = starter_runs["reference"]
    assert returncode == 0, output[-3000:]
    most = sum(t["max_score"] for t in results["tests"])
    assert results["score"] == pytest.approx(most) and most > 0
    assert "All public checks pass" in output and "Traceback" not in output
    visible = {name for name, c in CHECKS.items() if visibility(load(), name) == "visible" and c.part != "VI"}
    assert {t["extra_data"]["check"] for t in results["tests"]} == visible


@pytest.fixture(scope="module")
def starter_chosen(starter, starter_runs):
    """``make test CHECK=…`` and ``make test PART=…`` in the unpacked starter, its xo/ the reference's (after
    ``starter_runs``, whose venv serves): (exit status, output, results.json or None) by what was asked."""
    env = clean_environment()
    runs = {}
    results = os.path.join(starter, "build", "results.json")
    for asked in ("CHECK=3.7", "PART=ii", "CHECK=4.7"):
        run = subprocess.run(["make", "test", asked], cwd=starter, capture_output=True, text=True, env=env,
                             timeout=600)
        runs[asked] = (run.returncode, run.stdout + run.stderr,
                       json.load(open(results)) if os.path.exists(results) else None)
    run = subprocess.run(["make", "play", "AI=X", "FIRST=O"], cwd=starter, input="4\nq\n", capture_output=True,
                         text=True, env=env, timeout=600)
    runs["play"] = (run.returncode, run.stdout + run.stderr, None)
    run = subprocess.run([os.path.join(".venv", "bin", "python"), "-m", "grader", "checks"], cwd=starter,
                         capture_output=True, text=True, env=env, timeout=600)
    runs["checks"] = (run.returncode, run.stdout + run.stderr, None)
    config = os.path.join(starter, "grader", "config.toml")     # a student who turns Part VI on in a kit
    shipped = open(config, encoding="utf-8").read()                  # made for a course without it
    try:
        with open(config, "w", encoding="utf-8") as f:
            f.write(shipped.replace("\nVI = 0\n", "\nVI = 10\n"))
        run = subprocess.run(["make", "test", "PART=VI"], cwd=starter, capture_output=True, text=True,
                             env=dict(env, XO_CONFIG=config), timeout=600)   # the kit's own file, edited
        runs["PART=VI"] = (run.returncode, run.stdout + run.stderr,
                           json.load(open(results)) if os.path.exists(results) else None)
    finally:
        with open(config, "w", encoding="utf-8") as f:
            f.write(shipped)
    return runs


def test_starter_make_test_runs_one_check_with_what_it_waits_for(starter_chosen):
    returncode, output, results = starter_chosen["CHECK=3.7"]
    assert returncode == 0, output[-3000:]
    from grader.checks.framework import with_dependencies
    assert {t["extra_data"]["check"] for t in results["tests"]} == with_dependencies("deque_amortised_constant_time")
    assert "[for 3.7: it waits for this]" in output and "Every check you asked for passes" in output
    assert "Only the checks asked for (3.7) were run" in output and "All public checks pass" not in output


def test_starter_make_test_runs_one_part(starter_chosen):
    returncode, output, results = starter_chosen["PART=ii"]
    assert returncode == 0, output[-3000:]
    visible = {name for name, c in CHECKS.items() if visibility(load(), name) == "visible" and c.part == "II"}
    assert {t["extra_data"]["check"] for t in results["tests"]} == visible
    assert "Only the checks asked for (Part II) were run." in output


def test_starter_make_play_plays_against_the_students_ai(starter_chosen):
    returncode, output, _ = starter_chosen["play"]
    assert returncode == 0, output[-3000:]
    assert "You are O, your AI is X; O moves first." in output
    assert re.search(r"Your AI played \d: its search popped [\d,]+ boards", output) and "Game stopped." in output


def test_the_starters_checks_command_lists_every_check_and_offers_no_staff_command(starter_chosen, starter):
    """``python -m grader checks``, which the refusal above points to, works on the starter's fixtures (they
    hold the positions of the checks it runs only); ``fixtures``, a staff command, is not offered."""
    returncode, output, _ = starter_chosen["checks"]
    assert returncode == 0, output[-3000:]
    assert all(f"{check.number} " in output for check in CHECKS.values())
    done = subprocess.run([os.path.join(".venv", "bin", "python"), "-m", "grader", "fixtures"], cwd=starter,
                          capture_output=True, text=True, env=clean_environment())
    assert done.returncode == 2 and "invalid choice: 'fixtures'" in done.stderr


def test_a_kit_without_part_vi_says_so_when_part_vi_is_turned_on(starter_chosen):
    """Clean room, round ten: a student gave Part VI points in a kit made for a course that does not grade it,
    and five checks reported an internal error (the kit holds no Part VI fixtures).  Each Part VI check now says
    why it cannot run, and none reports an internal error."""
    from grader.grading.run import NO_PART_VI
    _, output, results = starter_chosen["PART=VI"]
    assert results is not None, output[-3000:]
    sixes = [t for t in results["tests"] if t["extra_data"]["part"] == "VI"]
    assert sixes and all(NO_PART_VI in t["output"] or t["output"].startswith("Can't check until this passes")
                         for t in sixes), [t["output"][:200] for t in sixes]
    assert any(NO_PART_VI in t["output"] for t in sixes)
    assert "internal error" not in json.dumps(results) and "Traceback" not in output


def test_starter_make_test_refuses_a_check_it_does_not_run(starter_chosen):
    returncode, output, results = starter_chosen["CHECK=4.7"]
    assert returncode != 0 and results is None
    assert 'grader: check 4.7 part4_more_positions does not run here: it runs only on Gradescope' in output
    assert "Nothing was graded: see the grader's message above about CHECK=4.7." in output
    assert "Traceback" not in output


def test_the_starters_handout_md_has_no_staff_text_and_carries_its_figures(tmp_path):
    import re
    import zipfile
    path = tmp_path / "starter.zip"
    subprocess.run([sys.executable, os.path.join(TOP, "ship", "build.py"), "starter", "--output", str(path)],
                   cwd=TOP, check=True, capture_output=True)
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        text = archive.read("project5/handout.md").decode("utf-8")
    assert text.startswith("# Project 5") and "<!--\n  The source of the students' handout" not in text
    figures = set(re.findall(r"\]\((figures/[^ )]+\.svg)", text))
    assert figures and all(f"project5/{f}" in names for f in figures)
