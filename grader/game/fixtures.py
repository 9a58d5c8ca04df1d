"""The fixtures: the positions the checks play, each with the moves the handout's rules choose there, and the
Part VI boards and answers, generated from the reference by ``python -m grader fixtures``
(``grader.ta.fixtures_build``); the grader never imports the reference itself."""

import json
import os

from .. import ROOT

FIXTURES = os.path.join(ROOT, "fixtures", "positions.json")


def load_fixtures(path=FIXTURES):
    with open(path, encoding="utf-8") as f:
        return json.load(f)
