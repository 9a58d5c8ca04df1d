"""The instructor's own check (``make check``): does *this* configuration work, before students see it?

Under the configuration the zips will ship (``grader/config.toml``, or ``$XO_CONFIG``), in a few minutes:

1. the configuration is read strictly (every problem, one line each) and its effective points table and
   visibility are printed, with what each visibility shows students and their total, and each setting it
   changes from the kit's shipped configuration with what that setting does (``ship/effects.py``); its limits
   are held to Gradescope's and PrairieLearn's own (``ship/platforms.py``), saying what to set on each;
2. the handout and the instructors' notes are rendered for this configuration into ``build/handout/`` (the
   tracked ``handout/*.md`` are left as they are), and both zips and the PrairieLearn folder are built
   (``dist/autograder.zip``, ``dist/starter.zip``, ``dist/prairielearn/``; the latter only where PrairieLearn
   can grade under the configuration);
3. the reference (``xo/``) and a handful of the kit's corpus submissions are graded through the Gradescope
   flow: the autograder zip unpacked as Gradescope does, ``run_autograder`` run on each upload (see
   ship/README.md).  The reference must get full marks (else a limit it cannot meet, or a check the
   configuration broke, is named), and each buggy submission must lose points in the Parts its mistake lives
   in and keep full marks in the others (``tests/submissions/expectations.toml``);
4. the starter's claims are checked: its grader (``--visible-only``, what its ``make test`` runs) gives the
   reference full marks on every check it runs, runs exactly the checks Gradescope shows in full, carries the
   positions of no other check, and its "these checks hold N points" sentence matches the autograder's points.

It prints a line per finding and exits 1 when anything fails (or no platform can grade under the configuration),
0 when all holds; a platform that cannot is named, and its build refuses the configuration.  The kit's own test
suite (``make test``) is the kit's developers' check, and always grades with its pinned copy (tests/config.toml).
"""

import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, TOP)

from grader import PARTS, PART_TITLES  # noqa: E402
from grader.checks.framework import CHECKS, fixture_users  # noqa: E402
from grader.grading.points import load, max_scores, visibility_warnings  # noqa: E402
from grader.grading.run import public_checks  # noqa: E402
from grader.grading.verdict import Grading  # noqa: E402
from grader.settings.config import ConfigError, default_path, graded_parts, shown, tomllib, visibility  # noqa: E402
from ship import build, effects, platforms  # noqa: E402
from ship.effects import SEES  # noqa: E402

CORPUS = os.path.join(TOP, "tests", "submissions")
EXPECTATIONS = os.path.join(CORPUS, "expectations.toml")
REFERENCE = os.path.join(TOP, "xo")

BUGGY = ("dot_empty", "no_validation", "stack_search", "tiebreak_high", "always_x")
"""One buggy submission per Part (two for Parts IV-V, whose checks are the costliest to get wrong)."""
BUGGY_PART6 = ("partvi_ninja_zero_based",)
"""Graded too when Part VI has points."""


def reference_upload(graded):
    """The files of "the reference" as a student would upload them (``build.reference_files``), as paths."""
    return [os.path.join(TOP, *name.split("/")) for name in build.reference_files("VI" in graded)]


class Report:
    """The findings, printed as they come: ``ok`` lines and ``fail`` lines (the latter make the exit status 1)."""

    def __init__(self):
        self.failures = []
        self.settings = []

    def ok(self, text):
        print(f"  ok    {text}", flush=True)

    def fail(self, text):
        self.failures.append(text)
        print(f"  FAIL  {text}", flush=True)

    def set(self, text):
        """Something to set on a platform for this configuration."""
        self.settings.append(text)
        print(f"  set   {text}", flush=True)

    def cannot(self, text):
        """A platform that cannot grade under this configuration (a failure only when no platform can)."""
        print(f"  NO    {text}", flush=True)


