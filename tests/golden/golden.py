"""The recorded results.json of every submission under ``tests/``: the grader's behaviour, held still
while its shape changes.

Every corpus submission (``tests/submissions``) and every hostile one and honest twin
(``tests/adversarial``) has its results here, graded the way its own test grades it.  The tests
that grade them (``test_grader.py``, ``test_adversarial.py``) compare what they get with this
record: verdicts, scores and feedback text must be identical, except for times (``normalise``).
After a deliberate change of behaviour, record again and read the diff before committing it:

    .venv/bin/python tests/golden/golden.py [NAME ...]      # NAME: submissions/correct/x, adversarial/y
    .venv/bin/python tests/golden/golden.py --observations [NAME ...]  # the corpus' recorded observations
"""

import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
TOP = os.path.dirname(TESTS)
sys.path[:0] = [TOP, os.path.join(TESTS, "adversarial")]

PINNED_CONFIG = os.path.join(TESTS, "config.toml")
"""The configuration every test and record grades with: the kit's shipped grader/config.toml, pinned here, so
that an instructor's edits to grader/config.toml never fail the kit's own suite (``make check`` is theirs)."""
os.environ["XO_CONFIG"] = PINNED_CONFIG      # before grader.settings.config is read, and for every process started

TIMES = [
    (re.compile(r"\d+(?:\.\d+)? ms\b"), "… ms"),                          # check 3.7's measured runs
    (re.compile(r"took \d+ times as long"), "took … times as long"),
    (re.compile(r"^\d+ times$"), "… times"),
    (re.compile(r"(?m)^- actual: \d+ times$"), "- actual: … times"),
    (re.compile(r"\d+(?:\.\d+)?(e-?\d+)? s of the \d+(?:\.\d+)?(e-?\d+)? s of CPU time"), "… s of the … s of CPU time"),
    (re.compile(r"in \d+(?:\.\d+)? s\b"), "in … s"),                       # "searched ... in 1.2 s"
]
"""Measured times inside feedback text, and what each becomes in the record."""


def digest(paths, *extra):
    """sha256 of each file's path (from the kit's top) and bytes, and of ``extra``: any change to one shows."""
    import hashlib
    h = hashlib.sha256()
    for path in paths:
        h.update(os.path.relpath(path, TOP).encode() + b"\0")
        with open(path, "rb") as f:
            h.update(f.read() + b"\0")
    for value in extra:
        h.update(str(value).encode() + b"\0")
    return h.hexdigest()


def normalise(value):
    """``value`` (a results.json, or part of one) without what differs from one grading to the next: every
    ``execution_time``, and measured times inside text.

    >>> normalise({"execution_time": 1.5, "tests": [{"output": "took 41 times as long (1.2 ms against 50 ms"}]})
    {'tests': [{'output': 'took … times as long (… ms against … ms'}]}
    """
    if isinstance(value, dict):
        return {k: normalise(v) for k, v in value.items() if k != "execution_time"}
    if isinstance(value, list):
        return [normalise(v) for v in value]
    if isinstance(value, str):
        for pattern, replacement in TIMES:
            value = pattern.sub(replacement, value)
    return value


def path_of(name):
    """The record of ``name`` ("submissions/buggy/x", "adversarial/y", "adversarial/_honest/z")."""
    return os.path.join(HERE, *name.split("/")) + ".json"


def differences(results, name):
    """What differs between ``results`` and the record of ``name``, in words (empty when nothing does)."""
    path = path_of(name)
    if not os.path.exists(path):
        return [f"no record of {name}: run tests/golden/golden.py {name}"]
    with open(path, encoding="utf-8") as f:
        recorded = json.load(f)
    found = []
    _diff(recorded, normalise(json.loads(json.dumps(results))), "results", found)
    return found


def _diff(old, new, where, found):
    if len(found) >= 10:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(set(old) | set(new), key=str):
            _diff(old.get(key, "<absent>"), new.get(key, "<absent>"), f"{where}.{key}", found)
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for index, (a, b) in enumerate(zip(old, new)):
            label = a.get("extra_data", {}).get("check", index) if isinstance(a, dict) else index
            _diff(a, b, f"{where}[{label}]", found)
    elif old != new:
        found.append(f"{where}: recorded {json.dumps(old)[:300]}, now {json.dumps(new)[:300]}")


def assert_as_recorded(results, name):
    """Fail, saying what differs, unless ``results`` are what was recorded for ``name``."""
    found = differences(results, name)
    assert not found, (f"{name}: the results differ from their record in tests/golden (after a deliberate change "
                       f"of behaviour, record again: tests/golden/golden.py {name}):\n" + "\n".join(found))


