"""The whole reference, mutated, with the grader's checks as the oracle: the campaign's record held to the
sources (issue 37; ``tests/mutation/campaign.py``, ``make mutants``).

The campaign grades every mutant cosmic-ray makes of ``xo/``'s six student modules and of ``judge.py``, and
the hand-made ones, in the real sandbox, and records each verdict in ``tests/golden/mutation.json.xz``.  These
tests hold that record to the sources as they are: every mutant they give has its verdict, every survivor is
either shown equivalent (no answer over its module's domain differs from the reference's,
``tests/mutation/equivalence.py``) or explained in ``tests/mutation/survivors.toml``, every hand-made mutant
is killed by a check students see, and a few verdicts, drawn afresh each run, are graded again.
"""

import os
import random
import sys

import pytest

try:
    import tomllib
except ModuleNotFoundError:          # Python 3.10
    import tomli as tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "mutation"), os.path.join(HERE, "golden")]
import campaign  # noqa: E402

AGAIN = 3
"""Recorded verdicts graded again in each run."""


@pytest.fixture(scope="module")
def record():
    return campaign.load_record()


@pytest.fixture(scope="module")
def every():
    """Every mutant of the current sources (cosmic-ray's and the hand-made ones): about 40 s of one core."""
    return {m.key: m for m in campaign.mutants()}


@pytest.fixture(scope="module")
def survivors():
    if not os.path.exists(campaign.SURVIVORS):       # none explained yet
        return {}
    with open(campaign.SURVIVORS, "rb") as f:
        return tomllib.load(f)


@pytest.mark.quick
def test_the_record_is_of_the_current_sources(record):
    assert record["sources"] == campaign.source_digests(), \
        "xo/ changed since the mutation campaign ran: run `make mutants` (it grades only the new mutants)"
    assert record["reach"]["sources"] == campaign.source_digests()


def test_the_record_holds_a_verdict_for_every_mutant(record, every):
    missing = [k for k, m in every.items() if record["mutants"].get(k, {}).get("digest") != m.digest]
    assert set(record["mutants"]) <= set(every), "the record holds mutants the sources no longer give"
    if missing:           # said in every run's summary (-rx) until `make mutants` has graded them: issue 37
        pytest.xfail(f"the campaign is not finished: {len(missing)} of {len(every)} mutants have no verdict yet "
                     f"(run `make mutants`; it grades only those), first {missing[:3]}")


@pytest.mark.quick
def test_every_survivor_is_equivalent_or_explained(record, survivors):
    survived = {k: m for k, m in record["mutants"].items() if m["verdict"] == "survived"}
    unasked = sorted(k for k, m in survived.items() if "equivalent" not in m)
    unexplained = sorted(k for k, m in survived.items() if m.get("equivalent") is False and k not in survivors)
    assert not unexplained, "survivors that differ from the reference, with no check and no reason: " + "; ".join(
        f"{k} (line {survived[k]['line']}): {survived[k]['differs']}" for k in unexplained)
    stale = sorted(k for k in survivors if k not in survived or survived[k].get("equivalent") is not False)
    assert not stale, f"survivors.toml explains mutants that no longer survive, are equivalent or are not yet " \
                      f"compared: {stale}"
    for key, entry in survivors.items():
        assert entry["kind"] in ("outside the handout", "equivalent") and len(entry["why"]) > 20, key
    if unasked:           # said in every run's summary (-rx) until the campaign has compared them: issue 37
        pytest.xfail(f"{len(unasked)} survivor(s) not yet compared with the reference (`campaign.py --compare`), "
                     f"first {unasked[:3]}")


@pytest.mark.quick
def test_every_hand_made_mutant_is_killed_by_a_check_students_see(record):
    made = {k: m for k, m in record["mutants"].items() if m["operator"].startswith("handmade/")}
    assert len(made) == len(campaign.HANDMADE)
    assert all(m["verdict"] == "killed" and m["visible"] for m in made.values()), \
        {k: m["verdict"] for k, m in made.items() if not (m["verdict"] == "killed" and m["visible"])}


@pytest.mark.quick
def test_every_killed_mutant_names_the_checks_that_killed_it(record):
    from grader.checks import CHECKS
    numbers = {c.number for c in CHECKS.values()}
    for key, mutant in record["mutants"].items():
        if mutant["verdict"] == "killed":
            assert mutant["by"] and set(mutant["by"]) <= numbers, key


def test_figures(record):
    """The campaign's figures, printed (``pytest -s``) for the note and the README."""
    from collections import Counter
    verdicts = Counter(m["verdict"] for m in record["mutants"].values())
    equivalent = sum(1 for m in record["mutants"].values() if m.get("equivalent"))
    print(f"\n{len(record['mutants'])} mutants: {dict(verdicts)}; {equivalent} survivors equivalent")
    assert verdicts["killed"] > 0


def test_a_few_verdicts_hold_when_graded_again(record, every):
    """Grade again ``AGAIN`` recorded verdicts, drawn afresh (their keys are in the failure): the record stays
    the grader's own answer, not an old one."""
    quick = sorted(k for k, m in record["mutants"].items() if m["verdict"] == "killed" and m["seconds"] < 15)
    drawn = random.SystemRandom().sample(quick, AGAIN)
    for key in drawn:
        want = record["mutants"][key]
        got = campaign.grade(every[key], want.get("parts"))
        assert (got["verdict"], got.get("by", [None])[0]) == (want["verdict"], want["by"][0]), \
            f"{key}: recorded killed by {want['by'][0]}, graded again {got}"
