"""The little framework the checks are written in.

A check is a function of one argument (a ``Context``) whose docstring's first
line is the sentence students see.  It passes by returning and fails by
raising ``Fail`` with a message, the board involved, expected and actual
values and a hint.  ``@check`` declares its Part, the checks it depends on
(reported as "can't check until …" when those fail), and which of the
student's modules it needs.

The Part modules register their checks in ``CHECKS`` as they are imported, which ``grader.checks`` does in
grading order.
"""

import builtins
import math
import time
from dataclasses import dataclass

try:
    from gradescope_utils.autograder_utils.decorators import number
except ImportError:                      # PrairieLearn's image has no gradescope-utils (and no network to get it)
    def number(value):
        """gradescope-utils' ``number``: the check's ordering key, as ``__number__``."""
        def decorator(function):
            function.__number__ = str(value)
            return function
        return decorator

from .. import PARTS
from ..observing import schema
from ..observing.observations import GRADING_BUDGET, Observations, TooLarge
from ..sandbox.child import MEMORY_EXIT
from ..submission.integrity import decode
from ..settings.config import graded_parts
from ..submission.locate import NAMES, OPTIONAL, listed, to_upload
from ..text.markdown import cited, code, inline
from ..text.values import plain

CHECKS = {}
"""Every check by name, in grading order (Part I first)."""


CITED = "the check's own passage"
"""A ``Fail``'s section by default: the passage of the handout its check cites (``@check(cites=...)``)."""


class Fail(Exception):
    """A check's verdict against the student, with everything the feedback shows.  Its hint names the
    handout's ``section``: by default the passage the check cites, ``None`` for none."""

    def __init__(self, message, *, expected=None, actual=None, board=None, help=None, extra=None, section=CITED,
                 tally=None, withheld=None, diagnosis=None):
        super().__init__(message)
        self.diagnosis = diagnosis        # what explains every move the program played (``diagnosis.Diagnosis``)
        self.tally = tally                # how every answer of the check differs, rule by rule (``rules.Tally``)
        self.withheld = withheld          # what went wrong in the grader's own words, with no position and nothing
                                          # the student's code wrote (said when the check's details are withheld)
        self.message = message
        self.expected = expected
        self.actual = actual
        self.board = board
        self.help = help
        self.extra = extra
        self.section = section


@dataclass(frozen=True)
class Probe:
    """An observation a check declares: the probe ``name`` (``probes.PROBES``) run on the student's
    ``modules`` with ``args`` (a dict, or a function of the ``Context`` that makes one), which students read
    about as ``doing`` ("BoardXO()").  The engine observes it once per grading, whichever checks declare it,
    and hands each its events."""
    name: str
    modules: tuple
    args: object = None
    doing: str = ""
    lenient: bool = False              # a run that failed (raised, timed out) gives None, not the check's failure
    with_cpu: bool = False             # the events and the CPU time the run used (see Context.run)
    explain: object = None             # explain(outcome) of a run that timed out: a truer (message, help), or None

    def observe(self, ctx):
        args = self.args(ctx) if callable(self.args) else dict(self.args or {})
        try:
            return ctx.run(self.name, self.modules, args, doing=self.doing, with_cpu=self.with_cpu,
                           explain=self.explain)
        except Fail:
            if self.lenient:
                return None
            raise

    def describe(self):
        return f"{self.name} on {', '.join(self.modules)}"

    groups = ()                        # fixture groups of positions it uses (none)


@dataclass(frozen=True)
class Source:
    """An observation a check declares: the text of the student's file ``module``.py as staged (a regular
    file, read without running it, decoded as Python decodes it)."""
    module: str
    groups = ()

    def observe(self, ctx):
        with open(ctx.sandbox.source(self.module), "rb") as f:
            return decode(f.read())[0]        # as the interpreter reads it: its coding cookie obeyed

    def describe(self):
        return f"the source of {self.module}.py"


class Check:
    """One registered check: its function and what the grader needs to know about it."""

    def __init__(self, function, part, depends, slow, cites, observes=(), rules=None, enforces=()):
        self.function = function
        self.enforces = tuple(enforces)   # the IDs of the handout's rules it tests (``<!-- rule: ID -->``)
        self.rules = rules                # (family, positions): the rules its answers follow (``grader.game.rules``)
        self.name = function.__name__
        self.part = part
        self.depends = tuple(depends)
        self.slow = slow
        self.cites = cites                # (section of the handout, a phrase quoted from it)
        self.observes = observes if isinstance(observes, tuple) else (observes,)
        doc = (function.__doc__ or "").strip()
        self.sentence = doc.splitlines()[0] if doc else self.name
        self.number = None

    def __repr__(self):
        return f"<Check {self.number} {self.name}>"


