"""The configuration held against the registry of checks: how each Part's points are split among its checks
(``[points]`` and ``[check_weights]``), what students see of each (``[visibility]``), and the rules between
those values.  ``load`` is the configuration as the grader uses it: read as plain values by
``grader.settings.config``, its check names and rules checked here, the layer that knows both."""

from .. import PART_TITLES, PARTS
from ..checks.framework import CHECKS
from ..settings.config import ConfigError, graded_parts, load as read, problems, visibility
from ..text.markdown import cited


def load(path=None, **overrides):
    """The configuration of ``path`` (``settings.config.default_path()`` when None), every problem of it raised as
    one ``ConfigError``: its keys and values, the checks it names and the rules between them.

    >>> load(strict_handout=True)["grading"]["strict_handout"]
    True
    """
    return read(path, checks=CHECKS, rules=rule_problems, **overrides)


def validate(config):
    """Raise ``ConfigError`` listing every problem of ``config``: its keys and values (``settings.config.problems``)
    and the rules between them (``rule_problems``)."""
    found = problems(config, "configuration", CHECKS, rule_problems)
    if found:
        raise ConfigError(found)


def max_scores(config):
    """Return each check's maximum score: its Part's points in proportion to its weight."""
    validate(config)
    return _scores(config)


def _scores(config):
    checks = CHECKS
    scores = {}
    for part in PARTS:
        names = [c.name for c in checks.values() if c.part == part]
        weights = {n: config["check_weights"].get(n, 1) for n in names}
        total = sum(weights.values())
        points = config["points"][part]
        for n in names:
            scores[n] = round(points * weights[n] / total, 2)
        weighed = [n for n in names if weights[n] > 0]
        last = weighed[-1]            # rounding must not change the Part's total
        scores[last] = round(points - sum(scores[n] for n in names if n != last), 2)
    return scores


RANK = {"visible": 0, "withheld": 1, "after_due_date": 2, "after_published": 3, "hidden": 4}
"""How late students can see a check: a check must not run after one ranked later (they would see it
blocked by something they cannot see, and the starter kit could never run it)."""

SPEC = ("Gradescope's autograder specification: \"If test cases are hidden, students will not be able to see "
        "their total score. Test cases with visibility set to `hidden` don't affect this, since they should "
        "only be used for tests which don't contribute points to the total.\"")
"""The rule every visibility choice is held to, as the specification words it
(https://gradescope-autograders.readthedocs.io/en/latest/specs/, "Controlling Test Case Visibility")."""


def rule_problems(config):
    """What is wrong between the values of ``config`` (each value being of its kind): a Part left with no
    weighed check, a ``hidden`` check worth points (Gradescope's ``hidden`` is for tests worth nothing), a check
    that runs after one students see later than itself.  One line each, without the file's name."""
    checks = CHECKS
    found = []
    for part in PARTS:
        if not any(config["check_weights"].get(c.name, 1) > 0 for c in checks.values() if c.part == part):
            found.append(f"[check_weights] leaves no check of Part {part} with a weight above 0; "
                         f"a Part's points are split among its checks in proportion to their weights.")
    if found:
        return found
    scores = _scores(config)
    graded = graded_parts(config)
    default = config["visibility"]["default"]
    run = [c for c in checks.values() if c.part in graded]
    if default == "hidden":
        scored = [c.name for c in run if c.name not in config["visibility"] and scores[c.name] > 0]
        if scored:
            found.append(f"[visibility] default = \"hidden\" makes {len(scored)} checks worth points hidden "
                         f"({', '.join(scored[:3])}{', …' if len(scored) > 3 else ''}): \"hidden\" is only for "
                         f"checks worth 0 points; choose \"visible\" or \"withheld\".")
    for check in run:
        if check.name in config["visibility"] and visibility(config, check.name) == "hidden" and scores[check.name] > 0:
            found.append(f"[visibility] {check.name} = \"hidden\", but it is worth {scores[check.name]:g} points: "
                         f"\"hidden\" is only for checks worth 0 points (a hidden test worth points keeps students "
                         f"from seeing their total on Gradescope); choose \"withheld\" to score it at once with "
                         f"its details kept back, or give it [check_weights] {check.name} = 0.")
    for check in run:
        mine = visibility(config, check.name)
        later = [d for d in check.depends if d in checks and RANK[visibility(config, d)] > RANK[mine]]
        if later:
            named = ", ".join(f"{d} (\"{visibility(config, d)}\")" for d in later)
            found.append(f"[visibility] {check.name} is \"{mine}\" but runs only after {named}, which students "
                         f"see later: they would see it blocked by a check they cannot see"
                         f"{' (and the starter kit could never run it)' if mine == 'visible' else ''}; "
                         f"make {check.name} at most as visible as what it runs after.")
    return found


LATER = {"after_due_date": "until the due date", "after_published": "until grades are published"}


def visibility_warnings(config):
    """What this configuration's visibility costs students, in lines to print (none for the shipped one):
    every ``after_due_date`` or ``after_published`` test, the Integrity entry's included, keeps Gradescope
    from showing students their total score until then (``SPEC``)."""
    scores = _scores(config)
    graded = graded_parts(config)
    warnings = []
    default = config["visibility"]["default"]
    for choice, until in LATER.items():
        named = [c.name for c in CHECKS.values() if c.part in graded and visibility(config, c.name) == choice]
        if config["visibility"]["integrity"] == choice:
            named.append("the Integrity report")
        if not named:
            continue
        points = round(sum(scores.get(n, 0) for n in named), 2)
        by = f"[visibility] default = \"{choice}\"" if default == choice else f"[visibility] \"{choice}\""
        warnings.append(f"{by} on {len(named)} test(s) ({', '.join(named[:4])}{', …' if len(named) > 4 else ''}; "
                        f"{points:g} points): Gradescope shows students no total score {until}. "
                        f"\"withheld\" scores a check at once with its details kept back.")
    return warnings


def markdown_table(path=None):
    """Every check, Part by Part, with its points and visibility, as Markdown: of the configuration file
    ``path`` (``settings.config.default_path()`` when None)."""
    config = load(path)
    scores = max_scores(config)
    lines = []
    for part in PARTS:
        off = "; not graded: an optional Part, switched on by giving it points" if part not in graded_parts(config) else ""
        lines.append(f"**Part {part} — {PART_TITLES[part]}** ({config['points'][part]:g} points{off})\n")
        lines.append("| # | check | what it tests | handout | points | visibility | runs after |")
        lines.append("|---|---|---|---|---|---|---|")
        for entry in CHECKS.values():
            if entry.part != part:
                continue
            shown = visibility(config, entry.name)
            after = ", ".join(f"`{d}`" for d in entry.depends) or "—"
            section, phrase = entry.cites
            lines.append(f"| {entry.number} | `{entry.name}` | {entry.sentence} | {cited(section, phrase)} | "
                         f"{scores[entry.name]:g} | {shown} | {after} |")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
