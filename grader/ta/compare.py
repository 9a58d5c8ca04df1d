"""``python -m grader compare SUBMISSION``: a submission's makeOptimalMove()
against the reference on every reachable position.

Every position of X-first and O-first games that is not over (the empty board
once, X to move: 9,039 in all) is played by the submission, sandboxed exactly
as in grading, and compared with the handout's Part V move (the depth-aware
minimax move, lowest cell among equal values, is accepted too, unless
``--strict-handout``: ``grader.positions.accepted``, as in grading).  Each disagreement is put in the pattern that
explains it (wrong player, tie-break, Part IV scoring, …) and reported with
the board, the expected and actual move and every candidate's scores.

A TA's tool, run from the repository: unlike the grader proper it imports the
reference ``xo`` (to score positions that have no fixture).  The reference's
answers are computed once, in parallel, and cached under ``build/compare/``.
"""

import hashlib
import json
import multiprocessing
import os
import sys
import time

from .. import ROOT
from ..positions import accepted, diagnose, rules_followed
from ..feedback import PLAYER, SYMBOL, plain

TOP = os.path.dirname(ROOT)
CACHE = os.path.join(TOP, "build", "compare")
REFERENCE_FILES = [os.path.join(TOP, "xo", f"{n}.py") for n in ("board", "deque", "game", "analysis")]
REFERENCE_VERSION = "1"          # bump when a record's layout changes
EMPTY_TREE = 549946              # boards in the move tree of the empty board
SEARCH = ["game", "deque"]
CHUNK_POSITIONS = 100            # most positions sent to one child process
SHOWN = 3                        # differences printed per pattern (all of them go to --json)
PROGRESS_STEPS = 40              # chunks per process: the progress bar and its ETA move once per chunk done

# Patterns, most specific first (the order also breaks ties when grouping).
PATTERNS = {
    "import": "the submission could not be loaded",
    "crash": "makeOptimalMove() raised an exception or ended the process",
    "timeout": "makeOptimalMove() did not finish in time",
    "invalid": "returned None or something that is not an empty cell",
    "board": "returned an accepted move but did not play it on the board (state/numMoves)",
    "wrong_player": "played the best move of the other player (player to move = -turn[numMoves-1], X on empty)",
    "tie_break": "a move tied for the highest Part V score, but not the lowest cell index",
    "part_iv": "the move the Part IV rules choose (start at 10; loss -10, draw 0)",
    "opponent_view": "scored from the other side: the opponent's wins counted as the mover's (and vice versa)",
    "missed_line": "the move a search blind to one winning line would choose",
    "minimax": "the depth-aware minimax move (lowest cell among equal values), refused by --strict-handout",
    "minimax_tie_break": "a minimax-optimal move, but not the lowest cell among the minimax-optimal ones",
    "other": "none of the above: compare the scores by hand",
    "skipped": "not run: too many timeouts before it",
}
INFO = "played_minimax"


# ---------------------------------------------------------------- the reference's answers

def _reference_record(item):
    """Everything the comparison needs about one position, from the reference."""
    from xo.analysis import board_from_state, handout_scores, minimax_scores, player_to_move, tree_size
    from xo.game import PART_IV, PART_V, best_cell, copy_board

    state, to_move, first = item
    board = board_from_state(list(state), to_move)
    scores = {"IV": handout_scores(board, PART_IV), "V": handout_scores(board, PART_V),
              "minimax": minimax_scores(board)}
    best = {rule: best_cell(s) for rule, s in scores.items()}
    best["other_player"] = None
    if board.numMoves:
        other = copy_board(board)
        other.turn[other.numMoves - 1] = player_to_move(board)
        best["other_player"] = best_cell(handout_scores(other, PART_V))
    return {"state": list(board.state), "moves": list(board.moves), "turn": list(board.turn),
            "numMoves": board.numMoves, "to_move": to_move, "first": first,
            "scores": scores, "best": best, "tree": tree_size(board)[0]}


def _all_positions():
    from xo.analysis import reachable_positions
    from xo.board import O, X
    return [(state, to_move, first) for first in (X, O) for state, to_move in reachable_positions(first)]


def _cache_path():
    digest = hashlib.sha256(REFERENCE_VERSION.encode())
    for path in REFERENCE_FILES:
        with open(path, "rb") as f:
            digest.update(f.read())
    return os.path.join(CACHE, f"reference-{digest.hexdigest()[:16]}.json")