def check(part, *, cites, enforces, depends=(), slow=False, observes=(), rules=None):
    """Register a check of ``part`` that runs only when every check in ``depends`` passed.

    ``cites`` is the passage of the student handout the check enforces: ``(section, phrase)``, the phrase
    quoted word for word (tests/test_grader.py proves it is in handout/handout.md).  Its feedback names it.
    ``observes``: what the check judges, one or a tuple of observations (``Probe``, ``moves.Played``, ...);
    the check is called with the Context and then what each observed, in that order.
    ``rules``: ``(family, positions)`` for a check that judges answers on positions: the ``grader.game.rules`` family
    of its answers, and a function of a ``Context`` (or ``Fixtures``) giving its positions, in the order judged.
    ``enforces``: the IDs of the handout's rules the check tests, as ``handout.md`` marks them (``<!-- rule: ID -->``;
    ``tests/test_rules_enforced.py`` holds every rule to a check students see, and every check to a rule).
    """
    def decorator(function):
        if part not in PARTS:
            raise ValueError(f"unknown Part: {part!r}")
        section, phrase = cites
        if not (isinstance(section, str) and isinstance(phrase, str) and phrase):
            raise ValueError(f"{function.__name__} must cite a (section, phrase) of the handout, not {cites!r}")
        if isinstance(enforces, str) or not enforces:
            raise ValueError(f"{function.__name__} must name the handout's rules it tests, not {enforces!r}")
        entry = Check(function, part, depends, slow, cites, observes, rules, enforces)
        unknown = [d for d in entry.depends if d not in CHECKS]
        if unknown:
            raise ValueError(f"{entry.name} depends on unknown or later checks: {unknown}")
        if entry.name in CHECKS:
            raise ValueError(f"two checks named {entry.name!r}")
        same_part = sum(1 for c in CHECKS.values() if c.part == part)
        number(f"{PARTS.index(part) + 1}.{same_part + 1}")(function)   # Gradescope's ordering key
        entry.number = function.__number__
        CHECKS[entry.name] = entry
        return function
    return decorator


def with_dependencies(*names):
    """Return the checks ``names`` and every check they depend on, however indirectly: what must run for them to
    run (``grade(only=...)``).

    >>> sorted(with_dependencies("win_fast"))
    ['game_imports', 'optimal_move_plays', 'win_fast']
    """
    todo, found = list(names), set()
    while todo:
        name = todo.pop()
        if name not in found:
            found.add(name)
            todo.extend(CHECKS[name].depends)
    return found


