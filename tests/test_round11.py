"""Red team, round eleven (tests/adversarial/round11/, README.md there): each attack against its honest twin,
graded as Gradescope runs the grader (as root, without CAP_SYS_ADMIN, and with it), on the Parts it aims at.
No Part of an attack may score above its twin's and no check may report an internal error; and the two honest
submissions the round's Integrity rules once marked down (a docstring naming "the grader" beside a "/", a log
opened by debugging code that never runs) score exactly what their twins do.

The search's trace is now the sandbox's witness, kept in the audit hook (``grader/sandbox/guard.py``:
``Witness``) and fed only from the frames of the probes' own wrappers; every line the harness writes carries
the run's token (``child.writer``), which a line written on the channel by anything else lacks.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "adversarial"))

from rounds import compare, graded  # noqa: E402
from support import DOCKER_CAPS, NEEDS_ROOT, ROOT, SETPRIV, TOP  # noqa: E402

HERE = os.path.join(TOP, "tests", "adversarial", "round11")

PAIRS = {
    # attack: (twin, Parts graded, Part VI on)
    "closure_trace": ("closure_trace_twin", "III", False),      # the trace written through a wrapper's closure
    "channel_timing": ("channel_timing_twin", "III", False),    # a timing report and "done" written on the channel
    "spawn_bypass": ("spawn_bypass_twin", "III", False),        # a process started through _posixsubprocess
}

HONEST = {
    # honest code the Integrity rules once marked down: (twin, Parts graded)
    "false_finding": ("false_finding_twin", "III"),             # a docstring: "the grader traces every push/pop"
    "false_finding_log": ("false_finding_log_twin", "III"),     # if DEBUG: open("search.log", "a")
}

pytestmark = [pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT),
              pytest.mark.skipif(not SETPRIV, reason="needs setpriv (util-linux) to drop CAP_SYS_ADMIN")]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return str(tmp_path_factory.mktemp("round11"))


@pytest.mark.parametrize("name", list(PAIRS))
@pytest.mark.parametrize("caps", [DOCKER_CAPS, None], ids=["without-cap-sys-admin", "as-root"])
def test_no_attack_scores_above_its_twin(name, caps, folder):
    twin, parts, part6 = PAIRS[name]
    compare(HERE, name, twin, parts, part6, caps, folder)


@pytest.mark.parametrize("name", list(HONEST))
def test_honest_code_scores_what_its_twin_scores(name, folder):
    twin, parts = HONEST[name]
    mine, errors = graded(HERE, name, parts, False, DOCKER_CAPS, folder)
    theirs, _ = graded(HERE, twin, parts, False, DOCKER_CAPS, folder)
    assert not errors and mine == pytest.approx(theirs, abs=0.005), (mine, theirs)


def test_every_attack_of_the_round_is_graded_here():
    folders = {entry for entry in os.listdir(HERE) if os.path.isdir(os.path.join(HERE, entry))}
    named = set(PAIRS) | set(HONEST)
    assert folders == named | {twin for twin, *_ in PAIRS.values()} | {twin for twin, _ in HONEST.values()}


def test_the_readme_names_every_attack():
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        text = f.read()
    for name in set(PAIRS) | set(HONEST):
        assert f"`{name}/`" in text, name
