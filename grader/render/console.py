"""The console's report of a grading: per Part, its points and checks, each failed check named with the first
line of its feedback, as a terminal shows it (no Markdown), then the total and the Integrity line.

A grading of chosen checks (``--part``, ``--check``, the starter's public ones) reports the Parts it ran, each
saying how many of its checks ran, and a total of those: never a Part it did not run as "0.00 / 0"."""

from collections import Counter

from .. import PART_TITLES
from ..grading.verdict import Status
from ..text.markdown import unmarked
from .feedback import feedback


def console(grading):
    """A person's summary of ``grading``: per Part, failed checks named with their first line."""
    about = grading.about
    lines = []
    totals = grading.totals()
    registered = Counter(a.part for a in about.values())       # every check of each Part, run or not
    some = False                         # whether only some checks of the Parts graded ran
    for part, t in totals.items():
        if not t.checks:                 # none of its checks ran (--part, --check): nothing of it to say
            some = True
            continue
        of = registered.get(part, t.checks)
        some = some or t.checks < of
        ran = f" ({t.checks} of its {of} run)" if t.checks < of else ""
        lines.append(f"Part {part:<3} {PART_TITLES[part]:<40} {t.points:6.2f} / {t.max_points:<5g} "
                     f"{t.passed}/{t.checks} checks{ran}")
        blocked = {}                     # the checks they wait for -> how many
        for verdict in grading.verdicts:
            if verdict.part != part or verdict.passed:
                continue
            if verdict.status in (Status.BLOCKED, Status.NOT_RUN):
                blocked[verdict.waits_for] = blocked.get(verdict.waits_for, 0) + 1
                continue
            text = feedback(verdict, about).strip()
            first = unmarked(text.splitlines()[0]) if text else ""       # a terminal shows no Markdown
            lines.append(f"   x {verdict.number} {verdict.check}: {first}")
        for waits, count in blocked.items():
            if waits:
                named = " and ".join(f"{about[w].number if w in about else '?'} {w} (Part "
                                     f"{about[w].part if w in about else '?'})" for w in waits)
                lines.append(f"   - {count} more check(s) could not run until {named} "
                             f"{'pass' if len(waits) > 1 else 'passes'}")
            else:
                lines.append(f"   - {count} more check(s) were not run: the time for the whole grading was spent")
    most = sum(v.max_points for v in grading.verdicts)
    lines.append(f"{'Total':<49} {grading.score:6.2f} / {most:g}"      # under the Parts' points
                 + (" (of the checks run)" if some else ""))
    if grading.integrity_scanned:
        findings = grading.integrity
        lines.append(f"Integrity: {len(findings)} finding(s)" if findings else "Integrity: no finding")
        lines += [f"   ! {f if isinstance(f, str) else repr(f)}" for f in findings]
        lines += [f"   not scanned: {p if isinstance(p, str) else repr(p)}" for p in grading.problems]
    return "\n".join(lines)
