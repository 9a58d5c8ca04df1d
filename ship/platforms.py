"""What Gradescope and PrairieLearn allow, each figure quoted from the platform's own document, and a
configuration held to them: ``findings`` (what ``make check`` reports and ``make autograder`` and ``make
prairielearn`` refuse) and ``gradescope_settings`` (what the instructors' notes and ``make check`` say to set on
Gradescope for this configuration).

The figures are the platforms'; the two margins below are the kit's own.
"""

import math
from dataclasses import dataclass

from grader.render.prairielearn import LIMIT as PL_RESULTS_BYTES  # noqa: F401  (one place: the renderer's)

GRADESCOPE_DOCUMENT = "https://gradescope-autograders.readthedocs.io/en/latest/troubleshooting/"
"""Gradescope's autograder documentation, "Troubleshooting": the source of its figures below."""
GRADESCOPE_MEMORY_MB = 768
GRADESCOPE_MEMORY_QUOTE = ("Our default memory limit is 768MB, but you can increase this from the 'Autograder "
                           "Settings' section of the settings for your assignment.")
"""(Its inner double quotes made single, as the kit quotes a quotation inside a quotation.)"""
GRADESCOPE_TIMEOUT_MINUTES = 10
GRADESCOPE_TIMEOUT_QUOTE = "We have a default overall timeout of 10 minutes."
GRADESCOPE_TIMEOUT_MAX_MINUTES = 40
GRADESCOPE_TIMEOUT_MAX_QUOTE = ("You can increase the timeout for your assignment on the assignment's settings page, "
                                "up to a maximum of 40 minutes.")
GRADESCOPE_CPU = "1/2 of a virtual CPU"
GRADESCOPE_CPU_QUOTE = "By default, each autograder is allocated 1/2 of a virtual CPU"

PL_DOCUMENT = "docs/externalGrading.md"
"""PrairieLearn's external grading documentation (in its repository): the source of its figures below."""
PL_TIMEOUT_MAX = 600
PL_TIMEOUT_QUOTE = "cannot exceed 600 seconds (10 minutes)"
PL_RESULTS_QUOTE = "this file should be limited to 1 MB"
PL_MEMORY_MIB = 2048
PL_MEMORY_SOURCE = ("the grader host's `graderDockerMemory`, default 2147483648 bytes "
                    "(docs/assets/config-grader-host.schema.json); a PrairieLearn server may set another")
"""A job's container memory on PrairieLearn's grader hosts unless the server's administrators set another."""

MARGIN_SECONDS = 60
"""The kit's own: seconds between ``[limits] total`` and the platform's timeout, for starting the interpreter,
reading the submission and writing results.json after the last check."""
GRADER_MIB = 256
"""The kit's own: MiB the grader needs beside the student's process (``[limits] memory_mib``), so that it always
survives to write results.json; the shipped 512 MiB and Gradescope's 768 MB leave exactly this."""


@dataclass(frozen=True)
class Finding:
    """One thing a platform says of the configuration: ``cannot`` (no setting of the platform makes it work:
    students would get nothing) or ``set`` (a setting to make on the platform, ``text`` says which)."""
    platform: str
    kind: str
    text: str


@dataclass(frozen=True)
class GradescopeSettings:
    """What to set on Gradescope for a configuration: the autograder timeout (minutes) and the container's
    memory (MB), never below Gradescope's defaults; ``possible``: whether the timeout fits its maximum."""
    timeout_minutes: int
    memory_mb: int
    possible: bool


def gradescope_settings(limits):
    """The Gradescope settings ``limits`` (a configuration's ``[limits]``) needs.

    >>> gradescope_settings({"total": 510, "memory_mib": 512})
    GradescopeSettings(timeout_minutes=10, memory_mb=768, possible=True)
    >>> gradescope_settings({"total": 900, "memory_mib": 1024})
    GradescopeSettings(timeout_minutes=16, memory_mb=1280, possible=True)
    """
    minutes = max(GRADESCOPE_TIMEOUT_MINUTES, math.ceil((limits["total"] + MARGIN_SECONDS) / 60))
    memory = max(GRADESCOPE_MEMORY_MB, limits["memory_mib"] + GRADER_MIB)
    return GradescopeSettings(minutes, memory, minutes <= GRADESCOPE_TIMEOUT_MAX_MINUTES)


