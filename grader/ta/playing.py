"""Playing a submission on many positions for ``compare``: chunks of positions, each run in the sandbox
exactly as in grading, in parallel processes, with a time budget per chunk from its move trees."""

import multiprocessing

from ..checks.moves import SEARCH
from ..game.positions import TREE_NODES, fields
from ..observing.assignment import open_sandbox

EMPTY_TREE = TREE_NODES[9]       # boards in the move tree of the empty board (549,946)
CHUNK_POSITIONS = 100            # most positions sent to one child process
PROGRESS_STEPS = 40              # chunks per process: the progress bar and its ETA move once per chunk done
LEAST_WORK = 8000                # boards of move trees below which a chunk is not cut: each chunk is a child
                                 # process (a fork, the student's modules imported), some 15 ms before it
                                 # searches at all: 400 sampled positions made 80 chunks of a few boards, now 13


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
        outcome = sandbox.run("optimal_moves", {"positions": [fields(r) for _, r in pending]}, SEARCH, timeout)
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
    """Split [(index, record)] into runs of similar work, the biggest first (so the pool ends together): some
    ``PROGRESS_STEPS`` per process, none cut below ``LEAST_WORK`` boards unless it reaches ``most`` positions."""
    total = sum(r["tree"] for _, r in indexed) or 1
    target = max(total / (jobs * PROGRESS_STEPS), LEAST_WORK)
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
