"""Which checks test which of the handout's rules: a rule is tested by a check when breaking it changes the
answer on one of the check's positions (``exercised``); ``coverage`` tells, for every rule, the visible checks
that test it, so that a withheld check's failure can name them."""

from ..game.models import forget
from ..game.rules import _number_key
from ..settings.config import visibility
from .framework import CHECKS


class Fixtures:
    """What a check's ``positions`` function reads of a ``Context``, for positions worked out from the fixtures
    alone (no submission): ``fixtures``, ``positions(group)``, ``config``."""

    def __init__(self, fixtures, config):
        self.fixtures = fixtures
        self.config = config

    def positions(self, name):
        return self.fixtures["positions"][name]


def exercised(check, fixtures, config):
    """The rules (names of ``RULES``, in the family's order) that some position of ``check`` tests: breaking the
    rule changes the answer there.  Empty for a check with no ``rules``."""
    if check.rules is None:
        return []
    family, positions = check.rules
    found = set()
    for position in positions(Fixtures(fixtures, config)):
        found.update(family.exercises(position))
    return [name for name in family.rules if name in found]


def coverage(fixtures, config, visible):
    """For each rule, the numbers of the checks named in ``visible`` that test it (``exercised``)."""
    covered = {}
    for name in visible:
        check = CHECKS[name]
        for rule in exercised(check, fixtures, config):
            covered.setdefault(rule, []).append(check.number)
    return {rule: sorted(numbers, key=_number_key) for rule, numbers in covered.items()}


def rule_coverage(config, fixtures):
    """Each check, with, when its details are withheld in the configuration at ``path``, every rule its
    positions test (``grader.checks.coverage.exercised``) and the visible checks that test it too: (check, [(rule,
    [numbers])]), or (check, None) where these fixtures do not hold its positions (the starter kit's hold
    only those of the checks it runs, and Part VI's only when it is graded)."""

    def rules_of(check):
        try:
            return exercised(check, fixtures, config)
        except KeyError:                 # its positions are not in these fixtures
            return None

    visible = {name for name in CHECKS if visibility(config, name) == "visible"}
    try:
        covered = coverage(fixtures, config, {name for name in visible if rules_of(CHECKS[name]) is not None})
        for check in CHECKS.values():
            withheld = [] if check.name in visible else rules_of(check)
            yield check, None if withheld is None else [(rule, covered.get(rule, [])) for rule in withheld]
    finally:
        forget()                         # the rules' move trees (tens of MB), as a grading forgets them
