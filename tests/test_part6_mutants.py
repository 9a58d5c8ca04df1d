"""Part VI's mistakes, each caught by the positions its withheld check judges (issue 43).

``grader.game.part6_mistakes`` writes each Part VI mistake as a program: minimaxValues() with a backup for the
wrong player or a leaf scored with the wrong count, Code Quest without its win at once first or reading its 0 as
an empty cell, Coding Ninjas' rows from 0, CodinGame's grid read down its columns, ...  With the shipped
configuration (``[grading] part6_positions = "chosen"``) checks 6.2, 6.7, 6.9 and 6.11 judge the positions the
fixtures chose for them; these tests prove, in the grader's own process and without running student code:

- that the models' right answers are the reference's, on every position of the fixtures (so a mistake's answers
  are compared with what the checks expect);
- that every mistake answers wrong on at least one chosen position of its family's check (or nowhere at all, which
  no grader can see: none of them is);
- that the checks judge exactly those positions under the shipped configuration, and every one under "every".
"""

import pytest

from grader.checks.coverage import Fixtures
from grader.checks.framework import CHECKS
from grader.checks.part6 import every_valued
from grader.checks.programs import contract_positions, x_to_move
from grader.game.fixtures import load_fixtures
from grader.game.part6_mistakes import MISTAKES, REFERENCE, zero_written
from grader.settings.config import load

FIXTURES = load_fixtures()

CHECK_OF = {"values": "minimax_values_everywhere", "codequest": "codequest_everywhere", "ninja": "ninja_everywhere",
            "codingame": "codingame_everywhere"}
"""Each family's withheld check, which judges its chosen positions."""


def context(judged="chosen"):
    config = load()
    config["grading"]["part6_positions"] = judged
    return Fixtures(FIXTURES, config)


def positions(family, ctx=None):
    """Every position of ``family`` as its check reads it, with the reference's answer (``answer``)."""
    ctx = ctx or context()
    if family == "values":
        return [(p, p["values"]) for p in every_valued(ctx)]
    if family == "codequest":
        return [(dict(p, zero=zero_written(k)), p["codequest"]) for k, p in enumerate(x_to_move(ctx))]
    if family == "ninja":
        return [(p, p["ninja"]) for p in x_to_move(ctx)]
    return [(p, p["codingame"]) for p in contract_positions(ctx)]


@pytest.mark.parametrize("family", sorted(MISTAKES))
def test_the_models_answer_as_the_reference(family):
    """On every position of the fixtures, the model of the right program gives the reference's own answer."""
    differ = [(p["state"], p["to_move"], want, REFERENCE[family](p)) for p, want in positions(family)
              if REFERENCE[family](p) != want]
    assert not differ, f"{len(differ)} positions, the first: {differ[0]}"


@pytest.mark.parametrize("family", sorted(MISTAKES))
def test_every_mistake_answers_wrong_on_a_chosen_position(family):
    """Each mistake of ``family`` gives a wrong answer on one of the positions its check judges (and the printed
    table says on how many)."""
    every = positions(family)
    chosen = [every[k] for k in FIXTURES["part6"]["chosen"][family]]
    missed = []
    for name, answer in MISTAKES[family]:
        wrong = sum(answer(p) != want for p, want in chosen)
        anywhere = wrong or sum(answer(p) != want for p, want in every)
        print(f"{family:<10} {name:<80} wrong on {wrong} of {len(chosen)} chosen")
        if not wrong:
            missed.append((name, anywhere))
    assert not missed, f"not caught by the chosen positions (name, wrong on how many of them all): {missed}"


@pytest.mark.parametrize("family", sorted(MISTAKES))
def test_the_check_judges_the_chosen_positions_or_every_one(family):
    """The check's own positions (what it declares it judges) are the chosen ones under the shipped configuration,
    and all of them under ``part6_positions = "every"``; the chosen are fewer than a tenth of them all."""
    _, judged = CHECKS[CHECK_OF[family]].rules
    key = lambda p: (tuple(p["state"]), p["to_move"], p.get("first"))
    every = [key(p) for p, _ in positions(family)]
    chosen = [every[k] for k in FIXTURES["part6"]["chosen"][family]]
    assert [key(p) for p in judged(context())] == chosen
    assert [key(p) for p in judged(context("every"))] == every
    assert len(chosen) < len(every) / 10
