"""No internal error for anything a submission does: every check, judged on runs its submission cut short or
filled with answers of the wrong shape, fails in plain words (issue 44; red team, round nine: a board's methods
that forged "done" and exited made check 2.17 report an internal error, and answers of the right count and the
wrong shape did the same to checks 1.4-1.6).

The runs are the reference's own, with Part VI graded (``tests/golden/observations/derived__reference_with_part6_
on``, recorded by ``test_grader.py``'s Part VI test, or observed here in the real sandbox where it no longer
holds).  For every check and every run it observes, the run is changed one way at a time, as the student's
process could change it: ended by a forged "done" after each of a spread of its events (the check's probe's
steps), or an answer of the right kind with one value of another shape.  The check must then fail, never
report an internal error, never pass; every other run stays as recorded.
"""

import copy
import json
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import golden  # noqa: E402

from grader.checks import CHECKS, with_dependencies  # noqa: E402
from grader.game.fixtures import load_fixtures  # noqa: E402
from grader.grading.points import load  # noqa: E402
from grader.grading.run import run_checks  # noqa: E402
from grader.grading.verdict import Status  # noqa: E402
from grader.observing.observations import Replay, _key, load as load_recording  # noqa: E402
from grader.sandbox.channel import Outcome  # noqa: E402
from grader.submission.locate import locate  # noqa: E402

RECORDING = golden.observations_path("derived/reference_with_part6_on")
REFERENCE = os.path.join(golden.TOP, "xo")
CUTS = 6
"""How many places each run is cut at (spread over its events, the first and the last among them)."""


def part6_config():
    config = load(golden.PINNED_CONFIG)
    config["points"]["VI"] = 10
    return config


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """The reference's runs, with Part VI on: the recording where it holds, else observed now (and kept)."""
    from grader.observing.observations import Recorded
    backend = Recorded.backend(RECORDING)
    run_checks(locate(REFERENCE), part6_config(), fixtures=load_fixtures(), backend=backend)
    return load_recording(RECORDING)


class Forged(Replay):
    """The recording, but for one run, which answers ``outcome``."""

    def __init__(self, path, files, recorded, key, outcome):
        super().__init__(path, files, recorded)
        self.runs[key] = outcome


def cuts(events):
    """Where to end a run with a forged "done": after none of its events, after each of a spread of them."""
    count = len(events)
    places = {0, count - 1, *(round(k * (count - 1) / (CUTS - 1)) for k in range(CUTS))}
    return sorted(p for p in places if 0 <= p < count)


def reshaped(events):
    """Each event that is an answer, with one value replaced by one of another shape (the first such event)."""
    for index, event in enumerate(events):
        keys = [k for k in event if k not in ("arrived", "done", "imported", "start")]
        for key in keys:
            for wrong in ({}, [], "x", None):
                if event[key] == wrong or type(event[key]) is type(wrong):
                    continue
                changed = copy.deepcopy(events)
                changed[index] = {**event, key: wrong}
                yield f"event {index} {key}={wrong!r}", changed
            return


def variants(run):
    outcome = run["outcome"]
    events = [e for e in outcome["events"] if not e.get("done")]
    for place in cuts(events):
        cut = events[:place] + [{"done": True, "arrived": 0.0}]
        yield f"cut after {place} of {len(events)}", {**outcome, "events": cut, "status": "done"}
    for what, changed in reshaped(events):
        yield what, {**outcome, "events": changed + [{"done": True, "arrived": 0.0}], "status": "done"}


class Logged(Replay):
    """The recording, answering every run, and noting which run each check asked for (``asked``)."""

    def __init__(self, path, files, recorded, asked):
        super().__init__(path, files, recorded)
        self.asked = asked

    def run(self, probe, args, modules, timeout):
        self.asked[-1].append(_key(probe, modules, args))
        return super().run(probe, args, modules, timeout)


@pytest.fixture(scope="module")
def asked(recorded):
    """{check: the keys of the runs it asked the sandbox for}, in a grading of every check (a run a check
    shares with one before it is that one's: changed, it fails the earlier check, which blocks this one)."""
    keys, by_check = [[]], {}

    def progress(verdict):
        by_check[verdict.check] = keys[-1]
        keys.append([])
    run_checks(locate(REFERENCE), part6_config(), fixtures=load_fixtures(),
               backend=lambda files, limits, **_: Logged(RECORDING, files, recorded, keys), progress=progress)
    return by_check


@pytest.mark.parametrize("name", list(CHECKS))
def test_a_run_cut_short_or_reshaped_fails_its_check_in_plain_words(name, recorded, asked):
    config = part6_config()
    only = with_dependencies(name)
    lenient = any(getattr(spec, "lenient", False) for spec in CHECKS[name].observes)
    located = locate(REFERENCE)
    judged = 0
    runs = [run for run in recorded["runs"] if run["key"] in asked.get(name, ())]
    for run in runs:
        for what, outcome in variants(run):
            backend = (lambda files, limits, _run=run, _outcome=outcome, **_: Forged(
                RECORDING, files, recorded, _run["key"], Outcome(**_outcome)))
            internal = []
            verdicts = {v.check: v for v in run_checks(located, config, fixtures=load_fixtures(), backend=backend,
                                                       only=only, internal_errors=internal)}
            assert not internal, (name, what, internal)
            verdict = verdicts[name]
            if verdict.status is Status.BLOCKED:      # a check it waits for read the same run and failed first
                continue
            if lenient:                               # it judges what was printed, whatever became of the run
                continue
            assert verdict.status is Status.FAILED, (name, what, "passed on a forged run")
            assert "internal error" not in (verdict.failure.message if verdict.failure else ""), (name, what)
            judged += 1
    if runs and not lenient:
        assert judged, f"{name}: every forged run blocked it: nothing judged"
