"""What a student reads under one check (``feedback``): the failure's message, board, expected and actual values,
details and hint, or what a check withheld, blocked or not run says instead; cut to a length every platform
takes (``bounded``).  Gradescope's and PrairieLearn's renderers and the console all read it."""

from ..grading.verdict import Status
from ..text.markdown import cited, code, render

WITHHELD_FAILED = ("This check failed. Its details (the positions, the expected answers) are withheld, because results "
                   "come back with every later submission; your instructor can show you where your program differs.")
"""What a failed check with its details withheld says first (``Verdict.withheld``: its [visibility] is not
"visible"): earlier results.json files reach student code in Gradescope's submission_metadata.json, so such a
check's feedback carries no position and no expected answer, only counts and the handout's rules
(``withheld_feedback``)."""


def withheld_feedback(verdict, about):
    """A withheld failure: how many answers differ and which of the handout's rules, if one, explains them all
    (``grader.game.rules.Tally``), naming the visible checks that test the same rules where there are some; or, for a
    failure that is no count of answers (a crash, a time limit), the passage the check enforces (``about``:
    each check's ``grading.verdict.About``)."""
    failure = verdict.failure
    if failure is not None and failure.tally is not None:
        return f"{WITHHELD_FAILED}\n\n{failure.tally.markdown(verdict.covered)}{credit_note(verdict)}"
    section, phrase = about[verdict.check].cites
    told = [f"It checks what the handout says in {cited(section, phrase)}."]
    if failure is not None and failure.withheld:
        told.insert(0, failure.withheld)
    return f"{WITHHELD_FAILED}\n\n" + " ".join(told)


def feedback(verdict, about):
    """The Markdown a student reads under one check (``about``: each check's ``grading.verdict.About``, for the
    passage it cites and the checks it waits for)."""
    if verdict.told is not None:
        return verdict.told
    if verdict.withheld:
        return withheld_feedback(verdict, about)
    if verdict.status is Status.NOT_RUN:
        return (f"Not run: grading has a time limit of {verdict.out_of_time:g} s in all, and the checks "
                f"above used it up (look for the ones that did not finish in time). Make those faster and "
                f"this check will run.")
    if verdict.status is Status.BLOCKED:
        names = "; ".join(f"“{about[d].sentence}” ({about[d].number})" for d in verdict.waits_for)
        return f"Can't check until this passes: {names}."
    if verdict.status is Status.PASSED or verdict.failure is None:
        text = verdict.note or ""
    else:
        failure = verdict.failure
        text = render(failure.message, board=failure.board, expected=failure.expected, actual=failure.actual,
                      help=failure.hint, extra=failure.extra, section=failure.section)
    if verdict.printed:
        text += "\n\nYour code printed (head and tail):\n\n" + code(verdict.printed)
    return text + credit_note(verdict)


def credit_note(verdict):
    """What a failed check earned for the answers it counts right ([grading] partial_credit), or ""."""
    tally = verdict.failure.tally if verdict.failure is not None else None
    if verdict.passed or not verdict.points or tally is None:
        return ""
    right = tally.total - tally.differ
    return (f"\n\nPartial credit: {verdict.points:g} of {verdict.max_points:g} points, for the {right:,} of "
            f"{tally.total:,} {tally.what} of this check answered right.")


OUTPUT_LIMIT = 60_000
"""Characters of one check's feedback at most: whatever a submission makes the grader report, results.json
stays small enough for Gradescope (the longest real feedback, a table of scores and a traceback, is a few
thousand)."""


def bounded(text, limit=OUTPUT_LIMIT):
    """``text``, cut to ``limit`` characters with a note saying so.

    >>> print(bounded("x" * 10, limit=4))
    xxxx
    <BLANKLINE>
    … (6 more characters not shown)
    """
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n\n… ({len(text) - limit:,} more characters not shown)"
