"""How each Part's points are split among its checks (``[points]`` and
``[check_weights]`` of the configuration), and which checks are hidden."""

from . import OPTIONAL_PARTS, PART_TITLES, PARTS
from .config import ConfigError


def graded_parts(config):
    """The Parts this configuration grades: every Part but an optional one left at 0 points.

    >>> from grader.config import load
    >>> graded_parts(load())
    ('I', 'II', 'III', 'IV', 'V')
    """
    return tuple(p for p in PARTS if p not in OPTIONAL_PARTS or config["points"].get(p, 0) > 0)


def _checks():
    from .checks import CHECKS
    return CHECKS


def validate(config):
    """Raise ``ConfigError`` when the configuration names a check that does not exist."""
    checks = _checks()
    for section in ("check_weights", "visibility"):
        for name, value in config[section].items():
            if name != "default" and name not in checks:
                raise ConfigError(f"[{section}] names an unknown check {name!r}; "
                                  f"`python -m grader checks` lists them all")
            if section == "check_weights" and (not isinstance(value, (int, float)) or value < 0):
                raise ConfigError(f"[check_weights] {name} must be a number >= 0, not {value!r}")


def max_scores(config):
    """Return each check's maximum score: its Part's points in proportion to its weight."""
    validate(config)
    checks = _checks()
    scores = {}
    for part in PARTS:
        names = [c.name for c in checks.values() if c.part == part]
        weights = {n: config["check_weights"].get(n, 1) for n in names}
        total = sum(weights.values())
        points = config["points"][part]
        for n in names:
            scores[n] = round(points * weights[n] / total, 2)
        weighed = [n for n in names if weights[n] > 0]
        if not weighed:
            raise ConfigError(f"[check_weights] leaves no check of Part {part} with a weight above 0")
        last = weighed[-1]            # rounding must not change the Part's total
        scores[last] = round(points - sum(scores[n] for n in names if n != last), 2)
    return scores


def visibility(config, name):
    return config["visibility"].get(name, config["visibility"]["default"])


def markdown_table():
    """Every check, Part by Part, with its points and visibility, as Markdown."""
    from .config import load
    config = load()
    scores = max_scores(config)
    lines = []
    for part in PARTS:
        off = "; not graded: an optional Part, switched on by giving it points" if part not in graded_parts(config) else ""
        lines.append(f"**Part {part} — {PART_TITLES[part]}** ({config['points'][part]:g} points{off})\n")
        lines.append("| # | check | what it tests | handout | points | visibility | runs after |")
        lines.append("|---|---|---|---|---|---|---|")
        for entry in _checks().values():
            if entry.part != part:
                continue
            visibility = config["visibility"].get(entry.name, config["visibility"]["default"])
            after = ", ".join(f"`{d}`" for d in entry.depends) or "—"
            section, phrase = entry.cites
            lines.append(f"| {entry.number} | `{entry.name}` | {entry.sentence} | {section}: “{phrase}” | "
                         f"{scores[entry.name]:g} | {visibility} | {after} |")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
