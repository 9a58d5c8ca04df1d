"""Read the one configuration file instructors tune (``grader/config.toml``), strictly.

Every section and key is known, and every value has a type: an unknown section or key (a typo) is an
error with a did-you-mean, a boolean must be a TOML boolean (``true``, not ``"no"``), a number a number.
Every problem is found at once and said in one line naming the file, the key and what is allowed, so that
``ConfigError`` can be printed as it is, without a traceback.

Which file: ``path`` when given; else the file named by the environment variable ``XO_CONFIG`` (the kit's
own tests pin a copy of the shipped configuration this way, so an instructor's edits never fail them);
else ``grader/config.toml``.
"""

import difflib
import json
import os
from dataclasses import dataclass

try:
    import tomllib
except ModuleNotFoundError:          # Python 3.10, as on Gradescope's Ubuntu 22.04
    import tomli as tomllib

from .. import OPTIONAL_PARTS, PARTS, ROOT
from ..submission.locate import FILE_KIB as DEFAULT_FILE_KIB, MAX_FILE_KIB, SUBMISSION_KIB as DEFAULT_SUBMISSION_KIB

SHIPPED_PATH = os.path.join(ROOT, "config.toml")
"""The configuration the zips ship and the grader reads unless told otherwise."""
ENVIRONMENT = "XO_CONFIG"
"""The environment variable that names another configuration file (the kit's tests set it)."""
DEFAULT_PATH = SHIPPED_PATH
"""Kept for callers that name the grader's own file; ``default_path()`` is what ``load`` reads."""
DEFAULT_TOTAL = 510
"""Seconds for a whole grading when the configuration does not say ([limits] total)."""

VISIBILITIES = ("visible", "withheld", "after_due_date", "after_published", "hidden")
"""What [visibility] accepts: Gradescope's four, and "withheld" (shown at once, details left out)."""
GRADESCOPE_VISIBILITY = {"visible": "visible", "withheld": "visible", "after_due_date": "after_due_date",
                         "after_published": "after_published", "hidden": "hidden"}
"""The ``visibility`` each choice writes into results.json.  A "withheld" check is a visible test on
Gradescope (its score counts in the total students see at once); the grader leaves its details out."""


def default_path():
    """The file ``load`` reads when given none: ``$XO_CONFIG``, else ``grader/config.toml``."""
    return os.environ.get(ENVIRONMENT) or SHIPPED_PATH


class ConfigError(ValueError):
    """The configuration file is missing something or says something impossible: one line per problem
    (``problems``), every problem of the file at once."""

    def __init__(self, problems):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("\n".join(self.problems))


@dataclass(frozen=True)
class Kind:
    """What a key's value must be: ``allowed`` says it in words, ``accepts`` decides."""
    allowed: str
    accepts: object

    def __call__(self, value):
        return self.accepts(value)


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


BOOLEAN = Kind("true or false (a TOML boolean, without quotes)", lambda v: isinstance(v, bool))
POINTS = Kind("a number >= 0", lambda v: _is_number(v) and v >= 0)
POSITIVE = Kind("a number > 0", lambda v: _is_number(v) and v > 0)
WHOLE = Kind("a whole number > 0", lambda v: isinstance(v, int) and not isinstance(v, bool) and v > 0)
FILE_KIB = Kind(f"a whole number from 1 to {MAX_FILE_KIB} (a file the grader parses may not take more memory than it "
               f"can spare)", lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 < v <= MAX_FILE_KIB)
VISIBILITY = Kind("one of " + ", ".join(f'"{v}"' for v in VISIBILITIES), lambda v: v in VISIBILITIES)
CREDITS = ("none", "quarters", "proportional")
CREDIT = Kind("one of " + ", ".join(f'"{v}"' for v in CREDITS), lambda v: v in CREDITS)
PART6_POSITIONS = ("chosen", "every")
JUDGED = Kind("one of " + ", ".join(f'"{v}"' for v in PART6_POSITIONS), lambda v: v in PART6_POSITIONS)

SCHEMA = {
    "grading": {"strict_handout": (BOOLEAN, False), "partial_credit": (CREDIT, "none"),
                "part6_positions": (JUDGED, "chosen")},
    "points": {**{part: (POINTS, None) for part in PARTS if part not in OPTIONAL_PARTS},
               **{part: (POINTS, 0) for part in OPTIONAL_PARTS}},
    "check_weights": {},             # check names (``per_check``), each a POINTS
    "limits": {"timeout": (POSITIVE, None), "slow_timeout": (POSITIVE, None), "memory_mib": (WHOLE, None),
               "total": (POSITIVE, DEFAULT_TOTAL), "cpu_slack": (POSITIVE, None), "output_chars": (WHOLE, None),
               "file_kib": (FILE_KIB, DEFAULT_FILE_KIB), "submission_kib": (WHOLE, DEFAULT_SUBMISSION_KIB)},
    "visibility": {"default": (VISIBILITY, None), "integrity": (VISIBILITY, "hidden")},
    "leaderboard": {"enabled": (BOOLEAN, False)},
}
"""Section → key → (kind, default); a default of None means the key is required."""
PER_CHECK = {"check_weights": POINTS, "visibility": VISIBILITY}
"""Sections that also take one key per check (``python -m grader checks`` lists their names)."""
OPTIONAL_SECTIONS = ("grading", "check_weights", "leaderboard")


