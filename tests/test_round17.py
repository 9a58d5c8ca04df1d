"""Red team, round seventeen (tests/adversarial/round17/, README.md there): attacks on the zips of ec10ffb plus
the fixes for the CI run's kills_parent failure, graded as Gradescope runs the grader (as root, without
CAP_SYS_ADMIN).

``getattr_deque`` (``getattr(typing.collections, "deque")``) scored Part III 25 against its twin's 23.53; it holds
now: 3.8 reads ``getattr(E, "name")`` as ``E.name``.  ``hidden_pop0`` (``pop(self._k)``, where a method never
called sets ``self._k = len(self._a) * 0``) holds too: anything times 0 is 0 to 3.8.  ``table_public`` (a tuple-keyed dict of the starter's
public Part V answers) gets the Integrity finding issue 44 asks for.  The rest are open and said so here, strict:
the day one holds, its test fails and says to move it.
"""

import glob
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "adversarial"))

from rounds import compare  # noqa: E402
from support import DOCKER_CAPS, NEEDS_ROOT, ROOT, SETPRIV, TOP  # noqa: E402

from grader.game.fixtures import every_position, load_fixtures  # noqa: E402
from grader.submission import integrity  # noqa: E402

HERE = os.path.join(TOP, "tests", "adversarial", "round17")

PAIRS = {
    # attack: (twin, the Part it aims at)
    "getattr_deque": ("getattr_deque_twin", "III"),      # collections.deque as getattr(typing.collections, "deque")
    "hidden_pop0": ("hidden_pop0_twin", "III"),          # pop(self._k), self._k = 0 or len(self._a) * 0
}
OPEN = {
    # attack: (twin, Part, why it is open)
    "traced_detect": ("traced_detect_twin", "III",
                      "issue 39: the move comes from a recursive search; a bare breadth-first walk through the "
                      "Deque runs only when a traced check has wrapped the Deque's methods (seen by their name)"),
    "traced_detect2": ("traced_detect_twin", "III",
                       "issue 39: the same, the wrapping seen as `Deque.pushBack is not` the function it was at "
                       "import"),
}
TABLES = {"table_public": ("table_public_twin", 31)}
"""Tables the Integrity scan names (issue 44): attack: (twin, at least how many of the checks' positions)."""
OPEN_TABLES = {"table_b3": ("table_public_twin", "a known limit (INSTRUCTORS.md): a table of answers keyed by "
                                                 "numbers (base 3) is not found by the Integrity scan")}

graded = [pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT),
          pytest.mark.skipif(not SETPRIV, reason="needs setpriv (util-linux) to drop CAP_SYS_ADMIN")]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return str(tmp_path_factory.mktemp("round17"))


@pytest.mark.parametrize("name", list(PAIRS))
@graded[0]
@graded[1]
def test_no_attack_scores_above_its_twin(name, folder):
    twin, part = PAIRS[name]
    compare(HERE, name, twin, part, False, DOCKER_CAPS, folder)


@pytest.mark.parametrize("name", list(OPEN))
@graded[0]
@graded[1]
def test_the_open_attacks_of_the_round(name, folder):
    twin, part, why = OPEN[name]
    try:
        compare(HERE, name, twin, part, False, DOCKER_CAPS, folder)
    except AssertionError:
        pytest.xfail(why)
    pytest.fail(f"{name} no longer scores above its twin: move it to PAIRS ({why})")


def _tables(folder):
    files = {os.path.basename(p)[:-3]: p for p in glob.glob(os.path.join(HERE, folder, "*.py"))}
    found = integrity.split(integrity.scan(files, every_position(load_fixtures())))[0]
    return [f for f in found if "holds, as literals" in f.what]


@pytest.mark.parametrize("name", list(TABLES))
def test_a_table_of_the_checks_positions_is_an_integrity_finding(name):
    twin, held = TABLES[name]
    found = _tables(name)
    assert len(found) == 1 and found[0].file == "game.py", found
    assert int(found[0].what.split("holds, as literals, ")[1].split(" ")[0].replace(",", "")) >= held, found[0].what
    assert _tables(twin) == []


@pytest.mark.parametrize("name", list(OPEN_TABLES))
def test_the_open_tables_of_the_round(name):
    _, why = OPEN_TABLES[name]
    if not _tables(name):
        pytest.xfail(why)
    pytest.fail(f"{name} is found now: move it to TABLES ({why})")


def test_every_attack_of_the_round_is_graded_here():
    folders = {entry for entry in os.listdir(HERE) if os.path.isdir(os.path.join(HERE, entry))}
    named = set(PAIRS) | set(OPEN) | set(TABLES) | set(OPEN_TABLES)
    twins = {v[0] for table in (PAIRS, OPEN, TABLES, OPEN_TABLES) for v in table.values()}
    assert folders == named | twins


def test_the_readme_names_every_attack():
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        text = f.read()
    for name in set(PAIRS) | set(OPEN) | set(TABLES) | set(OPEN_TABLES):
        assert f"`{name}/`" in text, name
