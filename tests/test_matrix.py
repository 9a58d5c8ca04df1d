"""Issue 40's configuration matrix, as a whole.  Under each configuration of ``configurations.MATRIX`` (the
shipped one, Part VI on, every group visible, partial credit on, a changed timeout), the kit builds both zips
and the PrairieLearn folder as an instructor would (``ship/build.py`` with ``$XO_CONFIG``), grades the reference
through Gradescope's flow (``run_autograder``, its root moved into a temporary folder) and a buggy submission
through PrairieLearn's (``run.sh``), and holds every total and file list its documents give to the results.json
those gradings wrote: the instructors' notes made for the configuration, the handout in the starter zip and in
the PrairieLearn question, the starter's README, the PrairieLearn README and question.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile

import configurations
import golden  # noqa: F401  (tests/golden: the pinned configuration, $XO_CONFIG of this process)
import jsonschema
import pytest

from grader.grading.points import load
from grader.grading.verdict import Grading
from grader.settings.config import graded_parts
from grader.submission.locate import to_upload
from ship.build import PL_GRADER, PL_QUESTION, STARTER_FOLDER, reference_files

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
BUILD = os.path.join(TOP, "ship", "build.py")
BUGGY = os.path.join(HERE, "submissions", "buggy", "tiebreak_high")
"""The buggy submission: ties to the highest cell, which costs Parts IV and V, its withheld checks among them
(so that visibility and partial credit show)."""
SYSTEM_PYTHON = "/usr/bin/python3"
"""The entrypoint's interpreter, as in PrairieLearn's image: the system's, with nothing installed (this suite's own
Python where there is none)."""
with open(os.path.join(TOP, "grader", "schema", "results.schema.json"), encoding="utf-8") as _f:
    GRADESCOPE_SCHEMA = json.load(_f)
with open(os.path.join(TOP, "grader", "schema", "prairielearn.schema.json"), encoding="utf-8") as _f:
    PRAIRIELEARN_SCHEMA = json.load(_f)


def island(text, name):
    found = re.search(rf"<!-- BEGIN generated:{name} -->\n(.*?)<!-- END generated:{name} -->", text, re.S)
    assert found, f"no island {name}"
    return found.group(1).strip()


def unpack(archive, folder):
    """``archive`` extracted into ``folder`` as unzip does, keeping the Unix modes."""
    with zipfile.ZipFile(archive) as z:
        for info in z.infolist():
            path = z.extract(info, folder)
            mode = info.external_attr >> 16 & 0o777
            if mode:
                os.chmod(path, mode)
    return folder


def without_config(**extra):
    """The environment of a grading: the zip's or the folder's own configuration, never $XO_CONFIG."""
    env = {k: v for k, v in os.environ.items() if k != "XO_CONFIG" and not k.startswith(("PYTEST_", "PYTHON"))}
    env.update(extra)
    return env


def gradescope(source, files, root):
    """Grade ``files`` as Gradescope does: ``root``/source the unpacked zip, run_autograder copied into ``root``."""
    shutil.copytree(source, root / "source")
    shutil.copy2(root / "source" / "run_autograder", root / "run_autograder")
    (root / "submission").mkdir()
    for path in files:
        shutil.copy(os.path.join(TOP, path), root / "submission")
    done = subprocess.run([str(root / "run_autograder")], capture_output=True, text=True, timeout=1200,
                          env=without_config(XO_AUTOGRADER_ROOT=str(root), XO_PYTHON=sys.executable))
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(results, GRADESCOPE_SCHEMA)
    return results


def prairielearn(folder, submission, root):
    """Grade ``submission`` as PrairieLearn does: run.sh of ``folder``, /grade moved to ``root``."""
    (root / "student").mkdir(parents=True)
    for name in os.listdir(submission):
        if name.endswith(".py"):
            shutil.copy(os.path.join(submission, name), root / "student")
    python = SYSTEM_PYTHON if os.path.exists(SYSTEM_PYTHON) else sys.executable
    done = subprocess.run([str(folder / "serverFilesCourse" / PL_GRADER / "run.sh")], capture_output=True, text=True,
                          timeout=1200, cwd="/", env=without_config(XO_GRADE_ROOT=str(root), XO_PYTHON=python))
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(results, PRAIRIELEARN_SCHEMA)
    return results, done


def grading_row(handout):
    """The handout's "Points and limits" table: Part → its points, and the total."""
    rows = [line.strip("|").split("|") for line in island(handout, "grading").splitlines() if line.startswith("| ")]
    parts = {cells[0].strip(): float(cells[2]) for cells in rows if cells[0].strip() not in ("Part", "")}
    total = next(float(cells[2].strip(" *")) for cells in rows if "**total**" in cells[1])
    return parts, total


