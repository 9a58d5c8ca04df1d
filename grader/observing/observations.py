"""What the student's code was seen to do in one grading: every run, once, recorded and replayable.

A check asks for an observation by what it needs (a probe, the student's modules it imports, its
arguments, a time limit); ``Observations`` runs each distinct one once per grading and hands every
later check that asks for it the same outcome (the Part III search traced for three checks,
``BoardXO()`` for two).  ``save`` writes them all, with the student's files and the ``fingerprint`` of
what produced them, to a file; ``Replay`` is a sandbox that answers from such a file, so that the checks
can be run, and tested, on what a real grading observed without running any student code; ``Recorded``
replays a file only while its fingerprint still holds, and runs the real sandbox for whatever it does not
hold (the kit's own tests: ``tests/golden/observations``).
"""

import dataclasses
import hashlib
import json
import lzma
import marshal
import os
import platform
import sys
import tempfile

from .. import ROOT
from ..sandbox import default_backend
from ..sandbox.channel import Outcome
from ..sandbox.closing import Closing, child_python

OBSERVING = ("sandbox", os.path.join("observing", "probes"), os.path.join("text", "markdown.py"))
"""What produces an observation, below ``grader/``: the sandbox (``child.py`` and ``encoding.py``, the child's
side, and the runner and channel that read, bound and stamp what it sends, escaping its exceptions' words with
``text/markdown.py``) and the probes the child runs (which import nothing of the grader but the child's
harness: ``tests/test_replay.py`` holds them to it).  The fixtures
reach the child only as a run's arguments, which key each run; the checks' judging never reaches it."""


NOT_OBSERVING = ("file_kib", "submission_kib")
"""[limits] keys no run sees: they decide which files are read, and those files' sources key a recording."""


def observed_limits(limits):
    """The [limits] the runs had: ``limits`` less ``NOT_OBSERVING``.

    >>> observed_limits({"timeout": 30, "file_kib": 256})
    {'timeout': 30}
    """
    return {key: value for key, value in limits.items() if key not in NOT_OBSERVING}


def _digest(args):
    return hashlib.sha256(json.dumps(args, sort_keys=True).encode()).hexdigest()


def _key(probe, modules, args):
    """A run, by what it asked: the probe, the student's modules, a digest of its arguments."""
    return json.dumps([probe, list(modules), _digest(args)])


def interpreter():
    """The Python that runs the grader and, as root, the one its sandbox's children run (``child_python``)."""
    try:
        child = child_python(os.geteuid() == 0)
    except (RuntimeError, AttributeError):                   # no geteuid: Windows
        child = sys.executable
    return f"{platform.python_implementation()} {platform.python_version()} {os.path.realpath(child)}"


def fingerprint(sources, limits, *, root=ROOT):
    """A digest of everything that produces a grading's observations: the student's ``sources`` (name to
    text), the grader's ``OBSERVING`` files under ``root``, the ``limits`` the runs had, and the interpreters
    (``interpreter``).  Any change to one of them changes it.

    >>> a = fingerprint({"game": "x = 1"}, {"timeout": 30})
    >>> a == fingerprint({"game": "x = 1"}, {"timeout": 30}), a == fingerprint({"game": "x = 2"}, {"timeout": 30})
    (True, False)
    """
    digest = hashlib.sha256()

    def add(label, text):
        data = text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text
        digest.update(f"{label}\0{len(data)}\0".encode("utf-8", "surrogateescape") + data)

    for name in sorted(sources):
        add(f"student {name}", sources[name])
    for path in observing_files(root):
        with open(path, "rb") as f:
            add(os.path.relpath(path, root), f.read())
    add("limits", json.dumps(observed_limits(limits), sort_keys=True))
    add("interpreter", interpreter())
    return digest.hexdigest()


def observing_files(root=ROOT):
    """The paths of the ``OBSERVING`` files under ``root``, sorted (Python sources only)."""
    paths = []
    for entry in OBSERVING:
        path = os.path.join(root, entry)
        if os.path.isdir(path):
            paths += [os.path.join(path, n) for n in os.listdir(path) if n.endswith(".py")]
        else:
            paths.append(path)
    return sorted(paths)