def points_table(config):
    """The effective points and visibility of every check the configuration grades, as text."""
    scores = max_scores(config)
    lines = []
    for part in PARTS:
        if part not in graded_parts(config):
            lines.append(f"Part {part} ({PART_TITLES[part]}): not graded (0 points)")
            continue
        lines.append(f"Part {part} ({PART_TITLES[part]}): {config['points'][part]:g} points")
        for check in CHECKS.values():
            if check.part == part:
                shown = visibility(config, check.name)
                lines.append(f"  {check.number:<5} {check.name:<31} {scores[check.name]:>6g}  {shown:<15} "
                             f"{SEES[shown]}")
    integrity = config["visibility"]["integrity"]
    lines.append(f"Integrity report (0 points): {integrity}: {SEES[integrity]}")
    return "\n".join(lines)


SHIPPED = os.path.join(TOP, "tests", "config.toml")
"""The kit's shipped configuration, as its own tests pin it."""


def changes(config):
    """What ``config`` changes from the kit's shipped configuration, each with what it does now: one line each
    (``effects.Change.line``)."""
    try:
        shipped = load(SHIPPED)
    except Exception:                    # noqa: BLE001  a kit without its tests: nothing to compare with
        return []
    return [change.line() for change in effects.changed(config, shipped)]


def expectations():
    with open(EXPECTATIONS, "rb") as f:
        return tomllib.load(f)["buggy"]


def upload(folder, files):
    """Copy the uploaded ``files`` (paths) into ``folder``."""
    os.makedirs(folder, exist_ok=True)
    for path in files:
        shutil.copy(path, folder)


def submission_files(folder):
    """The .py files a student uploads, wherever they sit in ``folder`` (one nested folder at most)."""
    found = []
    for root, _, names in os.walk(folder):
        found += [os.path.join(root, n) for n in sorted(names) if n.endswith(".py") and n != "__init__.py"]
    return found


def run_autograder(source, files, scratch, python):
    """Grade ``files`` as Gradescope does: a fresh root with ``source`` (the unpacked zip) and the upload;
    ``run_autograder``; return results.json."""
    root = tempfile.mkdtemp(prefix="ag-", dir=scratch)
    shutil.copytree(source, os.path.join(root, "source"), symlinks=True)
    upload(os.path.join(root, "submission"), files)
    env = {k: v for k, v in os.environ.items() if k != "XO_CONFIG"}      # the zip's own configuration
    env.update(XO_AUTOGRADER_ROOT=root, XO_PYTHON=python)
    subprocess.run([os.path.join(root, "source", "run_autograder")], env=env, capture_output=True, timeout=1800)
    with open(os.path.join(root, "results", "results.json"), encoding="utf-8") as f:
        return json.load(f)


def per_part(results):
    return Grading.from_results(results).totals()


def first_line(test):
    text = (test.get("output") or "").strip()
    return text.splitlines()[0][:200] if text else ""


def judge_reference(report, results):
    """The reference must get every point; a check it fails names the limit or the change that broke it."""
    most = round(sum(t["max_score"] for t in results["tests"]), 2)
    if not results["tests"]:
        report.fail(f"the reference was not graded: {results.get('output', '')[:500]}")
        return
    failed = [t for t in results["tests"] if t["status"] == "failed" and t["name"] != "Integrity"]
    if round(results["score"], 2) == most and not failed:
        report.ok(f"the reference gets full marks on Gradescope: {results['score']:g} / {most:g}")
        return
    report.fail(f"the reference gets {results['score']:g} of {most:g} points; a limit it cannot meet or a "
                f"configuration that breaks a check:")
    for test in failed:
        print(f"          {test['number']} {test['extra_data']['check']}: {first_line(test)}")


