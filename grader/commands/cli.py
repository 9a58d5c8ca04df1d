"""The grader's command line: ``python -m grader COMMAND …``.

Commands: ``grade`` (one submission → results.json), ``play`` (a game against
the submission's AI), ``checks`` (list the checks), ``fixtures`` (regenerate
expected values from the reference).
"""

import argparse
import importlib
import os
import sys

from .. import ROOT
from ..checks.coverage import rule_coverage
from ..checks.framework import CHECKS
from ..game.fixtures import load_fixtures
from ..grading.points import load, markdown_table, validate, visibility_warnings
from ..grading.run import public_checks
from ..grading.selection import SelectionError, select
from ..render.console import console
from ..render.gradescope import nothing_graded, write
from ..sandbox import InProcess
from ..settings.config import ConfigError, default_path, graded_parts, visibility
from .grade import grade
from .play import add_parser as add_play

if os.path.isdir(os.path.join(ROOT, "ta")):     # the TAs' tools, staff only: the Gradescope and starter zips
    from .. import ta                           # leave grader/ta/ out, so their grader has no --reveal,
else:                                           # fixtures, batch... (told by the folder, not by an import,
    ta = None                                   # which an editable install of the kit elsewhere answers)


def _grade(args):

    try:
        config = load(args.config, strict_handout=True if args.strict_handout else None)
        validate(config)
    except ConfigError as error:
        for line in error.problems:      # one line each, every problem at once, no traceback
            print(f"grader: {line}", file=sys.stderr)
        problems = "\n".join(f"- {line}" for line in error.problems)
        message = f"**The autograder is misconfigured, so nothing was graded.** Please tell your instructor.\n\n{problems}"
        if args.format == "prairielearn":                # not the student's doing: no attempt lost
            write({"gradable": False, "format_errors": [], "message": message}, args.results)
        else:
            write(nothing_graded(message), args.results)
        return 0
    for line in visibility_warnings(config):
        print(f"grader: warning: {line}", file=sys.stderr)
    only = None
    if args.visible_only:
        only = public_checks(config)     # the starter kit's `make test`
    selection = None
    if args.part or args.check:
        try:
            selection = select(args.part, args.check, among=_runnable(config, only), why_not=_why_not(config))
        except SelectionError as error:  # nothing graded, nothing written: the earlier results stay
            print(f"grader: {error}", file=sys.stderr)
            return 2
        only = selection.names
    backend = None
    if args.in_process:
        backend = InProcess
    progress = None if args.quiet else (lambda verdict: _progress(verdict, selection))
    if not args.quiet:
        print(f"Grading {args.submission}")
    grading = grade(args.submission, args.results, config, backend=backend, only=only, progress=progress,
                    reveal=getattr(args, "reveal", False), selection=selection, platform=args.format,
                    runnable=_runnable(config, public_checks(config) if args.visible_only else None))
    if not args.quiet:
        print()
        for line in (line for note in grading.notes for line in note.splitlines()):
            if line.startswith("**"):
                print(line.strip("*"))
        print(console(grading))
        print(f"\nresults: {args.results}")
    return 0


def _progress(verdict, selection=None):
    mark = {"passed": "✓", "failed": "✗", "blocked": "-", "not run": "-"}[str(verdict.status)]
    why = selection and selection.why(verdict.check)
    print(f"  {mark} {verdict.number:<5} Part {verdict.part}: {verdict.sentence}  ({verdict.seconds:.1f} s)"
          + (f"  [{why}: it waits for this]" if why else ""), flush=True)


def _runnable(config, only):
    """The checks ``--part`` and ``--check`` may choose from: those of the Parts graded, of ``only`` if given."""
    parts = graded_parts(config)
    return {name for name, check in CHECKS.items() if check.part in parts and (only is None or name in only)}


def _why_not(config):
    """Why a check cannot be chosen here, for the message: a Part not graded, or details students do not see."""
    def why(name):
        part = CHECKS[name].part
        if part not in graded_parts(config):
            return f"Part {part} has no points in config.toml, so it is not graded"
        return (f"it runs only on Gradescope, after you upload (it is \"{visibility(config, name)}\" in "
                f"grader/config.toml; this kit runs the \"visible\" ones)")
    return why


