"""What a grading found, as typed values: one ``Verdict`` per check, gathered in a ``Grading``.

Every output is a renderer of these values and nothing else: Gradescope's
results.json (``grader.render.gradescope``), the console report
(``grader.render.console``), the progress lines of ``python -m grader grade`` and
the gradebook rows of ``batch``.  ``Grading.from_results`` reads a results.json
back into the model: for ``batch``, whose graders are other processes and
whose only word is the results.json each wrote.

>>> v = Verdict("board_empty", "1.2", "I", "A new BoardXO is empty.", Status.PASSED, 1.5, 1.5, "visible")
>>> Grading([v]).score, Grading([v]).totals()["I"].passed
(1.5, 1)
"""

import enum
from dataclasses import dataclass, field

from .. import OPTIONAL_PARTS, PARTS


class Status(str, enum.Enum):
    """How a check ended."""
    PASSED = "passed"
    FAILED = "failed"
    BLOCKED = "blocked"          # a check it depends on did not pass
    NOT_RUN = "not run"          # no time was left of the whole grading's to run it

    def __str__(self):
        return self.value


@dataclass(frozen=True)
class Failure:
    """Why a check failed, as the student reads it: every field but ``message`` is optional.

    ``board`` is drawn already (``feedback.draw``); ``expected`` and ``actual`` are shown as they are;
    ``hint`` is a sentence of advice; ``section`` the passage of the handout the check enforces; ``extra``
    any more detail (a traceback, a table of scores)."""
    message: str
    board: str = None
    expected: object = None
    actual: object = None
    hint: str = None
    section: str = None
    extra: str = None
    tally: object = None         # how every answer differs, rule by rule, no position (``grader.game.rules.Tally``)
    withheld: str = None         # what went wrong, with no position: said when the details are withheld
    diagnosis: object = None     # what explains every move the program played (``grader.game.diagnosis.Diagnosis``)


@dataclass(frozen=True)
class Named:
    """What a failed check's feedback names as the cause of its answers, as data for the staff's tools (``batch``'s
    CSV and class report count students by it): ``rules``, the rules of ``grader.game.rules`` named (several where
    the answers do not tell them apart), with the ``lines`` (indices of ``LINES``) of a "lines" cause; ``own``, the
    check of the student's own function the feedback sends them to first (``winner_lines``, ``winner_full_boards``,
    ``bfs_covers_tree``).  Where no rule is named but moves were diagnosed, ``differ`` of the ``played`` moves
    differ, ``signature`` is a digest of them with their positions and ``sample`` one of them, ``(first, history,
    move)`` (``grader.game.diagnosis.differing``): two students share it exactly when they differ on the same
    positions with the same moves.  Never shown to students: it lives in results.json's ``extra_data``."""
    rules: tuple = ()
    lines: tuple = ()
    own: str = None
    differ: int = 0
    played: int = 0
    signature: str = ""
    sample: tuple = ()

    @classmethod
    def of(cls, failure):
        """What ``failure`` (a ``Failure``) names, from its diagnosis (move checks) or its tally (the other checks
        of many answers); None when it names nothing and diagnosed no moves."""
        diagnosis, tally = getattr(failure, "diagnosis", None), getattr(failure, "tally", None)
        if diagnosis is not None:
            own = ("winner_lines" if diagnosis.your_winner else "winner_full_boards" if diagnosis.your_gameover
                   else "bfs_covers_tree" if diagnosis.search and not diagnosis.causes else None)
            if diagnosis.causes:
                return cls(tuple(diagnosis.causes), tuple(diagnosis.lines), own)
            return cls(own=own, differ=diagnosis.differ, played=diagnosis.played, signature=diagnosis.signature,
                       sample=tuple(diagnosis.sample))
        if tally is not None and tally.named:
            return cls(tuple(tally.named))
        return None

    def extra(self):
        """As results.json's ``extra_data`` holds it (plain JSON)."""
        if self.rules:
            return {"causes": list(self.rules), **({"lines": list(self.lines)} if self.lines else {}),
                    **({"fix_first": self.own} if self.own else {})}
        first, history, move = self.sample or (None, (), None)
        return {"unexplained": {"differ": self.differ, "played": self.played, "signature": self.signature,
                                "sample": {"first": first, "moves": list(history), "played": move}},
                **({"fix_first": self.own} if self.own else {})}

    @classmethod
    def read(cls, extra):
        """The ``Named`` that ``extra()`` wrote into ``extra``, or None.

        >>> named = Named(("lines",), (6,), "winner_lines")
        >>> Named.read(named.extra()) == named, Named.read({"check": "board_empty"})
        (True, None)
        """
        if extra.get("causes"):
            return cls(tuple(extra["causes"]), tuple(extra.get("lines") or ()), extra.get("fix_first"))
        moves = extra.get("unexplained")
        if not moves:
            return None
        sample = moves.get("sample") or {}
        return cls(own=extra.get("fix_first"), differ=int(moves.get("differ", 0)), played=int(moves.get("played", 0)),
                   signature=str(moves.get("signature", "")),
                   sample=(sample.get("first"), tuple(sample.get("moves") or ()), sample.get("played")))


