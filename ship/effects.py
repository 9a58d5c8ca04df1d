"""What each setting of a configuration does, in one line, under that configuration: ``make check`` prints one
for every setting that differs from the kit's shipped configuration (``changed``), so that an instructor reads
what their edit does and what students will see, not only that it changed.

The lines are worked out from the configuration and the grader's registry (points per check, the Parts graded,
the files students upload), never written for the shipped values.
"""

from dataclasses import dataclass

from grader import PART_TITLES, PARTS
from grader.checks.framework import CHECKS
from grader.grading.points import max_scores
from grader.settings.config import graded_parts, toml, visibility
from grader.submission.locate import listed, to_upload

SEES = {"visible": "score and details at once; in the starter's make test",
        "withheld": "score at once, counted in the total; a failure says not where",
        "after_due_date": "nothing until the due date; hides the total until then",
        "after_published": "nothing until grades are published; hides the total until then",
        "hidden": "never (worth 0 points)"}
"""What each [visibility] choice shows a student."""


@dataclass(frozen=True)
class Change:
    """One setting that differs from the shipped configuration: ``old`` and ``new`` as TOML writes them (or
    "(unset)"), and ``effect``, what it does now."""
    section: str
    key: str
    old: str
    new: str
    effect: str

    def line(self):
        return f"[{self.section}] {self.key}: {self.old} -> {self.new}: {self.effect}"


def changed(config, shipped):
    """Every setting of ``config`` that differs from ``shipped`` (both loaded, defaults filled in), as ``Change``s in
    the order of the file's sections."""
    found = []
    for section in [s for s in shipped if s in config] + sorted(set(config) - set(shipped)):
        mine, theirs = config.get(section, {}), shipped.get(section, {})
        for key in sorted(set(mine) | set(theirs), key=str):
            if mine.get(key) != theirs.get(key):
                old = toml(theirs[key]) if key in theirs else "(unset)"
                new = toml(mine[key]) if key in mine else "(unset)"
                found.append(Change(section, key, old, new, effect(section, key, config)))
    return found


def effect(section, key, config):
    """What ``[section] key`` does under ``config``, and what students see of it, in one sentence."""
    explain = EFFECTS.get((section, key)) or EFFECTS.get((section, "*"))
    return explain(key, config) if explain else "a setting make check does not describe"


def _total(config):
    return round(sum(config["points"][p] for p in graded_parts(config)), 2)


def _strict(key, config):
    if config["grading"]["strict_handout"]:
        return ("only the move of the handout's Part V rules is accepted: a student whose search plays the depth-aware "
                "minimax move where the two differ fails that check, shown the Part V move as the one expected")
    return ("the depth-aware minimax move is accepted beside the Part V move on every position, and the feedback "
            "tells students which rule they followed")


def _credit(key, config):
    credit = config["grading"]["partial_credit"]
    if credit == "none":
        return ("a check over many positions earns its points only when every answer is right; a failed one shows "
                "students on how many answers it differs, and earns nothing")
    share = "its points times the share" if credit == "proportional" else "its points times the share, rounded " \
                                                                          "down to a quarter,"
    return (f"a check over many positions that differs on some earns {share} of answers right; students see, "
            f"under its feedback, the points it earned and for how many answers (a crash or a timeout still earns "
            f"nothing)")


def _points(part, config):
    scores = max_scores(config)
    names = [c.name for c in CHECKS.values() if c.part == part]
    if part not in graded_parts(config):
        return (f"Part {part} is not graded: its checks do not run, students see nothing of it and upload "
                f"{listed(to_upload(False))}; scores are out of {_total(config):g}")
    weighed = sum(1 for n in names if scores[n] > 0)
    text = (f"Part {part} ({PART_TITLES[part]}) is worth {config['points'][part]:g} points, split among its "
            f"{weighed} weighed checks; students' scores are out of {_total(config):g}")
    if part == "VI":
        public = sum(visibility(config, n) == "visible" for n in names)
        text += (f"; its {len(names)} checks run after Parts I-V, students upload {listed(to_upload(True))}, and "
                 f"the starter's make test runs its {public} visible checks")
    return text


