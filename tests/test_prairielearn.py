"""PrairieLearn: ``grade --format prairielearn`` writes PrairieLearn's results.json (valid against
grader/schema/prairielearn.schema.json, written from its docs/externalGrading.md) with the Gradescope flow's
verdicts; ``make prairielearn`` builds a question and the grader, whose entrypoint is run here as PrairieLearn
runs it, its ``/grade`` moved by ``XO_GRADE_ROOT``, as root and as another user."""

import dataclasses
import glob
import json
import os
import shutil
import stat
import subprocess
import sys

import jsonschema
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import golden  # noqa: E402
import pythons  # noqa: E402

from grader.grading.verdict import Grading  # noqa: E402
from grader.render.prairielearn import LIMIT, prairielearn, size  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
with open(os.path.join(TOP, "grader", "schema", "prairielearn.schema.json"), encoding="utf-8") as f:
    SCHEMA = json.load(f)
GOLDENS = sorted(glob.glob(os.path.join(HERE, "golden", "submissions", "*", "*.json")))
ROOT = os.geteuid() == 0


def parts(results):
    """Points per Part of Gradescope's results.json."""
    return {part: total.points for part, total in Grading.from_results(results).totals().items()}


def pl_parts(results):
    return {test["name"].split(":")[0].split()[1]: round(test["points"], 2) for test in results["tests"]}


class TestRendering:
    """The corpus' recorded results (tests/golden), rendered for PrairieLearn."""

    @pytest.mark.parametrize("path", GOLDENS, ids=[os.path.relpath(p, HERE) for p in GOLDENS])
    def test_every_corpus_submission_gets_the_gradescope_flows_verdicts(self, path):
        with open(path, encoding="utf-8") as f:
            recorded = json.load(f)
        results = prairielearn(Grading.from_results(recorded))
        jsonschema.validate(results, SCHEMA)
        assert pl_parts(results) == parts(recorded)
        most = sum(t["max_score"] for t in recorded["tests"])
        assert results["score"] == pytest.approx(recorded["score"] / most, abs=1e-4)

    def test_the_markdown_is_made_plain_text(self):
        with open(os.path.join(HERE, "golden", "submissions", "buggy", "missing_diagonal.json"), encoding="utf-8") as f:
            results = prairielearn(Grading.from_results(json.load(f)))
        shown = results["message"] + "".join(t["output"] for t in results["tests"])
        assert "```" not in shown and "**" not in shown
        assert " X | O | X " in shown and results["message"].startswith("Part ")      # the boards, the grid

    def test_a_missing_file_is_not_gradable_and_says_which(self):
        results = prairielearn(Grading([]), format_errors=["`deque.py` is missing from your submission."])
        jsonschema.validate(results, SCHEMA)
        assert results["gradable"] is False and "score" not in results
        assert results["format_errors"] == ["`deque.py` is missing from your submission."]
        assert "costs you no attempt" in results["message"]

    def test_the_results_stay_under_a_megabyte_whatever_the_feedback(self):
        with open(GOLDENS[0], encoding="utf-8") as f:
            grading = Grading.from_results(json.load(f))
        grading.verdicts = [dataclasses.replace(v, told="é" * 60_000, status=type(v.status)("failed"))
                            for v in grading.verdicts]
        results = prairielearn(grading)
        jsonschema.validate(results, SCHEMA)
        assert size(results) <= LIMIT and "more characters not shown" in results["tests"][0]["output"]

    def test_checks_shown_later_on_gradescope_are_shown_with_their_details_withheld(self):
        with open(os.path.join(HERE, "golden", "submissions", "buggy", "missing_diagonal.json"), encoding="utf-8") as f:
            grading = Grading.from_results(json.load(f))
        grading.verdicts = [dataclasses.replace(v, visibility="after_due_date") if v.check == "o_to_move" else v
                            for v in grading.verdicts]
        results = prairielearn(grading)
        part_v = next(t for t in results["tests"] if t["name"].startswith("Part V:"))
        assert "5.4" in part_v["message"] and "shown after the due date" not in results["message"]


SYSTEM_PYTHON = "/usr/bin/python3"
"""The entrypoint's interpreter here: the system's, without gradescope-utils or anything else installed, as in
PrairieLearn's python image (and readable by another user, which this checkout's venv under /root is not)."""


NOBODY = 65534
"""The other user the entrypoint runs as."""


