"""Grade one submission: run every check in order (``run_checks``) and gather what they found, with the
integrity report, in a ``Grading`` (``grading_of``).

Whatever happens (missing files, hostile code, a bug of the grader's own), a ``Grading`` comes back, with every
verdict reached, once every student process is gone; an internal error is noted in it.  Writing it out is the
renderers' (``grader.render``) and the command line's (``grader.commands.grade``).
"""

import math
import sys
import time
import traceback

from ..checks.coverage import coverage
from ..checks.framework import CHECKS, CITED, Context, Fail
from ..game.fixtures import every_position, load_fixtures
from ..game.models import forget
from ..observing.assignment import open_sandbox
from ..observing.observations import Observations
from ..sandbox import default_backend
from ..settings.config import GRADESCOPE_VISIBILITY, graded_parts, visibility
from ..submission import integrity
from ..submission.imports import flat_imports
from ..submission.locate import locate
from ..text.markdown import code, unmarked
from . import leaderboard
from .points import max_scores
from .verdict import About, Failure, Grading, Status, Verdict


def about():
    """Every check's ``About`` by name: what the renderers say of it besides its verdict."""
    return {name: About(check.number, check.part, check.sentence, check.cites) for name, check in CHECKS.items()}


def failure_of(fail, cited):
    """The ``Failure`` a check's ``Fail`` reports; ``cited`` is the passage of the check that failed, its
    section unless the ``Fail`` names another (or none)."""
    section = cited if fail.section is CITED else fail.section
    return Failure(fail.message, board=fail.board, expected=fail.expected, actual=fail.actual, hint=fail.help,
                   section=section, extra=fail.extra, tally=fail.tally, withheld=fail.withheld,
                   diagnosis=fail.diagnosis)


def new_verdict(check, config, scores, waits_for=()):
    """The ``Verdict`` of ``check`` before it runs (BLOCKED, 0 points), as ``config`` shows it: Gradescope's
    visibility of its [visibility] choice, and ``private`` (details withheld) unless that choice is "visible"."""
    shown = visibility(config, check.name)
    return Verdict(check.name, check.number, check.part, check.sentence, Status.BLOCKED, 0.0, scores[check.name],
                   GRADESCOPE_VISIBILITY[shown], waits_for=waits_for, private=shown != "visible")


NO_PART_VI = ("This kit cannot check Part VI: it was made for a course that does not grade Part VI, so it holds none of "
              "Part VI's positions and samples (its grader/config.toml gives Part VI points only because it was "
              "changed since). When your instructor assigns Part VI, the kit they give you checks it.")
"""What every Part VI check says in a kit that holds no Part VI fixtures."""


def run_checks(located, config, *, fixtures, backend, only=None, progress=None, internal_errors=None, record=None,
               into=None, standings=None):
    """Run the checks (all, or those named in ``only``) and return their ``Verdict``s, in order.

    ``internal_errors`` collects a line for each check on which the grader's own code failed; ``record``,
    a path, gets every run the checks observed (``Observations.save``; ``observations.Replay`` reads it);
    ``into``, a list, gets each verdict as soon as it is reached (kept whatever happens after); ``standings``,
    a list, gets the submission's ``leaderboard.Standing`` when [leaderboard] is enabled and all were run."""
    scores = max_scores(config)
    parts = graded_parts(config)
    verdicts = {}
    # A starter kit holds the fixtures of the Parts its course grades: one made for a course that does not grade
    # Part VI, with Part VI then given points in its config.toml, has none of Part VI's (clean room, round ten:
    # five checks reported an internal error).  Each of its checks says why it cannot run instead.
    without_vi = "VI" in parts and "part6" not in fixtures
    covered = None                       # rules → the visible checks testing them, worked out if a withheld check fails
    deadline = time.monotonic() + config["limits"]["total"]
    try:
        with open_sandbox(located.files, config["limits"], backend) as sandbox:
            observations = Observations(sandbox)
            for check in CHECKS.values():
                if (only is not None and check.name not in only) or check.part not in parts:
                    continue
                started = time.monotonic()
                failed = tuple(d for d in check.depends if not (d in verdicts and verdicts[d].passed))
                verdict = new_verdict(check, config, scores, waits_for=failed)
                if failed:
                    pass
                elif without_vi and check.part == "VI":
                    verdict.status, verdict.failure = Status.FAILED, Failure(NO_PART_VI)
                elif started >= deadline - 1:
                    verdict.status, verdict.out_of_time = Status.NOT_RUN, config["limits"]["total"]
                else:
                    context = Context(sandbox, fixtures, config, check, deadline=deadline, located=located,
                                      observations=observations, only=only)
                    garbled_before = observations.garbled
                    verdict.status = Status.FAILED
                    try:
                        observed = [spec.observe(context) for spec in check.observes]
                        verdict.note = check.function(context, *observed) or ""
                        verdict.status = Status.PASSED
                    except Fail as failure:
                        verdict.failure = failure_of(failure, context.section)
                    except MALFORMED if observations.garbled > garbled_before else ():
                        # judging observations the student's process forged (the runner found lines of its channel
                        # that are not child.py's): the student's failure, said plainly
                        verdict.failure = Failure(MALFORMED_MESSAGE)
                        print(f"grader: {check.name}: malformed observations: "
                              f"{traceback.format_exc(limit=-1).strip()}", file=sys.stderr)
                    except Exception:        # a bug of ours: say so, keep grading the rest
                        verdict.failure = Failure("The grader itself hit an internal error on this check (not a "
                                                  "problem with your code); please tell your instructor.",
                                                  extra=code(traceback.format_exc(limit=-3)))
                        if internal_errors is not None:
                            internal_errors.append(f"{check.name}: {traceback.format_exc(limit=-1).strip()}")
                    if verdict.status is Status.FAILED and context.printed:
                        out, err = context.printed[-1]
                        verdict.printed = "\n".join(p for p in (out.strip(), err.strip()) if p)
                if verdict.status is Status.FAILED and verdict.private:
                    verdict.withheld = True
                    if verdict.failure is not None and verdict.failure.tally is not None:
                        if covered is None:
                            try:
                                covered = coverage(fixtures, config, public_checks(config))
                            except Exception:        # a bug of ours: the failure is still told, without the checks
                                covered = {}
                                if internal_errors is not None:
                                    internal_errors.append(f"coverage: {traceback.format_exc(limit=-1).strip()}")
                        verdict.covered = covered
                if verdict.passed:
                    verdict.points = scores[check.name]
                else:
                    verdict.points = partial(config, scores[check.name], verdict.failure)
                verdict.seconds = time.monotonic() - started
                verdicts[check.name] = verdict
                if into is not None:
                    into.append(verdict)
                if progress:
                    progress(verdict)
            if standings is not None and leaderboard.enabled(config) and only is None \
                    and time.monotonic() < deadline:
                standing = leaderboard.measure(sandbox, config, verdicts)
                if standing is not None:
                    standings.append(standing)
            if record:
                observations.save(record)
    finally:
        forget()                         # the rules' move trees, kept across the checks of this grading
    return list(verdicts.values())


