"""``python -m grader compare SUBMISSION --contract codequest|ninja|codingame``: a student's Part VI program
run as ``python -m xo.NAME`` in the sandbox, exactly as the grader runs it, on every board its judge can
send, against what the reference's own program writes.

Code Quest's boards go ``BOARDS_PER_INPUT`` to an input (its input holds many boards); Coding Ninjas and
CodinGame get one board per input, ``INPUTS_PER_RUN`` inputs to a child process.
"""

import json
import os
import sys
from dataclasses import asdict, dataclass

from ..checks.programs import lines
from ..observing.assignment import open_sandbox
from ..submission.locate import locate
from ..text.boards import draw
from xo.analysis import reachable_positions
from xo.board import O, X
from xo.judge import answer

BOARDS_PER_INPUT = 400           # Code Quest boards in one input (about 4.8 kB: well inside a pipe's 64 KiB)
INPUTS_PER_RUN = 100             # inputs one child process runs the program on, one after another
SHOWN = 5                        # differences printed


@dataclass
class Case:
    """One input of a judge and what the reference's program does with it."""
    boards: list                 # [(state, player to move)] the input holds, in order
    text: str                    # the input
    status: int                  # the reference's exit status
    stdout: str                  # ... and its output


def cases(name):
    """Every input ``compare --contract NAME`` sends: every X-first position not over where the judge's
    player is to move (X for Code Quest and Coding Ninjas; X or O for CodinGame), with the reference's answer."""

    symbols = {"codequest": "*", "ninja": "_", "codingame": "."}[name]
    boards = [(list(state), to_move) for state, to_move in reachable_positions(X)
              if name == "codingame" or to_move == X]

    def rows(state):
        return "".join("".join({X: "X", O: "O", 0: symbols}[v] for v in state[r:r + 3]) + "\n" for r in (0, 3, 6))

    groups = ([boards[k:k + BOARDS_PER_INPUT] for k in range(0, len(boards), BOARDS_PER_INPUT)]
              if name == "codequest" else [[b] for b in boards])
    out = []
    for group in groups:
        if name == "codequest":
            text = f"{len(group)}\n" + "".join(rows(state) for state, _ in group)
        elif name == "ninja":
            text = rows(group[0][0])
        else:
            text = ("X" if group[0][1] == X else "O") + "\n" + rows(group[0][0])
        status, stdout, _ = answer(name, text)
        out.append(Case(group, text, status, stdout))
    return out


def per_board(name, text):
    """An output cut into one answer per board (three lines for the boards, one line for Coding Ninjas)."""
    found = lines(text)
    size = 1 if name == "ninja" else 3
    return [found[k:k + size] for k in range(0, len(found), size)]


@dataclass
class Difference:
    state: list
    to_move: int
    input: str
    expected: list
    actual: list
    how: str                     # "wrong output", "exit status 1", "timed out", ...


def compare_contract(submission, name, config, progress=None):
    """Run the submission's ``name`` program on every input of ``cases(name)``; return the report (a dict)."""

    located = locate(submission)
    if name not in located.files:
        said = " ".join(located.messages()) if not located.files else located.missing_message(name)
        return {"contract": name, "fatal": said, "boards": 0, "differences": 0}
    inputs = cases(name)
    total = sum(len(c.boards) for c in inputs)
    differences, done = [], 0
    runs = [inputs[k:k + INPUTS_PER_RUN] for k in range(0, len(inputs), INPUTS_PER_RUN)]
    with open_sandbox(located.files, config["limits"]) as sandbox:
        for run in runs:
            outcome = sandbox.run("programs", {"module": name, "inputs": [c.text for c in run]}, [],
                                  config["limits"]["slow_timeout"])
            results = {e["program"]: e for e in outcome.events if "program" in e}
            for k, case in enumerate(run):
                event = results.get(k)
                if event is None:
                    how = f"no result: the run {outcome.ended_how}"
                    differences += [Difference(s, p, case.text, [], [], how) for s, p in case.boards]
                    continue
                out = "".join(event["stdout"])
                how = "wrong output" if event["status"] == 0 else f"exit status {event['status']}"
                got, want = per_board(name, out), per_board(name, case.stdout)
                for j, (state, player) in enumerate(case.boards):
                    mine = got[j] if j < len(got) else []
                    if event["status"] != 0 or mine != want[j]:
                        differences.append(Difference(state, player, case.text, want[j], mine, how))
            done += sum(len(c.boards) for c in run)
            if progress:
                progress(name, done, total, done / total)
    return {"contract": name, "submission": submission, "boards": total, "differences": len(differences),
            "shown": [asdict(d) for d in differences]}


def text(report, shown=SHOWN):
    """The report in words: how many boards differ, and the first ``shown`` of them."""
    if report.get("fatal"):
        return f"{report['contract']}: {report['fatal']}"
    lines_out = [f"python -m xo.{report['contract']}: {report['boards']:,} boards, "
                 f"{report['boards'] - report['differences']:,} right, {report['differences']:,} differ"]
    for d in report["shown"][:shown]:
        lines_out += ["", draw(d["state"], to_move=d["to_move"]).strip("`\n").replace("text\n", "", 1),
                      f"  {d['how']}", f"  expected: {' / '.join(d['expected'])}",
                      f"  actual:   {' / '.join(d['actual']) or '(nothing)'}"]
    if report["differences"] > shown:
        lines_out.append(f"\n… and {report['differences'] - shown:,} more (--json writes them all)")
    return "\n".join(lines_out)


def run(args, config, progress):
    report = compare_contract(args.submission, args.contract, config, progress)
    print(text(report, len(report.get("shown", [])) if args.show < 0 else args.show))
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)
            f.write("\n")
        print(f"\nfull report: {args.json}", file=sys.stderr)
    return 0 if report["differences"] == 0 and not report.get("fatal") else 1
