"""``python -m grader compare SUBMISSION``: a submission's makeOptimalMove()
against the reference on every reachable position.

Every position of X-first and O-first games that is not over (the empty board
once, X to move: 9,039 in all) is played by the submission, sandboxed exactly
as in grading, and compared with the handout's Part V move (the depth-aware
minimax move, lowest cell among equal values, is accepted too, unless
``--strict-handout``: ``grader.game.positions.accepted``, as in grading).  Each disagreement is put in the pattern that
explains it and reported with the board, the expected and actual move and every candidate's scores: a fact of
the position (a crash, a timeout, no empty cell, ...), or for the moves that differ, the one mistake whose
program plays every move of the submission (``grader.game.diagnosis``, as the students' feedback names it), else
"unexplained", with how many of them each model explains one move at a time.

A TA's tool, run from the repository: unlike the grader proper it imports the
reference ``xo`` (to score positions that have no fixture).  The reference's
answers are computed once, in parallel, and cached under ``build/compare/``
(``reference.py``); the submission is played in parallel sandboxes
(``playing.py``); this module judges and reports.
"""

import json
import os
import sys
import time

from ..checks.part2 import full_games, outcome_steps
from ..checks.scripts import GAME
from ..game.diagnosis import blind_lines, diagnose, full_unseen
from ..game.families import Moves
from ..game.fixtures import load_fixtures
from ..game.models import LINES
from ..game.positions import accepted
from ..game.rules import RULES
from ..grading.points import load
from ..observing.assignment import open_sandbox
from ..settings.config import DEFAULT_PATH, ConfigError
from ..submission.locate import locate
from ..text.boards import PLAYER, SYMBOL
from ..text.values import plain
from .playing import play_all

SHOWN = 3                        # differences printed per pattern (all of them go to --json)

# What a difference is: facts of one position (it crashed, it returned no empty cell, ...), and for moves that
# differ, the mistake that explains every move of the program (``grader.game.diagnosis``), never one matched move by move.
FACTS = {
    "import": "the submission could not be loaded",
    "crash": "makeOptimalMove() raised an exception or ended the process",
    "timeout": "makeOptimalMove() did not finish in time",
    "invalid": "returned None or something that is not an empty cell",
    "board": "returned an accepted move but did not play it on the board (state/numMoves)",
    "minimax": "the depth-aware minimax move (lowest cell among equal values), refused by --strict-handout",
    "skipped": "not run: too many timeouts before it",
}
PATTERNS = {**FACTS, **{rule: RULES[rule].broken for rule in Moves.rules if rule != "cell"},
            "unexplained": "no one mistake of the grader's models explains every move: compare the scores by hand"}
INFO = "played_minimax"


# ---------------------------------------------------------------- judging


def judge(record, outcome, strict):
    """Return (verdict, details): verdict "agree", INFO, or a list of candidate patterns."""
    kind = outcome["kind"]
    if kind in ("timeout", "skipped"):
        return [kind], {"how": outcome.get("how")}
    if kind == "crash":
        return ["crash"], {"how": outcome.get("how"), "raised": outcome.get("raised"),
                           "stderr": outcome.get("stderr")}
    if kind == "raised":
        return ["crash"], {"raised": outcome["raised"]}
    got = plain(outcome["value"])
    details = {"actual": got if type(got) in (int, type(None), bool, str, float) else repr(got)}
    if type(got) is not int or not 0 <= got <= 8 or record["state"][got] != 0:
        return ["invalid"], details
    ok = accepted(record, strict)
    if got in ok:
        after = (outcome.get("after") or {}).get("fields") or {}
        state = after.get("state")
        state = None if not state or state.get("missing") else plain(state)
        numbers = after.get("numMoves")
        number = None if not numbers or numbers.get("missing") else plain(numbers)
        expected = list(record["state"])
        expected[got] = record["to_move"]
        if state != expected or number != record["numMoves"] + 1:
            details["after"] = {"state": state if isinstance(state, list) else repr(state),
                                "numMoves": number if type(number) is int else repr(number)}
            return ["board"], details
        return ("agree" if got == record["best"]["V"] else INFO), details
    if strict and got == record["best"]["minimax"]:
        return ["minimax"], details
    return ["move"], details                  # a move that differs: diagnosed with every other (``diagnosed``)