def judge_buggy(report, name, expected, results, graded):
    """A buggy submission must lose points in each Part of its ``lose`` list and keep every point in ``keep``."""
    totals = per_part(results)
    lost, kept = [], []
    for part in expected.get("lose", []):
        if part not in graded or part not in totals:
            continue
        t = totals[part]
        if t.max_points == 0:
            kept.append(f"Part {part} has 0 points, so it cannot lose any")
        elif round(t.points, 2) < t.max_points:
            lost.append(f"{part} ({t.points:g}/{t.max_points:g})")
        else:
            caught = [c for c in results["tests"] if c["extra_data"].get("part") == part and c["status"] == "failed"]
            why = (f"the checks that catch it ({', '.join(c['extra_data']['check'] for c in caught)}) are worth "
                   f"0 points" if caught else "no check of the Part catches it")
            kept.append(f"it keeps every point of Part {part}: {why}")
    wrong = []
    for part in expected.get("keep", []):
        if part in totals and round(totals[part].points, 2) < totals[part].max_points:
            failed = [t for t in results["tests"] if t["extra_data"].get("part") == part and t["status"] == "failed"
                      and t["max_score"] > 0]
            why = "; ".join(f"{t['extra_data']['check']}: {first_line(t)[:140]}" for t in failed[:2])
            wrong.append(f"it loses points in Part {part}, which its mistake does not touch ({totals[part].points:g}/"
                         f"{totals[part].max_points:g}: {why})")
    most = round(sum(t["max_score"] for t in results["tests"]), 2)
    unjudged = [f"Part {p} {totals[p].points:g}/{totals[p].max_points:g}" for p in totals
                if p not in expected.get("lose", []) + expected.get("keep", [])]
    aside = f" (it is not judged on {', '.join(unjudged)}: not its files)" if unjudged else ""
    if kept or wrong:
        report.fail(f"buggy/{name} ({expected['mistake'][:80]}…): " + "; ".join(kept + wrong))
    else:
        report.ok(f"buggy/{name} loses points in Part {', '.join(lost)} only: {results['score']:g} / {most:g}{aside}")


def run_starter(config, starter, python, scratch):
    """The starter's ``make test`` on the reference (its grader, ``--visible-only``): its results.json, or the end
    of what it said on stderr when it wrote none."""
    out = os.path.join(scratch, "starter-results.json")
    kit = os.path.join(scratch, "starter-reference")
    upload(kit, reference_upload(graded_parts(config)))
    env = {k: v for k, v in os.environ.items() if k != "XO_CONFIG"}
    done = subprocess.run([python, "-m", "grader", "grade", kit, "--visible-only", "--quiet", "--results", out],
                          cwd=starter, env=env, capture_output=True, text=True, timeout=1800)
    if not os.path.exists(out):
        return done.stderr[-500:]
    with open(out, encoding="utf-8") as f:
        return json.load(f)


def judge_starter(report, config, starter, results, autograder_results):
    """The starter's claims, on the reference (``results``: ``run_starter``'s): its make test runs the checks
    Gradescope shows in full, passes them all with its own fixtures, ships no other check's positions, and says
    how many points the rest hold."""
    public = public_checks(config)
    if isinstance(results, str):
        report.fail(f"the starter's grader wrote no results: {results}")
        return
    ran = {t["extra_data"]["check"] for t in results["tests"]}
    shown = {t["extra_data"]["check"] for t in autograder_results["tests"]
             if t["visibility"] == "visible" and not t["extra_data"].get("details") and t["name"] != "Integrity"}
    if ran != public or ran != shown:
        report.fail(f"the starter's make test runs {sorted(ran ^ shown)} differently from what Gradescope shows "
                    f"in full")
    else:
        report.ok(f"the starter's make test runs exactly the {len(ran)} checks Gradescope shows in full")
    failed = [t for t in results["tests"] if t["status"] != "passed"]
    if failed:
        report.fail("the starter's make test fails the reference (its fixtures miss what a public check needs?): "
                    + "; ".join(f"{t['extra_data']['check']}: {first_line(t)}" for t in failed[:5]))
    else:
        report.ok(f"the starter's make test gives the reference all {results['score']:g} of its points")
    held = round(sum(t["max_score"] for t in results["tests"]), 2)
    total = round(sum(t["max_score"] for t in autograder_results["tests"]), 2)
    said = [p.strip("*") for p in results["output"].split("\n\n") if p.startswith("**These checks hold")]
    claim = f"These checks hold all {total:g} points." if held == total else \
        f"These checks hold {held:g} of the {total:g} points; "
    if not said or not said[0].startswith(claim):
        report.fail(f"the starter says {said[0] if said else 'nothing'!r}, but its checks hold {held:g} of the "
                    f"{total:g} points Gradescope grades")
    else:
        report.ok(f"the starter says the truth: {said[0]}")
    with open(os.path.join(starter, "grader", "fixtures", "positions.json"), encoding="utf-8") as f:
        shipped = json.load(f)["positions"]
    leaked = sorted(group for group, users in fixture_users().items() if group in shipped and not users & public)
    if leaked:
        report.fail(f"the starter carries positions only non-public checks use: {leaked}")
    else:
        report.ok("the starter carries the positions of public checks only")


