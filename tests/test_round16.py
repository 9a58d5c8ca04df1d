"""Red team, round sixteen (tests/adversarial/round16/, README.md there): attacks on the zips of round fifteen's
first fixes (14174d3), graded as Gradescope runs the grader (as root, without CAP_SYS_ADMIN).

``ann_deque`` (collections.deque made from a ``typing.Deque`` annotation with ``typing.get_type_hints``) scored
Part III 25 against its twin's 23.53; ``switch_deque`` (an O(n) list deque, ``list.pop(a, 0)``, for the
student's own boards only, a circular array for anything else) 25 against 22.06.  Both hold now.  Two are open:
``getboard_prop`` (``XO.b`` a property that puts back what the lent board lost: 2.14 reads ``game.b`` through
the student's own code; issue 44) and ``table_v`` (a table of the zip's Part V moves keyed by numbers, a known
limit of the Integrity scan, INSTRUCTORS.md).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "adversarial"))

from rounds import compare  # noqa: E402
from support import DOCKER_CAPS, NEEDS_ROOT, ROOT, SETPRIV, TOP  # noqa: E402

HERE = os.path.join(TOP, "tests", "adversarial", "round16")

PAIRS = {
    # attack: (twin, the Part it aims at)
    "ann_deque": ("ann_deque_twin", "III"),          # typing.get_type_hints of a typing.Deque annotation
    "switch_deque": ("switch_deque_twin", "III"),    # list.pop(a, 0) for BoardXO items only
    "getboard_prop": ("getboard_prop_twin", "II"),   # XO.b a property that puts back what the lent board lost
}
OPEN = {
    # attack: (twin, Part, why it is open) -- strict: the day it holds, the test says so
    "table_v": ("table_v_twin", "V", "a known limit (INSTRUCTORS.md): a table of answers keyed by numbers is not "
                                     "found by the Integrity scan"),
}

pytestmark = [pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT),
              pytest.mark.skipif(not SETPRIV, reason="needs setpriv (util-linux) to drop CAP_SYS_ADMIN")]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return str(tmp_path_factory.mktemp("round16"))


@pytest.mark.parametrize("name", list(PAIRS))
def test_no_attack_scores_above_its_twin(name, folder):
    twin, part = PAIRS[name]
    compare(HERE, name, twin, part, False, DOCKER_CAPS, folder)


@pytest.mark.parametrize("name", list(OPEN))
def test_the_open_attacks_of_the_round(name, folder):
    twin, part, why = OPEN[name]
    try:
        compare(HERE, name, twin, part, False, DOCKER_CAPS, folder)
    except AssertionError:
        pytest.xfail(why)
    pytest.fail(f"{name} no longer scores above its twin: move it to PAIRS ({why})")


def test_every_attack_of_the_round_is_graded_here():
    folders = {entry for entry in os.listdir(HERE) if os.path.isdir(os.path.join(HERE, entry))}
    named = set(PAIRS) | set(OPEN)
    assert folders == named | {f"{name}_twin" for name in named}


def test_the_readme_names_every_attack():
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        text = f.read()
    for name in set(PAIRS) | set(OPEN):
        assert f"`{name}/`" in text, name