def partial(config, most, failure):
    """The points of a failed check: 0, or with [grading] partial_credit, a share of ``most`` for the answers its
    ``rules.Tally`` counts right (a failure with no tally, a crash or a timeout, earns nothing).

    >>> from grader.game.rules import Tally
    >>> from grader.grading.verdict import Failure
    >>> failed = Failure("differs", tally=Tally("positions", 8, 3, ()))
    >>> [partial({"grading": {"partial_credit": c}}, 4.0, failed) for c in ("none", "quarters", "proportional")]
    [0.0, 2.0, 2.5]
    """
    credit = config["grading"].get("partial_credit", "none")
    tally = getattr(failure, "tally", None)
    if credit == "none" or tally is None or not tally.total or tally.differ > tally.total:
        return 0.0
    share = (tally.total - tally.differ) / tally.total
    if credit == "quarters":
        share = math.floor(share * 4) / 4
    return round(most * share, 2)


MALFORMED_MESSAGE = ("The observations your program's process sent back to the grader were not the ones the "
                     "grader's own code in that process writes (something in your files wrote to the grader's "
                     "channel, or changed the grader's code there), so this check fails.")
"""What a check whose observations were forged says (``MALFORMED``)."""


MALFORMED = (KeyError, TypeError, AttributeError, IndexError, ValueError, RecursionError)
"""What judging an observation of the wrong shape raises.  child.py only ever sends observations of its own
shapes (the reference and the corpora are graded by the tests), so such an error means that code in the
student's process wrote to the channel itself: the student's failure, said plainly, never an internal error."""


def public_checks(config):
    """The checks whose details students see (``[visibility]`` "visible") of the Parts this configuration
    grades: what the starter kit's ``make test`` runs (``--visible-only``), Part VI's when it has points."""
    parts = graded_parts(config)
    return {name for name, check in CHECKS.items() if check.part in parts and visibility(config, name) == "visible"}