class Context:
    """What a check works with: the sandboxed submission, the fixtures, the configuration."""

    def __init__(self, sandbox, fixtures, config, check, deadline=None, located=None, observations=None, only=None):
        self.observations = observations or Observations(sandbox)     # (tests may leave it to the Context)
        self.sandbox = sandbox
        self.located = located            # the submission's files, and the problems found locating them
        self.deadline = deadline          # time.monotonic() when the whole grading must stop
        self.fixtures = fixtures
        self.config = config
        self.check = check
        self.only = only                  # the checks this grading runs (None: every check of its Parts)
        section, phrase = check.cites
        self.section = cited(section, phrase)       # what the feedback cites
        self.printed = []             # (stdout, stderr) of each run, for the feedback

    @property
    def strict(self):
        return bool(self.config["grading"]["strict_handout"])

    def positions(self, name):
        return self.fixtures["positions"][name]

    def run(self, probe, modules, args=None, *, doing, board_of=None, on_timeout=None, timeout=None, with_cpu=False,
            explain=None, timed_out=False):
        """Run ``probe`` in the sandbox; return its events, or ``Fail`` for a broken run.

        ``doing`` names what the student's code was asked to do ("BoardXO()");
        ``board_of(index)``, when the probe goes through positions, draws the
        board a timeout names (only then: drawing all 9,039 was a quarter of a
        replayed grading's time), and ``on_timeout(index)`` may then
        return a truer ``(message, help)`` for it (a search that never ends,
        say), as ``explain(outcome)`` may for any run that timed out.
        ``timeout`` shortens the check's time limit for this run.
        ``with_cpu``: return the events, the seconds the process took and the
        clock that counted them: "CPU", the CPU time the kernel counted for the
        whole process (its zygote's ``wait4``), or "wall-clock" where none
        could be read.  ``timed_out``: return None for a run stopped at its time
        limit, instead of failing (check 3.7 judges it with the runs that
        finished).
        """
        located = self.located
        missing = [m for m in modules if located is not None and m not in located.files]
        if missing:
            files = to_upload("VI" in graded_parts(self.config))       # what this course's students upload
            raise Fail(" ".join(located.missing_message(m) for m in missing),
                       help=f"Upload exactly {listed(files)}", section=None)
        limits = self.config["limits"]
        timeout = min(timeout or math.inf, limits["slow_timeout"] if self.check.slow else limits["timeout"])
        cut = self.deadline is not None and self.deadline - time.monotonic() < timeout
        if cut:                           # what is left of the whole grading's time
            timeout = max(round(self.deadline - time.monotonic()), 1)
        try:
            outcome = self.observations.run(probe, modules, args or {}, timeout)
        except TooLarge as error:
            raise Fail(f"{doing} sent the grader {error.size / 2**20:.1f} MiB of observations, more than is left of "
                       f"what one grading keeps ({GRADING_BUDGET // 2**20} MiB over all its runs): they were not "
                       f"judged.",
                       section=self.section, help=CHANNEL_HELP,
                       withheld=f"{doing} sent the grader more observations than one grading keeps.") from None
        if outcome.stdout.strip() or outcome.stderr.strip():
            self.printed.append((outcome.stdout, outcome.stderr))
        wrong = schema.problem(probe, args or {}, outcome.events)
        if wrong:
            raise Fail(f"{doing} did not send the grader what it asked for: {wrong}. Its observations were not "
                       f"judged.", section=self.section,
                       help=CHANNEL_HELP,
                       withheld=f"{doing} sent the grader something other than what it asked for.")
        problem = outcome.first("import_error")
        if problem:
            message = import_message(problem["import_error"])
            absent = problem["import_error"].get("missing_module")    # the module Python could not find
            for name in located.missing if located is not None else ():
                if absent in (name, f"xo.{name}"):
                    message = located.missing_message(name) + "\n\n" + message
            raise Fail(message, section="the section on submitting", withheld=f"Importing your files failed while "
                                                                               f"the check ran {doing}.")
        problem = outcome.first("probe_error")
        if problem:
            raise raised_fail(f"{doing}", problem["probe_error"], section=self.section)   # (says withheld too)
        if outcome.status == "timeout" and timed_out:
            return None
        if outcome.status != "done":
            started = [e["start"] for e in outcome.all("start")]
            board = board_of(started[-1]) if board_of and started else None
            message = f"{doing} {outcome.ended_how}"
            if outcome.status == "timeout" and board is not None:
                message = f"{doing} {outcome.ended_how} on the board below"
            if outcome.status == "timeout" and cut:
                message += (f" (only {timeout:.0f} s were left of the {limits['total']:g} s that the whole "
                            f"grading may take)")
            hint = limit_help(outcome, limits, self.check.slow, doing)
            truer = on_timeout(started[-1]) if outcome.status == "timeout" and on_timeout and started else None
            if outcome.status == "timeout" and explain and not truer:
                truer = explain(outcome)
            if truer:
                message, hint = truer
            raise Fail(message + ".", board=board, section=self.section, help=hint,
                       withheld=f"{doing} " + (outcome.ended_how if outcome.status in ("timeout", "garbled") else
                                               "ended its process before it finished (a limit of time or memory, "
                                               "an exit, a crash)") + ", on one of the positions of this check.")
        events = [e for e in outcome.events if not ({"done", "imported", "start"} & e.keys())]
        counted = schema.answers(probe, args, events)    # one answer per item asked, or the run did not really finish
        if counted is not None and counted[0] != counted[1]:
            raise Fail(f"{doing} ended with {counted[0]} answer(s) to the {counted[1]} it was asked for: the run "
                       f"stopped early, or something wrote on the grader's channel.", section=self.section,
                       help="Do not end the process or touch file descriptors you did not open",
                       withheld=f"{doing} ended with fewer answers than it was asked for.")
        for problem in _memory_errors(events):
            problem["limit_mib"] = limits["memory_mib"]
        if with_cpu:
            return (events, outcome.cpu, "CPU") if outcome.cpu is not None else (events, outcome.elapsed, "wall-clock")
        return events


