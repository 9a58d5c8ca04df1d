"""The generated islands that come from the grader rather than the reference:
points, limits, visibility and every other knob of a configuration (the single
source of those facts), the table of checks from
``grader.grading.points.markdown_table``, and what each platform needs set for it
(``ship.platforms``).

Every island here is made for one configuration file: the tracked
``handout/*.md`` hold them for the kit's shipped configuration (``SHIPPED``), and
``handout/build.py`` makes them again for the configuration in force (``in_force``:
``$XO_CONFIG`` or ``grader/config.toml``) for what a course gets (the zips' handout,
``build/handout/*.html``).

When the grader cannot be imported, the islands that need it say so in one
line and a warning is printed: nothing is made up.
"""

import json
import os
import sys
import warnings

try:
    import tomllib
except ModuleNotFoundError:          # Python 3.10
    import tomli as tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
if TOP not in sys.path:
    sys.path.insert(0, TOP)

from handout import rules as handout_rules  # noqa: E402

CONFIG = os.path.join(TOP, "grader", "config.toml")
"""The grader's configuration file, which instructors edit."""
PINNED = os.path.join(TOP, "tests", "config.toml")
"""The kit's own tests' copy of the shipped configuration, which an instructor's edits never touch."""
SHIPPED = PINNED if os.path.exists(PINNED) else CONFIG
"""The configuration the tracked handout/*.md describe: the kit's shipped one (its pinned copy, so that an
instructor's edits to grader/config.toml never change the tracked files; grader/config.toml without tests/)."""
FIXTURES = os.path.join(TOP, "grader", "fixtures", "positions.json")
PARTS = ("I", "II", "III", "IV", "V")
OPTIONAL = ("VI",)                # graded only when the configuration gives it points
NOT_INSTALLED = "(run `make handout` once the grader is installed)"