@dataclass(frozen=True)
class About:
    """What the renderers say of a check besides its verdict: its number, Part and sentence, and the passage of
    the handout it cites (``(section, phrase)``): of every check, the checks a blocked one waits for included."""
    number: str
    part: str
    sentence: str
    cites: tuple


@dataclass
class Verdict:
    """One check's result in one grading."""
    check: str                   # the check's name ("board_empty")
    number: str                  # its number ("1.2")
    part: str                    # its Part ("I"), or None for the Integrity report
    sentence: str                # what it tests, as students read it
    status: Status
    points: float
    max_points: float
    visibility: str              # Gradescope's: visible, hidden, after_due_date, after_published
    seconds: float = 0.0
    failure: Failure = None      # why it failed (FAILED, unless the failure is an internal error)
    note: str = ""               # what a passed check has to say, or the whole text of a failure already told
    waits_for: tuple = ()        # BLOCKED: the checks that did not pass
    out_of_time: float = None    # NOT_RUN: the grading's whole time limit (s), which was spent
    printed: str = None          # what the student's code printed on the run that failed
    withheld: bool = False       # a failure of a private check, told without its details
    private: bool = False        # the check's details are never reported (its [visibility] is not "visible")
    told: str = None             # the feedback as a results.json holds it (``Grading.from_results`` only)
    covered: dict = None         # a withheld failure's rules → the visible checks that test them (``rules.coverage``)
    read_named: Named = None     # what its feedback named as the cause (``Grading.from_results`` only: see ``named``)

    @property
    def named(self):
        """What its feedback names as the cause of its answers (a ``Named``), or None."""
        return self.read_named if self.failure is None else Named.of(self.failure)

    @property
    def passed(self):
        return self.status is Status.PASSED


@dataclass(frozen=True)
class PartTotal:
    """One Part's line of the overview."""
    points: float
    max_points: float
    passed: int
    checks: int
    withheld_passed: int         # of the checks whose details are withheld (``Verdict.private``)
    withheld: int


@dataclass
class Grading:
    """Everything one grading found."""
    verdicts: list
    notes: list = field(default_factory=list)       # Markdown paragraphs above the overview
    integrity: list = field(default_factory=list)   # the integrity report's findings, as text (file:line: …)
    integrity_scanned: bool = False                 # whether the report ran (not with ``only``)
    problems: list = field(default_factory=list)    # files the report could not scan (they do not parse): a
                                                    # grading problem, kept apart from the findings
    upload: list = field(default_factory=list)      # what is wrong with the upload, in words (a file missing or
                                                    # misnamed: ``locate.Problem``s, said as the notes say them)
    integrity_seconds: float = 0.0
    integrity_visibility: str = "hidden"            # the Integrity entry's, Gradescope's ([visibility] integrity)
    seconds: float = 0.0
    standings: list = field(default_factory=list)   # the leaderboard's ``Standing`` (one at most), when enabled
    about: dict = field(default_factory=dict)       # every check's ``About``, by name (``grading.run.about``)

    @property
    def score(self):
        return round(sum(v.points for v in self.verdicts), 4)

    def totals(self, verdicts=None):
        """Per Part, a ``PartTotal`` of ``verdicts`` (all of them by default); sums without float dust.  An
        optional Part (VI) is there only when it was graded."""
        totals = {}
        chosen = self.verdicts if verdicts is None else verdicts
        for part in PARTS:
            mine = [v for v in chosen if v.part == part]
            if not mine and part in OPTIONAL_PARTS and not any(v.part == part for v in self.verdicts):
                continue                 # an optional Part this grading did not grade
            private = [v for v in mine if v.private]
            totals[part] = PartTotal(round(sum(round(v.points, 4) for v in mine), 2),
                                     round(sum(v.max_points for v in mine), 2),
                                     sum(v.passed for v in mine), len(mine), sum(v.passed for v in private),
                                     len(private))
        return totals

    @classmethod
    def from_results(cls, results, about=None):
        """The model of a results.json this grader wrote (in another process): its verdicts without their
        feedback text, the integrity findings and the files it could not scan; ``about``: every check's
        ``About``, by name, which a results.json does not hold (for the console's report)."""
        verdicts, findings, problems, scanned = [], [], [], False
        for test in results.get("tests", []):
            extra = test.get("extra_data") or {}
            if extra.get("check") == "integrity":
                findings, scanned = list(extra.get("findings") or []), True
                problems = list(extra.get("problems") or [])
                continue
            verdicts.append(Verdict(extra.get("check", ""), test.get("number", ""), extra.get("part"),
                                    test.get("name", ""), Status(extra.get("verdict", "failed")),
                                    float(test.get("score", 0)), float(test.get("max_score", 0)),
                                    test.get("visibility", "visible"), float(test.get("execution_time", 0)),
                                    waits_for=tuple(extra.get("waits_for", ())), told=test.get("output", ""),
                                    private=extra.get("details") == "withheld", read_named=Named.read(extra)))
        return cls(verdicts, integrity=findings, integrity_scanned=scanned, problems=problems,
                   upload=list((results.get("extra_data") or {}).get("upload") or []),
                   seconds=float(results.get("execution_time", 0) or 0), about=dict(about or {}))