def _memory_errors(events):
    """Every reported exception in ``events`` (in an event or in a dict inside one) that was a MemoryError."""
    for event in events:
        stack = [event]
        while stack:
            value = stack.pop()
            if value.get("memory") is True and "type" in value:
                yield value
            stack += [item for item in value.values() if type(item) is dict]


def import_message(problem):
    """Plain words for a module that could not be imported.  Every field comes from the student's process and
    may be forged: the module is named only if it is one of the three, the place only as inert text."""
    module = problem.get("module") if problem.get("module") in NAMES + OPTIONAL else "one of your files"
    where = problem.get("where") if isinstance(problem.get("where"), dict) else None
    place = ""
    if where:
        line = where.get("line") if type(where.get("line")) is int else "?"
        place = f" ({inline(where.get('file'))}, line {line})"
    name = f"`{module}.py`" if module != "one of your files" else module
    text = f"Importing {name} failed{place}: {problem['type']}: {problem['message']}"
    if where and where.get("text"):
        text += "\n\n" + code(where["text"])
    if problem.get("traceback"):
        text += "\n\nTraceback (your files only):\n\n" + code(problem["traceback"].rstrip())
    return text


def raised_fail(doing, problem, **kwargs):
    """A ``Fail`` for an exception the student's code raised while ``doing`` something."""
    if problem.get("not_implemented"):
        message = withheld = f"{doing} raised NotImplementedError: it is not written yet."
    elif problem.get("memory"):
        limit = f"the {problem['limit_mib']} MiB" if problem.get("limit_mib") else "the memory"
        message = withheld = f"{doing} raised MemoryError: it needed more than {limit} it may use."
    else:
        message = f"{doing} raised {problem['type']}: {problem['message']}"
        kind = problem.get("type")      # named only when it is one of Python's own: the student's code names
        kind = kind if isinstance(kind, str) and isinstance(getattr(builtins, kind, None), type) and \
            issubclass(getattr(builtins, kind), BaseException) else "an exception"   # its classes, and could
        withheld = f"{doing} raised {kind} on one of the positions of this check."     # spell a position in one
    extra = None
    if problem.get("traceback"):
        extra = "Traceback (your files only):\n\n" + code(problem["traceback"].rstrip())
    return Fail(message, extra=extra, withheld=withheld, **kwargs)


CHANNEL_HELP = "Your files should only define classes and functions: do not write to file descriptors you did not open"
"""The hint of a run whose channel carried what the harness never sends, or more than a grading keeps."""


def limit_help(outcome, limits, slow, doing=""):
    """A hint for a run that ended badly, about the limit it hit and nothing else (a search's copies only where
    ``doing`` searched)."""
    if outcome.status == "timeout":
        seconds = limits["slow_timeout"] if slow else limits["timeout"]
        searched = any(word in doing for word in ("makeOptimalMove", "minimax", "makeMinimaxMove"))
        return (f"Each run of your code by a check may take {seconds:g} s. Look for a loop that never ends"
                + (", or a search that copies far more than it needs to" if searched else ""))
    if outcome.status == "garbled":
        return CHANNEL_HELP
    if outcome.returncode == MEMORY_EXIT or outcome.returncode == -9:
        return (f"Your code may use {limits['memory_mib']} MiB of memory. Copy a board's lists with slicing, not "
                f"deepcopy, and keep only the boards the search still needs")
    if outcome.returncode is not None and outcome.returncode >= 0:
        return "Do not call sys.exit() or os._exit() from your files, and do not leave anything running"
    return "Run the same call on your own machine to see where it stops"


def value(result, doing, **kwargs):
    """The plain value of one step's result, or ``Fail`` if the step raised."""
    if "raised" in result:
        raise raised_fail(doing, result["raised"], **kwargs)
    return plain(result["value"])


def fixture_users():
    """Which checks use each group of positions in the fixtures: ``{group: {check name, ...}}``, from what
    each check declares it observes.

    >>> sorted(fixture_users()["every_part4"])
    ['part4_more_positions']
    >>> sorted(fixture_users()["bfs"])
    ['bfs_breadth_first', 'bfs_covers_tree', 'bfs_uses_deque']
    """
    users = {}
    for entry in CHECKS.values():
        for spec in entry.observes:
            for group in spec.groups:
                users.setdefault(group, set()).add(entry.name)
    return users