KNOBS = {
    ("grading", "strict_handout"):
        "`true`: accept only the move the handout's Part V rules choose. `false`: on every position, accept the "
        "depth-aware minimax move (lowest cell among ties) as well, as the handout's note at the end of Part V "
        "promises, and say so in the feedback. `python -m grader grade --strict-handout` turns it on for one run.",
    ("grading", "part6_positions"):
        "Which positions Part VI's withheld checks (`minimax_values_everywhere`, `codequest_everywhere`, "
        "`ninja_everywhere`, `codingame_everywhere`) judge when Part VI has points. `\"chosen\"` (the default): those "
        "`make fixtures` chose so that every Part VI mistake written in `grader/game/part6_mistakes.py` answers wrong "
        "on some of them, and a spread of others (`tests/test_part6_mutants.py` proves it). `\"every\"`: every "
        "position not over, at several times the grading time (`python bench/grade.py --part6-only --every` "
        "measures both).",
    ("grading", "partial_credit"):
        "What a check judged on many positions (or boards) earns when some answers differ. `\"none\"` (the "
        "default): nothing, like any failed check. `\"proportional\"`: its points times the share of its "
        "positions answered right. `\"quarters\"`: that share rounded down to a quarter (0, 1/4, 1/2, 3/4). A "
        "check that fails otherwise (a crash, a timeout, a wrong type) earns nothing. The default is none because "
        "each check tests one rule and the diagnosis says which: a program breaking that rule is wrong on it however "
        "many of the check's positions happen to show it (a `winner()` blind to one diagonal differs on 154 of "
        "2,141 positions of 4.7, a scoring mistake on fewer still), so the share right measures the fixtures, not "
        "the student's work.",
    ("points", "*"):
        "Points of the Part. They are split among the Part's checks in proportion to their weights; the last "
        "check of the Part absorbs the rounding, so the Part adds up exactly.",
    ("points", "VI"): lambda config: (
        f"Points of Part VI, the optional extension. At 0 Part VI is not graded: its checks do not run and "
        f"students see nothing of it (the starter kit's `make test` does not run them). Any other number switches "
        f"it on, split among its {_count('VI')} checks as above; scores are then out of "
        f"{_num(sum(config['points'][p] for p in PARTS))} (Parts I–V) plus these points, students upload Part VI's "
        f"three programs too, and the starter kit's `make test` runs its `visible` checks."),
    ("check_weights", "*"):
        "Weight of one check within its Part (every check not listed weighs 1).",
    ("limits", "timeout"):
        "Wall-clock seconds one sandboxed run of a check may take before the student's whole process group is "
        "killed; the check then fails with a message naming the limit (and the board being searched).",
    ("limits", "slow_timeout"):
        "The same for the checks marked slow: those that search from the empty board.",
    ("limits", "memory_mib"):
        "Address-space limit (RLIMIT_AS) of the student's process, in MiB. Keep it well below the container's "
        "memory so that the grader itself always survives to write results.json: `make check` says what "
        "container memory each platform needs for it (the table of the Gradescope steps above).",
    ("limits", "total"):
        "Wall-clock seconds the whole grading may take. A check that would run past it gets only what is left; "
        "the checks still to run when it is spent are reported as not run (0 points, saying why), so "
        "results.json is always written before Gradescope's own limit. Keep it a minute or more below the "
        "assignment's autograder timeout (the table of the Gradescope steps above says what to set), and, on "
        "PrairieLearn, a minute or more below its largest job timeout: `make check` holds it to both.",
    ("limits", "cpu_slack"):
        "CPU seconds allowed beyond the wall-clock timeout (RLIMIT_CPU = timeout + cpu_slack), a second fence "
        "should the wall-clock kill ever fail.",
    ("limits", "output_chars"):
        "Characters of a run's stdout/stderr kept for the feedback (head and tail).",
    ("limits", "file_kib"): lambda config: (
        f"KiB one student file may hold (at most {_max_file_kib()}; the reference's largest is "
        f"{_largest_reference_kib()}). A larger file is not read: the feedback names it, its size and the limit, "
        f"and the checks that need it fail. The grader parses each file in its own process (the Integrity scan), "
        f"and 1 MiB of source can take 500 MB to parse."),
    ("limits", "submission_kib"):
        "KiB all the files the grader reads may hold together (`board.py`, `deque.py`, `game.py`, then Part VI's "
        "three, in that order): a file that would take them past it is left out as above.",
    ("visibility", "default"):
        "What students see of every check not listed: `visible` (score and details at once), `withheld` (score "
        "at once, counted in the total; a failure does not say where), `after_due_date` or `after_published` "
        "(nothing until then, and Gradescope shows students no total until then: warned of), or `hidden` (never; "
        "only for checks worth 0 points). See [visibility](#visibility).",
    ("visibility", "integrity"):
        "What students see of the 0-point Integrity report: `hidden` (staff only) unless you choose to show it; "
        "`after_due_date` or `after_published` would hide every student's total until then.",
    ("visibility", "*"):
        "What students see of this one check (the same choices). Only `visible` checks run in the students' "
        "`make test`, and `make starter` leaves out the fixtures that only the other checks use.",
    ("leaderboard", "enabled"):
        "`true` (with the assignment's leaderboard setting on in Gradescope): results.json carries Gradescope's "
        "`leaderboard` array for a submission whose moves are all accepted: the CPU seconds of one more run of "
        "its search from the empty board, as the kernel counts them for that process (its start and imports "
        "included; fewer rank higher), the boards that search popped, and the score of Parts I-V. That run adds "
        "a few seconds to such a grading. `false`: no leaderboard.",
}


def in_force():
    """The configuration file a course's copies describe: ``$XO_CONFIG``, else ``grader/config.toml`` (what the
    grader and the zips read)."""
    try:
        from grader.settings.config import default_path  # here: the handout builds without the grader too
    except Exception:                               # noqa: BLE001 -- not installed
        return os.environ.get("XO_CONFIG") or CONFIG
    return default_path()


