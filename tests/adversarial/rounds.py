"""What the red team's rounds' tests share (tests/test_round9.py, tests/test_round10.py): each attack graded beside
its honest twin, as Gradescope runs the grader (the CLI in a subprocess, as root, with or without
CAP_SYS_ADMIN), on the Parts it aims at, with the shipped configuration or with Part VI on."""

import functools
import os

from support import grade_cli, write_config


@functools.lru_cache(maxsize=None)
def configs(folder):
    return {False: write_config(os.path.join(folder, "shipped.toml")),
            True: _part6(write_config(os.path.join(folder, "part6.toml")))}


def _part6(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace("\nVI = 0\n", "\nVI = 10\n"))
    return path


@functools.lru_cache(maxsize=None)
def grading(here, name, parts, part6, caps, folder):
    """The CLI's grading of ``here/name`` on ``parts`` (a name ending in ``_vi`` is the folder without it, graded
    again with Part VI in view): its results.json read back, once per test session."""
    submission = os.path.join(here, name.removesuffix("_vi"))
    results = os.path.join(folder, f"{name}-{parts.replace(',', '')}-{part6}-{bool(caps)}.json")
    done = grade_cli(submission, results, config=configs(folder)[part6], cwd=folder, timeout=900,
                     extra=("--part", parts), caps=caps)
    assert done.returncode == 0 and done.results is not None, done.stderr[-3000:]
    return done


def graded(here, name, parts, part6, caps, folder):
    """Per-Part points and the checks that reported an internal error, of ``here/name`` graded on ``parts``."""
    done = grading(here, name, parts, part6, caps, folder)
    internal = [t["number"] for t in done.results["tests"] if "internal error" in t["output"]]
    return done.parts(), tuple(internal)


def compare(here, name, twin, parts, part6, caps, folder):
    """Fail when ``name`` scores above ``twin`` in any Part, or either reports an internal error."""
    attack, errors = graded(here, name, parts, part6, caps, folder)
    honest, twin_errors = graded(here, twin, parts, part6, caps, folder)
    assert not errors and not twin_errors, f"internal errors: {errors} {twin_errors}"
    above = {part: (points, honest.get(part, 0.0)) for part, points in attack.items()
             if points > honest.get(part, 0.0) + 0.005}
    assert not above, f"{name} scores above its twin {twin}: {above}"


def timing_known_limit(here, name, parts, part6, caps, folder, why=""):
    """Hold a known limit of check 3.7 (INSTRUCTORS.md) to what is true in every run, its timing outcome aside:
    no internal error, every other check of ``parts`` passing, and 3.7 passing or failing with a verdict of
    timing that says what it measured."""
    done = grading(here, name, parts, part6, caps, folder)
    tests = {t["extra_data"]["check"]: t for t in done.results["tests"] if t["extra_data"]["part"] in parts.split(",")}
    assert tests and not [t["number"] for t in tests.values() if "internal error" in t["output"]], why
    timing = tests.pop("deque_amortised_constant_time")
    assert timing["status"] == "passed" or "some operation takes time in proportion" in timing["output"] or \
        "each operation costs more as the deque grows" in timing["output"], timing["output"]
    assert all(t["status"] == "passed" for t in tests.values()), \
        {t["number"]: t["output"][:200] for t in tests.values() if t["status"] != "passed"}