def judge_platforms(report, config):
    """Hold ``config``'s limits to each platform's (``platforms.findings``): say what to set, and which platform
    cannot grade under it.  Returns the platforms that can."""
    found = platforms.findings(config["limits"])
    able = []
    for name in ("Gradescope", "PrairieLearn"):
        mine = [f for f in found if f.platform == name]
        cannot = [f for f in mine if f.kind == "cannot"]
        for finding in cannot:
            report.cannot(f"{name}: {finding.text}")
        for finding in mine:
            if finding.kind == "set":
                report.set(f"{name}: {finding.text}")
        if not cannot:
            able.append(name)
            if not mine:
                report.ok(f"{name}: this configuration keeps to its limits as they are by default")
    limit = platforms.PL_RESULTS_BYTES
    report.ok(f"PrairieLearn: results.json is cut to {limit:,} bytes (\"{platforms.PL_RESULTS_QUOTE}\"); "
              f"Gradescope documents no limit (the sizes of this check's results.json are printed below)")
    return able


def rendered_handout():
    """Render the handout and the instructors' notes for the configuration in force into build/handout/
    (``handout/build.py --html-only``: nothing tracked is rewritten); None when done, else what went wrong."""
    handout = os.path.join(TOP, "handout", "build.py")
    if not os.path.exists(handout):
        return None
    done = subprocess.run([sys.executable, handout, "--html-only"], capture_output=True, text=True, timeout=900)
    return done.stderr.strip()[-1000:] if done.returncode else None