def read_sources(files):
    """The text of each of the student's ``files`` (name to path), by name."""
    sources = {}
    for name in sorted(files):
        with open(files[name], encoding="utf-8", errors="surrogateescape") as f:
            sources[name] = f.read()
    return sources


def write(path, sources, limits, outcomes):
    """Write a recording to ``path``: the student's ``sources``, their ``fingerprint``, the ``limits`` and each
    run's outcome (``outcomes``: ``(key, timeout)`` to ``Outcome``), as xz-compressed JSON, the same bytes for
    the same observations (no time stamp of its own).  Written beside ``path`` first, then moved over it."""
    runs = [{"key": key, "timeout": timeout,
             "outcome": {f.name: getattr(outcome, f.name) for f in dataclasses.fields(outcome)}}
            for (key, timeout), outcome in outcomes.items()]
    text = json.dumps({"fingerprint": fingerprint(sources, limits), "limits": observed_limits(limits),
                       "sources": sources, "runs": runs}, separators=(",", ":"))      # one call: json.dump to a file is 10 times slower
    partial = f"{path}.{os.getpid()}.partial"
    try:
        with lzma.open(partial, "wt", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text)
        os.replace(partial, path)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)


def recorded_fingerprint(path):
    """The fingerprint the recording at ``path`` was made with (read from its first bytes: ``write`` puts it
    first), or None where there is no recording."""
    try:
        with lzma.open(path, "rt", encoding="utf-8") as f:
            head = f.read(120)
    except (OSError, lzma.LZMAError, EOFError):
        return None
    prefix = '{"fingerprint":"'
    return head[len(prefix):len(prefix) + 64] if head.startswith(prefix) else None


def load(path):
    """A recording ``write`` wrote."""
    with lzma.open(path, "rt", encoding="utf-8", errors="surrogateescape") as f:
        return json.load(f)


GRADING_BUDGET = 8 * 2**20
"""Bytes of events (marshalled, as ``Observations`` keeps them) one grading keeps, over all its runs.  A run is
bounded on its own (the channel's limits), but a grading keeps every run's events to its end, and runs each
under those limits got the grader OOM-killed in 768 MB (red team, round five).  The most an honest grading of
the corpus keeps is 3.2 MB (Part VI on).  Only the check being judged holds its run's events as Python objects
(2 to 36 times their marshalled size: 36 for empty dicts, the worst found)."""


class TooLarge(Exception):
    """The events of one run would take what a grading keeps past ``GRADING_BUDGET``: they were dropped."""

    def __init__(self, size, kept):
        self.size, self.kept = size, kept
        super().__init__(f"the run's events take {size:,} bytes, and the grading already keeps {kept:,} of the "
                         f"{GRADING_BUDGET:,} it may")


class Observations:
    """The runs of one grading, by what they asked (see the module's docstring)."""

    def __init__(self, sandbox, budget=GRADING_BUDGET):
        self.sandbox = sandbox
        self.outcomes = {}                # (key, timeout) -> (Outcome without its events, the events marshalled),
                                          # or TooLarge for a run whose events were dropped
        self.runs = 0                     # how many times the student's code actually ran
        self.garbled = 0                  # how many outcomes handed out came from a forged channel
        self.budget, self.kept = budget, 0  # bytes of marshalled events the grading may keep, and keeps
        self.derived = {}                 # what the checks work out from several runs, once per grading
                                          # (``checks.moves.Evidence``)

    def run(self, probe, modules, args, timeout):
        """The outcome of running ``probe`` on ``modules`` with ``args`` within ``timeout`` s: a copy each
        check may judge (and change) as it likes.  Raises ``TooLarge`` for a run whose events would take
        the grading past its budget (every time it is asked for)."""
        key = (_key(probe, modules, args), timeout)
        if key not in self.outcomes:
            self.runs += 1
            outcome = self.sandbox.run(probe, args, modules, timeout)
            # Kept marshalled, once: what the budget counts is what is held, and each check's copy is loaded
            # from it (events are parsed JSON; marshal copies them at twice deepcopy's speed, and a grading
            # copies some 300,000 of them).
            events = marshal.dumps(outcome.events)
            if self.kept + len(events) > self.budget:
                self.outcomes[key] = TooLarge(len(events), self.kept)   # the events go now, not at the end
            else:
                self.kept += len(events)
                self.outcomes[key] = (dataclasses.replace(outcome, events=None), events)
        kept = self.outcomes[key]
        if isinstance(kept, TooLarge):
            raise kept
        outcome = dataclasses.replace(kept[0], events=marshal.loads(kept[1]))
        self.garbled += bool(outcome.forged)
        return outcome

    def save(self, path):
        """Write every outcome, with the student's files, to ``path`` (see ``write``)."""
        sources = read_sources({name: self.sandbox.source(name) for name in self.sandbox.files})
        write(path, sources, self.sandbox.limits,
              {key: dataclasses.replace(kept[0], events=marshal.loads(kept[1]))
               for key, kept in self.outcomes.items() if not isinstance(kept, TooLarge)})


