"""What the student's code was seen to do in one grading: every run, once, recorded and replayable.

A check asks for an observation by what it needs (a probe, the student's modules it imports, its
arguments, a time limit); ``Observations`` runs each distinct one once per grading and hands every
later check that asks for it the same outcome (the Part III search traced for three checks,
``BoardXO()`` for two).  ``save`` writes them all, with the student's files, to a file; ``Replay`` is a
sandbox that answers from such a file, so that the checks can be run, and tested, on what a real
grading observed without running any student code (``tests/test_replay.py``).
"""

import copy
import dataclasses
import gzip
import json
import os
import tempfile

from .sandbox.channel import Outcome
from .sandbox.closing import Closing


def _key(probe, modules, args):
    return json.dumps([probe, list(modules), args], sort_keys=True)


class Observations:
    """The runs of one grading, by what they asked (see the module's docstring)."""

    def __init__(self, sandbox):
        self.sandbox = sandbox
        self.outcomes = {}                # (key, timeout) -> Outcome
        self.runs = 0                     # how many times the student's code actually ran
        self.garbled = 0                  # how many outcomes handed out came from a forged channel

    def run(self, probe, modules, args, timeout):
        """The outcome of running ``probe`` on ``modules`` with ``args`` within ``timeout`` s: a copy each
        check may judge (and change) as it likes."""
        key = (_key(probe, modules, args), timeout)
        if key not in self.outcomes:
            self.runs += 1
            self.outcomes[key] = self.sandbox.run(probe, args, modules, timeout)
        outcome = copy.copy(self.outcomes[key])
        outcome.events = copy.deepcopy(outcome.events)
        self.garbled += bool(outcome.forged)
        return outcome

    def save(self, path):
        """Write every outcome and the student's files to ``path`` (gzipped JSON)."""
        sources = {}
        for name in sorted(self.sandbox.files):
            with open(self.sandbox.source(name), encoding="utf-8", errors="surrogateescape") as f:
                sources[name] = f.read()
        runs = [{"key": key, "timeout": timeout, "outcome": dataclasses.asdict(outcome)}
                for (key, timeout), outcome in self.outcomes.items()]
        with gzip.open(path, "wt", encoding="utf-8", errors="surrogateescape") as f:
            json.dump({"sources": sources, "runs": runs}, f)


class Replay(Closing):
    """A sandbox that runs nothing: it answers each run from a file ``Observations.save`` wrote.

    Use ``Replay.backend(path)`` where ``grade`` takes a backend.  A run that was not recorded raises
    ``KeyError`` naming it: the checks asked for something the recorded grading did not.
    """

    def __init__(self, path, files):
        with gzip.open(path, "rt", encoding="utf-8", errors="surrogateescape") as f:
            recorded = json.load(f)
        self.files = {name: None for name in recorded["sources"]}
        self.folder = tempfile.mkdtemp(prefix="xo-replay-")
        for name, text in recorded["sources"].items():
            self.files[name] = os.path.join(self.folder, f"{name}.py")
            with open(self.files[name], "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(text)
        self.runs = {}
        for run in recorded["runs"]:           # by key: the time limit of a recorded run is what it was
            self.runs[run["key"]] = Outcome(**run["outcome"])

    @classmethod
    def backend(cls, path):
        """A backend for ``grade``/``run_checks`` that replays ``path``."""
        return lambda files, limits, **_: cls(path, files)

    def run(self, probe, args, modules, timeout):
        key = _key(probe, modules, args)
        if key in self.runs:
            return self.runs[key]
        # A probe recorded once answers whatever its arguments: the timing check draws its order afresh
        # for each grading, so its arguments are never the same twice.
        same = [k for k in self.runs if json.loads(k)[:2] == [probe, list(modules)]]
        if len(same) == 1:
            return self.runs[same[0]]
        raise KeyError(f"no recorded run of probe {probe!r} on {list(modules)} with these arguments")

    def source(self, name):
        return self.files[name]

    def close(self):
        import shutil
        shutil.rmtree(self.folder, ignore_errors=True)

