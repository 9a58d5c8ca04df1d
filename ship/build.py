"""Build what the course ships: ``python ship/build.py autograder`` or ``starter``.

``autograder`` → ``dist/autograder.zip``, in Gradescope's layout: Gradescope
unpacks it into ``/autograder/source``, runs ``setup.sh`` once to build the
image and copies ``run_autograder`` to ``/autograder`` to grade each
submission.  It holds the grader with its fixtures and configuration, never a
file of the reference ``xo/``.

``starter`` → ``dist/starter.zip``, one folder for students: the handout (or a
README pointing to it), the ``xo/`` skeleton stripped from the reference
(``ship/strip.py``: Parts I-V's three files and Part VI's three programs), the
grader with the fixtures of the *visible* checks only,
``tests/test_public.py`` and a ``Makefile`` whose ``make test`` runs the public
checks.

Both read the one configuration file, ``grader/config.toml``: it is copied
into each zip as it is, and the starter's fixtures are filtered by its
``[visibility]`` section.
"""

import argparse
import io
import json
import os
import re
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, TOP)

from ship.strip import strip  # noqa: E402

GRADER = os.path.join(TOP, "grader")
REFERENCE = os.path.join(TOP, "xo")
TEMPLATES = os.path.join(HERE, "templates")
DIST = os.path.join(TOP, "dist")

STUDENT_FILES = ("deque", "board", "game")
"""What students write and upload, as the handout orders them."""

PART_VI_FILES = ("codequest", "ninja", "codingame")
"""The optional Part VI's three programs: skeletons in the starter's ``xo/`` beside the others, uploaded only
when the instructor assigns Part VI.  Parts I-V never read them (the grader takes only ``STUDENT_FILES``)."""

STAFF_ONLY = "--reveal"
"""``grade``'s flag that shows hidden checks' details: the TAs' (it exists only where ``grader/ta/`` is, which
the autograder zip leaves out), never Gradescope's."""

GRADER_LEFT_OUT = "ta"
"""The grader's folder never shipped: the TAs' tools (batch, compare, similarity, the fixtures generator),
which need the reference or grade whole classes."""

HANDOUT_SOURCE = os.path.join(TOP, "handout", "handout.md")
HANDOUT_HTML = os.path.join(TOP, "build", "handout", "handout.html")
"""The students' handout (``make handout`` renders it); the instructors' notes are never shipped."""

STARTER_FOLDER = "project5"
"""The one folder students get when they unzip the starter."""

# Pinned for Gradescope's Ubuntu 22.04 image (system python3 3.10) and for students.
GRADER_REQUIREMENTS = [
    "gradescope-utils==0.5.0",
    'tomli==2.0.1 ; python_version < "3.11"',
]
STUDENT_REQUIREMENTS = GRADER_REQUIREMENTS + [
    "pytest==8.3.5",
    "pytest-timeout==2.3.1",
]

EXECUTABLE = 0o755
REGULAR = 0o644
"""Every file's mode, both zips' own included.  The autograder zip was once written 0600 because it holds the
hidden checks' expected moves; but those are already readable on this machine in ``grader/fixtures/`` (0644),
a submission graded here never reads the zip (``grader.grade.protected_paths`` names it for the sandbox), and
a 0600 zip stopped instructors who build it as one user and upload or share it as another."""
STAMP = (2024, 1, 1, 0, 0, 0)
"""Every entry's date, so that the same inputs build the same zip."""


class Archive:
    """A zip being written: files under ``prefix``, with Unix modes and a fixed date.

    ``mode`` is the zip file's own mode (``REGULAR``).
    """

    def __init__(self, path, prefix="", mode=REGULAR):
        self.path = path
        self.prefix = prefix
        self.mode = mode
        self.entries = {}

    def add(self, name, data, mode=REGULAR):
        if isinstance(data, str):
            data = data.encode("utf-8")
        name = self.prefix + name
        if name in self.entries:
            raise ValueError(f"{name} added twice")
        self.entries[name] = (data, mode)

    def add_file(self, name, path, mode=None):
        with open(path, "rb") as f:
            data = f.read()
        self.add(name, data, mode or (EXECUTABLE if os.access(path, os.X_OK) and path.endswith(".sh") else REGULAR))

    def write(self):
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for name in sorted(self.entries):
                data, mode = self.entries[name]
                info = zipfile.ZipInfo(name, STAMP)
                info.external_attr = (0o100000 | mode) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                info.create_system = 3                      # Unix, so that unzip keeps the modes
                archive.writestr(info, data)
        temporary = self.path + ".part"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, self.mode)
        os.fchmod(fd, self.mode)                            # whatever an earlier .part had
        with open(fd, "wb") as f:
            f.write(buffer.getvalue())
        os.replace(temporary, self.path)
        return self.path


def template(name, **values):
    """A file of ``ship/templates`` with ``@NAME@`` placeholders filled in."""
    with open(os.path.join(TEMPLATES, name), encoding="utf-8") as f:
        text = f.read()
    for key, value in values.items():
        text = text.replace(f"@{key}@", value)
    leftover = re.findall(r"@[A-Z_]+@", text)
    if leftover:
        raise ValueError(f"{name}: placeholders left unfilled: {leftover}")
    return text


def grader_files():
    """(path inside the zip, path on disk) of every grader file that ships."""
    found = []
    for folder, subfolders, files in os.walk(GRADER):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__" and not d.startswith(".")
                               and not (folder == GRADER and d == GRADER_LEFT_OUT))
        for name in sorted(files):
            if name.endswith((".pyc", ".pyo")) or name.startswith("."):
                continue
            path = os.path.join(folder, name)
            found.append((os.path.relpath(path, TOP).replace(os.sep, "/"), path))
    return found