class Replay(Closing):
    """A sandbox that runs nothing: it answers each run from a file ``Observations.save`` wrote.

    Use ``Replay.backend(path)`` where ``grade`` takes a backend.  A run that was not recorded raises
    ``KeyError`` naming it: the checks asked for something the recorded grading did not.
    """

    def __init__(self, path, files, recorded=None):
        recorded = recorded or load(path)
        self.limits = recorded.get("limits", {})
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
        raise KeyError(f"no recorded run of probe {probe!r} on {list(modules)} with these arguments")

    def source(self, name):
        return self.files[name]

    def close(self):
        import shutil
        shutil.rmtree(self.folder, ignore_errors=True)



class Recorded(Closing):
    """A sandbox that replays the recording at ``path`` while its ``fingerprint`` still holds, and runs the
    real sandbox (``real``, opened only when needed) for every run it cannot answer: all of them when the
    student's files, the sandbox, the probes, the limits or the interpreter changed, and a run whose
    arguments were never recorded (a check that asks something new).  ``changed`` says whether any run was
    real; if so, closing it writes every run it answered over the recording (``write``), so that the next
    grading replays them.

    Use ``Recorded.backend(path)`` where ``grade`` takes a backend; the backend keeps the sandbox it made
    (``opened``).
    """

    def __init__(self, path, files, limits, *, real, **options):
        self.path, self.files, self.limits = path, dict(files), limits
        self.real_factory, self.options = real, options
        self.real = None
        self.real_runs = 0
        self.answered = {}                # (key, timeout) -> Outcome: what the recording will hold
        self.replay = None
        if recorded_fingerprint(path) == fingerprint(read_sources(self.files), limits):
            self.replay = Replay(path, files)
        self.stale = self.replay is None

    @property
    def changed(self):
        return self.stale or self.real_runs > 0

    @classmethod
    def backend(cls, path, real=None):
        """A backend for ``grade`` that replays ``path`` where it holds, else runs ``real`` (by default the
        sandbox this system runs); the sandbox it made is its ``opened``."""
        def make(files, limits, **options):
            make.opened = cls(path, files, limits, real=real or default_backend(), **options)
            return make.opened
        make.opened = None
        return make

    def run(self, probe, args, modules, timeout):
        outcome = None
        if self.replay is not None:
            try:
                outcome = self.replay.run(probe, args, modules, timeout)
            except KeyError:
                pass
        if outcome is None:
            if self.real is None:
                self.real = self.real_factory(self.files, self.limits, **self.options)
            self.real_runs += 1
            outcome = self.real.run(probe, args, modules, timeout)
        self.answered[(_key(probe, modules, args), timeout)] = outcome
        return outcome

    def source(self, name):
        return self.real.source(name) if self.real is not None else self.files[name]

    def close(self):
        try:
            if self.changed and self.answered:
                write(self.path, read_sources(self.files), self.limits, self.answered)
        finally:
            for sandbox in (self.replay, self.real):
                if sandbox is not None:
                    sandbox.close()