def write(results, name):
    path = path_of(name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(normalise(json.loads(json.dumps(results))), f, indent=1, sort_keys=True, ensure_ascii=False)
        f.write("\n")


PART6_POINTS = 10
"""Part VI's points when a corpus submission is graded with it switched on (``corpus_config``)."""


def corpus_config(name, **overrides):
    """The configuration the corpus submission ``name`` is graded with: the grader's config.toml, with Part VI
    switched on (``PART6_POINTS``) for the submissions that do Part VI, those named ``partvi_…``."""
    from grader.grading.points import load
    config = load(**overrides)
    if os.path.basename(name).startswith("partvi_"):
        config["points"]["VI"] = PART6_POINTS
    return config


def every_submission():
    """Every submission under tests/ with how its test grades it: (name, folder, config limits or None)."""
    import support
    for kind in ("correct", "buggy"):
        folder = os.path.join(TESTS, "submissions", kind)
        for entry in sorted(os.listdir(folder)):
            if os.path.isdir(os.path.join(folder, entry)):
                yield f"submissions/{kind}/{entry}", os.path.join(folder, entry), None
    for name, expectation in support.EXPECTATIONS.items():
        yield f"adversarial/{name}", os.path.join(support.HERE, name), expectation.get("config", "fast")
    for twin in sorted(support.TWINS):
        yield f"adversarial/_honest/{twin}", os.path.join(support.HERE, "_honest", twin), None


FAST = {"timeout": 5, "slow_timeout": 20}
"""The limits the hostile submissions and their honest twins are graded with (``"fast"``)."""


def twin_limits(twin):
    """The limits of the honest ``twin``: its hostile siblings' (``"fast"``, ``FAST``, unless every one of them is
    graded with config.toml's own, ``"default"``): the twin measures what they are held to."""
    import support
    configs = {e.get("config", "fast") for e in support.EXPECTATIONS.values() if e["twin"] == twin}
    return {} if configs == {"default"} else FAST


def config_of(name, **overrides):
    """The configuration a submission graded in-process is graded with: a corpus submission's
    (``corpus_config``), or, for an honest twin of the hostile corpus, config.toml with its ``twin_limits``."""
    config = corpus_config(name, **overrides)
    if name.startswith("adversarial/_honest/"):
        config["limits"].update(twin_limits(name.rsplit("/", 1)[1]))
    return config


def prepare(name):
    """What a grading of ``name`` needs first: for an honest twin, a fresh marker file of its own name, as its
    hostile siblings get (board_stalls stalls only where it finds one, once per grading)."""
    if name.startswith("adversarial/_honest/"):
        import support
        support.fresh_marker(name.rsplit("/", 1)[1])


def record(names=()):
    """Grade and record every submission (or those in ``names``), as their tests grade them: the corpus and
    the honest twins on their recorded observations while those hold (a change to the checks' judging alone
    records again in seconds each), the hostile submissions in the real sandbox."""
    import tempfile

    import support
    configs = {"fast": FAST, "default": {}}
    chosen = [entry for entry in every_submission() if not names or entry[0] in names]
    with tempfile.TemporaryDirectory() as scratch:
        for number, (name, folder, config) in enumerate(chosen, 1):
            print(f"[{number}/{len(chosen)}] {name}", flush=True)
            out = os.path.join(scratch, "results.json")
            if config is None:           # as its test grades it: on its recording, where that still holds
                from grader.render.gradescope import gradescope
                results = gradescope(grade_recorded(name, folder, out, config_of(name)))
            else:
                limits = support.write_config(os.path.join(scratch, f"{config}.toml"), **configs[config])
                support.fresh_marker(name.rsplit("/", 1)[1])    # as the test does: "once per grading" parts read it
                graded = support.grade_cli(folder, out, config=limits, cwd=scratch, timeout=600)
                support.kill_strays()
                results = graded.results
            write(results, name)


def corpus():
    """The honest submissions graded in-process, on the recordings of ``observations/`` while those still hold
    (``grade_recorded``): the corpus (``tests/submissions``) and the hostile corpus' honest twins.  (name,
    folder) each.  The hostile submissions themselves always run in the real sandbox."""
    return [(name, folder) for name, folder, limits in every_submission() if limits is None]


def observations_path(name):
    return os.path.join(HERE, "observations", name.replace("/", "__") + ".json.xz")


REOBSERVED = os.path.join(TOP, "build", "reobserved")
"""Where each grading that had to run the real sandbox leaves a line (read by conftest.py's summary)."""


def grade_recorded(name, folder, results_path, config):
    """Grade the corpus submission ``name`` as ``grade`` does, on its recording where it still holds
    (``observations.Recorded``): the real sandbox runs only where the submission, the sandbox, the probes,
    the limits or the interpreter changed since it was recorded, or a check asks what it never saw; the
    recording is then written anew (commit it).  Return the ``Grading``."""
    from grader.commands.grade import grade
    from grader.observing.observations import Recorded
    backend = Recorded.backend(observations_path(name))
    prepare(name)
    grading = grade(folder, results_path, config, backend=backend)
    sandbox = backend.opened
    if sandbox is not None and sandbox.changed:
        os.makedirs(os.path.dirname(REOBSERVED), exist_ok=True)
        with open(REOBSERVED, "a", encoding="utf-8") as f:
            why = "no recording held" if sandbox.stale else f"{sandbox.real_runs} run(s) never recorded"
            f.write(f"{name}: {why}\n")
    return grading


def record_observations(names=()):
    """Grade each corpus submission (or those in ``names``) in the real sandbox, with its test's
    configuration, and save every run its checks observed."""
    import tempfile

    from grader.commands.grade import grade
    os.makedirs(os.path.join(HERE, "observations"), exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        for name, folder in corpus():
            if names and name not in names:
                continue
            print(f"observing {name}", flush=True)
            prepare(name)
            grade(folder, os.path.join(scratch, "results.json"), config_of(name), record=observations_path(name))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--observations"]:
        record_observations(sys.argv[2:])
    else:
        record(sys.argv[1:])
