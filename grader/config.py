"""Read the one configuration file instructors tune (``grader/config.toml``)."""

import os

try:
    import tomllib
except ModuleNotFoundError:          # Python 3.10, as on Gradescope's Ubuntu 22.04
    import tomli as tomllib

from . import OPTIONAL_PARTS, PARTS, ROOT

DEFAULT_PATH = os.path.join(ROOT, "config.toml")
DEFAULT_TOTAL = 510
"""Seconds for a whole grading when the configuration does not say ([limits] total)."""
VISIBILITIES = ("visible", "hidden", "after_due_date", "after_published")


class ConfigError(ValueError):
    """The configuration file is missing something or says something impossible."""


def load(path=DEFAULT_PATH, **overrides):
    """Return the configuration as a dict, checked, with ``overrides`` applied.

    >>> load(strict_handout=True)["grading"]["strict_handout"]
    True
    """
    try:
        with open(path, "rb") as f:
            config = tomllib.load(f)
    except FileNotFoundError:
        raise ConfigError(f"configuration file not found: {path!r}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"configuration file {path!r} is not valid TOML: {error}") from None
    for key, value in overrides.items():
        if value is not None:
            config.setdefault("grading", {})[key] = value
    _check(config, path)
    return config


def _check(config, path):
    for section in ("grading", "points", "limits", "visibility"):
        if section not in config:
            raise ConfigError(f"{path}: missing section [{section}]")
    for part in OPTIONAL_PARTS:
        config["points"].setdefault(part, 0)      # a configuration written before the Part existed
    for part in PARTS:
        points = config["points"].get(part)
        if not isinstance(points, (int, float)) or points < 0:
            raise ConfigError(f"{path}: [points] {part} must be a number >= 0, not {points!r}")
    for key in ("timeout", "slow_timeout", "memory_mib", "cpu_slack", "output_chars"):
        value = config["limits"].get(key)
        if not isinstance(value, (int, float)) or value <= 0:
            raise ConfigError(f"{path}: [limits] {key} must be a positive number, not {value!r}")
    total = config["limits"].setdefault("total", DEFAULT_TOTAL)
    if not isinstance(total, (int, float)) or total <= 0:
        raise ConfigError(f"{path}: [limits] total must be a positive number, not {total!r}")
    for name, value in config["visibility"].items():
        if value not in VISIBILITIES:
            raise ConfigError(f"{path}: [visibility] {name} = {value!r}; choose one of {', '.join(VISIBILITIES)}")
    config.setdefault("check_weights", {})
    config["grading"].setdefault("strict_handout", False)
