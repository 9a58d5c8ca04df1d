"""Build what the course ships: ``python ship/build.py autograder``, ``starter`` or ``prairielearn``.

``autograder`` → ``dist/autograder.zip``, in Gradescope's layout: Gradescope
unpacks it into ``/autograder/source``, runs ``setup.sh`` once to build the
image and copies ``run_autograder`` to ``/autograder`` to grade each
submission.  It holds the grader with its fixtures and configuration, never a
file of the reference ``xo/``.

``starter`` → ``dist/starter.zip``, one folder for students: the handout (or a
README pointing to it), the ``xo/`` skeleton stripped from the reference
(``ship/strip.py``: Parts I-V's three files and Part VI's three programs; every
docstring and comment of it a quotation of the handout, ``ship/quotes.py``), the
grader with the fixtures of the *visible* checks only,
``tests/test_public.py`` and a ``Makefile`` whose ``make test`` runs the public
checks.

``prairielearn`` → ``dist/prairielearn/``, a folder laid out as a PrairieLearn course: one externally graded
question (``info.json``, ``question.html``, the handout) and the grader in ``serverFilesCourse/xo_grader`` with
its entrypoint ``run.sh`` (``ship/templates/prairielearn_README.md`` says how to add it to a course).

All read the one configuration file, ``grader/config.toml`` (or the file
``$XO_CONFIG`` names: the kit's tests pin their own copy): it is copied into
each zip as ``grader/config.toml``, the starter's fixtures are filtered by
its ``[visibility]`` section, and the handout shipped is made for it (its
points, limits and files to upload: ``handout_files``).  A configuration with
a problem stops the build with one line per problem and exit status 2, and so
does one whose limits the build's platform cannot meet (``ship/platforms.py``:
``autograder`` for Gradescope, ``prairielearn`` for PrairieLearn).
"""

import argparse
import importlib.util
import io
import json
import os
import re
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, TOP)

from ship.quotes import unquoted  # noqa: E402
from handout import rules  # noqa: E402
from ship.strip import strip  # noqa: E402
from grader.checks.framework import CHECKS, fixture_users  # noqa: E402
from grader.checks.part6 import EXAMPLES, move_sample  # noqa: E402
from grader.game.positions import valued  # noqa: E402
from grader.game.fixtures import load_fixtures  # noqa: E402
from grader.game.positions import played_from  # noqa: E402
from grader.grading.points import load, visibility_warnings  # noqa: E402
from grader.grading.run import public_checks  # noqa: E402
from grader.settings.config import ConfigError, default_path, graded_parts, shown  # noqa: E402
from grader.submission.locate import HANDOUT_ORDER, OPTIONAL, to_upload  # noqa: E402
from ship import platforms  # noqa: E402

GRADER = os.path.join(TOP, "grader")
REFERENCE = os.path.join(TOP, "xo")
TEMPLATES = os.path.join(HERE, "templates")
DIST = os.path.join(TOP, "dist")

STUDENT_FILES = HANDOUT_ORDER
"""What students write and upload, as the handout orders them (``grader.submission.locate``: one place)."""

PART_VI_FILES = OPTIONAL
"""The optional Part VI's three programs: skeletons in the starter's ``xo/`` beside the others, uploaded only
when the instructor assigns Part VI.  Parts I-V never read them (the grader takes only ``STUDENT_FILES``)."""

PART6_CORRECT = os.path.join("tests", "submissions", "correct", "partvi_complete")
"""Part VI's three programs as a student uploads them (the reference's import a helper module of the kit's,
``xo/judge.py``, which a student's upload does not hold): what gets full marks with the reference's three files
when Part VI has points."""


def reference_files(part_vi):
    """The files, relative to the kit's top, that get full marks under a configuration that grades Part VI or not
    (``part_vi``), as a student would upload them: ``xo/``'s three, and Part VI's programs from the corpus.

    >>> reference_files(False)
    ['xo/deque.py', 'xo/board.py', 'xo/game.py']
    """
    files = [f"xo/{n}.py" for n in STUDENT_FILES]
    if part_vi:
        files += [f"{PART6_CORRECT}/{n}.py".replace(os.sep, "/") for n in PART_VI_FILES]
    return files

