"""Red team, round twelve (tests/adversarial/round12/, README.md there), graded as Gradescope runs the grader (as
root, without CAP_SYS_ADMIN, and with it), on the Parts each aims at.

Two of its attacks still score above their twins: they reach the audit hook's witness and the writer's token
through ``gc.get_objects()`` called from a standard library worker thread, whose stack holds no frame of the
student's (the hook refuses the garbage collector's lists only with the student's code on the stack).  Their
tests are expected failures, strict: the day the hook refuses those calls from every thread, they pass, fail as
unexpected passes, and the marks must go (issue 39 stays open until then).  The honest submission the round
found (a ``__slots__`` copy loop) scores exactly what its twin does, and the detached process gains nothing.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "adversarial"))

from rounds import compare, graded  # noqa: E402
from support import DOCKER_CAPS, NEEDS_ROOT, ROOT, SETPRIV, TOP  # noqa: E402

HERE = os.path.join(TOP, "tests", "adversarial", "round12")

OPEN = ("issue 39, open: gc.get_objects() from a concurrent.futures worker thread reaches the hook's witness and "
        "the writer's defaults (its token); the hook refuses it only with the student's code on the stack")

PAIRS = {
    # attack: (twin, Parts graded, Part VI on, still open)
    "witness_dfs": ("witness_dfs_twin", "III", False, True),        # the witness written from a worker thread
    "token_forge37": ("token_forge37_twin", "III", False, True),    # the token read, a timing report forged
    "spawn_detached": ("spawn_detached_twin", "III", False, False),  # a detached process, _posixsubprocess
}

pytestmark = [pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT),
              pytest.mark.skipif(not SETPRIV, reason="needs setpriv (util-linux) to drop CAP_SYS_ADMIN")]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return str(tmp_path_factory.mktemp("round12"))


def cases():
    for name, (_, _, _, still_open) in PAIRS.items():
        yield pytest.param(name, id=name, marks=[pytest.mark.xfail(reason=OPEN, strict=True)] if still_open else [])


@pytest.mark.parametrize("name", list(cases()))
def test_no_attack_scores_above_its_twin(name, folder):
    twin, parts, part6, _ = PAIRS[name]
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
