"""How the suite runs in parallel (pytest-xdist, ``--dist loadgroup``), which tests ``make test-quick`` runs
(``-m quick``), and what the suite says at the end.

Tests are spread over the workers one by one, but for two kinds, each kept on one worker (an
``xdist_group``):

- the tests of a module whose module-scoped fixture is costly (the zips, the reference on every position,
  the mutants), so that it is built once, not once per worker;
- the tests of one hostile submission (with and without CAP_SYS_ADMIN, and wherever else it is graded):
  its code writes to a marker file of its own name (``support.marker_path``), which two gradings at once
  would share.

At the start, as root, whatever an earlier run left of the sandbox's users is swept (``sweep_leftovers``): a
suite or a grading killed part way (a session stopped, a test that timed out) leaves files of a sandbox user in
/dev/shm and /tmp, processes and IPC objects, and a /dev/shm filled by such a hoard made three tests of a later
run fail that had nothing to do with it (their hostile code could not write its marker).

At the end, the corpus submissions whose recorded observations no longer held and were observed again in the
real sandbox are named: their recordings under tests/golden/observations were written anew, to commit.
"""

import os
import sys
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "golden"))
import golden  # noqa: E402

WHOLE_MODULES = {"test_analysis", "test_class_report", "test_compare", "test_handout", "test_mutants", "test_replay",
                 "test_ship", "test_similarity"}
"""Modules run on one worker: each builds something costly once, in a module-scoped fixture."""

WHOLE_CLASSES = {"TestReference", "TestCpuQuota"}
"""Classes run on one worker: their tests share one costly class-scoped fixture (the reference's grading, the
four gradings under a CPU quota)."""

MARKERS = {
    ("test_isolation", "test_batch_neighbour_keeps_full_marks"): "kills_neighbours",
    ("test_hardening", "test_a_flood_of_events_costs_the_grader_little_memory"): "floods_channel",
    ("test_hardening", "test_a_link_to_the_fixtures_is_refused"): "link_to_fixtures",
    ("test_hardening", "test_shared_memory_and_memfd_cannot_starve_the_grader"): "hoard",
    ("test_hardening", "test_run_autograder_hides_the_metadata_and_the_rest_of_autograder"): "autograder_root",
    ("test_adversarial", "test_planted_results_are_replaced"): "syntax_error",
    ("test_adversarial", "test_forged_results_in_a_world_writable_folder_are_replaced"): "forged_results",
    ("test_adversarial", "test_squatted_results_path_still_gets_results"): "squats_results",
    ("test_grader", "test_whole_grading_keeps_to_its_time_budget"): "signal_handler",
    ("test_hardening", "test_a_grader_killed_mid_grading_leaves_nothing_once_the_next_grading_is_done"): "plants_ipc",
}
"""Tests that grade a hostile submission, or a spy of their own, outside test_adversarial's parametrized
ones: the marker file each shares with the other tests of that name.  ``hoard`` has no marker: its two runs
(with and without CAP_SYS_ADMIN) each assert that /dev/shm holds no hoard file after grading, which the other
run's hoard, made at the same time on another worker, would break (seen with three workers)."""


QUICK_MODULES = {"test_board", "test_deque", "test_game", "test_doctests"}
"""The reference's tests and the doctests: all of them are in ``make test-quick``."""

QUICK_TESTS = {
    ("test_grader", "test_correct_submission_gets_full_marks"),
    ("test_grader", "test_buggy_submission_loses_points_only_where_its_mistake_lives"),
    ("test_adversarial", "test_honest_twin_scores_its_expectation"),
    ("test_replay", "test_every_corpus_submission_has_a_recording_that_holds"),
    ("test_replay", "test_a_recording_that_holds_runs_no_student_code"),
    ("test_replay", "test_the_fingerprint_covers_the_code_that_observes"),
    ("test_replay", "test_the_child_runs_nothing_of_the_grader_outside_what_the_fingerprint_covers"),
    ("test_replay", "test_a_run_that_was_not_recorded_is_named"),
}
"""The checks' judging, on the recorded observations of every corpus submission and every hostile one's honest
twin (and what keeps those recordings honest)."""


def is_quick(item):
    module = item.module.__name__.rsplit(".", 1)[-1]
    return module in QUICK_MODULES or (module, item.originalname) in QUICK_TESTS


def group_of(item):
    """The xdist group of ``item``, or None (any worker, one test at a time)."""
    module = item.module.__name__.rsplit(".", 1)[-1]
    if module in WHOLE_MODULES:
        return module
    if item.cls is not None and item.cls.__name__ in WHOLE_CLASSES:
        return f"{module}.{item.cls.__name__}"
    marker = MARKERS.get((module, item.originalname))
    if marker is None and module == "test_adversarial" and hasattr(item, "callspec"):
        marker = item.callspec.params.get("name") or item.callspec.params.get("twin")
    return f"marker-{marker}" if marker else None