def points_not_run(config, only, runnable=None):
    """Say how many of the points the checks in ``only`` hold, and which checks hold the others, as the
    configuration has them: those this grading could have run (``runnable``; None: every check of the Parts
    graded, as in the kit) were not asked for; the others (the starter kit's, run with ``--visible-only``, has
    only the public checks' fixtures) run only once uploaded, by their [visibility]; Part by Part (nothing more
    when ``only`` holds every point)."""
    scores = max_scores(config)
    parts = graded_parts(config)
    graded = {name: v for name, v in scores.items() if CHECKS[name].part in parts}
    runnable = set(graded) if runnable is None else set(runnable)
    held = round(sum(v for name, v in graded.items() if name in only), 2)
    total = round(sum(graded.values()), 2)
    if round(total - held, 2) <= 0:
        return f"These checks hold all {total:g} points."
    when = {"withheld": "run only on Gradescope, where they show their score but not their details",
            "after_due_date": "run only on Gradescope and are shown after the due date",
            "after_published": "run only on Gradescope and are shown once grades are published",
            "hidden": "run only on Gradescope and are never shown",
            "visible": "run only on Gradescope",
            "here": "were not asked for (a grading without PART or CHECK runs them)"}
    groups = {}
    for name, points in graded.items():
        if name not in only and points > 0:
            key = "here" if name in runnable else visibility(config, name)
            groups.setdefault(key, {}).setdefault(CHECKS[name].part, []).append(points)
    said = []
    for key, parts_of in groups.items():
        points = round(sum(sum(p) for p in parts_of.values()), 2)
        count = sum(len(p) for p in parts_of.values())
        where = "Parts " + ", ".join(parts_of) if len(parts_of) > 1 else f"Part {next(iter(parts_of))}"
        said.append((points, f"{count} check(s) of {where} that {when[key]}"))
    rest = round(total - held, 2)
    if len(said) == 1:
        return f"These checks hold {held:g} of the {total:g} points; the other {rest:g} are held by {said[0][1]}."
    return (f"These checks hold {held:g} of the {total:g} points; of the other {rest:g}, "
            + "; ".join(f"{p:g} are held by {what}" for p, what in said) + ".")


REVEALED = ("**Staff copy (`--reveal`): the details of the checks students see without them (positions, expected moves) are shown below. "
            "Gradescope's own grading never shows them.**")
"""The note on top of a grading run with ``reveal``: whoever reads the file knows it is not what the student saw."""


def grading_of(submission, config, *, backend=None, only=None, progress=None, fixtures=None, record=None,
               reveal=False, selection=None, runnable=None):
    """Grade ``submission``: return its ``Grading`` and what ``locate`` found of its files (None when even that
    failed).  Whatever happens (missing files, hostile code, a bug of the grader's own), a ``Grading`` comes
    back, with every verdict reached and a note naming an internal error.  ``record``: a path to save what the
    student's code was observed doing (see ``run_checks``); ``reveal`` (staff only, ``grade --reveal``): hidden
    checks' failures keep their full feedback instead of the withheld sentence, and a note says so;
    ``selection``: the checks asked for by ``--part``/``--check`` (``grader.grading.selection``; ``only`` holds
    them), which a note names; ``runnable``: the checks this grading could run here (``points_not_run``)."""
    started = time.monotonic()
    internal_errors = []
    grading = Grading([], integrity_visibility=GRADESCOPE_VISIBILITY[config["visibility"]["integrity"]], about=about())
    located = None
    try:
        located = locate(submission, config["limits"]["file_kib"], config["limits"]["submission_kib"])
        grading.notes += [f"**{message}**" for message in located.messages()]
        grading.upload = [unmarked(message) for message in located.messages()]     # for staff tools, as words
        if config["grading"]["strict_handout"]:
            grading.notes.append("Moves are judged strictly by the handout's Part V rules (strict_handout).")
        grading.notes += [f"**{note}**" for note in flat_imports(located.files)]
        backend = backend or default_backend()
        if getattr(backend, "note", None):           # the spawned sandbox of a laptop: said once
            grading.notes.append(f"**{backend.note}**")
        if selection is not None:
            grading.notes.append(f"**{selection.note()}**")
        if only is not None:
            grading.notes.append(f"**{points_not_run(config, only, runnable)}**")
        run_checks(located, config, fixtures=fixtures or load_fixtures(), backend=backend, only=only,
                   progress=progress, internal_errors=internal_errors, record=record, into=grading.verdicts,
                   standings=grading.standings)
    except BaseException as error:      # even KeyboardInterrupt: results.json must still be written (with
                                        # every verdict reached before)
        grading.notes.append("**The autograder hit an internal error and could not finish grading; this is not a "
                             "problem with your code. Please tell your instructor.**")
        grading.notes.append(code("".join(traceback.format_exception_only(type(error), error)).strip()))
        traceback.print_exc(file=sys.stderr)
    if reveal:
        grading.notes.insert(0, REVEALED)
        for verdict in grading.verdicts:
            verdict.withheld = False
    if located is not None and only is None:
        scanned = time.monotonic()
        try:
            grading.integrity, grading.problems = integrity.split(
                integrity.scan(located.files, every_position(fixtures or load_fixtures())))
            grading.integrity_scanned = True
        except Exception:                # noqa: BLE001  the report is the instructors'; the grading stands
            traceback.print_exc(file=sys.stderr)
        grading.integrity_seconds = time.monotonic() - scanned
    if internal_errors:
        grading.notes.append(f"**The grader hit an internal error on {len(internal_errors)} check(s); please tell "
                             f"your instructor.**")
    grading.seconds = time.monotonic() - started
    return grading, located