def _weight(name, config):
    check = CHECKS[name]
    score = max_scores(config)[name]
    text = (f"check {check.number} {name} is worth {score:g} of Part {check.part}'s "
            f"{config['points'][check.part]:g} points")
    if score == 0:
        text += ": it still runs and students still see it, but it costs nothing"
    if check.part not in graded_parts(config):
        text += f" (Part {check.part} is not graded: it does not run)"
    return text


def _visibility(key, config):
    if key == "default":
        choice = config["visibility"]["default"]
        named = sum(1 for c in CHECKS.values() if c.part in graded_parts(config) and c.name not in config["visibility"])
        return f"the {named} checks not listed are \"{choice}\": students see {SEES[choice]}"
    if key == "integrity":
        choice = config["visibility"]["integrity"]
        return f"the 0-point Integrity report is \"{choice}\": students see {SEES[choice]}"
    check = CHECKS[key]
    choice = visibility(config, key)
    if check.part not in graded_parts(config):
        return f"check {check.number} {key} is \"{choice}\", but Part {check.part} is not graded: it does not run"
    return f"check {check.number} {key} is \"{choice}\": students see {SEES[choice]}"


def _limit(key, config):
    limits = config["limits"]
    slow = ", ".join(c.number for c in CHECKS.values() if c.slow and c.part in graded_parts(config))
    say = {
        "timeout": f"each run of student code by a check is stopped after {limits['timeout']:g} s (the search from "
                   f"the empty board: slow_timeout); students see the check fail, naming the limit",
        "slow_timeout": f"the checks that search from the empty board ({slow}) may run {limits['slow_timeout']:g} "
                        f"s each; students see one fail past that, naming the limit",
        "memory_mib": f"a student process may use {limits['memory_mib']:g} MiB of address space; students see a check "
                      f"that needs more fail, saying it ran out of memory with that limit",
        "total": f"a whole grading may take {limits['total']:g} s ({limits['total'] / 60:.1f} minutes); checks not "
                 f"reached by then are shown to students as not run, with 0 points and the reason",
        "cpu_slack": f"a student process may use its time limit plus {limits['cpu_slack']:g} CPU seconds, a second "
                     f"fence should the wall-clock kill fail; students see nothing of it otherwise",
        "output_chars": f"a failed check's feedback keeps {limits['output_chars']:g} characters of what the "
                        f"student's code printed (head and tail)",
        "file_kib": f"a student file above {limits['file_kib']:g} KiB is not read: students see it named with its "
                    f"size, and the checks that need it fail",
        "submission_kib": f"the files read may hold {limits['submission_kib']:g} KiB together: a file past that is "
                          f"not read, and students see it named with its size",
    }
    return say.get(key, "a limit make check does not describe")


def _leaderboard(key, config):
    if config["leaderboard"]["enabled"]:
        return ("results.json carries Gradescope's leaderboard (one more search from the empty board, a few seconds, "
                "for a submission whose moves are all accepted): students see it, under a pseudonym, once the "
                "assignment's leaderboard is on")
    return "no leaderboard: students see none"


EFFECTS = {
    ("grading", "strict_handout"): _strict,
    ("grading", "partial_credit"): _credit,
    ("points", "*"): lambda key, config: _points(key, config) if key in PARTS else "not a Part",
    ("check_weights", "*"): lambda key, config: _weight(key, config) if key in CHECKS else "not a check",
    ("limits", "*"): _limit,
    ("visibility", "*"): lambda key, config: _visibility(key, config),
    ("leaderboard", "enabled"): _leaderboard,
}
"""How each setting's line is worked out, by (section, key); "*" for any key of the section."""