def pl_possible(limits):
    """Whether PrairieLearn's largest job timeout leaves ``[limits] total`` its margin."""
    return limits["total"] + MARGIN_SECONDS <= PL_TIMEOUT_MAX


def findings(limits):
    """What each platform says of ``limits`` (a configuration's ``[limits]``): ``Finding``s, none for the
    shipped configuration.

    >>> [f.kind for f in findings({"total": 510, "memory_mib": 512})]
    []
    >>> [(f.platform, f.kind) for f in findings({"total": 5000, "memory_mib": 4096})]
    [('Gradescope', 'cannot'), ('Gradescope', 'set'), ('PrairieLearn', 'cannot'), ('PrairieLearn', 'set')]
    """
    total, memory = limits["total"], limits["memory_mib"]
    gradescope = gradescope_settings(limits)
    found = []
    if not gradescope.possible:
        most = GRADESCOPE_TIMEOUT_MAX_MINUTES * 60 - MARGIN_SECONDS
        found.append(Finding("Gradescope", "cannot",
                             f"[limits] total = {total:g} s does not leave a minute under Gradescope's largest "
                             f"autograder timeout, {GRADESCOPE_TIMEOUT_MAX_MINUTES} minutes "
                             f"(\"{GRADESCOPE_TIMEOUT_MAX_QUOTE}\"): "
                             f"Gradescope would stop the grading before results.json is written, and students would "
                             f"get 0 and see nothing. Make it at most {most} s."))
    elif gradescope.timeout_minutes > GRADESCOPE_TIMEOUT_MINUTES:
        found.append(Finding("Gradescope", "set",
                             f"set the assignment's autograder timeout (Settings) to {gradescope.timeout_minutes} "
                             f"minutes or more: [limits] total = {total:g} s needs a minute above it, and "
                             f"Gradescope's default is {GRADESCOPE_TIMEOUT_MINUTES} (\"{GRADESCOPE_TIMEOUT_QUOTE}\")."))
    if gradescope.memory_mb > GRADESCOPE_MEMORY_MB:
        found.append(Finding("Gradescope", "set",
                             f"raise the container's memory (Autograder Settings) to {gradescope.memory_mb} MB or "
                             f"more: [limits] memory_mib = {memory:g} for the student's process and {GRADER_MIB} for "
                             f"the grader beside it (\"{GRADESCOPE_MEMORY_QUOTE}\"); below that, the kernel can kill a "
                             f"student process before it reaches its limit (student processes go first, the "
                             f"grader is spared), and the check then says it ran out of memory."))
    if not pl_possible(limits):
        found.append(Finding("PrairieLearn", "cannot",
                             f"[limits] total = {total:g} s does not leave a minute under PrairieLearn's largest job "
                             f"timeout, {PL_TIMEOUT_MAX} s (\"{PL_TIMEOUT_QUOTE}\", {PL_DOCUMENT}): the job would be "
                             f"killed before results.json is written, and the student would get nothing. Make it at "
                             f"most {PL_TIMEOUT_MAX - MARGIN_SECONDS} s to grade on PrairieLearn "
                             f"(`make prairielearn` refuses to build until then)."))
    if memory + GRADER_MIB > PL_MEMORY_MIB:
        found.append(Finding("PrairieLearn", "set",
                             f"[limits] memory_mib = {memory:g} and {GRADER_MIB} MiB for the grader beside it exceed "
                             f"the {PL_MEMORY_MIB} MiB a grading job's container gets on PrairieLearn "
                             f"({PL_MEMORY_SOURCE}): "
                             f"ask the server's administrators for {memory + GRADER_MIB} MiB or more, or lower "
                             f"memory_mib."))
    return found