@pytest.fixture(scope="module")
def handout_build():
    import importlib.util
    spec = importlib.util.spec_from_file_location("handout_build_matrix", os.path.join(TOP, "handout", "build.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", list(configurations.MATRIX))
def test_every_document_says_what_the_grader_does_under_the_configuration(name, tmp_path, handout_build):
    path = configurations.write(tmp_path, name)
    config = load(path)
    graded = graded_parts(config)
    points = {part: config["points"][part] for part in graded}
    total = sum(points.values())
    uploads = to_upload("VI" in graded)
    limits = config["limits"]

    # What an instructor builds, with this configuration in grader/config.toml (here: $XO_CONFIG)
    dist = tmp_path / "dist"
    for what in ("autograder", "starter", "prairielearn"):
        done = subprocess.run([sys.executable, BUILD, what, "--output", str(dist / what)], capture_output=True,
                              text=True, timeout=600, cwd=TOP, env=dict(os.environ, XO_CONFIG=path))
        assert done.returncode == 0, (what, done.stderr[-3000:])
    source = unpack(dist / "autograder", str(tmp_path / "autograder-source"))
    starter = os.path.join(unpack(dist / "starter", str(tmp_path / "starter")), STARTER_FOLDER)
    folder = dist / "prairielearn"
    for shipped in (os.path.join(source, "grader", "config.toml"), os.path.join(starter, "grader", "config.toml"),
                    folder / "serverFilesCourse" / PL_GRADER / "grader" / "config.toml"):
        assert open(shipped, encoding="utf-8").read() == configurations.text(name), shipped

    # Gradescope grades the reference (Part VI's programs too when Part VI is graded): full marks, out of the total
    results = gradescope(source, reference_files("VI" in graded), tmp_path / "gradescope")
    tests = [t for t in results["tests"] if t["name"] != "Integrity"]
    assert results["score"] == pytest.approx(total) and sum(t["max_score"] for t in tests) == pytest.approx(total), \
        results["output"][:2000]
    maxima = {part: t.max_points for part, t in Grading.from_results(results).totals().items()}
    assert maxima == pytest.approx(points)

    # PrairieLearn grades the buggy submission: the same Parts and points at most, the mistake's Parts short
    pl, run = prairielearn(folder, BUGGY, tmp_path / "grade")
    assert pl["gradable"] is True, (pl, run.stderr[-3000:])
    parts = {t["name"].split(":")[0].split()[1]: (t["points"], t["max_points"]) for t in pl["tests"]}
    assert {part: most for part, (_, most) in parts.items()} == pytest.approx(points)
    assert pl["score"] == pytest.approx(sum(p for p, _ in parts.values()) / total, abs=1e-4)
    assert parts["IV"][0] < parts["IV"][1] and parts["V"][0] < parts["V"][1] and parts["I"][0] == parts["I"][1]
    earned = [(float(x), float(y)) for t in pl["tests"] for x, y in re.findall(r"FAILED \(([\d.]+) / ([\d.]+)\)",
                                                                               t["output"])]
    partial = [(x, y) for x, y in earned if 0 < x < y]
    assert bool(partial) == (config["grading"]["partial_credit"] != "none"), earned
    if "VI" in graded:                   # the buggy upload holds the three files of Parts I-V only
        part_vi = next(t for t in pl["tests"] if t["name"].startswith("Part VI:"))
        assert all(f"`{n}` (Part VI) was not uploaded" in part_vi["output"] for n in uploads[3:]), part_vi["output"]

    # The instructors' notes, made for this configuration: the total and the files
    notes = handout_build.configured(path, ("INSTRUCTORS.md",))["INSTRUCTORS.md"]
    deploy = island(notes, "deploy-numbers")
    assert f"| total points (set the assignment's points to this) | **{total:g}** (" in deploy
    assert f"| files students upload | {', '.join(f'`{u}`' for u in uploads[:-1])} and `{uploads[-1]}` |" in deploy
    assert f"| {limits['timeout']:g} s; {limits['slow_timeout']:g} s from the empty board |" in deploy
    pl_numbers = island(notes, "prairielearn-numbers")
    assert f"is the total, {total:g}" in pl_numbers and f"`[limits] total` = {limits['total']:g} s" in pl_numbers
    said = island(notes, "reference-upload")
    assert all(f"`{f}`" in said for f in reference_files("VI" in graded))

    # The handout students get, in the starter zip and in the PrairieLearn question
    for handout in (os.path.join(starter, "handout.md"),
                    folder / "questions" / PL_QUESTION / "clientFilesQuestion" / "handout.md"):
        text = open(handout, encoding="utf-8").read()
        assert grading_row(text) == (points, total), handout
        assert all(f"`{u}`" in island(text, "upload") for u in uploads), island(text, "upload")
        assert f"**{limits['timeout']:g} seconds**" in text and f"**{limits['slow_timeout']:g} seconds**" in text
        assert f"**{round(limits['total'] / 60, 1):g} minutes**" in text
        public = island(text, "grading")
        shown_later = sum(int(cells.split("|")[5]) for cells in public.splitlines()
                          if cells.startswith("| ") and cells.split("|")[1].strip() in points)
        withheld = sum(1 for t in tests if t["extra_data"].get("details") == "withheld")
        assert shown_later == withheld, (shown_later, withheld)
        credit = "earns its points times the share" in text
        assert credit == (config["grading"]["partial_credit"] == "proportional")
    html = open(os.path.join(starter, "handout.html"), encoding="utf-8").read()
    assert f"<strong>{total:g}</strong>" in html
    readme = open(os.path.join(starter, "README.md"), encoding="utf-8").read()
    assert f"{limits['slow_timeout']:g} s on the empty board,\n{limits['timeout']:g} s on any other" in readme

    # The PrairieLearn README and question
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert f'"maxPoints": {total:g}' in readme
    assert f"(your own solution: {', '.join(f'`{u}`' for u in uploads)})" in " ".join(readme.split())
    assert f"({limits['total']:g} s)" in " ".join(readme.split())
    question = (folder / "questions" / PL_QUESTION / "question.html").read_text(encoding="utf-8")
    named = re.search(r'file-names="([^"]*)"', question).group(1).split(", ")
    optional = re.search(r'optional-file-names="([^"]*)"', question)
    assert set(named + (optional.group(1).split(", ") if optional else [])) == set(uploads)
    assert bool(optional) == ("VI" in graded)

    if name == "shipped":                # the tracked notes are the shipped configuration's, as made here
        assert notes == open(os.path.join(TOP, "handout", "INSTRUCTORS.md"), encoding="utf-8").read()
