"""Round thirteen (tests/adversarial/round13/, README.md there): in-house attacks on the routes round twelve's fix
had to close, graded as Gradescope runs the grader (as root, without CAP_SYS_ADMIN, and with it) on Part III.

A signal's handler is handed the frame running when its signal comes, and no audit event says so: a builtin as
the handler caught the audit hook's own frame, whose locals hold the witness (``guard.seal_signals``): on the
grader of 505ab69 it scored Part III 25 against its twin's 13.24.  It may not score above its twin.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "adversarial"))

from rounds import compare  # noqa: E402
from support import DOCKER_CAPS, NEEDS_ROOT, ROOT, SETPRIV, TOP  # noqa: E402

HERE = os.path.join(TOP, "tests", "adversarial", "round13")

PAIRS = {
    # attack: (twin, Parts graded, Part VI on)
    "signal_witness": ("signal_witness_twin", "III", False),      # the hook's frame, from a signal's handler
}

pytestmark = [pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT),
              pytest.mark.skipif(not SETPRIV, reason="needs setpriv (util-linux) to drop CAP_SYS_ADMIN")]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return str(tmp_path_factory.mktemp("round13"))


@pytest.mark.parametrize("caps", [pytest.param(DOCKER_CAPS, id="docker"), pytest.param(None, id="sys_admin")])
@pytest.mark.parametrize("name", list(PAIRS))
def test_no_attack_scores_above_its_twin(name, caps, folder):
    twin, parts, part6 = PAIRS[name]
    compare(HERE, name, twin, parts, part6, caps, folder)


def test_every_attack_of_the_round_is_graded_here():
    folders = {entry for entry in os.listdir(HERE) if os.path.isdir(os.path.join(HERE, entry))}
    assert folders == set(PAIRS) | {f"{name}_twin" for name in PAIRS}


def test_the_readme_names_every_attack():
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        text = f.read()
    for name in PAIRS:
        assert f"`{name}/`" in text, name
