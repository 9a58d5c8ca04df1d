"""Grade one submission: run every check in order, write results.json.

Whatever happens (missing files, hostile code, a bug of the grader's own), a
schema-valid results.json is written, once, after every student process is
gone; an internal error is reported in its top-level output.
"""

import json
import os
import sys
import time
import traceback

from . import ROOT
from .feedback import code
from .locate import locate
from .points import max_scores, visibility
from .results import build, clean_text, console, test_entry, write

FIXTURES = os.path.join(ROOT, "fixtures", "positions.json")


def load_fixtures(path=FIXTURES):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _blocked_message(check, failed):
    from .checks import CHECKS
    names = "; ".join(f"“{CHECKS[d].sentence}” ({CHECKS[d].number})" for d in failed)
    return f"Can't check until this passes: {names}."


def run_checks(located, config, *, fixtures, backend, only=None, progress=None):
    """Run the checks (all, or those named in ``only``) and return Gradescope test entries."""
    from .checks import CHECKS, Context, Fail

    scores = max_scores(config)
    verdicts = {}
    tests = []
    deadline = time.monotonic() + config["limits"]["total"]
    with backend(located.files, config["limits"]) as sandbox:
        sandbox.located = located
        for check in CHECKS.values():
            if only is not None and check.name not in only:
                continue
            started = time.monotonic()
            failed = [d for d in check.depends if verdicts.get(d) != "passed"]
            note = None
            if failed:
                status, output = "blocked", _blocked_message(check, failed)
            elif started >= deadline - 1:
                status, output = "blocked", _out_of_time_message(config)
            else:
                context = Context(sandbox, fixtures, config, check, deadline=deadline)
                garbled_before = getattr(sandbox, "garbled_runs", 0)
                try:
                    note = check.function(context)
                    status, output = "passed", note or ""
                except Fail as failure:
                    status, output = "failed", failure.markdown()
                except MALFORMED if getattr(sandbox, "garbled_runs", 0) > garbled_before else ():
                    # judging observations the student's process forged (the runner found lines of its channel
                    # that are not child.py's): the student's failure, said plainly
                    status, output = "failed", MALFORMED_MESSAGE
                    print(f"grader: {check.name}: malformed observations: "
                          f"{traceback.format_exc(limit=-1).strip()}", file=sys.stderr)
                except Exception:        # a bug of ours: say so, keep grading the rest
                    status = "failed"
                    output = ("The grader itself hit an internal error on this check (not a problem with your "
                              "code); please tell your instructor.\n\n" + code(traceback.format_exc(limit=-3)))
                    _internal_errors.append(f"{check.name}: {traceback.format_exc(limit=-1).strip()}")
                if status == "failed" and context.printed:
                    out, err = context.printed[-1]
                    shown = "\n".join(p for p in (out.strip(), err.strip()) if p)
                    output += "\n\nYour code printed (head and tail):\n\n" + code(shown)
            verdicts[check.name] = status
            if status == "failed" and visibility(config, check.name) != "visible":
                output = HIDDEN_FAILED
            score = scores[check.name] if status == "passed" else 0.0
            tests.append(test_entry(check, status, score, scores[check.name], output,
                                    visibility(config, check.name), time.monotonic() - started, waits_for=failed))
            if progress:
                progress(tests[-1])
    return tests


MALFORMED = (KeyError, TypeError, AttributeError, IndexError, ValueError, RecursionError)
"""What judging an observation of the wrong shape raises.  child.py only ever sends observations of its own
shapes (the reference and the corpora are graded by the tests), so such an error means that code in the
student's process wrote to the channel itself: the student's failure, said plainly, never an internal error."""

MALFORMED_MESSAGE = ("The observations your program's process sent back to the grader were not the ones the "
                     "grader's own code in that process writes (something in your files wrote to the grader's "
                     "channel, or changed the grader's code there), so this check fails.")

HIDDEN_FAILED = ("This hidden check failed. It tests the same thing as the visible checks of its Part, on other "
                 "positions; its details (the position, the expected move) are not reported, because results "
                 "come back with every later submission. Your instructor can show you where your program "
                 "differs (`python -m grader compare`).")
"""What a failed hidden check says: earlier results.json files reach student code in Gradescope's
submission_metadata.json, so a hidden check's feedback must carry no expected value."""


