"""What the kit says follows the configuration in force (issue 40), without grading anything: the instructors'
notes and the handout as a course gets them (``handout/build.py``'s ``configured``), what the builds and ``make
check`` say of each platform's limits (``ship/platforms.py``, quoting Gradescope's and PrairieLearn's own
documents), what each changed setting does (``ship/effects.py``), the hint of a missing file, and a first
install without setuptools' warnings.  tests/test_matrix.py grades under the same configurations.
"""

import importlib.util
import os
import re
import subprocess
import sys
import zipfile

import configurations
import golden  # noqa: F401  (tests/golden: the pinned configuration)
import pytest

from grader.checks.framework import CHECKS, Context, Fail
from grader.grading.points import load
from grader.settings.config import graded_parts
from grader.submission.locate import locate, to_upload
from ship import effects, platforms

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
HANDOUT = os.path.join(TOP, "handout")
BUILD = os.path.join(TOP, "ship", "build.py")


@pytest.fixture(scope="module")
def handout_build():
    """handout/build.py, imported as a module."""
    spec = importlib.util.spec_from_file_location("handout_build_configured", os.path.join(HANDOUT, "build.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def configs(tmp_path_factory):
    """Every configuration of tests/configurations.py, written: name → path."""
    folder = tmp_path_factory.mktemp("configs")
    return {name: configurations.write(folder, name) for name in {**configurations.MATRIX, **configurations.LIMITS}
            if name != "misspelt_section"}


@pytest.fixture(scope="module")
def instructors(handout_build, configs):
    """The instructors' notes made for the configuration named, once per configuration (its withheld-rules island
    reads every rule's model over the fixtures: some seconds)."""
    made = {}

    def notes(name):
        if name not in made:
            made[name] = handout_build.configured(configs[name], ("INSTRUCTORS.md",))["INSTRUCTORS.md"]
        return made[name]
    return notes


def island(text, name):
    found = re.search(rf"<!-- BEGIN generated:{name} -->\n(.*?)<!-- END generated:{name} -->", text, re.S)
    assert found, f"no island {name}"
    return found.group(1).strip()


def environment(config):
    return dict(os.environ, XO_CONFIG=config)


class TestInstructorsNotes:
    """The instructors' notes made for a configuration (``configured``): what ``make check`` and ``make handout``
    render into build/handout/INSTRUCTORS.html."""

    @pytest.mark.parametrize("name", ["shipped", "part_vi_on"])
    def test_the_gradescope_total_counts_every_part_graded(self, instructors, configs, name):
        """Issue 40, item 1: with Part VI on, the total to set on Gradescope is 110, not Parts I-V's 100."""
        config = load(configs[name])
        graded = graded_parts(config)
        deploy = island(instructors(name), "deploy-numbers")
        total = sum(config["points"][p] for p in graded)
        parts = ", ".join(f"{p}: {config['points'][p]:g}" for p in graded)
        assert f"| total points (set the assignment's points to this) | **{total:g}** ({parts}) |" in deploy
        assert ("VI: 10" in deploy) == (name == "part_vi_on") and total == (110 if name == "part_vi_on" else 100)
        files = to_upload("VI" in graded)
        assert all(f"`{f}`" in deploy.split("files students upload")[1].split("\n")[0] for f in files)
        run = [c for c in CHECKS.values() if c.part in graded]
        fast = sum(1 for c in run if not c.slow)
        assert f"every check running to its limit would take {fast} checks × 30 s" in deploy

    def test_what_to_set_on_gradescope_follows_the_limits(self, instructors):
        """Issue 40, item 3: memory_mib = 4096 asks for a larger container, total = 5000 is impossible; 900 s asks
        for a 16-minute timeout."""
        deploy = island(instructors("beyond_every_platform"), "deploy-numbers")
        assert "**raise it to 4352 MB** or more" in deploy and "**impossible**" in deploy
        text = instructors("gradescope_only")
        assert "**set the autograder timeout to 16 minutes** or more" in island(text, "deploy-numbers")
        assert "**this configuration cannot be graded there**" in island(text, "prairielearn-numbers")
        shipped = instructors("shipped")
        assert "default container: 768 MB, enough" in island(shipped, "deploy-numbers")
        assert "stops the grader a minute or more before it" in island(shipped, "prairielearn-numbers")

    def test_the_upload_for_full_marks_follows_part_vi(self, instructors):
        """Issue 40, item 7: the reference's upload under Part VI is six files, Part VI's from the corpus."""
        text = instructors("part_vi_on")
        said = island(text, "reference-upload")
        assert "tests/submissions/correct/partvi_complete/ninja.py" in said and "xo/game.py" in said
        for path in re.search(r"^cp (.*) /tmp/ag/submission/$", said, re.M).group(1).split():
            assert os.path.exists(os.path.join(TOP, path)), path


class TestTheTrackedFilesStay:
    def test_rendering_for_a_configuration_leaves_the_tracked_files_alone(self, configs, tmp_path):
        """Issue 40, item 9: ``make check`` (``handout/build.py --html-only``) renders the pages for the
        configuration in force into build/, and no longer rewrites the tracked handout.md and INSTRUCTORS.md."""
        before = {name: open(os.path.join(HANDOUT, name), "rb").read() for name in ("handout.md", "INSTRUCTORS.md")}
        done = subprocess.run([sys.executable, os.path.join(HANDOUT, "build.py"), "--html-only", "--out",
                               str(tmp_path)], capture_output=True, text=True, timeout=600,
                              env=environment(configs["part_vi_on"]))
        assert done.returncode == 0, done.stderr[-2000:]
        assert {name: open(os.path.join(HANDOUT, name), "rb").read() for name in before} == before
        page = (tmp_path / "handout.html").read_text(encoding="utf-8")
        assert "<strong>110</strong>" in page and "codingame.py</code>" in page
        assert "<strong>110</strong>" in (tmp_path / "INSTRUCTORS.html").read_text(encoding="utf-8")
        assert "**110**" not in before["handout.md"].decode() and "**100**" in before["handout.md"].decode()


class TestPlatforms:
    """Issue 40, item 3: the limits held to Gradescope's and PrairieLearn's own."""

    def test_the_shipped_limits_need_nothing_set(self):
        assert platforms.findings(load()["limits"]) == []

    def test_each_finding_quotes_the_platforms_document(self, configs):
        found = platforms.findings(load(configs["beyond_every_platform"])["limits"])
        kinds = [(f.platform, f.kind) for f in found]
        assert kinds == [("Gradescope", "cannot"), ("Gradescope", "set"), ("PrairieLearn", "cannot"),
                         ("PrairieLearn", "set")]
        assert platforms.GRADESCOPE_TIMEOUT_MAX_QUOTE in found[0].text and "2340 s" in found[0].text
        assert platforms.GRADESCOPE_MEMORY_QUOTE in found[1].text and "4352 MB" in found[1].text
        assert platforms.PL_TIMEOUT_QUOTE in found[2].text and "540 s" in found[2].text
        assert "graderDockerMemory" in found[3].text

    @pytest.mark.parametrize("name, what, refused, said", [
        ("beyond_every_platform", "autograder", True, "Gradescope's largest autograder timeout, 40 minutes"),
        ("gradescope_only", "prairielearn", True, "PrairieLearn's largest job timeout, 600 s"),
        ("gradescope_only", "autograder", False, "set the assignment's autograder timeout (Settings) to 16 minutes"),
        ("beyond_every_platform", "starter", False, ""),
    ])
    def test_a_build_refuses_what_its_platform_cannot_grade(self, configs, tmp_path, name, what, refused, said):
        out = tmp_path / what
        done = subprocess.run([sys.executable, BUILD, what, "--output", str(out)], capture_output=True, text=True,
                              timeout=600, env=environment(configs[name]))
        assert (done.returncode == 2) == refused and out.exists() != refused, done.stderr[-2000:]
        assert said in done.stderr and "Traceback" not in done.stderr, done.stderr[-2000:]

    def test_make_check_fails_when_no_platform_can_grade_and_says_what_each_change_does(self, configs, tmp_path):
        """... and removes what an earlier configuration built for them, never to be uploaded by mistake."""
        dist = tmp_path / "dist"
        (dist / "prairielearn").mkdir(parents=True)
        (dist / "autograder.zip").write_bytes(b"built for another configuration")
        done = subprocess.run([sys.executable, os.path.join(TOP, "ship", "check.py"), "--dist", str(dist)],
                              capture_output=True, text=True, timeout=600,
                              env=environment(configs["beyond_every_platform"]))
        assert done.returncode == 1, done.stdout[-3000:]
        assert not (dist / "prairielearn").exists() and not (dist / "autograder.zip").exists()
        out = done.stdout
        assert "make check: FAILED: neither Gradescope nor PrairieLearn can grade under this configuration" in out
        assert "  NO    Gradescope: [limits] total = 5000 s" in out and "  NO    PrairieLearn: [limits] total" in out
        assert "  set   Gradescope: raise the container's memory (Autograder Settings) to 4352 MB" in out
        assert "[limits] memory_mib: 512 -> 4096: a student process may use 4096 MiB" in out      # item 9
        assert "[limits] total: 510 -> 5000: a whole grading may take 5000 s (83.3 minutes)" in out


class TestEffects:
    """Issue 40, items 2 and 9: one line per changed setting, saying what it does and what students see."""

    @pytest.mark.parametrize("name, said", [
        ("part_vi_on", ["[points] VI: 0 -> 10: Part VI (minimax, and three judges) is worth 10 points",
                        "students' scores are out of 110", "students upload deque.py, board.py, game.py, "
                        "codequest.py, ninja.py and codingame.py", "runs its 10 visible checks"]),
        ("every_group_visible", ['[visibility] part4_more_positions: "withheld" -> "visible": check 4.7 '
                                 'part4_more_positions is "visible": students see score and details at once']),
        ("partial_credit", ['[grading] partial_credit: "none" -> "proportional": a check over many positions that '
                            'differs on some earns its points times the share of answers right']),
        ("changed_timeout", ["[limits] timeout: 30 -> 20: each run of student code by a check is stopped after 20 s",
                             "[limits] slow_timeout: 180 -> 120: the checks that search from the empty board (5.1) "
                             "may run 120 s each", "[limits] total: 510 -> 540"]),
    ])
    def test_each_changed_setting_says_what_it_does(self, configs, name, said):
        lines = "\n".join(c.line() for c in effects.changed(load(configs[name]), load(configs["shipped"])))
        for words in said:
            assert words in lines, lines

    def test_the_shipped_configuration_changes_nothing(self, configs):
        assert effects.changed(load(configs["shipped"]), load()) == []


class TestHints:
    @pytest.mark.parametrize("name, missing, check", [("shipped", "board", "board_empty"),
                                                      ("part_vi_on", "codequest", "codequest_sample")])
    def test_a_missing_file_s_hint_names_every_file_this_course_uploads(self, configs, tmp_path, name, missing,
                                                                         check):
        """Issue 40, item 7: "Upload exactly …" names Part VI's three files too when Part VI is graded."""
        config = load(configs[name])
        for module in ("deque", "board", "game", "codequest", "ninja", "codingame"):
            if module != missing:
                (tmp_path / f"{module}.py").write_text("")
        check = CHECKS[check]
        context = Context(None, {}, config, check, located=locate(str(tmp_path)), observations=object())
        with pytest.raises(Fail) as failed:
            context.run("anything", (missing,), doing="importing")
        files = to_upload("VI" in graded_parts(config))
        expected = ", ".join(files[:-1]) + " and " + files[-1]
        assert failed.value.help == f"Upload exactly {expected}"
        assert len(files) == (6 if name == "part_vi_on" else 3)


def test_the_first_install_prints_no_setuptools_warning(tmp_path):
    """Issue 40, item 9: building the kit as `make install` does (pip, build isolation) says nothing of
    `project.license` (a PEP 639 string, with the setuptools that reads it)."""
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path), TOP],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    said = done.stdout + done.stderr
    assert "project.license" not in said and "BuildBackendWarning" not in said, said[-3000:]
    assert [n for n in os.listdir(tmp_path) if n.startswith("xo_kit-")]
    with zipfile.ZipFile(next(tmp_path.glob("xo_kit-*.whl"))) as wheel:
        metadata = wheel.read(next(n for n in wheel.namelist() if n.endswith("METADATA"))).decode()
    assert "License-Expression: MIT" in metadata
