"""Red team, round twelve (tests/adversarial/round12/, README.md there), graded as Gradescope runs the grader (as
root, without CAP_SYS_ADMIN, and with it), on the Parts each aims at.

Two of its attacks reached the audit hook's witness and the writer's token through ``gc.get_objects()`` called
from a standard library worker thread, whose stack holds no frame of the student's (the hook refused the garbage
collector's lists only with the student's code on the stack).  The hook now refuses them from every thread and
every stack (``guard.REACHING``), and neither scores above its twin.  The honest submission the round found (a
``__slots__`` copy loop) scores exactly what its twin does, and the detached process gains nothing.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "adversarial"))

from rounds import compare, graded  # noqa: E402
from support import DOCKER_CAPS, NEEDS_ROOT, ROOT, SETPRIV, TOP  # noqa: E402

HERE = os.path.join(TOP, "tests", "adversarial", "round12")

PAIRS = {
    # attack: (twin, Parts graded, Part VI on)
    "witness_dfs": ("witness_dfs_twin", "III", False),        # the witness written from a worker thread
    "token_forge37": ("token_forge37_twin", "III", False),    # the token read, a timing report forged
    "spawn_detached": ("spawn_detached_twin", "III", False),  # a detached process, _posixsubprocess
}

pytestmark = [pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT),
              pytest.mark.skipif(not SETPRIV, reason="needs setpriv (util-linux) to drop CAP_SYS_ADMIN")]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return str(tmp_path_factory.mktemp("round12"))


@pytest.mark.parametrize("name", list(PAIRS))
def test_no_attack_scores_above_its_twin(name, folder):
    twin, parts, part6 = PAIRS[name]
    compare(HERE, name, twin, parts, part6, DOCKER_CAPS, folder)


def test_a_slots_copy_loop_scores_what_its_twin_scores(folder):
    """An honest submission that copies the board with ``for name in BoardXO.__slots__: setattr(c, name,
    getattr(board, name)[:])``: round ten's gate took 14.7 of its Part III points for the getattr; it is gone."""
    mine, errors = graded(HERE, "slots_copy", "III", False, DOCKER_CAPS, folder)
    theirs, _ = graded(HERE, "slots_copy_twin", "III", False, DOCKER_CAPS, folder)
    assert not errors and mine == pytest.approx(theirs, abs=0.005), (mine, theirs)


def test_every_attack_of_the_round_is_graded_here():
    folders = {entry for entry in os.listdir(HERE) if os.path.isdir(os.path.join(HERE, entry))}
    named = set(PAIRS) | {"slots_copy"}
    assert folders == named | {f"{name}_twin" for name in named}


def test_the_readme_names_every_attack():
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        text = f.read()
    for name in set(PAIRS) | {"slots_copy"}:
        assert f"`{name}/`" in text, name