INTEGRITY_VISIBILITY = "after_published"
"""The Integrity entry's visibility: "hidden" would hide the student's total score on Gradescope, so the entry
is shown to students only once the instructor publishes grades; the full report is also in the autograder's
stdout (``stdout_visibility`` "hidden": instructors only).  See handout/INSTRUCTORS.md."""


def integrity_entry(located):
    """The "Integrity" entry of results.json: 0 points, the integrity scan's findings (``grader.integrity``)."""
    from . import integrity
    started = time.monotonic()
    findings = integrity.scan(located.files)
    return {
        "name": "Integrity",
        "number": "6.1",
        "name_format": "text",
        "score": 0.0,
        "max_score": 0.0,
        "status": "failed" if findings else "passed",
        "output": integrity.markdown(findings),
        "output_format": "md",
        "visibility": INTEGRITY_VISIBILITY,
        "execution_time": round(time.monotonic() - started, 3),
        "extra_data": {"check": "integrity", "part": None, "verdict": "findings" if findings else "passed",
                       "findings": [repr(f) for f in findings]},
    }


def _out_of_time_message(config):
    return (f"Not run: grading has a time limit of {config['limits']['total']:g} s in all, and the checks "
            f"above used it up (look for the ones that did not finish in time). Make those faster and this "
            f"check will run.")


_internal_errors = []


def points_not_run(config, only):
    """Say how many of the points the checks in ``only`` hold, and how many the others hold."""
    scores = max_scores(config)
    held = round(sum(v for name, v in scores.items() if name in only), 2)
    total = round(sum(scores.values()), 2)
    return (f"These checks hold {held:g} of the {total:g} points; the other {round(total - held, 2):g} are held by "
            f"checks that run only on Gradescope (hidden ones), on more positions.")


def flat_imports(files):
    """A note for each student file that imports another one flat (``from board import BoardXO``)."""
    import ast
    notes = []
    for name, path in sorted(files.items()):
        try:
            with open(path, "rb") as f:
                tree = ast.parse(f.read())
        except (OSError, SyntaxError, ValueError):
            continue                     # a file that does not parse is reported by its import check
        for node in ast.walk(tree):
            flat = None
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in files:
                flat, fix = f"from {node.module} import …", f"from .{node.module} import …"
            elif isinstance(node, ast.Import):
                hit = next((a.name for a in node.names if a.name in files), None)
                if hit:
                    flat, fix = f"import {hit}", f"from . import {hit}"
            if flat:
                notes.append(f"{name}.py line {node.lineno} imports flat (`{flat}`). The grader accepts it, but "
                             f"`from xo import XO` and the handout's examples need the package form: write "
                             f"`{fix}`.")
                break
    return notes


def grade(submission, results_path, config, *, backend=None, only=None, progress=None, fixtures=None):
    """Grade ``submission`` and write ``results_path``; return the results dict."""
    from .sandbox import Sandbox

    started = time.monotonic()
    _internal_errors.clear()
    notes, tests = [], []
    try:
        located = locate(submission)
        notes += [f"**{p}**" for p in located.problems]
        if config["grading"]["strict_handout"]:
            notes.append("Moves are judged strictly by the handout's Part V rules (strict_handout).")
        notes += [f"**{note}**" for note in flat_imports(located.files)]
        if only is not None:
            notes.append(f"**{points_not_run(config, only)}**")
        tests = run_checks(located, config, fixtures=fixtures or load_fixtures(), backend=backend or Sandbox,
                           only=only, progress=progress)
        if only is None:
            tests.append(integrity_entry(located))
    except BaseException as error:      # even KeyboardInterrupt: results.json must still be written
        notes.append("**The autograder hit an internal error and could not finish grading; this is not a problem "
                     "with your code. Please tell your instructor.**")
        notes.append(code("".join(traceback.format_exception_only(type(error), error)).strip()))
        traceback.print_exc(file=sys.stderr)
    if _internal_errors:
        notes.append(f"**The grader hit an internal error on {len(_internal_errors)} check(s); please tell your "
                     f"instructor.**")
    results = clean_text(build(tests, notes, time.monotonic() - started))
    write(results, results_path)
    return results


__all__ = ["grade", "console", "load_fixtures"]
