"""Red team, round fourteen (tests/adversarial/round14/, README.md there): eight attacks on round twelve's fix,
graded as Gradescope runs the grader (as root, without CAP_SYS_ADMIN) on Part III.

On 729ac28 each scored Part III 25 against its twin's 13.24 or 22.06.  Their routes: the probes' trace reached
through a wrapper's closure and given a ``report`` of its own; a second ``_imp`` module, whose functions made a
second, unsealed ``_signal`` and so a handler handed frames (the hook's own, the timing probe's); and Python's
own SIGINT handler raising KeyboardInterrupt inside the hook's one-call window.  None may score above its twin
now.  ``timing_pad`` is 3.7's known limit (a deque that burns CPU in proportion to its own pushes): what holds
in every run is held, as for round nine's ``N2``.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "adversarial"))

from rounds import compare, timing_known_limit  # noqa: E402
from support import DOCKER_CAPS, NEEDS_ROOT, ROOT, SETPRIV, TOP  # noqa: E402

HERE = os.path.join(TOP, "tests", "adversarial", "round14")

PAIRS = {
    # attack: twin (Part III graded, Part VI off)
    "dfs_forge": "dfs_forge_twin",                    # the trace's report shadowed, through a closure
    "signal_forge": "signal_forge_twin",              # a second _imp, a second _signal, a frame, the token
    "signal_forge_quiet": "signal_forge_quiet_twin",  # the same, with the harness's own os and exit
    "witness_write": "witness_write_twin",            # the hook's own frame, the witness rewritten
    "sigint_race": "sigint_race_twin",                # KeyboardInterrupt inside the hook's one-call window
    "sigint_race_quiet": "sigint_race_quiet_twin",    # the same, entered through the Deque's wrappers
    "timing_forge": "timing_forge_twin",              # the timing probe's frame, its answer sent, then an exit
}
KNOWN_LIMIT = "timing_pad"

pytestmark = [pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT),
              pytest.mark.skipif(not SETPRIV, reason="needs setpriv (util-linux) to drop CAP_SYS_ADMIN")]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return str(tmp_path_factory.mktemp("round14"))


@pytest.mark.parametrize("name", list(PAIRS))
def test_no_attack_scores_above_its_twin(name, folder):
    compare(HERE, name, PAIRS[name], "III", False, DOCKER_CAPS, folder)


def test_the_timing_pad_is_the_known_limit_and_nothing_more(folder):
    """3.7 compares the student's own runs, and a process can always raise its own small runs' times: held to
    what holds in every run (``rounds.timing_known_limit``), as round nine's N2 is."""
    timing_known_limit(HERE, KNOWN_LIMIT, "III", False, DOCKER_CAPS, folder)


def test_every_attack_of_the_round_is_graded_here():
    folders = {entry for entry in os.listdir(HERE) if os.path.isdir(os.path.join(HERE, entry))}
    named = set(PAIRS) | {KNOWN_LIMIT}
    assert folders == named | {f"{name}_twin" for name in named}


def test_the_readme_names_every_attack():
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        text = f.read()
    for name in set(PAIRS) | {KNOWN_LIMIT}:
        assert f"`{name}/`" in text, name