STAFF_ONLY = "--reveal"
"""``grade``'s flag that shows hidden checks' details: the TAs' (it exists only where ``grader/ta/`` is, which
the autograder zip leaves out), never Gradescope's."""

GRADER_LEFT_OUT = "ta"
"""The grader's folder never shipped: the TAs' tools (batch, compare, similarity, the fixtures generator),
which need the reference or grade whole classes."""

HANDOUT = os.path.join(TOP, "handout")
HANDOUT_SOURCE = os.path.join(HANDOUT, "handout.md")
"""The students' handout; the instructors' notes are never shipped.  What ships is made for the configuration
the zip ships (``handout_files``)."""

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
a submission graded here never reads the zip (``grader.observing.assignment.protected_paths`` names it for the sandbox), and
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

    def write_folder(self, folder):
        """Write the entries as files under ``folder`` (emptied first), with their modes; return it."""
        import shutil
        if os.path.isdir(folder):
            shutil.rmtree(folder)
        for name, (data, mode) in sorted(self.entries.items()):
            target = os.path.join(folder, *name.split("/"))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as f:
                f.write(data)
            os.chmod(target, mode)
        return folder

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
    """The grader's configuration, checked as the grader checks it (``ConfigError`` stops the build)."""
    return load()


def config_bytes():
    """The configuration file the zips ship as ``grader/config.toml``: the one ``load_config`` reads."""
    with open(default_path(), "rb") as f:
        return f.read()


def add_grader(archive, replace=None):
    """Add every grader file that ships; ``replace`` maps a file on disk to the bytes to ship instead.  The
    configuration shipped is always the one read (``config_bytes``)."""
    config = os.path.join(GRADER, "config.toml")
    replace = {config: config_bytes(), **(replace or {})}
    for name, source in grader_files():
        if os.path.abspath(source) in replace:
            archive.add(name, replace[os.path.abspath(source)])
        else:
            archive.add_file(name, source, REGULAR)


def requirements(lines):
    return ("# Pinned; written by ship/build.py.\n" + "\n".join(lines) + "\n")


def refuse_what_cannot_run(config, platform):
    """Raise ``ConfigError`` naming every limit of ``platform`` (``ship.platforms``) that ``config`` cannot meet:
    a zip no setting of the platform can make work is never built."""
    cannot = [f.text for f in platforms.findings(config["limits"]) if f.platform == platform and f.kind == "cannot"]
    if cannot:
        raise ConfigError([f"{shown_config()}: {platform}: {text}" for text in cannot])


def shown_config():
    return shown(default_path())


def build_autograder(path=None):
    """Write ``dist/autograder.zip``; return its path."""
    refuse_what_cannot_run(load_config(), "Gradescope")
    archive = Archive(path or os.path.join(DIST, "autograder.zip"))
    archive.add("setup.sh", template("setup.sh"), EXECUTABLE)
    runner = template("run_autograder")
    if STAFF_ONLY in runner:
        raise RuntimeError(f"ship/templates/run_autograder passes {STAFF_ONLY}: hidden checks' details would "
                           f"reach students (and their next upload's code); remove it")
    archive.add("run_autograder", runner, EXECUTABLE)
    archive.add("requirements.txt", requirements(GRADER_REQUIREMENTS))
    add_grader(archive)
    found = leaked(archive.entries)
    if found:
        raise RuntimeError(f"the autograder zip would hold reference code: {found}")
    return archive.write()


PART6_VALUES_USERS = ("minimax_values_examples", "minimax_values_everywhere", "minimax_move")
"""Part VI's checks that read ``part6.values`` (the minimax values of every position not over)."""
PART6_CONTRACTS_USERS = ("codequest_everywhere", "ninja_everywhere", "codingame_everywhere")
"""Part VI's checks that read ``part6.contracts`` (each judge's answer on every X-first position)."""
PART6_CHOSEN_USERS = {"values": "minimax_values_everywhere", "codequest": "codequest_everywhere",
                      "ninja": "ninja_everywhere", "codingame": "codingame_everywhere"}
"""Which check reads each family's chosen positions (``part6.chosen``: ``[grading] part6_positions``)."""
WHOLE = 100
"""A visible check that judges more positions than this ships the answers to a whole check: warned of."""