def shown(path):
    """``path`` as a message names it: relative to the current folder when it is below it."""
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


def load_config(path=None):
    """The configuration of ``path`` (``SHIPPED`` when None), read as the grader reads it (strictly:
    ``grader.settings.config.ConfigError`` lists every problem), or as plain TOML when the grader cannot be
    imported."""
    path = path or SHIPPED
    try:
        from grader.grading.points import load  # here: the handout builds without the grader too
    except Exception:                               # noqa: BLE001 -- not installed: the raw file, as before
        with open(path, "rb") as f:
            return tomllib.load(f)
    return load(path)


def _checks():
    """The grader's registered checks, or None (with a warning) when it cannot be imported."""
    try:
        from grader.checks.framework import CHECKS  # here: the handout builds without the grader too
    except Exception as error:                      # noqa: BLE001 -- any failure means "not installed"
        warnings.warn(f"the grader cannot be imported ({error!r}); its tables are left out")
        return None
    return CHECKS


def _visibility(config, name):
    return config["visibility"].get(name, config["visibility"].get("default", "visible"))


def _num(value):
    return f"{value:g}" if isinstance(value, (int, float)) else str(value)


def _count(part):
    """How many checks ``part`` has (the registry's), or "its" when the grader cannot be imported."""
    checks = _checks()
    return sum(c.part == part for c in checks.values()) if checks is not None else "its"


def _max_file_kib():
    from grader.submission.locate import MAX_FILE_KIB  # here: the handout builds without the grader too
    return MAX_FILE_KIB