def outcomes_seen(located, limits):
    """``(blind, unseen)``: the lines the submission's winner() does not see, and whether its gameOver() is False
    on a full board, run as checks 2.15 and 2.16 run them (``diagnosis.blind_lines``, ``diagnosis.full_unseen``)."""
    from types import SimpleNamespace

    fixtures = load_fixtures()
    wins = fixtures["line_wins"]
    games = [[tuple(m) for m in win["moves"]] for win in wins]
    sandbox = open_sandbox(located.files, limits)
    try:
        found = []
        for steps in (outcome_steps(games), outcome_steps(full_games(SimpleNamespace(fixtures=fixtures))[1])):
            outcome = sandbox.run("xo_script", {"steps": steps}, GAME, limits["timeout"])
            found.append([e for e in outcome.events if not ({"done", "imported", "start"} & e.keys())]
                         if outcome.status == "done" else None)
    finally:
        sandbox.close()
    return (blind_lines(wins, found[0]) if found[0] is not None else None,
            full_unseen(found[1]) if found[1] is not None else False)


def diagnosed(entries, agreeing, seen):
    """Put every move that differs in the one mistake that explains all of them and every other move, or in
    "unexplained"; return the ``Diagnosis`` (as the checks' feedback makes it).  ``seen``: ``outcomes_seen``."""
    blind, unseen = seen
    moves = [e for e in entries if e["candidates"] == ["move"]]
    diagnosis = diagnose(Moves(blind or ()), [(e["record"], e["actual"]) for e in moves], agreeing, blind, unseen,
                         counting=True)
    for entry in moves:
        entry["candidates"] = [diagnosis.cause or "unexplained"]
    return diagnosis


def group(entries):
    """Give each difference its pattern (its one candidate: a fact, or the program's diagnosis)."""
    for entry in entries:
        entry["pattern"] = entry.pop("candidates")[0]
    return entries


def diagnosis_report(diagnosis):
    """The diagnosis as JSON-plain data: the cause (None), and what each model explains, one move at a time."""
    return {"cause": diagnosis.cause, "causes": list(diagnosis.causes),
            "lines": [list(LINES[k]) for k in diagnosis.lines], "winner_blind_to": [list(LINES[k]) for k in diagnosis.blind],
            "your_winner": diagnosis.your_winner, "your_gameover": diagnosis.your_gameover,
            "differ": diagnosis.differ, "played": diagnosis.played,
            "explained": {rule: count for rule, count in diagnosis.counts},
            "refuted": list(diagnosis.refuted)}


