"""Benchmark: Part VI's three judges' wrappers over all their positions, and its engine beside two others.

Not a test: it prints figures and ratios.

1. Each contract's function on every reachable board it accepts with a move
   to make (X first): ``xo.codequest.solve`` and ``xo.ninja.findTheWinner``
   on the 2,423 boards with X to move, ``xo.codingame.solve`` on the 2,739
   boards of each player (finished ones included, returned unchanged).  Also
   ``python -m xo.codequest`` once on all 2,423 boards in one input, since
   that judge's input holds many boards.
2. From the empty board, side by side: the breadth-first minimax of Part VI
   (``XO.minimaxValues()``), the Part V breadth-first search it extends
   (``score_moves(board, PART_V)``, what ``makeOptimalMove()`` runs) and a
   plain recursive minimax (depth-aware, no memo, written here).  The
   breadth-first and recursive minimax must agree.

Times are the best of ``--repeat`` runs, in this one process.

    python bench/contracts.py [--repeat N]
"""

import argparse
import os
import subprocess
import sys
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, TOP)

from xo import codequest, codingame, ninja  # noqa: E402
from xo.board import BoardXO  # noqa: E402
from xo.game import PART_V, XO, score_moves  # noqa: E402

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def winner(state):
    for a, b, c in LINES:
        if state[a] and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def positions():
    """Every position of X-first games, finished or not: {state: player to move}."""
    found = {(0,) * 9: -1}
    level = dict(found)
    while level:
        nxt = {}
        for state, mover in level.items():
            if winner(state) or 0 not in state:
                continue
            for cell in range(9):
                if not state[cell]:
                    nxt[state[:cell] + (mover,) + state[cell + 1:]] = -mover
        found.update(nxt)
        level = nxt
    return found


def rows(state, empty):
    chars = ["X" if v == -1 else "O" if v == 1 else empty for v in state]
    return ["".join(chars[r:r + 3]) for r in (0, 3, 6)]


def recursive_values(state, mover):
    """Depth-aware minimax values of every move, by plain recursion (no memo, no pruning)."""
    def value(s, me, m):                    # best value for ``me``, to move, with m markers down
        best = None
        for cell in range(9):
            if not s[cell]:
                s[cell] = me
                if winner(s):
                    v = 10 - (m + 1)
                elif m + 1 == 9:
                    v = 0
                else:
                    v = -value(s, -me, m + 1)
                s[cell] = 0
                if best is None or v > best:
                    best = v
        return best

    s = list(state)
    m = 9 - s.count(0)
    out = []
    for cell in range(9):
        if s[cell]:
            out.append(None)
            continue
        s[cell] = mover
        if winner(s):
            out.append(10 - (m + 1))
        elif m + 1 == 9:
            out.append(0)
        else:
            out.append(-value(s, -mover, m + 1))
        s[cell] = 0
    return out


def best_of(repeat, fn):
    best, result = float("inf"), None
    for _ in range(repeat):
        started = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - started)
    return best, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best counts")
    args = parser.parse_args()
    repeat = args.repeat

    found = positions()
    x_to_move = sorted(s for s, m in found.items() if m == -1 and not winner(s) and 0 in s)
    by_player = {p: sorted(s for s, m in found.items() if m == (-1 if p == "X" else 1)) for p in "XO"}
    print(f"Python {sys.version.split()[0]}; best of {repeat}")
    print()
    print("1. each contract over all its positions")
    print(f"{'contract':<34} {'boards':>7} {'total s':>9} {'ms/board':>9}")
    runs = [
        ("codequest.solve", len(x_to_move), lambda: [codequest.solve(rows(s, "*")) for s in x_to_move]),
        ("ninja.findTheWinner", len(x_to_move), lambda: [ninja.findTheWinner(rows(s, "_")) for s in x_to_move]),
        ("codingame.solve, engine X", len(by_player["X"]),
         lambda: [codingame.solve("X", rows(s, ".")) for s in by_player["X"]]),
        ("codingame.solve, engine O", len(by_player["O"]),
         lambda: [codingame.solve("O", rows(s, ".")) for s in by_player["O"]]),
    ]
    for name, count, fn in runs:
        seconds, _ = best_of(repeat, fn)
        print(f"{name:<34} {count:>7} {seconds:9.2f} {1000 * seconds / count:9.2f}")
    data = (f"{len(x_to_move)}\n" + "".join("\n".join(rows(s, "*")) + "\n" for s in x_to_move)).encode()

    def whole_command():
        run = subprocess.run([sys.executable, "-m", "xo.codequest"], input=data, capture_output=True, cwd=TOP)
        if run.returncode != 0:
            raise SystemExit(f"python -m xo.codequest failed: {run.stderr.decode()}")
        return run.stdout

    seconds, out = best_of(repeat, whole_command)
    assert out.count(b"\n") == 3 * len(x_to_move)
    print(f"{'python -m xo.codequest, one input':<34} {len(x_to_move):>7} {seconds:9.2f} "
          f"{1000 * seconds / len(x_to_move):9.2f}")

    print()
    print("2. from the empty board")
    engines = [
        ("breadth-first minimax (Part VI)", lambda: XO().minimaxValues()),
        ("Part V breadth-first search", lambda: score_moves(BoardXO(), PART_V)),
        ("plain recursive minimax", lambda: recursive_values((0,) * 9, -1)),
    ]
    times, results = {}, {}
    for name, fn in engines:
        times[name], results[name] = best_of(repeat, fn)
    part_vi = times[engines[0][0]]
    print(f"{'search':<34} {'time s':>8} {'x Part VI':>10}  scores")
    for name, _ in engines:
        print(f"{name:<34} {times[name]:8.3f} {times[name] / part_vi:9.2f}x  {results[name]}")
    if results[engines[0][0]] != results[engines[2][0]]:
        print("DISAGREEMENT: the breadth-first and the recursive minimax differ")
        return 1
    print("the breadth-first and the recursive minimax agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