def _largest_reference_kib():
    """KiB of the reference's largest file a student writes (Parts I-V), rounded up."""
    sizes = [os.path.getsize(os.path.join(TOP, "xo", f"{name}.py")) for name in ("deque", "board", "game")]
    return -(-max(sizes) // 1024)


def _graded(config):
    return PARTS + tuple(p for p in OPTIONAL if config["points"].get(p, 0) > 0)


def _uploads(config):
    """The files students upload under ``config``, in the handout's order (``grader.submission.locate``)."""
    try:
        from grader.submission.locate import to_upload  # here: the handout builds without the grader too
    except Exception:                               # noqa: BLE001
        return ("deque.py", "board.py", "game.py") + (("codequest.py", "ninja.py", "codingame.py")
                                                       if "VI" in _graded(config) else ())
    return to_upload("VI" in _graded(config))


def _listed(names):
    """``names`` as code spans in a sentence: "`a`, `b` and `c`"."""
    spans = [f"`{n}`" for n in names]
    return spans[0] if len(spans) == 1 else ", ".join(spans[:-1]) + " and " + spans[-1]


# ---------------------------------------------------------------- the handout

def handout_islands(path=None):
    """The handout's islands for the configuration ``path`` (``SHIPPED`` when None)."""
    config = load_config(path)
    checks = _checks()
    points, limits = config["points"], config["limits"]
    graded = _graded(config)
    total = sum(points[p] for p in graded)
    lines = []
    if checks is not None:
        from grader import PART_TITLES  # here: the handout builds without the grader too
        lines += ["| Part | what it grades | points | public checks | checks run only on Gradescope |",
                  "|---|---|---|---|---|"]
        for part in graded:
            names = [c.name for c in checks.values() if c.part == part]
            public = sum(_visibility(config, n) == "visible" for n in names)
            lines.append(f"| {part} | {PART_TITLES[part]} | {_num(points[part])} | {public} | "
                         f"{len(names) - public} |")
        lines.append(f"| | **total** | **{_num(total)}** | | |")
    else:
        lines += ["| Part | points |", "|---|---|"] + [f"| {p} | {_num(points[p])} |" for p in graded]
        lines += [f"| **total** | **{_num(total)}** |", "", NOT_INSTALLED]
    if "VI" not in graded:
        lines += ["", "Part VI, the optional extension, is not graded in this course (0 points)."]
    lines += [
        "",
        f"Each run of your code by a check may take at most **{_num(limits['timeout'])} seconds** "
        f"(**{_num(limits['slow_timeout'])} seconds** for the check that searches from the empty board), and "
        f"may use at most **{_num(limits['memory_mib'])} MiB** of memory; past either limit your code is "
        f"stopped and that check fails, saying which limit it hit. The other checks still run, as long as "
        f"the whole grading stays within **{_num(round(limits['total'] / 60, 1))} minutes**; checks "
        f"still waiting when that time is spent are reported as not run, with 0 points.",
    ]
    credit = config["grading"].get("partial_credit", "none")
    if credit == "none":
        lines += ["", "A check gives its points when every answer it judges is right: a check over many positions "
                      "that differs on one of them earns nothing, and its feedback says on how many it differs and, "
                      "where one mistake explains them all, which."]
    else:
        share = "its points times" if credit == "proportional" else "its points times, rounded down to a quarter,"
        lines += ["", f"A check over many positions that differs on some of them earns {share} the share of its "
                      f"positions you answered right; a check that fails otherwise (a crash, a timeout) earns "
                      f"nothing."]
    if checks is not None:
        gates = {name for c in checks.values() for name in c.depends}
        free = [c for c in checks.values() if c.part in graded and c.name not in gates
                and config["check_weights"].get(c.name, 1) == 0]
        if free:                 # the checks that only gate others are not "free": what waits for them costs
            lines += ["", "A check worth 0 points in this course costs nothing when it fails, and still says what "
                          "it found: " + "; ".join(f"{c.number} ({c.sentence.rstrip('.')})" for c in free) + "."]
    if config["grading"].get("strict_handout", False):
        lines += ["", "Moves are judged strictly: `makeOptimalMove()` must choose exactly the move the Part V "
                      "rules choose."]
    else:
        lines += ["", "Moves are judged by the Part V rules. The move of a true depth-aware minimax (the lowest "
                      "cell among moves of equal value; see the note at the end of Part V) is accepted as well, on "
                      "every position, and the feedback says which one you played."]
    return {"grading": "\n".join(lines), "deque-timing": deque_timing(), "upload": upload(config)}


def upload(config):
    """What students of this course upload: the handout's "What to upload" says it in general, this for the
    configuration (Part VI graded or not), as the grader's hints and the PrairieLearn question name them."""
    files = _uploads(config)
    if "VI" in _graded(config):
        return (f"In this course Part VI is graded: upload all {len(files)} files, {_listed(files)}. A Part VI "
                f"file left out costs only Part VI's checks.")
    return f"In this course Part VI is not graded: upload {_listed(files)}."


def deque_timing():
    """What Part III's timing check promises, with its numbers read from the check itself (``grader.checks.timing``)
    so that the handout never says a limit the grader does not use."""
    if _checks() is None:
        return NOT_INSTALLED
    from grader.checks import timing  # here: the handout builds without the grader too
    n, middle, growth = timing.TIMED, timing.TIMED * timing.MIDDLE, timing.TIMED * timing.GROWTH
    return (f"The grader checks it by timing your `Deque` alone. Each timed run builds a new `Deque` and makes one "
            f"mix of pushes and pops at both ends, of items of several kinds (ints, boards, tuples holding a board, "
            f"lists and dicts, each a new object), in a process of its own, timed by the CPU time the system counts "
            f"for that whole process; and every item popped is checked against the item a deque returns there, so "
            f"a deque that skips the work fails however fast it is. There are three sizes ({n:,}, {middle:,} and "
            f"{growth:,} pushes), each run {timing.REPEATS} times, in an order drawn afresh for each grading; the "
            f"fastest run of each size counts, less the fastest of {timing.REPEATS} runs that only start. The "
            f"largest may take at most **{timing.GROWTH_LIMIT} times** as long as the smallest (about "
            f"{timing.GROWTH} for constant time), and the time may grow from the middle size to the largest by at "
            f"most {timing.STEP_LIMIT} times as much as from the smallest to the middle (about {timing.MIDDLE}). "
            f"The timed runs are like every other run of your code: Python's garbage collector works as it always "
            f"does, and the limits leave room for its pauses (`bench/deque_timing.py`, a benchmark of the course's kit that the starter kit does not include, measures "
            f"a correct deque of linked nodes, whose many small objects the collector visits, at about 25 times; a "
            f"circular array or two stacks, about 18). So every correct deque passes, of any form above, in every "
            f"run; a deque with an operation that walks or copies all its items does not (some 50 times or more, "
            f"or the check runs out of time). And a deque that uses one of the five operations above that move every "
            f"item of a list fails this check as well as the one on writing it by hand, however its times grow: they "
            f"take time in proportion to the length.")


# ---------------------------------------------------------------- the instructors' notes

SECTIONS = ("grading", "points", "check_weights", "limits", "visibility", "leaderboard")
"""The sections of config.toml, in the order the knobs table shows them."""


def knobs_table(config):
    rows = ["| setting in `grader/config.toml` | value now | what it does |", "|---|---|---|"]
    for section in SECTIONS:
        for key, value in config.get(section, {}).items():
            about = KNOBS.get((section, key)) or KNOBS.get((section, "*"))
            about = about(config) if callable(about) else about
            if about is None:
                raise KeyError(f"grader/config.toml has [{section}] {key}, which handout/notes.py does not "
                               f"describe: add it to KNOBS")
            shown = json.dumps(value) if isinstance(value, (bool, str)) else _num(value)
            rows.append(f"| `[{section}]` `{key}` | `{shown}` | {about} |")
    unknown = set(config) - set(SECTIONS)
    if unknown:
        raise KeyError(f"grader/config.toml has sections handout/notes.py does not describe: {sorted(unknown)}")
    return "\n".join(rows)


def _requirements():
    try:
        from ship.build import GRADER_REQUIREMENTS  # here: the handout builds without ship/'s requirements too
    except Exception:                                # noqa: BLE001
        return "the pins in `ship/build.py`"
    return ", ".join(f"`{r}`" for r in GRADER_REQUIREMENTS)


def deploy_numbers(config):
    """The Gradescope steps' table: what this configuration grades and what to set on Gradescope for it
    (``ship.platforms``: each figure of Gradescope's quoted from its documentation)."""
    points, limits = config["points"], config["limits"]
    graded = _graded(config)
    total = sum(points[p] for p in graded)
    checks = _checks()
    try:
        from ship import platforms  # here: the handout builds without ship/ too
    except Exception:                                # noqa: BLE001
        platforms = None
    if checks is not None:
        run = [c for c in checks.values() if c.part in graded]
        slow = sum(1 for c in run if c.slow)
        fast = len(run) - slow
        bound = fast * limits["timeout"] + slow * limits["slow_timeout"]
        budget = limits["total"]
        advice = (f"at most `total` = **{_num(budget)} s** ({_num(round(budget / 60, 1))} minutes); every check "
                  f"running to its limit would take {fast} checks × {_num(limits['timeout'])} s + {slow} × "
                  f"{_num(limits['slow_timeout'])} s ≈ {_num(-(-bound // 60))} minutes"
                  + (": checks left when `total` is spent are reported as not run" if bound > budget else
                     ", within `total`"))
    else:
        advice = NOT_INSTALLED
    if platforms is not None:
        need = platforms.gradescope_settings(limits)
        default_memory = platforms.GRADESCOPE_MEMORY_MB
        memory = (f"default container: {default_memory} MB, enough" if need.memory_mb <= default_memory else
                  f"default container: {default_memory} MB: **raise it to {need.memory_mb} MB** or more "
                  f"(*Autograder Settings*)")
        default_minutes, most = platforms.GRADESCOPE_TIMEOUT_MINUTES, platforms.GRADESCOPE_TIMEOUT_MAX_MINUTES
        if not need.possible:
            timeout = (f"**impossible**: `total` needs {need.timeout_minutes} minutes and Gradescope allows at most "
                       f"{most} (`make check` and `make autograder` refuse it)")
        elif need.timeout_minutes > default_minutes:
            timeout = (f"default {default_minutes} minutes, at most {most}: **set the autograder timeout to "
                       f"{need.timeout_minutes} minutes** or more")
        else:
            timeout = f"default {default_minutes} minutes (at most {most}): enough, a minute or more above `total`"
        cpu = platforms.GRADESCOPE_CPU
        grader = f", and {platforms.GRADER_MIB} MiB for the grader beside it"
    else:
        memory = timeout = cpu = "see Gradescope's documentation"
        grader = ""
    return "\n".join([
        "| what | in this course | on Gradescope |",
        "|---|---|---|",
        f"| total points (set the assignment's points to this) | **{_num(total)}** "
        f"({', '.join(f'{p}: {_num(points[p])}' for p in graded)}) | — |",
        f"| files students upload | {_listed(_uploads(config))} | — |",
        f"| base image | Ubuntu 22.04, its system `python3` (3.10); `setup.sh` installs {_requirements()} | — |",
        f"| memory of one student run (`memory_mib`) | {_num(limits['memory_mib'])} MiB address space{grader} | "
        f"{memory} |",
        f"| time of one sandboxed run (`timeout`, `slow_timeout`) | {_num(limits['timeout'])} s; "
        f"{_num(limits['slow_timeout'])} s from the empty board | — |",
        f"| CPU | one process at a time | {cpu} |",
        f"| the whole grading (`total`) | {advice} | autograder timeout: {timeout} |",
    ])


def reference_upload(config):
    """What gets full marks under ``config`` (Gradescope's *Test Autograder*, and the flow tried by hand): the
    reference's files as a student uploads them (``ship.build.reference_files``)."""
    try:
        from ship.build import reference_files  # here: the handout builds without ship/ too
    except Exception:                                # noqa: BLE001
        return NOT_INSTALLED
    files = reference_files("VI" in _graded(config))
    text = f"With this configuration, full marks go to an upload of {_listed(files)}"
    if "VI" in _graded(config):
        text += (" (Part VI's programs from the corpus: the reference's own import `xo/judge.py`, a helper of the "
                 "kit's that a student's upload does not hold)")
    return "\n".join([
        text + ". To try the Gradescope flow on your own machine with them, as root:", "",
        "```sh",
        "mkdir -p /tmp/ag/source /tmp/ag/submission && unzip dist/autograder.zip -d /tmp/ag/source",
        f"cp {' '.join(files)} /tmp/ag/submission/",
        "cp /tmp/ag/source/run_autograder /tmp/ag/        # where Gradescope puts it",
        "XO_AUTOGRADER_ROOT=/tmp/ag XO_PYTHON=.venv/bin/python /tmp/ag/run_autograder",
        "cat /tmp/ag/results/results.json",
        "```",
    ])


def prairielearn_numbers(config):
    """What ``make prairielearn`` builds for ``config`` and what PrairieLearn allows (``ship.platforms``)."""
    try:
        from ship import platforms  # here: the handout builds without ship/ too
        from ship.build import PL_IMAGE, PL_PYTHON  # (the island then says so)
    except Exception:                                # noqa: BLE001
        return NOT_INSTALLED
    limits = config["limits"]
    total = sum(config["points"][p] for p in _graded(config))
    if platforms.pl_possible(limits):
        timing = (f"the job's timeout is {platforms.PL_TIMEOUT_MAX} s, PrairieLearn's largest, and `[limits] total` "
                  f"= {_num(limits['total'])} s stops the grader a minute or more before it")
    else:
        timing = (f"**this configuration cannot be graded there**: `[limits] total` = {_num(limits['total'])} s "
                  f"does not leave a minute under PrairieLearn's largest job timeout, {platforms.PL_TIMEOUT_MAX} s, "
                  f"and `make prairielearn` refuses to build it")
    return (f"For this configuration: the image is `{PL_IMAGE}` (Python {PL_PYTHON}); {timing}; the assessment's "
            f"`maxPoints` in the README's example is the total, {_num(total)}; students upload "
            f"{_listed(_uploads(config))}.")


def checks_island(path=None):
    try:
        from grader.grading.points import markdown_table  # here: the handout builds without the grader too
    except Exception as error:                       # noqa: BLE001
        warnings.warn(f"grader.grading.points.markdown_table cannot be imported ({error!r}); the checks island says so")
        return NOT_INSTALLED
    return markdown_table(path or SHIPPED).rstrip("\n")


def withheld_rules(config):
    """Each check whose details are withheld, every rule of the handout its positions test (breaking the rule
    changes the answer on one of them at least), and the visible checks that test the same rule: what a
    withheld failure names (``grader.game.rules``; ``python -m grader checks`` lists the same)."""
    try:
        from grader.checks.coverage import rule_coverage  # here: the handout builds without the grader too
        from grader.game.fixtures import load_fixtures  # (the island then says so)
        from grader.game.rules import RULES  # (the island then says so)
    except Exception as error:                       # noqa: BLE001
        warnings.warn(f"grader.game.rules cannot be imported ({error!r}); the withheld-rules island says so")
        return NOT_INSTALLED
    rows = ["| withheld check | rule its positions test | the visible checks that test it too |",
            "|---|---|---|"]
    for check, rules in rule_coverage(config, load_fixtures()):
        for rule, numbers in rules or ():
            tested = ", ".join(numbers) if numbers else "**none**: its failure names the rule, with counts only"
            rows.append(f"| {check.number} `{check.name}` | `{rule}`: {RULES[rule].cited()} | {tested} |")
    return "\n".join(rows)


def rules_island(config):
    """Every rule the students' handout marks (``<!-- rule: ID -->``, ``handout/rules.py``), its passage, and the
    checks that test it, those whose details the configuration withholds marked (issue 37)."""
    checks = _checks()
    if checks is None:
        return NOT_INSTALLED
    with open(os.path.join(HERE, "handout.md"), encoding="utf-8") as f:
        marked = handout_rules.rules(f.read())
    tested = {}
    for check in checks.values():
        for rule_id in check.enforces:
            tested.setdefault(rule_id, []).append((check.number, check.name,
                                                   _visibility(config, check.name) == "visible"))
    return handout_rules.table(marked, tested)


def policy_numbers(config):
    """How many graded positions the acceptance policy matters on, from the grader's fixtures."""
    checks = _checks()
    if checks is None or not os.path.exists(FIXTURES):
        return NOT_INSTALLED
    from grader.checks.framework import fixture_users  # here: the handout builds without the grader too
    from grader.checks.moves import expand  # here: the handout builds without the grader too
    with open(FIXTURES, encoding="utf-8") as f:
        fixtures = json.load(f)
    users = fixture_users()
    judged = total = 0
    where, per_part = [], {"IV": 0, "V": 0}
    for group, positions in fixtures["positions"].items():
        names = [n for n in sorted(users.get(group, ())) if checks[n].part in ("IV", "V")]
        if not names:
            continue
        records = [expand(p) if isinstance(p, str) else p for p in positions]
        differ = sum(p["best"]["minimax"] != p["best"]["V"] for p in records)
        judged += len(records)
        total += differ
        for name in names:
            per_part[checks[name].part] += differ
            if differ:
                where.append(f"`{name}` ({differ}, {_visibility(config, name)})")
    strict = config["grading"].get("strict_handout", False)
    text = (f"Of the {judged:,} positions whose move the Part IV and V checks judge, {total:,} are positions where "
            f"the depth-aware minimax move (lowest cell among equal values) is not the Part V move: "
            + (", ".join(where) if where else "none") + ". ")
    if total:
        text += (f"`strict_handout` is `{json.dumps(strict)}` now, so on them "
                 + ("only the Part V move is accepted. " if strict else "the minimax move is accepted too. "))
    if not per_part["IV"]:
        text += "On every Part IV position the rules and minimax agree, so the policy only matters in Part V."
    return text.strip()


CPP_CHANGES = [
    # (what changed, the checks that grade it, how to turn it off)
    ("The deque is written in Python by the student, in `deque.py`, as part of this project (the C++ edition "
     "reuses the deque of an earlier homework): a circular array or linked list, amortised O(1), no "
     "`collections.deque`.",
     ("deque_imports", "deque_empty", "deque_fifo", "deque_lifo", "deque_mixed", "deque_empty_raises",
      "deque_amortised_constant_time", "deque_hand_written"),
     "set the weights of these checks to 0 in `[check_weights]`; the search checks still need a `Deque`"),
    ("Illegal moves raise `ValueError` and change nothing (the C++ edition does not say what an illegal move "
     "does); `makeMoves` and `XO(play, pos, n)` are all or nothing.",
     ("make_move_rejects_player", "make_move_rejects_cell", "make_move_rejects_taken", "make_move_rejects_twice",
      "make_move_rejects_after_over", "make_moves_all_or_nothing", "constructor_rejects_illegal"),
     "their weights in `[check_weights]`"),
    ("`getBoard()` returns a copy that the caller may change (the C++ edition returns the board by value, a "
     "copy by C++'s rules; a Python method returning `self.b` would hand out the game's own board).",
     ("get_board_copy",), "its weight in `[check_weights]`"),
    ("Ties between equal scores go to the lowest cell (the C++ edition leaves ties open); every move check "
     "relies on it.",
     ("lowest_cell_tie",), "no switch: without a tie-break the expected moves are not defined"),
    ("Either player may move first, and games that O started are graded (the C++ edition's examples all start "
     "with X).",
     ("o_may_move_first", "o_first"), "their weights in `[check_weights]`; O-first positions are also part of "
                                      "the withheld `part5_more_x_positions` and `part5_more_o_positions`"),
    ("`str(board)` (the C++ `operator<<`) has an exact form: three lines of three characters, a space for an "
     "empty cell, no newline at the end.",
     ("board_str_example", "board_str_format"), "their weights in `[check_weights]`"),
    ("A true depth-aware minimax move is accepted beside the Part V move, on every position (the C++ edition "
     "grades only its own rules).",
     (), "`strict_handout = true` in `[grading]`"),
]


def cpp_changes(config):
    """What this edition asks beyond the C++ handout, each with the points at stake and its switch."""
    checks = _checks()
    if checks is None:
        return NOT_INSTALLED
    from grader.grading.points import max_scores  # here: the handout builds without the grader too
    scores = max_scores(config)
    lines = ["| change | checks | points | to turn it off |", "|---|---|---|---|"]
    for what, names, switch in CPP_CHANGES:
        missing = [n for n in names if n not in checks]
        if missing:
            raise ValueError(f"CPP_CHANGES names unknown checks: {missing}")
        points = sum(scores[n] for n in names)
        listed = ", ".join(f"`{n}`" for n in names) or "every Part IV and V move check"
        lines.append(f"| {what} | {listed} | {_num(round(points, 2)) if names else '—'} | {switch} |")
    return "\n".join(lines)


def instructor_islands(path=None):
    """The instructors' notes' islands for the configuration ``path`` (``SHIPPED`` when None)."""
    config = load_config(path)
    return {"deploy-numbers": deploy_numbers(config), "reference-upload": reference_upload(config),
            "prairielearn-numbers": prairielearn_numbers(config), "knobs": knobs_table(config),
            "checks": checks_island(path), "policy-numbers": policy_numbers(config), "cpp-changes": cpp_changes(config),
            "withheld-rules": withheld_rules(config), "rules": rules_island(config)}
