"""The fixtures: the positions the checks play, each with the moves the handout's rules choose there, and the
Part VI boards and answers, generated from the reference by ``python -m grader fixtures``
(``grader.ta.fixtures_build``); the grader never imports the reference itself."""

import json
import os

from .. import ROOT
from .positions import expand

FIXTURES = os.path.join(ROOT, "fixtures", "positions.json")


def load_fixtures(path=FIXTURES):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def every_position(fixtures):
    """Every position of every group of ``fixtures`` the checks play, as records (``positions.expand`` reads the
    compact ones), each once (several groups share some)."""
    seen, records = set(), []
    for entries in fixtures["positions"].values():
        for entry in entries:
            record = expand(entry) if isinstance(entry, str) else entry
            key = (record["state"] and tuple(record["state"]), tuple(record["moves"][:record["numMoves"]]))
            if key not in seen:
                seen.add(key)
                records.append(record)
    return records