def _checks(args):
    if args.markdown:
        sys.stdout.write(markdown_table())
        return 0
    for check, rules in rule_coverage(load(args.config), load_fixtures()):
        after = f"  [after {', '.join(check.depends)}]" if check.depends else ""
        print(f"{check.number:<5} {check.name:<32} {check.sentence}{after}")
        for spec in check.observes:
            print(f"{'':<5} {'':<32} observes: {spec.describe()}")
        for rule, numbers in rules or ():
            tested = f"tested visibly by {', '.join(numbers)}" if numbers else "NOT TESTED BY ANY VISIBLE CHECK"
            print(f"{'':<5} {'':<32} withheld rule {rule}: {tested}")
    return 0


def _fixtures(args):
    from ..ta.fixtures_build import PATH, build, dumps, write  # here: it imports the reference, xo/, which only
    if args.check:                                             # this command needs
        with open(PATH, encoding="utf-8") as f:
            current = f.read()
        if current != dumps(build()):
            print(f"{PATH} is out of date: run `make fixtures`", file=sys.stderr)
            return 1
        print(f"{PATH} is current")
        return 0
    print(f"wrote {write()}")
    return 0


def parser():
    top = argparse.ArgumentParser(prog="python -m grader", description=__doc__.splitlines()[0])
    commands = top.add_subparsers(dest="command", required=True)

    graded = commands.add_parser("grade", help="grade one submission and write Gradescope's results.json")
    graded.add_argument("submission", help="folder holding deque.py, board.py and game.py (or one folder that does)")
    graded.add_argument("--results", default=os.path.join("build", "results.json"),
                       help="where to write results.json (default: build/results.json)")
    graded.add_argument("--config", default=None, help="configuration file (default: the grader's config.toml)")
    graded.add_argument("--strict-handout", action="store_true",
                       help="accept only the move the handout's Part V rules choose")
    graded.add_argument("--visible-only", action="store_true",
                       help="run only the checks whose details students see (\"visible\" in config.toml) of the Parts "
                            "graded: what the starter kit's `make test` runs")
    graded.add_argument("--part", action="append", default=[], metavar="PART",
                       help="run only the checks of this Part (III, or 3; repeat it or give a comma-separated list), "
                            "and the checks they wait for")
    graded.add_argument("--check", action="append", default=[], metavar="CHECK",
                       help="run only this check (its number, 3.7, or its name; repeat it or give a comma-separated "
                            "list), and the checks it waits for")
    graded.add_argument("--format", choices=("gradescope", "prairielearn"), default="gradescope",
                       help="whose results.json to write (default: gradescope); prairielearn: PrairieLearn's external "
                            "grading results, a missing file making the submission not gradable")
    graded.add_argument("--quiet", action="store_true", help="print nothing; just write results.json")
    graded.add_argument("--in-process", action="store_true",
                       help="run student code inside the grader's process, without isolation "
                            "(for measuring the cost of isolation only; never for grading students)")
    graded.set_defaults(run=_grade)
    add_play(commands)
    staff = ta is not None
    if staff:
        ta.add_staff_options(graded)

    checks = commands.add_parser("checks", help="list every check, Part by Part")
    checks.add_argument("--markdown", action="store_true", help="as the Markdown table of the instructors' notes")
    checks.add_argument("--config", default=None, help="configuration file (default: the grader's config.toml)")
    checks.set_defaults(run=_checks)

    if staff:                                          # built from xo/ by grader/ta: staff only, as above
        fixtures = commands.add_parser("fixtures", help="regenerate the expected values from the reference (xo/)")
        fixtures.add_argument("--check", action="store_true", help="only report whether the file is current")
        fixtures.set_defaults(run=_fixtures)
    for tool in ("batch", "compare", "similarity") if staff else ():   # the TAs' tools (grader/ta/)
        try:
            module = importlib.import_module(f"{ta.__name__}.{tool}")
        except ImportError:              # batch needs the POSIX sandbox (fcntl, pwd): not on Windows
            continue
        module.add_parser(commands)
    return top


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if ta is not None and argv[:2] == ["batch", "merge"]:     # batch's second form: a class's shards joined (a
        from ..ta.shards import main as merge                 # class folder named merge is given as ./merge);
        return merge(argv[2:])                                # imported here, as the other tools are, by need
    args = parser().parse_args(argv)
    if getattr(args, "config", None) is None and args.command == "grade":
        args.config = default_path()
    return args.run(args)