def load(path=None, *, checks=None, rules=None, **overrides):
    """Return the configuration of ``path`` (``default_path()`` when None) as a dict, checked, with its
    defaults filled in and ``overrides`` (of [grading]) applied; raise ``ConfigError`` listing every problem.
    ``checks``: the names of the checks, the keys [check_weights] and [visibility] may hold besides their own
    (None: any key there is taken for a check's name, its value still checked);
    ``rules(config)``: the problems between values, once each is of its kind (``problems``).  The grading
    layer, which knows the checks, loads with both (``grader.grading.points.load``).

    >>> load(strict_handout=True)["grading"]["strict_handout"]
    True
    """
    path = path or default_path()
    try:
        with open(path, "rb") as f:
            config = tomllib.load(f)
    except FileNotFoundError:
        raise ConfigError(f"{shown(path)}: configuration file not found") from None
    except IsADirectoryError:
        raise ConfigError(f"{shown(path)}: is a folder, not a configuration file") from None
    except PermissionError:
        raise ConfigError(f"{shown(path)}: cannot be read by this user (uid {os.geteuid()})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"{shown(path)}: not valid TOML: {error}") from None
    for key, value in overrides.items():
        if value is not None and isinstance(config.get("grading", {}), dict):
            config.setdefault("grading", {})[key] = value
    found = problems(config, shown(path), checks, rules)
    if found:
        raise ConfigError(found)
    return config


def shown(path):
    """``path`` as a message names it: relative to the current folder when it is below it."""
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


def toml(value):
    """``value`` written as TOML writes it, for messages that repeat the input.

    >>> toml("no"), toml(True), toml(2.5)
    ('"no"', 'true', '2.5')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "a table"
    return repr(value)


def did_you_mean(word, choices):
    """The nearest of ``choices`` to ``word`` (case aside), as " Did you mean X?", or "".

    >>> did_you_mean("timout", ["timeout", "total"])
    ' Did you mean `timeout`?'
    >>> did_you_mean("vi", ["I", "VI"])
    ' Did you mean `VI`?'
    """
    near = nearest(word, choices)
    return f" Did you mean `{near}`?" if near else ""


def nearest(word, choices):
    """The one of ``choices`` nearest to ``word`` (case aside), or None when none is near."""
    lowered = {c.lower(): c for c in choices}
    near = difflib.get_close_matches(str(word).lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[near[0]] if near else None


def problems(config, where="config.toml", checks=None, rules=None):
    """Every problem of ``config`` (a parsed TOML document), one line each naming ``where``; the defaults of
    keys that may be left out are filled in as it goes.  ``checks``: the checks' names, which [check_weights]
    and [visibility] may hold as keys (None: not checked here); ``rules(config)``: the problems between values (lines without
    ``where``), asked once the sections it reads (``RULES_READ``) are right."""
    found = []
    meant = set()                        # sections an unknown one is taken for: its line names them already
    for section in config:
        if section not in SCHEMA:
            meant.add(nearest(section, SCHEMA))
            what = f"section [{section}]" if isinstance(config[section], dict) else f"key {section} outside any section"
            found.append(f"{where}: unknown {what}.{did_you_mean(section, SCHEMA)} "
                         f"Sections: {', '.join(f'[{s}]' for s in SCHEMA)}.")
    for section, keys in SCHEMA.items():
        table = config.get(section)
        if table is None and section in OPTIONAL_SECTIONS:
            table = config[section] = {}     # then filled with its keys' defaults below
        if table is None and section in meant:       # "[visiblity]": one line, the did-you-mean, not two
            continue
        if table is None:
            found.append(f"{where}: section [{section}] is missing; it takes "
                         f"{', '.join(k for k, (_, d) in keys.items() if d is None)}.")
            continue
        if not isinstance(table, dict):
            found.append(f"{where}: [{section}] must be a section (a table of keys), not {toml(table)}.")
            continue
        per_check = PER_CHECK.get(section)
        for key, value in table.items():
            kind = keys[key][0] if key in keys else per_check if (checks is None or key in checks) and per_check else None
            if kind is None:
                if per_check:
                    hint = did_you_mean(key, [*keys, *checks])
                    allowed = (f"Keys of [{section}]: {', '.join(keys) + ' and ' if keys else ''}"
                               f"the checks' names (`python -m grader checks` lists them).")
                else:
                    hint = did_you_mean(key, keys)
                    allowed = f"Keys of [{section}]: {', '.join(keys)}."
                found.append(f"{where}: [{section}] {key}: unknown key.{hint} {allowed}")
            elif not kind(value):
                found.append(f"{where}: [{section}] {key} = {toml(value)}: must be {kind.allowed}.")
        for key, (kind, default) in keys.items():
            if key in table:
                continue
            if default is None:
                found.append(f"{where}: [{section}] {key} is missing: it must be {kind.allowed}.")
            else:
                table[key] = default
    if any(f"{where}: [{section}]" in line or f"{where}: section [{section}]" in line
           for line in found for section in RULES_READ) or any(not isinstance(config.get(s), dict) for s in RULES_READ):
        return found                 # the rules below read these sections' values, which must be right first
    return found + [f"{where}: {problem}" for problem in (rules(config) if rules else [])]


RULES_READ = ("points", "check_weights", "visibility")
"""The sections the rules between values read (``grader.grading.points.rule_problems``): checked when these are right, even if
another section has problems, so that every violation is listed at once."""


def graded_parts(config):
    """The Parts this configuration grades: every Part but an optional one left at 0 points.

    >>> graded_parts(load())
    ('I', 'II', 'III', 'IV', 'V')
    """
    return tuple(p for p in PARTS if p not in OPTIONAL_PARTS or config["points"].get(p, 0) > 0)


def visibility(config, name):
    """The [visibility] choice of the check ``name`` ("visible", "withheld", …; ``VISIBILITIES``)."""
    return config["visibility"].get(name, config["visibility"]["default"])
