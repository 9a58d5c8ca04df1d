"""Benchmark: the reference ``makeOptimalMove()`` beside a floor and a typical student version.

Not a test: it prints figures.  Three implementations of the same search (the
handout's breadth-first search, every child pushed, leaves scored by the Part V
rules when popped) run on the same positions:

* ``reference`` -- ``xo.XO.makeOptimalMove()``, the model solution;
* ``floor``     -- a minimal BFS on packed integers (one int per board) with
  ``collections.deque``: about as fast as plain Python gets, so the ratio to it
  says how much the model solution pays for its ``BoardXO`` boards and ``Deque``;
* ``deepcopy``  -- a straightforward student version: ``copy.deepcopy`` of the
  board for every child, a full eight-line check for every popped board.

Each (implementation, position) pair runs in a fresh interpreter, so that its
peak resident memory (``ru_maxrss``) is its own; time is the best of
``--repeat`` runs.  All three must agree on every position's scores.

    python bench/bfs.py [--repeat N] [--quick]
"""

import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (name, moves as (player, cell) pairs): the empty board and a few early positions.
POSITIONS = [
    ("empty board", []),
    ("X took the centre", [(-1, 4)]),
    ("X took a corner", [(-1, 0)]),
    ("X 0, O 4", [(-1, 0), (1, 4)]),
    ("O first: O 4, X 0", [(1, 4), (-1, 0)]),
]

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


# ----------------------------------------------------------------------------- floor
def floor_scores(moves):
    """Part V scores by BFS over packed ints: bits 0-8 the root player's cells,
    9-17 the opponent's, 18-21 the first move, 22-25 the number of moves."""
    from collections import deque

    player = -moves[-1][0] if moves else -1
    mine = theirs = 0
    for who, cell in moves:
        if who == player:
            mine |= 1 << cell
        else:
            theirs |= 1 << (cell + 9)
    n0 = len(moves)
    # masks of each line through a cell, for the player's half and the opponent's half
    lines_mine = [[sum(1 << c for c in line) for line in LINES if cell in line] for cell in range(9)]
    lines_theirs = [[m << 9 for m in ms] for ms in lines_mine]
    scores = [None if (mine | theirs >> 9) >> c & 1 else 1 for c in range(9)]
    free = [tuple(c for c in range(9) if not occ >> c & 1) for occ in range(512)]
    # what a move at cell c adds: the marker bit and the cell as "last move" (bits 26-29)
    add_mine = [(1 << c) | (c << 26) for c in range(9)]
    add_theirs = [(1 << (c + 9)) | (c << 26) for c in range(9)]
    low = (1 << 22) - 1                   # board and first move, without count and last move
    q = deque([(mine | theirs) | (n0 << 22)])
    pop, push = q.popleft, q.append
    root = True
    while q:
        node = pop()
        n = (node >> 22) & 15
        odd = (n - n0) & 1                # 1 when the player made the last move
        if root:
            root = won = False
        else:
            won = False
            for mask in (lines_mine if odd else lines_theirs)[node >> 26]:
                if node & mask == mask:
                    won = True
                    break
        if not won and n < 9:
            base = (node & low) | ((n + 1) << 22)
            add = add_theirs if odd else add_mine
            if n == n0:
                for c in free[(node | node >> 9) & 511]:
                    push(base | add[c] | (c << 18))
            else:
                for c in free[(node | node >> 9) & 511]:
                    push(base | add[c])
        else:
            first = (node >> 18) & 15
            if won:
                if odd:
                    new = 10 - n
                    if scores[first] > 0 and new > scores[first]:
                        scores[first] = new
                else:
                    new = n - 10
                    if new < scores[first]:
                        scores[first] = new
            elif 0 < scores[first]:
                scores[first] = 0
    return scores