def _private_cache():
    """Make ``CACHE`` the owner's alone (0700, its files 0600): it holds every expected move."""
    os.makedirs(CACHE, mode=0o700, exist_ok=True)
    os.chmod(CACHE, 0o700)
    for name in os.listdir(CACHE):
        inner = os.path.join(CACHE, name)
        if os.path.isfile(inner) and not os.path.islink(inner):
            os.chmod(inner, 0o600)


def reference(jobs=1, progress=None):
    """The reference's record of every position (cached under build/compare/, readable by its owner only)."""
    path = _cache_path()
    _private_cache()
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        pass
    items = _all_positions()
    records = []
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for record in pool.imap(_reference_record, items, chunksize=64):
                records.append(record)
                if progress:
                    progress(len(records), len(items))
    else:
        for item in items:
            records.append(_reference_record(item))
            if progress:
                progress(len(records), len(items))
    _private_cache()
    temporary = f"{path}.{os.getpid()}.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    os.fchmod(fd, 0o600)                 # a file left by an earlier run keeps its mode otherwise
    with open(fd, "w", encoding="utf-8") as f:
        json.dump(records, f, separators=(",", ":"))
    os.replace(temporary, path)
    return records


# ---------------------------------------------------------------- running the submission

def _fields(record):
    return {k: record[k] for k in ("state", "moves", "turn", "numMoves")}


def budget(limits, nodes):
    """Seconds one position may take: the slow checks' rate per board of its tree."""
    return limits["slow_timeout"] * nodes / EMPTY_TREE


def _outcome_of(event):
    if "raised" in event:
        return {"kind": "raised", "raised": event["raised"], "seconds": event.get("seconds")}
    return {"kind": "value", "value": event.get("value"), "after": event.get("after"), "seconds": event.get("seconds")}


def run_chunk(sandbox, chunk, limits, base, stop=None, max_timeouts=None):
    """Play every position of ``chunk`` (a list of (index, record)); return {index: outcome}.

    One child process plays the positions in turn.  When it times out or dies
    on a position, that position alone is charged (a timeout only when it was
    the first of its run, so that earlier slow-but-good positions do not eat
    its time) and the rest of the chunk runs again in a new child.
    """
    results = {}
    pending = list(chunk)
    while pending:
        if stop is not None and stop.value >= max_timeouts:
            for index, _ in pending:
                results[index] = {"kind": "skipped"}
            break
        timeout = base + sum(budget(limits, record["tree"]) for _, record in pending)
        outcome = sandbox.run("optimal_moves", {"positions": [_fields(r) for _, r in pending]}, SEARCH, timeout)
        problem = outcome.first("import_error")
        if problem:
            return {"fatal": problem["import_error"], "stdout": outcome.stdout, "stderr": outcome.stderr}
        got = {e["position"]: e for e in outcome.events if "position" in e}
        for k, (index, _) in enumerate(pending):
            if k in got:
                results[index] = _outcome_of(got[k])
        started = [e["start"] for e in outcome.all("start")]
        probe = outcome.first("probe_error")
        if outcome.status == "done" and not probe:
            for k, (index, _) in enumerate(pending):
                results.setdefault(index, {"kind": "crash", "how": "gave no result"})
            break
        if not started:
            how = "ended before the first position" + (f": {outcome.ended_how}" if not probe else "")
            for index, _ in pending:
                results[index] = {"kind": "crash", "how": how, "raised": probe and probe["probe_error"]}
            break
        s = started[-1]
        if s in got:                       # died between two positions
            pending = pending[s + 1:]
            continue
        index = pending[s][0]
        if outcome.status == "timeout":
            if s == 0:
                results[index] = {"kind": "timeout", "how": outcome.ended_how, "seconds": outcome.elapsed}
                if stop is not None:
                    with stop.get_lock():
                        stop.value += 1
                pending = pending[1:]
            else:
                pending = pending[s:]
            continue
        how = outcome.ended_how if not probe else "the probe could not run"
        results[index] = {"kind": "crash", "how": how, "raised": probe and probe["probe_error"],
                          "stderr": outcome.stderr[-2000:]}
        pending = pending[s + 1:]
    return {"results": results}