def load_config():
    """The grader's configuration, checked as the grader checks it (an error stops the build)."""
    from grader.config import DEFAULT_PATH, load
    from grader.points import validate
    config = load(DEFAULT_PATH)
    validate(config)
    return config


def requirements(lines):
    return ("# Pinned; written by ship/build.py.\n" + "\n".join(lines) + "\n")


def build_autograder(path=None):
    """Write ``dist/autograder.zip``; return its path."""
    load_config()
    archive = Archive(path or os.path.join(DIST, "autograder.zip"))
    archive.add("setup.sh", template("setup.sh"), EXECUTABLE)
    runner = template("run_autograder")
    if STAFF_ONLY in runner:
        raise RuntimeError(f"ship/templates/run_autograder passes {STAFF_ONLY}: hidden checks' details would "
                           f"reach students (and their next upload's code); remove it")
    archive.add("run_autograder", runner, EXECUTABLE)
    archive.add("requirements.txt", requirements(GRADER_REQUIREMENTS))
    for name, source in grader_files():
        archive.add_file(name, source, REGULAR)
    names = set(archive.entries)
    leaked = sorted(n for n in names if n.startswith(("xo/", f"grader/{GRADER_LEFT_OUT}/")))
    if leaked:
        raise RuntimeError(f"the autograder zip would hold reference code: {leaked}")
    return archive.write()


def visible_fixtures(config):
    """The fixtures with the positions that only non-visible checks use left out.

    Which positions a check uses is read from its source (``ctx.positions("…")``);
    positions no check names are kept, so that nothing the visible checks need
    can go missing.
    """
    from grader.checks import CHECKS, fixture_users
    from grader.grade import load_fixtures
    from grader.points import visibility

    fixtures = load_fixtures()
    used = fixture_users()
    visible = {name for name in CHECKS if visibility(config, name) == "visible"}
    for name in sorted(visible):
        hidden_needs = [d for d in CHECKS[name].depends if d not in visible]
        if hidden_needs:
            raise RuntimeError(f"the visible check {name} depends on the non-visible {hidden_needs}: "
                               f"students could never pass it; change [visibility] in grader/config.toml")
    kept = {key: value for key, value in fixtures["positions"].items()
            if key not in used or used[key] & visible}
    fixtures = {key: value for key, value in fixtures.items() if key != "part6"}    # the kit never runs Part VI
    fixtures = dict(fixtures, positions=kept)
    fixtures["about"] += (" Positions used only by hidden checks, and Part VI's, are left out of the starter kit "
                          "(its `make test` runs Parts I-V).")
    return fixtures


def student_markdown(text):
    """The handout's Markdown as students get it: the leading staff comment (how the file is generated)
    left out.

    >>> student_markdown("<!--\n  staff only\n-->\n\n# Title\n")
    '# Title\n'
    """
    if text.startswith("<!--"):
        end = text.find("-->")
        if end >= 0:
            text = text[end + 3:].lstrip("\n")
    return text


def handout_files():
    """(name in the starter, path) of the handout files that exist."""
    return [(name, path) for name, path in (("handout.html", HANDOUT_HTML), ("handout.md", HANDOUT_SOURCE))
            if os.path.exists(path)]


def build_starter(path=None):
    """Write ``dist/starter.zip``; return its path."""
    config = load_config()
    archive = Archive(path or os.path.join(DIST, "starter.zip"), prefix=STARTER_FOLDER + "/")
    handout = handout_files()
    for name, source in handout:
        if name == "handout.md":         # the students' copy: without the staff comment, with its figures
            with open(source, encoding="utf-8") as f:
                text = student_markdown(f.read())
            archive.add(name, text)
            for figure in sorted(set(re.findall(r"\]\((figures/[^ )]+\.svg)", text))):
                archive.add_file(figure, os.path.join(os.path.dirname(source), figure), REGULAR)
        else:
            archive.add_file(name, source, REGULAR)
    where = ("`handout.html` (open it in a browser; `handout.md` is its source)" if handout
             else "the handout your instructor published (on the course page)")
    archive.add("README.md", template("starter_README.md", HANDOUT=where, FOLDER=STARTER_FOLDER))
    archive.add("Makefile", template("starter_Makefile"))
    archive.add("requirements.txt", requirements(STUDENT_REQUIREMENTS))
    archive.add("pytest.ini", template("starter_pytest.ini"))
    archive.add("tests/test_public.py", template("test_public.py"))
    archive.add(".gitignore", ".venv/\nbuild/\n__pycache__/\n.pytest_cache/\n")

    archive.add("xo/__init__.py", template("xo_init.py"))
    for name in STUDENT_FILES + PART_VI_FILES:
        with open(os.path.join(REFERENCE, f"{name}.py"), encoding="utf-8") as f:
            archive.add(f"xo/{name}.py", strip(f.read()))

    fixtures = os.path.join(GRADER, "fixtures", "positions.json")
    for name, source in grader_files():
        if os.path.abspath(source) == fixtures:
            archive.add(name, json.dumps(visible_fixtures(config), indent=1, sort_keys=True) + "\n")
        else:
            archive.add_file(name, source, REGULAR)
    return archive.write()


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python ship/build.py", description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("autograder", "starter"))
    parser.add_argument("--output", help="where to write the zip (default: dist/WHAT.zip)")
    args = parser.parse_args(argv)
    build = {"autograder": build_autograder, "starter": build_starter}[args.what]
    print(f"wrote {os.path.relpath(build(args.output))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