def join_group(item, group):
    """Put ``item`` in the xdist group ``group``: ``--dist loadgroup`` keeps the tests whose node id ends in
    ``@group`` on one worker.

    pytest-xdist (3.8) appends that suffix to ``item._nodeid`` in its own hook, from the ``xdist_group`` mark;
    pytest 9 keeps the node id in ``item._id`` (a ``NodeId``) and never reads ``_nodeid``, so the mark alone
    groups nothing there: every group of this suite was spread over both workers (TestCpuQuota's four gradings
    ran twice, the hostile marker files were shared).  Where ``_id`` is a ``NodeId``, the suffix goes into it
    here; elsewhere the mark does the work."""
    try:
        from _pytest.nodeid import NodeId
    except ImportError:
        NodeId = None
    if NodeId is not None and isinstance(getattr(item, "_id", None), NodeId):
        item._id = NodeId.parse(f"{item.nodeid}@{group}")
    else:
        item.add_marker(pytest.mark.xdist_group(group))


def loadgroup(config):
    """Whether this process runs tests for ``--dist loadgroup``: the controller's ``dist``, or what xdist tells
    its workers (``option.loadgroup``; a worker's own ``dist`` is "no")."""
    return getattr(config.option, "dist", "no") == "loadgroup" or bool(getattr(config.option, "loadgroup", False))


@pytest.hookimpl(tryfirst=True)              # before xdist's own hook reads the marks
def pytest_collection_modifyitems(config, items):
    grouped = loadgroup(config)
    for item in items:
        group = group_of(item)
        if group and grouped:
            join_group(item, group)
        if is_quick(item):
            item.add_marker(pytest.mark.quick)


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session):
    """Fail at once if a group did not take: the suite's marker files and shared fixtures rely on it."""
    if not loadgroup(session.config):
        return
    lost = [item.nodeid for item in session.items if group_of(item) and not item.nodeid.endswith("@" + group_of(item))]
    if lost:
        raise pytest.UsageError(f"{len(lost)} test(s) are in no xdist group though they should be (the first: "
                                f"{lost[0]}): this pytest and pytest-xdist do not agree on how a group is named")


STALE_AT_START = None
"""The corpus recordings that did not hold when the suite started (``test_replay.stale_recordings``), before
any test could write one anew; None until the session has started."""

STALE_FILE = os.path.join(golden.TOP, "build", "stale-recordings.json")


def sweep_leftovers():
    """As root: what an earlier run left of every sandbox slot no grading holds now, cleaned by the grader's own
    ``sweep_free_slots`` (processes, files in the world-writable folders, IPC objects, stale stages); returns
    what was found, in words (nothing when not root)."""
    if os.geteuid() != 0:
        return []
    from grader.sandbox.isolation import sweep_free_slots
    return sweep_free_slots(None)


def quota_wanted(config):
    """Whether this run is the controller of an xdist run, as root, that will run ``TestCpuQuota`` (no marker
    expression such as make test-quick's ``-m quick``, and tests/test_grader.py among what it was given)."""
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None) or os.geteuid() != 0:
        return False
    if getattr(config.option, "markexpr", "") or getattr(config.option, "keyword", ""):
        return False
    given = [os.path.abspath(str(arg).split("::")[0]) for arg in config.args]
    grader_tests = os.path.join(HERE, "test_grader.py")
    return any(grader_tests == path or grader_tests.startswith(os.path.join(path, "")) for path in given)


@pytest.hookimpl(tryfirst=True)                  # before xdist starts its workers, which inherit the environment
def pytest_sessionstart(session):
    global STALE_AT_START
    import json
    if not hasattr(session.config, "workerinput"):          # the controller, or a run without xdist
        session.config._xo_started = time.monotonic()
        session.config._xo_swept = sweep_leftovers()
        if quota_wanted(session.config):
            import quota
            os.environ[quota.ENVIRONMENT] = quota.start()
        try:
            os.unlink(golden.REOBSERVED)
        except FileNotFoundError:
            pass
        from test_replay import stale_recordings
        STALE_AT_START = stale_recordings()
        os.makedirs(os.path.dirname(STALE_FILE), exist_ok=True)
        with open(STALE_FILE, "w", encoding="utf-8") as f:
            json.dump(STALE_AT_START, f)
    else:                                                    # a worker: as the controller found them
        with open(STALE_FILE, encoding="utf-8") as f:
            STALE_AT_START = [tuple(entry) for entry in json.load(f)]


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    started = getattr(config, "_xo_started", None)
    if started is None:
        return
    write = terminalreporter.write_line
    try:
        with open(golden.REOBSERVED, encoding="utf-8") as f:
            again = f.read().splitlines()
    except FileNotFoundError:
        again = []
    if again:
        terminalreporter.section("observed again")
        write(f"{len(again)} corpus submission(s) ran in the real sandbox, their recordings no longer holding; "
              f"tests/golden/observations has them anew: commit them, or the next run pays again.")
        for line in again:
            write(f"  {line}")
    swept = getattr(config, "_xo_swept", None)
    if swept:
        terminalreporter.section("swept at the start")
        write("an earlier run (a suite or a grading killed part way) had left these of the sandbox's users:")
        for line in swept:
            write(f"  {line}")
    workers = getattr(config.option, "numprocesses", None) or "no"
    write(f"xo-kit: the suite took {time.monotonic() - started:.0f} s of wall time ({workers} xdist workers, "
          f"{os.cpu_count()} cores); CI stops at 5,400 s.")