def main(argv=None):
    parser = argparse.ArgumentParser(prog="make check", description=__doc__.splitlines()[0])
    parser.add_argument("--python", default=sys.executable, help="the interpreter run_autograder uses")
    parser.add_argument("--jobs", type=int, default=2, help="gradings at once (default 2)")
    parser.add_argument("--dist", default=build.DIST, help="where to build the zips and the PrairieLearn folder "
                                                           "(default: dist/)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    print(f"make check: {shown(default_path())}")
    try:
        config = load()
    except ConfigError as error:
        for line in error.problems:
            print(f"  FAIL  {line}")
        print("make check: FAILED: the configuration has the problems above; nothing was built")
        return 1
    print("\nEffective points and visibility:\n")
    print(points_table(config))
    for line in visibility_warnings(config):
        print(f"\n  warning: {line}")
    edits = changes(config)
    print("\nChanged from the kit's shipped configuration: " + ("nothing" if not edits else ""))
    for line in edits:
        print(f"  {line}")

    report = Report()
    print("\nThe platforms' own limits:")
    able = judge_platforms(report, config)
    made = {"autograder": os.path.join(args.dist, "autograder.zip"), "starter": os.path.join(args.dist, "starter.zip"),
            "prairielearn": os.path.join(args.dist, "prairielearn")}
    for platform, built in (("Gradescope", made["autograder"]), ("PrairieLearn", made["prairielearn"])):
        if platform not in able and os.path.exists(built):      # made for another configuration: never upload it
            if os.path.isdir(built):
                shutil.rmtree(built)
            else:
                os.remove(built)
            print(f"  removed {os.path.relpath(built)}, built for another configuration: {platform} cannot grade "
                  f"under this one")
    if not able:
        print(f"\nmake check: FAILED: neither Gradescope nor PrairieLearn can grade under this configuration "
              f"(see above); nothing was built")
        return 1
    print()
    graded = graded_parts(config)
    buggy = BUGGY + (BUGGY_PART6 if "VI" in graded else ())
    wanted = expectations()
    with tempfile.TemporaryDirectory(prefix="xo-check-") as scratch, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool, \
            concurrent.futures.ThreadPoolExecutor(1) as aside:
        handout = aside.submit(rendered_handout)         # beside the gradings: it needs no zip
        autograder_zip, starter_zip = build.build_autograder(made["autograder"]), build.build_starter(made["starter"])
        built = [os.path.relpath(autograder_zip), os.path.relpath(starter_zip)]
        if "PrairieLearn" in able:
            built.append(os.path.relpath(build.build_prairielearn(made["prairielearn"])) + "/")
        report.ok(f"built {', '.join(built)}")
        os.chmod(scratch, 0o755)         # run_autograder's sandbox user reads the stage it is given, not this
        source, starter = os.path.join(scratch, "source"), os.path.join(scratch, "starter")
        with zipfile.ZipFile(autograder_zip) as z:
            z.extractall(source)
        with zipfile.ZipFile(starter_zip) as z:
            z.extractall(scratch)
        os.rename(os.path.join(scratch, build.STARTER_FOLDER), starter)
        for name in ("run_autograder", "setup.sh"):
            os.chmod(os.path.join(source, name), 0o755)
        jobs = {"reference": reference_upload(graded), **{n: submission_files(os.path.join(CORPUS, "buggy", n)) for n in buggy}}
        print(f"Grading the reference and {len(buggy)} buggy submissions through run_autograder, and the reference "
              f"with the starter's make test ({args.jobs} at a time)…", flush=True)
        futures = {name: pool.submit(run_autograder, source, files, scratch, args.python)
                   for name, files in jobs.items()}
        starter_run = pool.submit(run_starter, config, starter, args.python, scratch)
        results = {name: future.result() for name, future in futures.items()}
        judge_reference(report, results["reference"])
        for name in buggy:
            judge_buggy(report, name, wanted[name], results[name], graded)
        judge_starter(report, config, starter, starter_run.result(), results["reference"])
        problem = handout.result()
        if problem:
            report.fail(f"handout/build.py failed: {problem}")
        else:
            report.ok("the handout and the instructors' notes for this configuration: build/handout/handout.html, "
                      "build/handout/INSTRUCTORS.html")
    times = ", ".join(f"{name} {r.get('execution_time', 0):.0f} s" for name, r in results.items())
    largest = max(len(json.dumps(r, indent=2, ensure_ascii=False).encode("utf-8")) for r in results.values())
    print(f"\nEach grading's time, as results.json says it (on this machine, {args.jobs} at a time): {times}; the "
          f"largest results.json: {largest:,} bytes.")
    seconds = time.monotonic() - started
    if report.failures:
        print(f"\nmake check: FAILED ({len(report.failures)} problem(s), {seconds:.0f} s): see FAIL above")
        return 1
    where = " for Gradescope only, PrairieLearn cannot grade under it (see above)" if able == ["Gradescope"] else ""
    upload_line = f"upload {os.path.relpath(made['autograder'])}" + (
        f" or {os.path.relpath(made['prairielearn'])}/" if "PrairieLearn" in able else "")
    print(f"\nmake check: all holds under this configuration{where}; {seconds:.0f} s. Then {upload_line} and hand "
          f"out {os.path.relpath(made['starter'])}" + ("; set on the platforms what `set` says above" if report.settings
                                                       else "") + ".")
    return 0


if __name__ == "__main__":
    sys.exit(main())