def visible_fixtures(config):
    """The fixtures of the starter kit: those of the checks its ``make test`` runs
    (``grader.grading.run.public_checks``), and no others.

    Which positions a check uses is read from what it declares it observes
    (``fixture_users``); positions no check names are kept, so that nothing the
    visible checks need can go missing.  Part VI's are shipped only when Part VI
    is graded, and then only what its visible checks read.
    """

    fixtures = load_fixtures()
    used = fixture_users()
    public = public_checks(config)
    kept = {key: value for key, value in fixtures["positions"].items()
            if key not in used or used[key] & public}
    part6 = part6_fixtures(fixtures["part6"], public)
    fixtures = {key: value for key, value in fixtures.items() if key != "part6"}
    fixtures = dict(fixtures, positions=kept, **({"part6": part6} if part6 else {}))
    fixtures["about"] += (" The starter kit holds only what the checks its `make test` runs need (those whose "
                          "[visibility] is \"visible\", of the Parts graded).")
    return fixtures


def part6_fixtures(part6, public):
    """What the public checks of Part VI read of ``part6``, or None when none runs: the minimax values of the
    handout's examples and of ``minimax_move``'s spread of positions (all of them only when
    ``minimax_values_everywhere`` is public), each judge's answers only when its ``…_everywhere`` is."""
    if not any(name in public for name in (*PART6_VALUES_USERS, *PART6_CONTRACTS_USERS)) and \
            not any(name.endswith(("_sample", "_bad_input")) and name in public for name in public):
        return None
    values = part6["values"]
    if "minimax_values_everywhere" not in public:
        parsed = [valued(entry) for entry in values]
        keep = set()
        if "minimax_values_examples" in public:
            wanted = {(tuple(g["state"]), g["to_move"]) for g in (played_from(f, h) for f, h in EXAMPLES)}
            keep |= {i for i, p in enumerate(parsed) if (tuple(p["state"]), p["to_move"]) in wanted}
        if "minimax_move" in public:
            chosen = {id(p) for p in move_sample(parsed)}
            keep |= {i for i, p in enumerate(parsed) if id(p) in chosen}
        values = [entry for i, entry in enumerate(values) if i in keep]
    contracts = part6["contracts"] if any(name in public for name in PART6_CONTRACTS_USERS) else []
    chosen = {family: part6["chosen"][family] for family, name in PART6_CHOSEN_USERS.items() if name in public}
    return dict(part6, values=values, contracts=contracts, chosen=chosen)


def giveaway(config, fixtures):
    """What the starter's fixtures give away, as (report lines, warnings): how many positions' expected
    moves (and Part VI values and answers) it carries, and each visible check whose every answer it carries."""
    public = public_checks(config)
    positions = fixtures["positions"]
    moves = sum(len(v) for v in positions.values() if isinstance(v, list))
    lines = [f"the starter carries the expected moves of {moves:,} positions"]
    part6 = fixtures.get("part6")
    if part6:
        lines.append(f"and Part VI's minimax values of {len(part6['values']):,} positions and the judges' answers "
                     f"on {len(part6['contracts']):,}")
    warnings = []
    for group, users in sorted(fixture_users().items()):
        count = len(positions.get(group, []))
        for name in sorted(users & public):
            if count > WHOLE:
                warnings.append(f"the visible check {name} ({CHECKS[name].number}) judges {count:,} positions and "
                                f"the starter carries the expected move of every one of them "
                                f"(grader/fixtures/positions.json): a student can copy them; make it \"withheld\" "
                                f"in [visibility] to keep them back")
    if part6:
        for name, count in (("minimax_values_everywhere", len(part6["values"])),
                            *((n, len(part6["contracts"])) for n in PART6_CONTRACTS_USERS)):
            if name in public and count > WHOLE:
                warnings.append(f"the visible check {name} ({CHECKS[name].number}) judges {count:,} positions and "
                                f"the starter carries every answer: make it \"withheld\" to keep them back")
    return lines, warnings