def _worker(files, limits, base, tasks, done, stop, max_timeouts):
    from ..grade import open_sandbox
    sandbox = open_sandbox(files, limits)
    try:
        while True:
            task = tasks.get()
            if task is None:
                break
            number, chunk = task
            try:
                answer = run_chunk(sandbox, chunk, limits, base, stop, max_timeouts)
            except Exception as error:        # a bug of ours: report it, never hang the pool
                import traceback
                answer = {"error": "".join(traceback.format_exception(type(error), error, error.__traceback__))}
            done.put((number, answer))
    finally:
        sandbox.close()


def chunks(indexed, jobs, most=CHUNK_POSITIONS):
    """Split [(index, record)] into runs of similar work, the biggest first (so the pool ends together)."""
    total = sum(r["tree"] for _, r in indexed) or 1
    target = max(total / (jobs * PROGRESS_STEPS), 1)
    out, current, work = [], [], 0
    for item in indexed:
        current.append(item)
        work += item[1]["tree"]
        if len(current) >= most or work >= target:
            out.append(current)
            current, work = [], 0
    if current:
        out.append(current)
    out.sort(key=lambda c: -sum(r["tree"] for _, r in c))
    return out


def play_all(files, limits, records, indices, *, jobs=1, base=None, max_timeouts=5, progress=None):
    """Run the submission on ``records[i]`` for each i in ``indices``; return (outcomes, fatal)."""
    base = limits["timeout"] if base is None else base
    context = multiprocessing.get_context("fork")
    tasks, done = context.Queue(), context.Queue()
    stop = context.Value("i", 0)
    work = chunks([(i, records[i]) for i in indices], jobs)
    for number, chunk in enumerate(work):
        tasks.put((number, chunk))
    workers = [context.Process(target=_worker, args=(files, limits, base, tasks, done, stop, max_timeouts),
                               daemon=True) for _ in range(min(jobs, len(work)) or 1)]
    for _ in workers:
        tasks.put(None)
    for w in workers:
        w.start()
    outcomes, fatal, received = {}, None, 0
    total_nodes = sum(records[i]["tree"] for i in indices) or 1
    nodes = 0
    try:
        while received < len(work):
            try:
                number, answer = done.get(timeout=1.0)
            except Exception:                  # queue.Empty: check that the workers are alive
                if not any(w.is_alive() for w in workers):
                    raise RuntimeError("every comparison worker died") from None
                continue
            received += 1
            if "error" in answer:
                raise RuntimeError(f"a comparison worker failed:\n{answer['error']}")
            if "fatal" in answer:
                fatal = fatal or answer
                break
            outcomes.update(answer["results"])
            nodes += sum(r["tree"] for _, r in work[number])
            if progress:
                progress(len(outcomes), len(indices), nodes / total_nodes)
    finally:
        if fatal:
            for w in workers:
                w.terminate()
        for w in workers:
            w.join(timeout=30)
            if w.is_alive():
                w.kill()
                w.join()
    return outcomes, fatal


# ---------------------------------------------------------------- judging

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MODEL_TREE = 100000              # positions with bigger trees are not re-scored under the bug models


def model_scores(state, to_move, lines=LINES, flip=False):
    """Part V scores of every empty cell when only ``lines`` make a win, and (``flip``) wins count as losses.

    The Part V score does not depend on the order leaves are met: any loss
    gives the lowest m - 10, else any draw gives 0, else the best 10 - m.

    >>> model_scores([0] * 8 + [-1], 1)[4], model_scores([-1, -1, 0, 1, 1, 0, 0, 0, 0], -1)[2]
    (-5, 5)
    """
    player = to_move
    through = [[line for line in lines if cell in line] for cell in range(9)]
    memo = {}

    def outcome(s, last, mover, m):
        """(lowest loss m or None, any draw, lowest win m or None) below ``s``, where ``mover`` just played ``last``."""
        for a, b, c in through[last]:
            if s[a] == s[b] == s[c] == mover:
                won = (mover == player) != flip
                return (None, False, m) if won else (m, False, None)
        if m == 9:
            return (None, True, None)
        key = (s, mover)
        if key not in memo:
            loss, draw, win = None, False, None
            for cell in range(9):
                if s[cell] == 0:
                    child = s[:cell] + (-mover,) + s[cell + 1:]
                    l, d, w = outcome(child, cell, -mover, m + 1)
                    loss = l if loss is None or (l is not None and l < loss) else loss
                    draw = draw or d
                    win = w if win is None or (w is not None and w < win) else win
            memo[key] = (loss, draw, win)
        return memo[key]

    state = tuple(state)
    m0 = 9 - state.count(0)
    scores = [None] * 9
    for cell in range(9):
        if state[cell] == 0:
            loss, draw, win = outcome(state[:cell] + (to_move,) + state[cell + 1:], cell, to_move, m0 + 1)
            scores[cell] = loss - 10 if loss is not None else 0 if draw else 10 - win if win is not None else 1
    return scores


