"""The condition of the checks that watch *how* the student's code works from inside its own process (the
search's trace, 3.9-3.11 and Part VI's breadth-first check; the Deque's timing, 3.7): the student's files keep
to the language's ordinary rules.

Whatever those checks record lives in the process the student's code runs in.  The sandbox's audit hook
refuses the plain routes to it at run time (frames, the garbage collector's objects: ``sandbox/guard.py``), but
not every route can be refused there: a function's closure, for one, is read with no audit event at all (red
team, round ten: the trace reached through the closure of the Deque's own wrapped methods, and through a
traceback's frames; the timing run's digest written through its frame).  Those routes are what the Integrity
scan finds, in every spelling it knows (``submission/integrity.py``), and no correct submission of any corpus
has a finding.  So a submission the scan finds reaching past its own code earns none of these checks, and
each says which line, as the handout's Part III says it will: a forged record then gains nothing over the
honest program it hides."""

from ..submission.integrity import scan
from ..submission.reaching import CODE, DYNAMIC, NATIVE, OBJECTS, PATCH, STACK, UNORDINARY
from ..text.markdown import cited, code
from .framework import Fail

PASSAGE = "these checks trust only code that keeps to the language's ordinary rules"
"""The handout's sentence (Part III) that the gate enforces, word for word."""


REACHING = (STACK, OBJECTS, CODE, NATIVE, DYNAMIC, PATCH, UNORDINARY, "with a computed or private name",
            "passed around or renamed")
"""What a finding says when it reaches past the student's own code into the interpreter's or the grader's objects:
the findings the gate counts.  A path in a string, a file opened for writing, a process, a socket or a raw
descriptor is the sandbox's business, not these checks' (red team, round eleven: a docstring naming "the
grader" beside a "/", and debugging code that opens a log, are honest code)."""


def reaching_findings(ctx):
    """The Integrity findings of the student's files that reach past its own code (``REACHING``).  Scanned once
    per grading."""
    derived = ctx.observations.derived
    if "reaching" not in derived:
        files = dict(getattr(ctx.located, "files", None) or {})
        derived["reaching"] = [f for f in scan(files) if not f.problem and any(r in f.what for r in REACHING)]
    return derived["reaching"]


def require_plain_code(ctx, what):
    """Fail the check (``what`` it watches, in words) when the student's files reach past their own code."""
    found = reaching_findings(ctx)
    if not found:
        return
    listing = "\n".join(f"{f.file} line {f.line}: {f.what}" for f in found[:12])
    more = f"\n… and {len(found) - 12} more" if len(found) > 12 else ""
    raise Fail(f"This check watches {what} from inside your program's own process, so it trusts only code that "
               f"keeps to the language's ordinary rules, and your files do what no Project 5 submission needs "
               f"({len(found)} place(s)): what it saw cannot be told from a record your code wrote itself.",
               extra=code(listing + more), section=cited("Part III", PASSAGE),
               help="Remove what these lines do (reading frames, closures, code or the garbage collector's objects, "
                    "running code built at run time): nothing the assignment asks for needs it")
