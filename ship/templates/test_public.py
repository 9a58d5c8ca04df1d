"""The public checks: what Gradescope shows you at once, run here against xo/.

This runs the course's grader exactly as Gradescope does, but only its
*public* checks (``--visible-only``): the others run on Gradescope, after you
upload (the grader's report says how many points they hold).  It prints the
same per-Part summary Gradescope shows and writes each check's full feedback
to ``build/feedback.md``.
"""

import json
import os
import subprocess
import sys

import pytest

KIT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(KIT, "build")
RESULTS = os.path.join(BUILD, "results.json")
FEEDBACK = os.path.join(BUILD, "feedback.md")
SOLUTION = os.path.join(KIT, "xo")


def feedback(results):
    """Markdown of what Gradescope shows: the overview, then every check with its output."""
    parts = ["# Public checks\n", results["output"], ""]
    for test in results["tests"]:
        mark = "passed" if test["status"] == "passed" else "FAILED"
        parts += [f"## {test['number']} {test['name']} -- {mark} ({test['score']:g} / {test['max_score']:g})", ""]
        if test["output"].strip():
            parts += [test["output"].strip(), ""]
    return "\n".join(parts) + "\n"


def test_public_checks():
    if os.path.exists(RESULTS):
        os.remove(RESULTS)
    print()
    chosen = [f"--{option}={os.environ[variable]}" for option, variable in (("part", "XO_PART"), ("check", "XO_CHECK"))
              if os.environ.get(variable, "").strip()]          # make test PART=III, make test CHECK=3.7
    grader = subprocess.Popen([sys.executable, "-m", "grader", "grade", SOLUTION, "--results", RESULTS,
                               "--visible-only", *chosen], cwd=KIT, stdout=subprocess.PIPE, text=True, bufsize=1)
    echo = True
    for line in grader.stdout:            # the progress, check by check; the summary is printed below
        echo = echo and not line.startswith("Part I ")
        if echo:
            print(line, end="", flush=True)
    returncode = grader.wait()
    if not os.path.exists(RESULTS):
        if chosen and returncode == 2:   # a PART or CHECK that names nothing this kit runs: the grader said why
            pytest.fail("Nothing was graded: see the grader's message above about "
                        + " and ".join(chosen).replace("--part=", "PART=").replace("--check=", "CHECK=")
                        + ". `make test` alone runs every public check.", pytrace=False)
        pytest.fail(f"The grader did not finish (exit status {returncode}); see its messages above.",
                    pytrace=False)
    with open(RESULTS, encoding="utf-8") as f:
        results = json.load(f)
    with open(FEEDBACK, "w", encoding="utf-8") as f:
        f.write(feedback(results))

    sys.path.insert(0, KIT)
    from grader.grading.run import about
    from grader.grading.verdict import Grading
    from grader.render.console import console
    most = round(sum(t["max_score"] for t in results["tests"]), 2)      # sums of 0.01 points, without float dust
    summary = console(Grading.from_results(results, about=about()))
    if not results["tests"] or round(results["score"], 2) < most:
        pytest.fail(f"Public checks: {results['score']:.2f} of {most:g} points.\n\n{summary}\n\n"
                    f"What each failed check says, as Gradescope shows it: {os.path.relpath(FEEDBACK)}",
                    pytrace=False)
    held = [p.strip("*") for p in results["output"].split("\n\n") if p.startswith("**These checks hold")]
    if chosen:                           # only some checks ran: say so, not that every public check passes
        print(f"\n{summary}\n\nEvery check you asked for passes ({results['score']:.2f} of {most:g} points); the "
              f"other public checks were not run: `make test` alone runs them all.")
        return
    unweighted = [f"{t['number']} ({t['name']})" for t in results["tests"] if t["status"] == "failed"]
    if unweighted:                       # failed, but worth no points in this course (clean room, round ten)
        print(f"\n{summary}\n\nEvery public check that carries points passes ({results['score']:.2f} of {most:g} "
              f"points), but {len(unweighted)} check(s) worth no points in this course failed: "
              f"{'; '.join(unweighted)}. See {os.path.relpath(FEEDBACK)}. " + (held[0] if held else ""))
        return
    print(f"\n{summary}\n\nAll public checks pass: {results['score']:.2f} of {most:g} points. "
          + (held[0] if held else ""))