@pytest.fixture(scope="module")
def place():
    """A folder of the other user's, 0700: root and that user reach what is in it, the sandbox's users do not
    (it holds a copy of the grader's fixtures, which the hostile corpus looks for everywhere)."""
    import pathlib
    import tempfile
    top = tempfile.mkdtemp(prefix="xo-pl-")
    if ROOT:
        os.chown(top, NOBODY, NOBODY)
    yield pathlib.Path(top)
    shutil.rmtree(top)


@pytest.fixture
def built(place, request):
    """``make prairielearn``'s folder, one for each test: a grading as root makes the grader's fixtures root-only
    (``grade.protected_paths``), as it would in the fresh container of each PrairieLearn job."""
    folder = place / f"prairielearn-{request.node.name}"
    done = subprocess.run([sys.executable, os.path.join(TOP, "ship", "build.py"), "prairielearn", "--output",
                           str(folder)], cwd=TOP, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return folder


@pytest.fixture
def root(place, request):
    """A ``/grade`` of this test's own in ``place``."""
    folder = place / f"grade-{request.node.name}"
    (folder / "student").mkdir(parents=True)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def fill(root, submission, owner=None):
    """``submission``'s files in ``root/student`` (all of ``root`` owned by ``owner`` if given)."""
    for name in os.listdir(submission):
        if name.endswith(".py"):
            shutil.copy(os.path.join(submission, name), root / "student")
    if owner is not None:
        for folder, _, files in os.walk(root):
            os.chown(folder, owner, owner)
            for name in files:
                os.chown(os.path.join(folder, name), owner, owner)
    return root


def run(built, root, as_user=None, expect_results=True, python=SYSTEM_PYTHON, **extra):
    entry = str(built / "serverFilesCourse" / "xo_grader" / "run.sh")
    command = [entry] if as_user is None else ["setpriv", f"--reuid={as_user}", f"--regid={as_user}",
                                               "--clear-groups", entry]
    environment = {k: v for k, v in os.environ.items() if k != "XO_CONFIG"}     # the shipped configuration, as
    environment.update(XO_GRADE_ROOT=str(root), XO_PYTHON=python, **extra)         # PrairieLearn would run it
    done = subprocess.run(command, env=environment,
                          capture_output=True, text=True, timeout=600, cwd="/")
    assert done.returncode == 0, done.stderr[-3000:]
    if not expect_results:
        return done, None if not os.path.exists(root / "results" / "results.json") else "written"
    with open(root / "results" / "results.json", encoding="utf-8") as f:
        return done, json.load(f)


class TestBuild:
    def test_the_question_and_the_grader_are_laid_out_as_the_document_says(self, built):
        info = json.loads((built / "questions" / "XOProject5" / "info.json").read_text())
        options = info["externalGradingOptions"]
        assert info["gradingMethod"] == "External" and options["enabled"] is True
        assert options["timeout"] <= 600 and options["image"].startswith("python:3.")
        assert options["serverFilesCourse"] == ["xo_grader/"]
        assert options["entrypoint"] == "/grade/serverFilesCourse/xo_grader/run.sh"
        assert os.access(built / "serverFilesCourse" / "xo_grader" / "run.sh", os.X_OK)
        html = (built / "questions" / "XOProject5" / "question.html").read_text()
        assert '<pl-file-upload file-names="board.py, deque.py, game.py"' in html
        assert "<pl-external-grader-results>" in html
        shipped = {os.path.relpath(os.path.join(d, f), built) for d, _, fs in os.walk(built) for f in fs}
        assert "serverFilesCourse/xo_grader/grader/fixtures/positions.json" in shipped
        assert not [f for f in shipped if "/grader/ta/" in f or "/xo/" in f]
        readme = (built / "README.md").read_text()
        for words in ("python:3.11-slim-bookworm", "600", "Not as root", "XO_GRADE_ROOT"):
            assert words in readme
        # issue 40, item 2: the Python named is the one run.sh checks, never "the standard library" on 3.10
        from ship.build import PL_MIN_PYTHON
        assert f"The grader needs Python {PL_MIN_PYTHON}" in " ".join(readme.split())
        assert f"needs Python {PL_MIN_PYTHON}" in (built / "serverFilesCourse" / "xo_grader" / "run.sh").read_text()
        assert '"maxPoints": 100' in readme and "nothing beyond the standard library there" not in readme


@pytest.mark.skipif(not ROOT or not os.path.exists(SYSTEM_PYTHON) or not shutil.which("setpriv"),
                    reason="the entrypoint's runs as root and as another user need root, /usr/bin/python3 and setpriv")
class TestEntrypoint:
    """run.sh as PrairieLearn runs it: a corpus submission graded as another user (the grader's own runs as
    root are the rest of the suite's), with the verdicts of its Gradescope golden; a missing file, as root."""

    def test_as_another_user_a_buggy_submission(self, built, root):
        fill(root, os.path.join(HERE, "submissions", "buggy", "missing_diagonal"), owner=NOBODY)
        done, results = run(built, root, as_user=NOBODY)
        assert results.get("gradable") is True, (results, done.stdout[-2000:], done.stderr[-3000:])
        jsonschema.validate(results, SCHEMA)
        with open(golden.path_of("submissions/buggy/missing_diagonal"), encoding="utf-8") as f:
            recorded = json.load(f)
        assert pl_parts(results) == parts(recorded), (results["message"], done.stderr[-3000:])
        assert "not root, so student code runs as this same user" in done.stdout

    def test_a_grade_folder_the_user_cannot_write_is_said_in_the_log(self, built, root):
        fill(root, os.path.join(HERE, "submissions", "correct", "circular_deque"))     # root's, not NOBODY's
        os.chmod(root, 0o755)
        done, results = run(built, root, as_user=NOBODY, expect_results=False)
        assert results is None and "Traceback" not in done.stderr
        assert "must be writable by the user the container runs as; nothing graded" in done.stderr

    @pytest.mark.skipif(not pythons.PYTHON_310, reason=pythons.ABSENT)
    def test_on_python_3_10_without_tomli_the_log_says_so_in_one_line(self, built, root):
        """Issue 40, item 2: on 3.10 the configuration needs tomli, which the container cannot install: one line
        in the job's log and a submission "not gradable" (no attempt used), never ModuleNotFoundError.  (3.11
        grades: the other tests here run /usr/bin/python3, 3.11.)"""
        python = pythons.PYTHON_310
        if pythons.has_tomli(python):
            pytest.skip(f"{python} has tomli: the grader would run on it")
        version = pythons.version(python)
        fill(root, os.path.join(HERE, "submissions", "correct", "circular_deque"))
        done, results = run(built, root, python=python)
        jsonschema.validate(results, SCHEMA)
        from ship.build import PL_MIN_PYTHON
        said = [line for line in done.stderr.splitlines() if line.startswith("xo grader:")]
        assert said == [f"xo grader: needs Python {PL_MIN_PYTHON}; {python} is Python {version}: nothing graded"]
        assert "Traceback" not in done.stderr and "ModuleNotFoundError" not in done.stderr
        assert results["gradable"] is False and f"its Python is {version}" in results["message"]

    @pytest.mark.skipif(not pythons.PYTHON_310, reason=pythons.ABSENT)
    def test_on_python_3_10_with_tomli_it_grades(self, built, root, tmp_path):
        """Issue 40, item 2: the README's other Python, 3.10 with tomli (here: its pip's own copy on PYTHONPATH),
        grades a correct submission to full marks."""
        site = pythons.tomli_path(pythons.PYTHON_310, tmp_path)
        if site is None:
            pytest.skip(f"{pythons.PYTHON_310}'s pip vendors no tomli to run it with")
        fill(root, os.path.join(HERE, "submissions", "correct", "circular_deque"))
        done, results = run(built, root, python=pythons.PYTHON_310, PYTHONPATH=site)
        jsonschema.validate(results, SCHEMA)
        assert results["gradable"] is True and results["score"] == 1.0, (results.get("message"), done.stderr[-3000:])
        assert "needs Python" not in done.stderr

    def test_as_root_a_missing_file_costs_no_attempt(self, built, root):
        fill(root, os.path.join(HERE, "submissions", "correct", "circular_deque"))
        os.rename(root / "student" / "deque.py", root / "student" / "Deque.py")
        done, results = run(built, root)
        jsonschema.validate(results, SCHEMA)
        assert "xo grader: user 0" in done.stdout and "not root" not in done.stdout
        assert stat.S_IMODE(os.stat(root / "student").st_mode) == 0o700        # the upload: root's alone
        assert results["gradable"] is False
        assert results["format_errors"] == ["`deque.py` is missing from your submission: found `Deque.py` instead; "
                                            "rename it to `deque.py`."]