def _best(scores):
    best = None
    for cell, score in enumerate(scores):
        if score is not None and (best is None or score > scores[best]):
            best = cell
    return best


def model_patterns(record, got):
    """The bug models (re-scored here, for differing positions only) that choose ``got``."""
    if record["tree"] > MODEL_TREE:
        return [], {}
    found, details = [], {}
    if _best(model_scores(record["state"], record["to_move"], flip=True)) == got:
        found.append("opponent_view")
    blind = [list(line) for line in LINES
             if _best(model_scores(record["state"], record["to_move"], [l for l in LINES if l != line])) == got]
    if blind:
        found.append("missed_line")
        details["blind_to"] = blind
    return found, details


def candidates(record, got, strict):
    """Every pattern that would explain playing ``got`` (an empty cell) instead of the expected move.

    The rules a move follows come from ``grader.positions.rules_followed``, as in the students' feedback.
    """
    followed = rules_followed(record, got)
    found = [name for name in ("wrong_player", "tie_break", "part_iv", "minimax", "minimax_tie_break")
             if name in followed]
    models, details = model_patterns(record, got)
    return (found + models) or ["other"], details


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
    found, more = candidates(record, got, strict)
    details.update(more, hint=diagnose(record, got))       # the hint the student's feedback gives
    return found, details


def group(entries):
    """Give each difference the candidate pattern that explains the most differences (one bug, one group)."""
    counts = {}
    for entry in entries:
        for pattern in entry["candidates"]:
            counts[pattern] = counts.get(pattern, 0) + 1
    order = list(PATTERNS)
    for entry in entries:
        entry["pattern"] = max(entry["candidates"], key=lambda p: (counts[p], -order.index(p)))
    return entries


def compare(submission, *, config=None, strict=None, jobs=1, sample=None, base=None, max_timeouts=5,
            progress=None):
    """Compare ``submission`` with the reference; return the report (a JSON-plain dict)."""
    from ..config import DEFAULT_PATH, load
    from ..locate import locate

    started = time.monotonic()
    config = config or load(DEFAULT_PATH)
    strict = config["grading"]["strict_handout"] if strict is None else strict
    report = {"submission": submission, "strict_handout": strict, "jobs": jobs}
    located = locate(submission)
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
    entries, info, agree = [], [], 0
    for i in indices:
        record = records[i]
        verdict, details = judge(record, outcomes.get(i, {"kind": "crash", "how": "never ran"}), strict)
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
            entries.append(entry)
    group(entries)
    patterns = {}
    for entry in entries:
        patterns[entry["pattern"]] = patterns.get(entry["pattern"], 0) + 1
    report.update(agree=agree, differences=len(entries),
                  patterns=dict(sorted(patterns.items(), key=lambda kv: (-kv[1], list(PATTERNS).index(kv[0])))),
                  played_minimax=info, entries=entries, reference_seconds=round(reference_seconds, 2),
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
        if entry["pattern"] == "missed_line":
            actual += " (what a search blind to " + " or ".join("-".join(map(str, l)) for l in entry["blind_to"]) + " plays)"
    lines = [head, board_text(entry["state"]), f"   expected {expected}   actual {actual}"]
    if entry.get("hint"):
        lines.append(f"   hint (as the student reads it): {entry['hint']}")
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
    lines.append(f"  time           {report['seconds']:>6.1f} s with --jobs {report['jobs']}")
    return "\n".join(lines)


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
    p.set_defaults(run=run)
    return p


def run(args):
    from ..config import DEFAULT_PATH, ConfigError, load
    try:
        config = load(args.config or DEFAULT_PATH)
    except ConfigError as error:
        print(f"grader: {error}", file=sys.stderr)
        return 2
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