def student_markdown(text):
    r"""The handout's Markdown as students get it: the leading staff comment (how the file is generated) and
    the rules' markers (``handout/rules.py``) left out.

    >>> student_markdown("<!--\n  staff only\n-->\n\n# Title\n<!-- rule: I.x -->Rule.\n")
    '# Title\nRule.\n'
    """
    if text.startswith("<!--"):
        end = text.find("-->")
        if end >= 0:
            text = text[end + 3:].lstrip("\n")
    return rules.strip(text)


def handout_builder():
    """``handout/build.py`` as a module, or None in a kit without it."""
    path = os.path.join(HANDOUT, "build.py")
    if not os.path.exists(path):
        return None
    spec = importlib.util.spec_from_file_location("xo_handout_build", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def handout_files():
    """{name in the starter: text} of the students' handout, made for the configuration the zips ship (its islands
    quote it: points, limits, what to upload): ``handout.md`` (without the staff comment), and ``handout.html``
    when the HTML renderer (the ``markdown`` package, in the ``dev`` extra) is installed.  Empty without
    ``handout/``."""
    builder = handout_builder()
    if builder is None:
        return {}
    text = builder.configured(default_path(), documents=("handout.md",))["handout.md"]
    files = {}
    try:
        files["handout.html"] = builder.to_html(text, builder.figure_files(), builder.title_of(text))
    except ImportError:                  # no `markdown`: the Markdown alone
        print("build: the `markdown` package is not installed, so the handout ships as handout.md only "
              "(`make install` installs it)", file=sys.stderr)
    files["handout.md"] = student_markdown(text)
    return files


def add_handout(archive, under=""):
    """Add the students' handout (``handout_files``) under the folder ``under`` of ``archive``, with the figures its
    Markdown links; return the names added."""
    handout = handout_files()
    for name, text in handout.items():
        archive.add(under + name, text)
        if name == "handout.md":
            for figure in sorted(set(re.findall(r"\]\((figures/[^ )]+\.svg)", text))):
                archive.add_file(under + figure, os.path.join(HANDOUT, figure), REGULAR)
    return list(handout)


def leaked(names, prefix=""):
    """The names, below ``prefix``, of reference code (``xo/``) or staff code (``grader/ta/``) among ``names``."""
    return sorted(n for n in names if n[len(prefix):].startswith(("xo/", f"grader/{GRADER_LEFT_OUT}/")))


def build_starter(path=None):
    """Write ``dist/starter.zip``; return its path."""
    config = load_config()
    files = skeleton()                   # first: a skeleton that says what the handout does not stops the build
    archive = Archive(path or os.path.join(DIST, "starter.zip"), prefix=STARTER_FOLDER + "/")
    handout = add_handout(archive)
    where = ("`handout.html` (open it in a browser; `handout.md` is its source)" if handout
             else "the handout your instructor published (on the course page)")
    archive.add("README.md", template("starter_README.md", HANDOUT=where, FOLDER=STARTER_FOLDER,
                                      SLOW=f"{config['limits']['slow_timeout']:g}",
                                      TIMEOUT=f"{config['limits']['timeout']:g}"))
    archive.add("Makefile", template("starter_Makefile"))
    archive.add("requirements.txt", requirements(STUDENT_REQUIREMENTS))
    archive.add("pytest.ini", template("starter_pytest.ini"))
    archive.add("tests/test_public.py", template("test_public.py"))
    archive.add(".gitignore", ".venv/\nbuild/\n__pycache__/\n.pytest_cache/\n")

    for name, text in files.items():
        archive.add(name, text)

    fixtures = visible_fixtures(config)
    add_grader(archive, {os.path.join(GRADER, "fixtures", "positions.json"):
                         json.dumps(fixtures, indent=1, sort_keys=True) + "\n"})
    lines, warnings = giveaway(config, fixtures)
    for line in lines:
        print(f"starter: {line}")
    for line in warnings:
        print(f"starter: warning: {line}")
    return archive.write()


class SkeletonError(Exception):
    """The skeleton says what the students' handout does not: ``problems``, one line each."""

    def __init__(self, problems):
        super().__init__("\n".join(problems))
        self.problems = problems


def skeleton():
    """The starter's ``xo/``: {name in the starter: text}, the reference stripped (``strip.py``) and the template
    ``__init__.py``.  Raise ``SkeletonError`` when a docstring or comment of it does not quote the students'
    handout (``quotes.py``): the starter must say nothing the handout does not."""
    files = {"xo/__init__.py": template("xo_init.py")}
    for name in STUDENT_FILES + PART_VI_FILES:
        with open(os.path.join(REFERENCE, f"{name}.py"), encoding="utf-8") as f:
            files[f"xo/{name}.py"] = strip(f.read())
    with open(HANDOUT_SOURCE, encoding="utf-8") as f:
        handout = student_markdown(f.read())
    problems = [f"{name}, {found.where}: a {found.kind} the handout does not have: {found.text[:100]}"
                for name, text in files.items() for found in unquoted(text, handout)]
    if problems:
        raise SkeletonError(problems)
    return files


PL_QUESTION = "XOProject5"
"""The question's folder in ``questions/``."""
PL_UUID = "5f0c6f2e-7b1d-4c3a-9e2a-0d5b7a1c9e41"
"""The question's uuid (PrairieLearn wants one per question; a course that copies it twice gives the copy another)."""
PL_IMAGE, PL_PYTHON = "python:3.11-slim-bookworm", "3.11"
"""The grading image: the official Python image, whose Python (3.11) reads the configuration with the standard
library's ``tomllib`` (3.10 needs ``tomli``, which the grading container, without network, cannot install)."""
PL_MIN_PYTHON = "3.11 or newer (3.10 with the tomli package)"
"""The Pythons the PrairieLearn grader runs on, as its README and ``run.sh`` name them: the standard library's
``tomllib`` reads the configuration from 3.11 on."""
PL_TIMEOUT = platforms.PL_TIMEOUT_MAX
"""Seconds PrairieLearn gives the job: its largest (``ship.platforms``); ``[limits] total`` stops the grader a
minute before it, or ``make prairielearn`` refuses to build."""
PL_GRADER = "xo_grader"
"""The grader's folder in ``serverFilesCourse/``."""


def prairielearn_question(config, handout):
    """``info.json`` and ``question.html`` of the question, as text."""
    info = {
        "uuid": PL_UUID,
        "title": "Project 5: Tic Tac Toe AI",
        "topic": "Search",
        "tags": ["project5", "external-grading"],
        "type": "v3",
        "singleVariant": True,
        "gradingMethod": "External",
        "externalGradingOptions": {
            "enabled": True,
            "image": PL_IMAGE,
            "serverFilesCourse": [f"{PL_GRADER}/"],
            "entrypoint": f"/grade/serverFilesCourse/{PL_GRADER}/run.sh",
            "timeout": PL_TIMEOUT,
        },
    }
    uploads = to_upload("VI" in graded_parts(config))
    required = sorted(f"{n}.py" for n in STUDENT_FILES)
    optional = ""
    if "VI" in graded_parts(config):
        optional = f' optional-file-names="{", ".join(n for n in uploads if n not in required)}"'
    link = (f'<a href="{{{{options.client_files_question_url}}}}/{handout[0]}" target="_blank">the handout</a>'
            if handout else "the handout your instructor published")
    part_vi = (f" Part VI is graded in this course: upload {code_list([n for n in uploads if n not in required])} "
               f"beside them (one left out costs only Part VI's checks)." if optional else "")
    html = f"""<pl-question-panel>
  <p><strong>Project 5: Tic Tac Toe AI.</strong> Read {link}, write {code_list(required)}, and upload the three
  files here.{part_vi} Each upload is graded Part by Part; a missing or misnamed file is reported and costs you no
  attempt.</p>
</pl-question-panel>

<pl-file-upload file-names="{", ".join(required)}"{optional}></pl-file-upload>

<pl-submission-panel>
  <pl-external-grader-results></pl-external-grader-results>
  <pl-file-preview></pl-file-preview>
</pl-submission-panel>
"""
    return json.dumps(info, indent=2) + "\n", html


def code_list(names):
    """``names`` as HTML code in a sentence: "<code>a</code>, <code>b</code> and <code>c</code>"."""
    return ", ".join(f"<code>{n}</code>" for n in names[:-1]) + f" and <code>{names[-1]}</code>"


def build_prairielearn(path=None):
    """Write ``dist/prairielearn/`` (a question folder, the grader in ``serverFilesCourse``, a README); return
    its path."""
    config = load_config()
    refuse_what_cannot_run(config, "PrairieLearn")
    files = Archive(os.devnull)
    question = f"questions/{PL_QUESTION}/"
    handout = add_handout(files, under=question + "clientFilesQuestion/")
    info, html = prairielearn_question(config, handout)
    files.add(question + "info.json", info)
    files.add(question + "question.html", html)
    grader = Archive(os.devnull, prefix=f"serverFilesCourse/{PL_GRADER}/")
    grader.add("run.sh", template("prairielearn_run.sh", MIN_PYTHON=PL_MIN_PYTHON), EXECUTABLE)
    add_grader(grader)
    found = leaked(grader.entries, prefix=grader.prefix)
    if found:
        raise RuntimeError(f"the PrairieLearn grader would hold reference or staff code: {found}")
    files.entries.update(grader.entries)
    graded = graded_parts(config)
    uploads = to_upload("VI" in graded)
    optional = ", `codequest.py`, `ninja.py`, `codingame.py` (Part VI, graded in this course)" if "VI" in graded \
        else ""
    limits = config["limits"]
    memory = limits["memory_mib"] + platforms.GRADER_MIB
    memory_note = (f"A job's container gets {platforms.PL_MEMORY_MIB} MiB on PrairieLearn's grader hosts unless "
                   f"its administrators set another ({platforms.PL_MEMORY_SOURCE}): "
                   + ("enough." if memory <= platforms.PL_MEMORY_MIB else
                      f"**not enough for this configuration: ask them for {memory} MiB or more.**"))
    points = sum(config["points"][p] for p in graded)
    files.add("README.md", template("prairielearn_README.md", QID=PL_QUESTION, IMAGE=PL_IMAGE, PYVERSION=PL_PYTHON,
                                    MIN_PYTHON=PL_MIN_PYTHON, TIMEOUT=str(PL_TIMEOUT),
                                    TIMEOUT_QUOTE=platforms.PL_TIMEOUT_QUOTE, TOTAL=f"{limits['total']:g}",
                                    MEMORY=f"{limits['memory_mib']:g}", GRADER_MIB=str(platforms.GRADER_MIB),
                                    MEMORY_NOTE=memory_note, RESULTS_QUOTE=platforms.PL_RESULTS_QUOTE,
                                    POINTS=f"{points:g}",
                                    PARTS=", ".join(f"Part {p} {config['points'][p]:g}" for p in graded),
                                    UPLOADS=", ".join(f"`{n}`" for n in uploads),
                                    UPLOAD_CP=" ".join(uploads), OPTIONAL_NOTE=optional))
    return files.write_folder(path or os.path.join(DIST, "prairielearn"))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python ship/build.py", description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("autograder", "starter", "prairielearn"))
    parser.add_argument("--output", help="where to write the zip (default: dist/WHAT.zip; prairielearn: the folder "
                                         "dist/prairielearn)")
    args = parser.parse_args(argv)
    build = {"autograder": build_autograder, "starter": build_starter, "prairielearn": build_prairielearn}[args.what]
    try:
        written = build(args.output)
    except ConfigError as error:         # one line per problem, all at once, no traceback
        for line in error.problems:
            print(f"build: {line}", file=sys.stderr)
        print(f"build: nothing written: fix the configuration and run `make {args.what}` again", file=sys.stderr)
        return 2
    except SkeletonError as error:       # the starter would say what the handout does not
        for line in error.problems:
            print(f"build: {line}", file=sys.stderr)
        print("build: nothing written: make each of these docstrings and comments of xo/ quote the handout "
              "(handout/handout.md), or leave it out", file=sys.stderr)
        return 2
    config = load_config()
    for line in visibility_warnings(config):
        print(f"build: warning: {line}", file=sys.stderr)
    platform = {"autograder": "Gradescope", "prairielearn": "PrairieLearn"}.get(args.what)
    for finding in platforms.findings(config["limits"]):
        if finding.platform == platform and finding.kind == "set":
            print(f"build: {platform}: {finding.text}", file=sys.stderr)
    print(f"wrote {os.path.relpath(written)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