def compare(submission, *, config=None, strict=None, jobs=1, sample=None, base=None, max_timeouts=5,
            progress=None):
    """Compare ``submission`` with the reference; return the report (a JSON-plain dict)."""

    started = time.monotonic()
    config = config or load(DEFAULT_PATH)
    strict = config["grading"]["strict_handout"] if strict is None else strict
    report = {"submission": submission, "strict_handout": strict, "jobs": jobs}
    located = locate(submission)
    from .reference import reference  # here, not at the top: it imports the reference (xo/), which the grader
                                         # loads only when a TA's command needs it
    records = reference(jobs, progress=progress and (lambda n, total: progress("reference", n, total, n / total)))
    reference_seconds = time.monotonic() - started
    indices = list(range(len(records)))
    if isinstance(sample, (list, tuple)):
        indices = sorted(set(sample))
    elif sample and sample < len(records):      # evenly spread, leaving out the (slow) empty board
        indices = [1 + i * (len(records) - 1) // sample for i in range(sample)]
    report.update(positions=len(indices), problems=located.messages())
    if located.missing:
        report.update(fatal="; ".join(located.missing_message(m) for m in located.missing),
                      differences=len(indices), patterns={"import": len(indices)}, entries=[], played_minimax=[],
                      agree=0, seconds=round(time.monotonic() - started, 2))
        return report
    outcomes, fatal = play_all(located.files, config["limits"], records, indices, jobs=jobs, base=base,
                               max_timeouts=max_timeouts,
                               progress=progress and (lambda n, total, f: progress("positions", n, total, f)))
    if fatal:
        problem = fatal["fatal"]
        where = problem.get("where") or {}
        place = f" ({where.get('file')}, line {where.get('line')})" if where else ""
        report.update(fatal=f"importing {problem.get('module')} raised {problem.get('type')}: "
                            f"{problem.get('message')}{place}",
                      differences=len(indices), patterns={"import": len(indices)}, entries=[], played_minimax=[],
                      agree=0, seconds=round(time.monotonic() - started, 2))
        return report
    entries, info, agree, agreeing = [], [], 0, []
    for i in indices:
        record = records[i]
        verdict, details = judge(record, outcomes.get(i, {"kind": "crash", "how": "never ran"}), strict)
        if verdict in ("agree", INFO):
            agreeing.append((record, details["actual"]))
        if verdict == "agree":
            agree += 1
            continue
        entry = {"index": i, "first": PLAYER[record["first"]], "to_move": PLAYER[record["to_move"]],
                 "state": record["state"], "moves": record["moves"][:record["numMoves"]],
                 "numMoves": record["numMoves"], "expected": record["best"]["V"],
                 "accepted": sorted(accepted(record, strict)), "minimax_move": record["best"]["minimax"],
                 "scores": record["scores"], **details}
        if outcomes.get(i, {}).get("seconds") is not None:
            entry["seconds"] = round(outcomes[i]["seconds"], 4)
        if verdict == INFO:
            info.append(entry)
        else:
            entry["candidates"] = verdict
            entry["record"] = record
            entries.append(entry)
    moved = any(e["candidates"] == ["move"] for e in entries)       # winner() and gameOver() run only if needed
    diagnosis = diagnosed(entries, agreeing, outcomes_seen(located, config["limits"]) if moved else (None, False))
    for entry in entries:
        del entry["record"]
    group(entries)
    patterns = {}
    for entry in entries:
        patterns[entry["pattern"]] = patterns.get(entry["pattern"], 0) + 1
    report.update(agree=agree, differences=len(entries),
                  patterns=dict(sorted(patterns.items(), key=lambda kv: (-kv[1], list(PATTERNS).index(kv[0])))),
                  played_minimax=info, entries=entries, reference_seconds=round(reference_seconds, 2),
                  diagnosis=diagnosis_report(diagnosis),
                  seconds=round(time.monotonic() - started, 2))
    return report


# ---------------------------------------------------------------- the report

def board_text(state, to_move=None, note=None):
    rows = []
    for r in range(3):
        cells = " | ".join(SYMBOL.get(v, "?") for v in state[3 * r:3 * r + 3])
        index = " | ".join(str(c) for c in range(3 * r, 3 * r + 3))
        rows.append(f"   {cells}       {index}")
        if r < 2:
            rows.append("  ---+---+---     ---+---+---")
    return "\n".join(rows)


def scores_text(entry):
    cells = [c for c in range(9) if entry["state"][c] == 0]
    actual = entry.get("actual")
    width = 6

    def cell(c):
        mark = "*" if c == actual else ""
        return f"{str(c) + mark:>{width}}"

    lines = ["   cell         " + "".join(cell(c) for c in cells) + "   (* the submission's move)"]
    for key, label in (("IV", "Part IV"), ("V", "Part V"), ("minimax", "minimax")):
        lines.append(f"   {label:<13}" + "".join(f"{entry['scores'][key][c]!s:>{width}}" for c in cells))
    return "\n".join(lines)


def describe(entry):
    """A difference as text: the board, expected against actual, the scores."""
    head = (f"position {entry['index']}: {entry['first']} moved first, {entry['numMoves']} moves made "
            f"{entry['moves']}, {entry['to_move']} to move")
    expected = " or ".join(f"{c} ({'Part V' if c == entry['expected'] else 'minimax'})" for c in entry["accepted"])
    if entry["pattern"] in ("crash", "timeout", "skipped"):
        raised = entry.get("raised")
        if raised:
            where = raised.get("where") or {}
            place = f" at {where.get('file')}:{where.get('line')}" if where else ""
            actual = f"raised {raised.get('type')}: {raised.get('message')}{place}"
        else:
            actual = entry.get("how") or entry["pattern"]
    else:
        actual = repr(entry.get("actual"))
        if entry["pattern"] == "board":
            actual += f", but the board after it is {entry['after']}"
    lines = [head, board_text(entry["state"]), f"   expected {expected}   actual {actual}"]
    if entry["pattern"] not in ("crash", "timeout", "skipped", "invalid"):
        lines.append(scores_text(entry))
    return "\n".join(lines)


def summary(report):
    lines = [f"compare {report['submission']} against the reference"
             f"{' (strict handout)' if report['strict_handout'] else ''}"]
    for problem in report.get("problems", []):
        lines.append(f"  note: {problem}")
    if report.get("fatal"):
        lines.append(f"  could not run: {report['fatal']}")
        return "\n".join(lines)
    n = report["positions"]
    lines.append(f"  positions      {n:>6}   (X-first and O-first games, every position not over)")
    lines.append(f"  agree          {report['agree']:>6}")
    if report["played_minimax"]:
        lines.append(f"  played minimax {len(report['played_minimax']):>6}   (accepted: the depth-aware minimax move, "
                     f"lowest cell among equal values)")
    lines.append(f"  differences    {report['differences']:>6}")
    for pattern, count in report["patterns"].items():
        lines.append(f"    {count:>6}  {pattern:<17} {PATTERNS[pattern]}")
    lines += diagnosis_text(report.get("diagnosis"))
    lines.append(f"  time           {report['seconds']:>6.1f} s with --jobs {report['jobs']}")
    return "\n".join(lines)


def diagnosis_text(diagnosis):
    """What explains the moves that differ: the one mistake, or what each model explains of them."""
    if not diagnosis or not diagnosis["differ"]:
        return []
    n = diagnosis["differ"]
    if diagnosis["cause"]:
        lines = ["  diagnosis      " + f"{diagnosis['cause']}: one program breaking this rule plays all {n:,} moves that "
                 f"differ and every other move played"]
        if diagnosis["lines"]:
            lines.append("                 blind to " + " and ".join("-".join(map(str, l)) for l in diagnosis["lines"])
                         + (": the submission's own winner(), as check 2.15 sees it" if diagnosis["your_winner"] else ""))
        if diagnosis.get("your_gameover"):
            lines.append("                 the submission's own gameOver(), False on a full board (check 2.16)")
        if len(diagnosis["causes"]) > 1:
            lines.append("                 so do the programs of: " + ", ".join(diagnosis["causes"][1:]))
        return lines
    lines = [f"  diagnosis      none: no one mistake of the models explains all {n:,} moves that differ"]
    for rule, count in sorted(diagnosis["explained"].items(), key=lambda kv: -kv[1])[:4]:
        why = " (but it would change moves that are right)" if rule in diagnosis["refuted"] else ""
        lines.append(f"                 {rule}: {count:,} of {n:,} ({count / n:.0%}), one move at a time{why}")
    return lines


def text(report, shown=SHOWN):
    parts = [summary(report)]
    by_pattern = {}
    for entry in report.get("entries", []):
        by_pattern.setdefault(entry["pattern"], []).append(entry)
    for pattern in report.get("patterns", {}):
        entries = by_pattern.get(pattern, [])
        if not entries:
            continue
        take = entries if shown is None else entries[:shown]
        parts.append(f"== {pattern}: {len(entries)} position(s) — {PATTERNS[pattern]}"
                     + (f" (first {len(take)} shown)" if len(take) < len(entries) else ""))
        parts += [describe(e) for e in take]
    return "\n\n".join(parts)


class Progress:
    """A plain-text progress bar on stderr: redrawn in place on a terminal, else a line now and then."""

    def __init__(self, stream=None, width=30, every=10.0):
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.width = width
        self.every = every
        self.started = time.monotonic()
        self.last = 0.0
        self.stage = None

    def __call__(self, stage, n, total, fraction):
        now = time.monotonic()
        if stage != self.stage:
            if self.stage and self.tty:
                self.stream.write("\n")
            self.stage, self.started, self.last = stage, now, 0.0
        final = n >= total
        if not self.tty and not final and now - self.last < self.every:
            return
        if self.tty and not final and now - self.last < 0.1:
            return
        self.last = now
        elapsed = now - self.started
        eta = f"  ETA {elapsed / fraction - elapsed:5.0f} s" if 0 < fraction < 1 else ""
        filled = int(self.width * fraction)
        bar = "#" * filled + "." * (self.width - filled)
        line = f"{stage:<9} [{bar}] {n:>5}/{total} {elapsed:6.1f} s{eta}"
        if self.tty:
            self.stream.write("\r" + line + ("\n" if final else ""))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()


def add_parser(commands):
    p = commands.add_parser("compare", help="compare a submission's moves with the reference on every position")
    p.add_argument("submission", help="folder holding deque.py, board.py and game.py")
    p.add_argument("--json", metavar="PATH", help="write the full report (every difference) as JSON")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes to use (default: every core)")
    p.add_argument("--strict-handout", action="store_true",
                   help="accept only the handout's Part V move, never the minimax move")
    p.add_argument("--sample", type=int, metavar="N", help="only N positions, evenly spread, the empty board left out (quick checks)")
    p.add_argument("--show", type=int, default=SHOWN, metavar="N",
                   help=f"differences printed per pattern (default {SHOWN}; -1 for all)")
    p.add_argument("--timeout", type=float, metavar="SECONDS",
                   help="seconds each child process may take beyond its positions' share of the slow-check "
                        "limit (default: the configured check timeout)")
    p.add_argument("--max-timeouts", type=int, default=5, help="stop after this many positions time out")
    p.add_argument("--config", default=None, help="configuration file (default: the grader's config.toml)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--contract", choices=("codequest", "ninja", "codingame"),
                   help="instead of the moves: run the submission's Part VI program for that judge "
                        "(python -m xo.NAME) on every board the judge can send, against the reference's")
    p.set_defaults(run=run)
    return p


def run(args):
    try:
        config = load(args.config or DEFAULT_PATH)
    except ConfigError as error:
        print(f"grader: {error}", file=sys.stderr)
        return 2
    if args.contract:
        from .contracts import run as run_contract  # here, not at the top: it imports the reference (xo/)
        return run_contract(args, config, None if args.quiet else Progress())
    report = compare(args.submission, config=config, strict=True if args.strict_handout else None,
                     jobs=max(1, args.jobs), sample=args.sample, base=args.timeout,
                     max_timeouts=args.max_timeouts, progress=None if args.quiet else Progress())
    print(text(report, None if args.show < 0 else args.show))
    if args.json:
        folder = os.path.dirname(os.path.abspath(args.json))
        os.makedirs(folder, exist_ok=True)
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)
            f.write("\n")
        print(f"\nfull report: {args.json}")
    return 0 if report["differences"] == 0 and not report.get("fatal") else 1
