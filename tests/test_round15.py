"""Red team, round fifteen (tests/adversarial/round15/, README.md there): two red teams' attacks on r14's zips,
graded as Gradescope runs the grader (as root, without CAP_SYS_ADMIN) on Part III.

On df11aaa each scored Part III 25 against its twin's: ``a2_pad`` (an O(n) list deque whose front index is an
attribute holding 0, slowed by the same busy loop on every operation so that its times grew as if constant)
against 22.06; ``a3_cdeque`` (``collections.deque`` bound in board.py as ``collections.__dict__["deque"]`` and
imported by deque.py) against 23.53; ``q_gcforge`` (a frame of its own from ``gc.garbage`` with the collector's
``DEBUG_SAVEALL``, and through ``f_back`` the harness's writer: a depth-first search with a forged trace) against
13.24; ``q_timeforge`` (the same route, the timing answer sent before the workload ran) 25 against 22.06.
``q_on_detect`` is open (issue 39): an O(n) deque that tells the timed workload's items by their kind.
``a1_replay`` chooses its move by recursion, then runs the whole
breadth-first search through its Deque beside it: the evidence Part III asks for is that search, and it ran it
(INSTRUCTORS.md's known limits), so it is held to what it is: every search check passes, as its depth-first
twin's fail.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "adversarial"))

from rounds import compare, grading  # noqa: E402
from support import DOCKER_CAPS, NEEDS_ROOT, ROOT, SETPRIV, TOP  # noqa: E402

HERE = os.path.join(TOP, "tests", "adversarial", "round15")

PAIRS = {
    # attack: twin (Part III graded, Part VI off)
    "a2_pad": "a2_pad_twin",            # insert(self._z, x) with self._z = 0, and a busy loop on every operation
    "a3_cdeque": "a3_cdeque_twin",      # collections.__dict__["deque"] in board.py, imported by deque.py
    "q_gcforge": "q_gcforge_twin",      # a frame from gc.garbage (DEBUG_SAVEALL), the trace forged with emit
    "q_timeforge": "q_timeforge_twin",  # the same frame route, the timing answer sent before the workload ran
}
OPEN = {
    # attack: (twin, why it is open) -- strict: the day it holds, the test says so
    "q_on_detect": ("q_on_detect_twin", "issue 39: the timed workload's items can be told from the search's by "
                                        "their kind (a class named Board), and an O(n) deque makes room for them"),
}
REPLAY = "a1_replay"
SEARCH_CHECKS = ("bfs_uses_deque", "bfs_breadth_first", "bfs_covers_tree")

pytestmark = [pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT),
              pytest.mark.skipif(not SETPRIV, reason="needs setpriv (util-linux) to drop CAP_SYS_ADMIN")]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return str(tmp_path_factory.mktemp("round15"))


@pytest.mark.parametrize("name", list(PAIRS))
def test_no_attack_scores_above_its_twin(name, folder):
    compare(HERE, name, PAIRS[name], "III", False, DOCKER_CAPS, folder)


@pytest.mark.parametrize("name", list(OPEN))
def test_the_open_attacks_of_the_round(name, folder):
    twin, why = OPEN[name]
    try:
        compare(HERE, name, twin, "III", False, DOCKER_CAPS, folder)
    except AssertionError:
        pytest.xfail(why)
    pytest.fail(f"{name} no longer scores above its twin: move it to PAIRS ({why})")


def test_the_padded_deque_fails_the_timing_check_on_its_source(folder):
    """Its times pass 3.7's limits (the red team's point); its source says O(n), which 3.7 now reads too."""
    done = grading(HERE, "a2_pad", "III", False, DOCKER_CAPS, folder)
    timing = next(t for t in done.results["tests"] if t["extra_data"]["check"] == "deque_amortised_constant_time")
    assert timing["score"] == 0 and "moves every item of a list" in timing["output"], timing["output"][:2000]


def test_a_replay_is_the_search_itself(folder):
    """The replay runs every step of the breadth-first search through its Deque (what Part III's checks ask for),
    the recursion besides: its search checks pass, its depth-first twin's do not.  What it gains over the twin is
    the search it ran, at a search's cost (INSTRUCTORS.md, known limits)."""
    checks = {}
    for name in (REPLAY, f"{REPLAY}_twin"):
        done = grading(HERE, name, "III", False, DOCKER_CAPS, folder)
        checks[name] = {t["extra_data"]["check"]: t["score"] == t["max_score"] for t in done.results["tests"]}
    assert all(checks[REPLAY][check] for check in SEARCH_CHECKS), checks[REPLAY]
    assert not any(checks[f"{REPLAY}_twin"][check] for check in SEARCH_CHECKS), checks[f"{REPLAY}_twin"]


def test_every_attack_of_the_round_is_graded_here():
    folders = {entry for entry in os.listdir(HERE) if os.path.isdir(os.path.join(HERE, entry))}
    named = set(PAIRS) | set(OPEN) | {REPLAY}
    assert folders == named | {f"{name}_twin" for name in named}


def test_the_readme_names_every_attack():
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        text = f.read()
    for name in set(PAIRS) | set(OPEN) | {REPLAY}:
        assert f"`{name}/`" in text, name
