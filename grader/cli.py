"""The grader's command line: ``python -m grader COMMAND …``.

Commands: ``grade`` (one submission → results.json), ``play`` (a game against
the submission's AI), ``checks`` (list the checks), ``fixtures`` (regenerate
expected values from the reference).
"""

import argparse
import os
import sys


def _grade(args):
    from .config import ConfigError, load
    from .grade import grade
    from .results import console, nothing_graded, write

    try:
        config = load(args.config, strict_handout=True if args.strict_handout else None)
        from .points import validate
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
    from .points import visibility_warnings
    for line in visibility_warnings(config):
        print(f"grader: warning: {line}", file=sys.stderr)
    only = None
    if args.visible_only:
        from .grade import public_checks
        only = public_checks(config)     # the starter kit's `make test`
    selection = None
    if args.part or args.check:
        from .selection import SelectionError, select
        try:
            selection = select(args.part, args.check, among=_runnable(config, only), why_not=_why_not(config))
        except SelectionError as error:  # nothing graded, nothing written: the earlier results stay
            print(f"grader: {error}", file=sys.stderr)
            return 2
        only = selection.names
    backend = None
    if args.in_process:
        from .sandbox import InProcess
        backend = InProcess
    progress = None if args.quiet else (lambda verdict: _progress(verdict, selection))
    if not args.quiet:
        print(f"Grading {args.submission}")
    grading = grade(args.submission, args.results, config, backend=backend, only=only, progress=progress,
                    reveal=getattr(args, "reveal", False), selection=selection, platform=args.format)
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
    from .checks import CHECKS
    from .points import graded_parts
    parts = graded_parts(config)
    return {name for name, check in CHECKS.items() if check.part in parts and (only is None or name in only)}


def _why_not(config):
    """Why a check cannot be chosen here, for the message: a Part not graded, or details students do not see."""
    from .checks import CHECKS
    from .points import graded_parts, visibility

    def why(name):
        part = CHECKS[name].part
        if part not in graded_parts(config):
            return f"Part {part} has no points in config.toml, so it is not graded"
        return (f"it runs only on Gradescope, after you upload (it is \"{visibility(config, name)}\" in "
                f"grader/config.toml; this kit runs the \"visible\" ones)")
    return why


def _checks(args):
    from .points import markdown_table
    if args.markdown:
        sys.stdout.write(markdown_table())
        return 0
    for check, rules in rule_coverage(args.config):
        after = f"  [after {', '.join(check.depends)}]" if check.depends else ""
        print(f"{check.number:<5} {check.name:<32} {check.sentence}{after}")
        for spec in check.observes:
            print(f"{'':<5} {'':<32} observes: {spec.describe()}")
        for rule, numbers in rules or ():
            tested = f"tested visibly by {', '.join(numbers)}" if numbers else "NOT TESTED BY ANY VISIBLE CHECK"
            print(f"{'':<5} {'':<32} withheld rule {rule}: {tested}")
    return 0


def rule_coverage(path=None):
    """Each check, with, when its details are withheld in the configuration at ``path``, every rule its
    positions test (``grader.rules.exercised``) and the visible checks that test it too: (check, [(rule,
    [numbers])]), or (check, None) where these fixtures do not hold its positions (the starter kit's hold
    only those of the checks it runs, and Part VI's only when it is graded)."""
    from .checks import CHECKS
    from .config import load
    from .grade import load_fixtures
    from .points import visibility
    from .models import forget
    from .rules import coverage, exercised
    config = load(path)
    fixtures = load_fixtures()

    def rules_of(check):
        try:
            return exercised(check, fixtures, config)
        except KeyError:                 # its positions are not in these fixtures
            return None

    visible = {name for name in CHECKS if visibility(config, name) == "visible"}
    try:
        covered = coverage(fixtures, config, {name for name in visible if rules_of(CHECKS[name]) is not None})
        for check in CHECKS.values():
            withheld = [] if check.name in visible else rules_of(check)
            yield check, None if withheld is None else [(rule, covered.get(rule, [])) for rule in withheld]
    finally:
        forget()                         # the rules' move trees (tens of MB), as a grading forgets them


def _fixtures(args):
    from .ta.fixtures_build import PATH, build, dumps, write
    if args.check:
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

    grade = commands.add_parser("grade", help="grade one submission and write Gradescope's results.json")
    grade.add_argument("submission", help="folder holding deque.py, board.py and game.py (or one folder that does)")
    grade.add_argument("--results", default=os.path.join("build", "results.json"),
                       help="where to write results.json (default: build/results.json)")
    grade.add_argument("--config", default=None, help="configuration file (default: the grader's config.toml)")
    grade.add_argument("--strict-handout", action="store_true",
                       help="accept only the move the handout's Part V rules choose")
    grade.add_argument("--visible-only", action="store_true",
                       help="run only the checks whose details students see (\"visible\" in config.toml) of the Parts "
                            "graded: what the starter kit's `make test` runs")
    grade.add_argument("--part", action="append", default=[], metavar="PART",
                       help="run only the checks of this Part (III, or 3; repeat it or give a comma-separated list), "
                            "and the checks they wait for")
    grade.add_argument("--check", action="append", default=[], metavar="CHECK",
                       help="run only this check (its number, 3.7, or its name; repeat it or give a comma-separated "
                            "list), and the checks it waits for")
    grade.add_argument("--format", choices=("gradescope", "prairielearn"), default="gradescope",
                       help="whose results.json to write (default: gradescope); prairielearn: PrairieLearn's external "
                            "grading results, a missing file making the submission not gradable")
    grade.add_argument("--quiet", action="store_true", help="print nothing; just write results.json")
    grade.add_argument("--in-process", action="store_true",
                       help="run student code inside the grader's process, without isolation "
                            "(for measuring the cost of isolation only; never for grading students)")
    grade.set_defaults(run=_grade)
    from .play import add_parser as add_play
    add_play(commands)
    staff = os.path.isdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ta"))
    if staff:
        from .ta import add_staff_options              # staff-only flags: the Gradescope zip leaves grader/ta/
        add_staff_options(grade)                       # out, so its grader has no --reveal at all

    checks = commands.add_parser("checks", help="list every check, Part by Part")
    checks.add_argument("--markdown", action="store_true", help="as the Markdown table of the instructors' notes")
    checks.add_argument("--config", default=None, help="configuration file (default: the grader's config.toml)")
    checks.set_defaults(run=_checks)

    if staff:                                          # built from xo/ by grader/ta: staff only, as above
        fixtures = commands.add_parser("fixtures", help="regenerate the expected values from the reference (xo/)")
        fixtures.add_argument("--check", action="store_true", help="only report whether the file is current")
        fixtures.set_defaults(run=_fixtures)
    for tool in ("batch", "compare", "similarity"):   # the TAs' tools (grader/ta/): not in the shipped zips
        try:
            module = __import__(f"{__package__}.ta.{tool}", fromlist=[tool])
        except ImportError:
            continue
        module.add_parser(commands)
    return top


def main(argv=None):
    args = parser().parse_args(argv)
    if getattr(args, "config", None) is None and args.command == "grade":
        from .config import default_path
        args.config = default_path()
    return args.run(args)