# -------------------------------------------------------------------------- deepcopy
def deepcopy_scores(moves):
    """Part V scores the way a typical student writes them: deepcopy every child."""
    import copy

    from xo import BoardXO, Deque

    def winner(state):
        for a, b, c in LINES:
            if state[a] != 0 and state[a] == state[b] == state[c]:
                return state[a]
        return 0

    root = BoardXO()
    for k, (who, cell) in enumerate(moves):
        root.state[cell] = who
        root.moves[k] = cell
        root.turn[k] = who
        root.numMoves += 1
    player = -root.turn[root.numMoves - 1] if root.numMoves else -1
    n0 = root.numMoves
    scores = [1 if v == 0 else None for v in root.state]
    q = Deque()
    q.pushBack(copy.deepcopy(root))
    while not q.isEmpty():
        c = q.popFront()
        w = winner(c.state)
        if c is not None and (c.numMoves == n0 or (w == 0 and 0 in c.state)):
            nxt = -c.turn[c.numMoves - 1] if c.numMoves else -1
            for cell in range(9):
                if c.state[cell] == 0:
                    child = copy.deepcopy(c)
                    child.state[cell] = nxt
                    child.moves[child.numMoves] = cell
                    child.turn[child.numMoves] = nxt
                    child.numMoves += 1
                    q.pushBack(child)
        else:
            i, m = c.moves[n0], c.numMoves
            if w == player:
                if scores[i] > 0 and 10 - m > scores[i]:
                    scores[i] = 10 - m
            elif w == -player:
                if m - 10 < scores[i]:
                    scores[i] = m - 10
            elif 0 < scores[i]:
                scores[i] = 0
    return scores


# ------------------------------------------------------------------------- reference
def reference_scores(moves):
    """Part V scores from the reference, then its ``makeOptimalMove()`` timed as students call it."""
    from xo import XO
    from xo.game import PART_V, score_moves
    game = XO([w for w, _ in moves], [c for _, c in moves], len(moves))
    return score_moves(game.b, PART_V)


def reference_move(moves):
    from xo import XO
    game = XO([w for w, _ in moves], [c for _, c in moves], len(moves))
    return game.makeOptimalMove()


IMPLEMENTATIONS = {
    "floor": floor_scores,
    "reference": reference_scores,
    "deepcopy": deepcopy_scores,
}


def run_one(impl, index, repeat):
    """In this (fresh) process: time ``impl`` on position ``index``; print JSON."""
    import gc
    import resource

    moves = POSITIONS[index][1]
    fn = IMPLEMENTATIONS[impl]
    best = float("inf")
    scores = None
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        scores = fn(moves)
        best = min(best, time.perf_counter() - start)
    extra = {}
    if impl == "reference":   # what students call: makeOptimalMove() itself, same search
        start = time.perf_counter()
        extra["move"] = reference_move(moves)
        extra["makeOptimalMove_s"] = time.perf_counter() - start
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": best, "peak_mib": peak_kib / 1024, "scores": scores, **extra}))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement; the best counts")
    parser.add_argument("--quick", action="store_true", help="the empty board only, one run each")
    parser.add_argument("--one", nargs=2, metavar=("IMPL", "POSITION"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        run_one(args.one[0], int(args.one[1]), args.repeat)
        return 0

    positions = range(1) if args.quick else range(len(POSITIONS))
    repeat = 1 if args.quick else args.repeat
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    print(f"Python {sys.version.split()[0]}; best of {repeat}; each figure from a fresh process")
    print(f"{'position':<20} {'impl':<10} {'time s':>8} {'x floor':>8} {'peak MiB':>9}")
    failures = []
    for index in positions:
        results = {}
        for impl in IMPLEMENTATIONS:
            out = subprocess.run([sys.executable, __file__, "--repeat", str(repeat), "--one", impl, str(index)],
                                 capture_output=True, text=True, env=env, check=True)
            results[impl] = json.loads(out.stdout)
        base = results["floor"]["seconds"]
        for impl, r in results.items():
            print(f"{POSITIONS[index][0]:<20} {impl:<10} {r['seconds']:8.3f} {r['seconds'] / base:7.1f}x {r['peak_mib']:9.1f}")
        ref = results["reference"]
        print(f"{'':<20} {'':<10} makeOptimalMove() -> {ref['move']} in {ref['makeOptimalMove_s']:.3f} s")
        if len({json.dumps(r["scores"]) for r in results.values()}) != 1:
            failures.append(f"{POSITIONS[index][0]}: the scores differ: "
                            + "; ".join(f"{k} {v['scores']}" for k, v in results.items()))
        if index == 0:
            ratio = ref["seconds"] / base
            verdict = "meets" if ratio <= 5 and ref["peak_mib"] <= 250 else "MISSES"
            print(f"{'':<20} empty board: reference {ratio:.1f}x the floor (bound 5x), "
                  f"peak {ref['peak_mib']:.0f} MiB (bound 250 MB): {verdict} the bounds")
    for line in failures:
        print("DISAGREEMENT:", line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
