"""Red team, round nine (tests/adversarial/round9/, README.md there): each attack against its honest twin, graded
as Gradescope runs the grader (as root, without CAP_SYS_ADMIN) and, for the attacks issues 39 and 44 name, as
root with it too.  No Part of an attack may score above its twin's, no check may report an internal error, and
the tables of answers get an Integrity finding naming the table and how many of the checks' positions it holds.

Each grading runs only the Parts its attack aims at (``--part``): what is compared is those Parts.
"""

import glob
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "adversarial"))

from rounds import compare, timing_known_limit  # noqa: E402
from support import DOCKER_CAPS, NEEDS_ROOT, ROOT, SETPRIV, TOP  # noqa: E402

from grader.game.fixtures import every_position, load_fixtures  # noqa: E402
from grader.submission import integrity  # noqa: E402

HERE = os.path.join(TOP, "tests", "adversarial", "round9")

PAIRS = {
    # attack: (twin, Parts graded, Part VI on, named by an issue: graded with and without CAP_SYS_ADMIN)
    "A": ("A_twin", "III", False, True),         # a depth-first search that replays the tree through the Deque
    "A_vi": ("A_twin", "VI", True, True),        # the same after a recursive minimaxValues()
    "B1": ("B_twin", "III", False, True),        # the trace written through string.Formatter().get_field
    "B2": ("B_twin", "III", False, False),       # ... through a Formatter whose format_field keeps the object
    "B3": ("B_twin", "III", False, False),       # ... through a traceback's frames, as format fields
    "C": ("C_twin", "III", False, True),         # an O(n) deque that stores nothing past 200 ints
    "C2": ("C_twin", "III", False, False),       # an O(n) deque that is fast while it holds only ints
    "D1": ("D_twin", "I,II", False, True),       # a board's methods forge "done" and exit: an internal error once
    "D2": ("D_twin", "I,II", False, False),      # ... forging answers of the right count and the wrong shape
    "E": ("E_twin", "VI", True, True),           # Part VI's methods and programs forge "done" and exit
    "F": ("F_twin", "II", False, True),          # getBoard() forged through the channel's writer
    "G": ("G_twin", "III", False, True),         # the timing runs stamped by the submission
    "H": ("H_twin", "III", False, True),         # list.insert(False, x) for insert(0, x)
    "N1a": ("N1_twin", "III", False, False),     # typing.collections.deque
    "N1a2": ("N1_twin", "III", False, False),    # typing.Deque bound to a name, then called
    "N1b": ("N1_twin", "III", False, False),     # a collections.deque subclass defined in board.py
    "N3": ("N3_twin", "VI", True, False),        # programs that refuse every input, naming every line
    "N5": ("N5_twin", "I", False, False),        # a channel writer wrapped at import rewrites Part I's answer
}

KNOWN_LIMITS = {
    "N2": ("N2_twin", "III", False, False,
           "an O(n) deque that pads every timed run to the cost per item of its largest: 3.7 judges how time grows "
           "with the work, and a process can always make its small runs as slow per item as its large ones "
           "(INSTRUCTORS.md, known limits)"),
}

pytestmark = [pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT),
              pytest.mark.skipif(not SETPRIV, reason="needs setpriv (util-linux) to drop CAP_SYS_ADMIN")]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return str(tmp_path_factory.mktemp("round9"))


def cases(with_sys_admin):
    for name, (twin, parts, part6, named) in PAIRS.items():
        if named or not with_sys_admin:
            yield pytest.param(name, twin, parts, part6, id=name)


@pytest.mark.parametrize("name, twin, parts, part6", list(cases(False)))
def test_no_attack_scores_above_its_twin_without_cap_sys_admin(name, twin, parts, part6, folder):
    compare(HERE, name, twin, parts, part6, DOCKER_CAPS, folder)


@pytest.mark.parametrize("name, twin, parts, part6", list(cases(True)))
def test_no_attack_scores_above_its_twin_as_root(name, twin, parts, part6, folder):
    compare(HERE, name, twin, parts, part6, None, folder)


@pytest.mark.parametrize("name", list(KNOWN_LIMITS))
def test_what_is_left_is_a_known_limit(name, folder):
    """A known limit, said in INSTRUCTORS.md, whose outcome is a matter of timing: N2 (an O(n) deque padding its
    small runs) passes 3.7 in some runs and fails it in others, and so does its unpadded twin (their copies run at
    C speed at the sizes 3.7 can time): the fresh clones' runs saw both.  What holds in every run, and is held
    here: no internal error, every other check of the Parts it aims at passes, and 3.7 passes or fails with a
    verdict of timing that says what it measured."""
    _, parts, part6, _, why = KNOWN_LIMITS[name]
    timing_known_limit(HERE, name, parts, part6, DOCKER_CAPS, folder, why)


@pytest.mark.parametrize("name, held", [("I", 31), ("J", 6_600)])
def test_a_table_of_the_checks_positions_is_an_integrity_finding(name, held):
    """I: a table of the starter kit's 31 public positions and their moves, packed into one string; J: every
    position of a leaked autograder zip.  Each gets a finding naming the file, the line the table starts on and
    how many of the checks' positions it holds; their twins (no table) get none."""
    positions = every_position(load_fixtures())

    def scanned(folder):
        files = {os.path.basename(p)[:-3]: p for p in glob.glob(os.path.join(HERE, folder, "*.py"))}
        return integrity.split(integrity.scan(files, positions))[0]

    found = [f for f in scanned(name) if "holds, as literals" in f.what]
    assert len(found) == 1 and found[0].file == "game.py", found
    count = int(found[0].what.split("holds, as literals, ")[1].split(" ")[0].replace(",", ""))
    assert count >= held, found[0].what
    assert scanned(f"{name}_twin") == []


def test_every_attack_of_the_round_is_graded_here():
    """Every folder of round9/ is an attack graded above, a known limit, a table, or a twin."""
    folders = {entry for entry in os.listdir(HERE) if os.path.isdir(os.path.join(HERE, entry))}
    attacks = {name.removesuffix("_vi") for name in PAIRS} | set(KNOWN_LIMITS) | {"I", "J"}
    twins = {entry[0] for entry in PAIRS.values()} | {entry[0] for entry in KNOWN_LIMITS.values()} | \
        {"I_twin", "J_twin"}
    assert folders == attacks | twins


def test_the_readme_names_every_attack():
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        text = f.read()
    for name in {name.removesuffix("_vi") for name in PAIRS} | set(KNOWN_LIMITS) | {"I", "J"}:
        assert f"`{name}/`" in text, name
