"""Check the corpus of student submissions against the reference ``xo`` package.

A developer's tool, not a test module (pytest never collects ``tests/submissions``):

    .venv/bin/python tests/submissions/verify_corpus.py            # everything
    .venv/bin/python tests/submissions/verify_corpus.py --quick    # positions with >= 3 moves only
    .venv/bin/python tests/submissions/verify_corpus.py -v always_x tiebreak_high

Every submission (``correct/NAME``, ``buggy/NAME`` and ``examples/submission``)
is loaded in its own process: as a package ``sub_NAME`` when its files import
each other relatively (``from .board import ...``), or with its folder on
``sys.path`` when they import flat (``from board import ...``).  Its three
files may sit in the folder itself or in one nested folder.  It then runs
checks grouped by the handout's Parts:

I    ``BoardXO``: the empty board, boards not sharing lists, ``board[pos]``, ``str(board)``;
II   ``XO``: constructors, ``show()``, ``makeMove`` and its errors, ``makeMoves`` (all or
     nothing), ``getBoard()`` (a copy), ``gameOver()``/``winner()`` on every reachable state;
III  the ``Deque`` (its API, written by hand, amortised O(1)) and that
     ``makeOptimalMove()`` searches breadth-first with it (the game module's ``Deque``
     is replaced by a recording subclass: pops must come out level by level);
IV   X to move in X-first games, where the Part IV and Part V rules choose the same
     cell (immediate wins, blocks, lowest-index ties), and the handout's example;
V    every other position: O to move, O-first games, positions where Part V differs
     from Part IV, finished games (``None``, nothing changed) and the empty board
     (in a fresh process under the grader's 512 MiB address-space limit).

Boards for Parts III-V are built field by field: a ``BoardXO()`` of the
submission's own, given fresh ``state``/``moves``/``turn`` lists and ``numMoves``,
assigned to ``XO().b``.  The cell played and the whole board afterwards must
equal the reference's.

``expectations.toml`` says which Parts each submission must lose and keep; the
table's last column says whether the results match.  Exit status 1 if any
submission does not match.
"""

import argparse
import contextlib
import gc
import importlib
import io
import json
import multiprocessing
import os
import random
import re
import resource
import subprocess
import sys
import time
import traceback
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

try:
    import tomllib
except ModuleNotFoundError:        # Python 3.10
    import tomli as tomllib

from xo import XO as RefXO
from xo.analysis import is_over, tree_size, winner_of
from xo.game import PART_IV, PART_V, best_cell, score_moves

FILES = ("deque.py", "board.py", "game.py")
PARTS = ("I", "II", "III", "IV", "V")
X, O = -1, 1
MEMORY_MIB = 512
EMPTY_BOARD_TIMEOUT = 180
EXAMPLES = {"reference/xo": {"lose": [], "keep": list(PARTS), "about": "the reference itself, as a sanity check"},
            "examples/submission": {"lose": ["II", "V"], "keep": ["I", "III", "IV"],
                                    "about": "make grade's demo: 3 mistakes"}}


# ----------------------------------------------------------------------------- loading
def files_folder(folder):
    """The folder holding the three files: ``folder`` itself or its one nested folder."""
    folder = Path(folder)
    if all((folder / f).is_file() for f in FILES):
        return folder
    nested = [d for d in folder.iterdir() if d.is_dir() and all((d / f).is_file() for f in FILES)]
    if len(nested) != 1:
        raise FileNotFoundError(f"{folder}: no deque.py, board.py and game.py (at the root or in one folder)")
    return nested[0]


def is_flat(src):
    pattern = re.compile(r"^\s*(from\s+(board|deque|game)\s+import|import\s+(board|deque|game)\b)", re.M)
    return any(pattern.search((src / f).read_text()) for f in FILES)


def load(folder, pkg):
    """Import a submission; return a namespace with its ``deque``, ``board`` and ``game`` modules."""
    src = files_folder(folder)
    if is_flat(src):
        sys.path.insert(0, str(src))
        for name in ("board", "deque", "game"):
            sys.modules.pop(name, None)
        mods = {name: importlib.import_module(name) for name in ("deque", "board", "game")}
    else:
        package = types.ModuleType(pkg)
        package.__path__ = [str(src)]
        package.__package__ = pkg
        sys.modules[pkg] = package
        mods = {name: importlib.import_module(f"{pkg}.{name}") for name in ("deque", "board", "game")}
    ns = types.SimpleNamespace(**mods)
    ns.src = src
    return ns


# ----------------------------------------------------------------------------- positions
def all_histories(first):
    """Map every state reachable in a ``first``-first game (finished ones too) to one history."""
    start = (0,) * 9
    found = {start: ()}
    level = [start]
    while level:
        nxt = []
        for state in level:
            if is_over(state):
                continue
            history = found[state]
            mover = first if not history else -history[-1][0]
            for cell in range(9):
                if state[cell] == 0:
                    child = state[:cell] + (mover,) + state[cell + 1:]
                    if child not in found:
                        found[child] = history + ((mover, cell),)
                        nxt.append(child)
        level = nxt
    return found


def ref_board(history):
    g = RefXO()
    for k, (p, c) in enumerate(history):
        g.b.state[c] = p
        g.b.moves[k] = c
        g.b.turn[k] = p
    g.b.numMoves = len(history)
    return g.b


def snapshot(board):
    return (list(board.state), list(board.moves), list(board.turn), board.numMoves)


def after_move(history, cell, mover):
    return snapshot(ref_board(tuple(history) + ((mover, cell),)))


def build_positions(min_moves):
    """Every reachable position not over (>= ``min_moves`` moves) with the reference's answer."""
    positions, finished = [], []
    for first in (X, O):
        for state, history in all_histories(first).items():
            n = len(history)
            if is_over(state):
                finished.append((first, history))
                continue
            if n == 0 or n < min_moves:
                continue                       # the empty board has its own check
            mover = -history[-1][0]
            board = ref_board(history)
            v = best_cell(score_moves(board, PART_V))
            iv = best_cell(score_moves(board, PART_IV))
            part = "IV" if (first == X and mover == X and v == iv) else "V"
            positions.append({"history": history, "first": first, "part": part,
                              "cell": v, "after": after_move(history, v, mover)})
    return positions, finished


# ----------------------------------------------------------------------------- helpers
class Failed(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Failed(message)


def student_board(S, history):
    b = S.board.BoardXO()
    state, moves, turn = [0] * 9, [0] * 9, [0] * 9
    for k, (p, c) in enumerate(history):
        state[c] = p
        moves[k] = c
        turn[k] = p
    b.state, b.moves, b.turn, b.numMoves = state, moves, turn, len(history)
    return b


def student_game(S, history):
    g = S.game.XO()
    g.b = student_board(S, history)
    return g


def split(history):
    return [p for p, _ in history], [c for _, c in history]


def raises_value_error(fn):
    try:
        fn()
    except ValueError:
        return True, None
    except Exception as error:     # the wrong kind of error
        return False, f"{type(error).__name__}: {error}"
    return False, "no error"


HANDOUT = ((X, 2), (O, 0), (X, 3), (O, 7), (X, 6), (O, 8))


# ----------------------------------------------------------------------------- Part I
def part1_board_init(S):
    b = S.board.BoardXO()
    expect(list(b.state) == [0] * 9, f"BoardXO().state = {b.state!r}")
    expect(list(b.moves) == [0] * 9 and list(b.turn) == [0] * 9,
           f"BoardXO().moves = {b.moves!r}, .turn = {b.turn!r}")
    expect(b.numMoves == 0, f"BoardXO().numMoves = {b.numMoves!r}")
    expect((S.board.X, S.board.O) == (-1, 1), "X and O must be -1 and 1")


def part1_boards_independent(S):
    b1, b2 = S.board.BoardXO(), S.board.BoardXO()
    b1.state[4] = 1
    b1.moves[0] = 4
    b1.turn[0] = 1
    b1.numMoves = 1
    b3 = S.board.BoardXO()
    for name, other in (("a board made before", b2), ("a board made after", b3)):
        expect(list(other.state) == [0] * 9 and list(other.moves) == [0] * 9 and list(other.turn) == [0] * 9,
               f"changing one BoardXO's lists changed {name}: state={other.state!r}")


def part1_getitem(S):
    b = S.board.BoardXO()
    state = [1, 0, -1, -1, 0, 0, -1, 1, 1]
    b.state = list(state)
    got = [b[i] for i in range(9)]
    expect(got == state, f"[b[i] for i in range(9)] = {got!r}")


def part1_str(S):
    cases = [([1, 0, -1, -1, 0, 0, -1, 1, 1], "O X\nX  \nXOO"),
             ([0] * 9, "   \n   \n   "),
             ([-1, 1, -1, -1, 1, 1, 1, -1, -1], "XOX\nXOO\nOXX")]
    for state, text in cases:
        b = S.board.BoardXO()
        b.state = list(state)
        expect(str(b) == text, f"str(board) for {state} = {str(b)!r}, expected {text!r}")


# ----------------------------------------------------------------------------- Part II
def part2_blank(S):
    g = S.game.XO()
    expect(snapshot(g.b) == snapshot(RefXO().b), f"XO().b = {snapshot(g.b)}")


def part2_constructor(S):
    for history, n in ((HANDOUT, 6), (HANDOUT, 3), (((O, 4), (X, 0), (O, 8)), 3), ((), 0)):
        play, pos = split(history)
        g = S.game.XO(play, pos, n)
        want = snapshot(RefXO(play, pos, n).b)
        expect(snapshot(g.b) == want, f"XO({play}, {pos}, {n}).b = {snapshot(g.b)}, expected {want}")
    ok, why = raises_value_error(lambda: S.game.XO([-1, 1, -1], [0, 0, 1], 3))
    expect(ok, f"XO([-1,1,-1],[0,0,1],3) (cell taken twice): {why}")


def part2_show(S):
    for history in ((), HANDOUT):
        g = student_game(S, history)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            g.show()
        expect(out.getvalue() == str(g.b) + "\n", f"show() printed {out.getvalue()!r}, str(b) is {str(g.b)!r}")


def part2_make_move(S):
    g = S.game.XO()
    r = RefXO()
    for p, c in ((X, 4), (O, 0), (X, 8)):
        g.makeMove(p, c)
        r.makeMove(p, c)
        expect(snapshot(g.b) == snapshot(r.b), f"after makeMove({p}, {c}): {snapshot(g.b)}, expected {snapshot(r.b)}")
    g = S.game.XO()
    g.makeMove(O, 4)                      # either player may move first
    expect(snapshot(g.b) == snapshot(RefXO([O], [4], 1).b), f"O first: {snapshot(g.b)}")


def part2_make_move_rejects(S):
    x_won = ((X, 0), (O, 3), (X, 1), (O, 4), (X, 2))
    cases = []
    for bad in (0, 2, -2, True, False, -1.0, None, "X"):
        cases.append((((X, 0),), bad, 4, f"player {bad!r}"))
    for bad in (-1, 9, 4.0, True, False, None, "4"):
        cases.append((((X, 0),), O, bad, f"cell {bad!r}"))
    cases.append((((X, 0),), O, 0, "a taken cell"))
    cases.append((((X, 0),), X, 4, "the same player twice"))
    cases.append((x_won, O, 8, "a finished game (X won)"))
    cases.append((x_won[:3], X, 5, "X twice in a row"))
    for setup, play, pos, what in cases:
        g = student_game(S, setup)
        before = snapshot(g.b)
        ok, why = raises_value_error(lambda: g.makeMove(play, pos))
        expect(ok, f"makeMove({play!r}, {pos!r}) with {what}: {why}")
        expect(snapshot(g.b) == before, f"makeMove({play!r}, {pos!r}) with {what} changed the board")


def part2_make_moves(S):
    g = student_game(S, ((X, 0),))
    g.makeMoves([O, X, O], [4, 8, 2], 3)
    want = snapshot(ref_board(((X, 0), (O, 4), (X, 8), (O, 2))))
    expect(snapshot(g.b) == want, f"makeMoves after X@0: {snapshot(g.b)}")
    x_0 = ((X, 0),)
    cases = ((x_0, [O, X, O], [4, 8, 4], 3, "the third move on a taken cell"),
             (x_0, [O, O], [4, 8], 2, "O twice"),
             (((X, 0), (O, 3), (X, 1)), [O, X, O], [4, 2, 5], 3, "a move after X won"),
             (x_0, [O], [4], 2, "n larger than the lists"))
    for setup, play, pos, n, what in cases:
        g = student_game(S, setup)
        before = snapshot(g.b)
        ok, why = raises_value_error(lambda: g.makeMoves(play, pos, n))
        expect(ok, f"makeMoves({play}, {pos}, {n}) with {what}: {why}")
        expect(snapshot(g.b) == before, f"makeMoves with {what} changed the board to {snapshot(g.b)}")


def part2_get_board(S):
    g = student_game(S, HANDOUT)
    before = snapshot(g.b)
    copy = g.getBoard()
    expect(snapshot(copy) == before, f"getBoard() = {snapshot(copy)}")
    expect(copy is not g.b, "getBoard() returned the game's own board")
    copy.state[1] = -1
    copy.moves[6] = 1
    copy.turn[6] = -1
    copy.numMoves = 7
    expect(snapshot(g.b) == before, "changing getBoard()'s board changed the game")


def part2_game_over_winner(S, histories):
    wrong = []
    for first, found in histories.items():
        for state, history in found.items():
            g = student_game(S, history)
            w, over = g.winner(), g.gameOver()
            if w != winner_of(state) or bool(over) != is_over(state):
                wrong.append((state, w, over))
    expect(not wrong, f"{len(wrong)} states wrong, e.g. state {wrong[0][0] if wrong else ''}: "
                      f"winner()={wrong[0][1] if wrong else ''}, gameOver()={wrong[0][2] if wrong else ''}")
    g = S.game.XO([X, O, X, O, X], [0, 3, 1, 4, 2], 5)      # through the constructor as well
    expect(g.gameOver() and g.winner() == X, "XO([-1,1,-1,1,-1],[0,3,1,4,2],5): X should have won")


# ----------------------------------------------------------------------------- Part III
def part3_deque_empty(S):
    d = S.deque.Deque()
    expect(d.isEmpty() is True and d.size() == 0 and len(d) == 0, "a new Deque is not empty")
    for name in ("popFront", "popBack", "front", "back"):
        try:
            getattr(d, name)()
        except IndexError:
            continue
        except Exception as error:
            raise Failed(f"{name}() on an empty Deque raised {type(error).__name__}, not IndexError")
        raise Failed(f"{name}() on an empty Deque raised nothing")


def part3_deque_ops(S):
    rng = random.Random(5)
    for trial in range(30):
        d, model = S.deque.Deque(), []
        for step in range(400):
            op = rng.choice(("pushFront", "pushBack", "popFront", "popBack", "front", "back")
                            + (("pushBack", "pushFront") if trial % 2 else ()))
            if op.startswith("push"):
                item = (trial, step)
                getattr(d, op)(item)
                model.insert(0, item) if op == "pushFront" else model.append(item)
                continue
            if not model:
                try:
                    getattr(d, op)()
                except IndexError:
                    continue
                raise Failed(f"{op}() on an empty Deque did not raise IndexError")
            want = {"popFront": lambda: model.pop(0), "popBack": lambda: model.pop(),
                    "front": lambda: model[0], "back": lambda: model[-1]}[op]()
            got = getattr(d, op)()
            expect(got == want, f"{op}() returned {got!r}, expected {want!r}")
            expect(d.size() == len(model) and len(d) == len(model) and d.isEmpty() == (not model),
                   f"size()/len()/isEmpty() wrong after {op}")


FORBIDDEN = re.compile(r"\bcollections\b|\bimport\s+queue\b|\bfrom\s+queue\b|\.pop\(\s*0\s*\)|\.insert\(\s*0\s*,")


def part3_deque_by_hand(S):
    text = (S.src / "deque.py").read_text()
    hit = FORBIDDEN.search(text)
    expect(hit is None, f"deque.py uses {hit.group(0)!r}" if hit else "")


def part3_deque_amortised(S):
    def per_op(n):
        d = S.deque.Deque()
        t = time.perf_counter()
        for i in range(n):
            d.pushBack(i)
        for i in range(n):
            d.popFront()
        for i in range(n):
            d.pushFront(i)
        for i in range(n):
            d.popBack()
        return (time.perf_counter() - t) / n
    gc.disable()               # a linked list's nodes would make the collector's passes count
    try:
        small = min(per_op(5000) for _ in range(5))
        big = min(per_op(100000) for _ in range(3))
    finally:
        gc.enable()
    # amortised O(1) deques measure 1.0-1.7 here; list.pop(0) / insert(0, ...) about 25
    expect(big / small < 6, f"an operation takes {big / small:.1f} times longer with 100000 items than with 5000")


def depth_of(item):
    if hasattr(item, "numMoves"):
        return item.numMoves
    if isinstance(item, (tuple, list)):
        for part in item:
            if hasattr(part, "numMoves"):
                return part.numMoves
    return None


def part3_bfs_with_deque(S):
    original = S.game.Deque if hasattr(S.game, "Deque") else S.deque.Deque
    log = {"made": 0, "pops": []}

    class Recording(original):
        def __init__(self, *args, **kwargs):
            log["made"] += 1
            super().__init__(*args, **kwargs)

        def popFront(self):
            item = super().popFront()
            log["pops"].append(depth_of(item))
            return item

        def popBack(self):
            item = super().popBack()
            log["pops"].append(depth_of(item))
            return item

    saved = (getattr(S.game, "Deque", None), S.deque.Deque)
    S.game.Deque = Recording
    S.deque.Deque = Recording
    try:
        # X to move in X-first games, as in Part IV: the order of the search is all that counts here
        for history in (((X, 0), (O, 4)), HANDOUT, ((X, 4), (O, 0), (X, 8), (O, 2))):
            log["made"], log["pops"] = 0, []
            g = student_game(S, history)
            try:
                g.makeOptimalMove()
            except Exception:
                pass           # what it then plays is for Parts IV and V
            nodes, leaves = tree_size(ref_board(history))
            pops = log["pops"]
            where = f"from {list(history)}"
            expect(log["made"] > 0, f"makeOptimalMove() {where} made no Deque")
            expect(len(pops) >= nodes - leaves,
                   f"makeOptimalMove() {where} popped {len(pops)} items, fewer than the {nodes - leaves} unfinished boards")
            expect(None not in pops, f"makeOptimalMove() {where} popped items that hold no board")
            expect(pops[0] == len(history), f"makeOptimalMove() {where} did not pop the root first")
            drops = [k for k in range(1, len(pops)) if pops[k] < pops[k - 1]]
            expect(not drops, f"makeOptimalMove() {where} is not breadth-first: popped a board with "
                              f"{pops[drops[0]] if drops else 0} moves after one with {pops[drops[0] - 1] if drops else 0}")
    finally:
        if saved[0] is not None:
            S.game.Deque = saved[0]
        else:
            del S.game.Deque
        S.deque.Deque = saved[1]


# ----------------------------------------------------------------------------- Parts IV and V
def sweep(S, positions, part):
    chosen = [p for p in positions if p["part"] == part]
    wrong = []
    for p in chosen:
        g = student_game(S, p["history"])
        try:
            cell = g.makeOptimalMove()
            after = snapshot(g.b)
        except Exception as error:
            wrong.append((p, f"{type(error).__name__}: {error}"))
            continue
        if cell != p["cell"]:
            wrong.append((p, f"played {cell!r}, expected {p['cell']}"))
        elif after != p["after"]:
            wrong.append((p, f"board after {after}, expected {p['after']}"))
    if wrong:
        p, why = wrong[0]
        first = "X" if p["first"] == X else "O"
        raise Failed(f"{len(wrong)}/{len(chosen)} positions wrong, e.g. {first}-first "
                     f"{[c for _, c in p['history']]}: {why}")


def part4_positions(S, positions):
    sweep(S, positions, "IV")


def part4_handout_example(S):
    play, pos = split(HANDOUT)
    g = S.game.XO(play, pos, 6)
    cell = g.makeOptimalMove()
    expect(cell == 4, f"XO({play}, {pos}, 6).makeOptimalMove() = {cell!r}, expected 4")
    expect(list(g.b.state) == [1, 0, -1, -1, -1, 0, -1, 1, 1], f"state afterwards {g.b.state}")


def part5_positions(S, positions):
    sweep(S, positions, "V")


def part5_finished_returns_none(S, finished):
    rng = random.Random(7)
    sample = rng.sample(finished, 300)
    for first, history in sample:
        g = student_game(S, history)
        before = snapshot(g.b)
        try:
            cell = g.makeOptimalMove()
        except Exception as error:
            raise Failed(f"finished game {[c for _, c in history]}: raised {type(error).__name__}: {error}")
        expect(cell is None, f"finished game {[c for _, c in history]}: returned {cell!r}, not None")
        expect(snapshot(g.b) == before, f"finished game {[c for _, c in history]}: the board changed")


def empty_board_child(folder, pkg):
    """Run in a fresh process: the empty board, timed, with its peak memory."""
    S = load(folder, pkg)
    g = S.game.XO()
    t = time.perf_counter()
    cell = g.makeOptimalMove()
    seconds = time.perf_counter() - t
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"cell": cell, "after": snapshot(g.b), "seconds": seconds, "mib": rss}))


def part5_empty_board(S, folder, pkg, info):
    def limit():
        cap = MEMORY_MIB * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    try:
        run = subprocess.run([sys.executable, __file__, "--empty-board", str(folder), pkg],
                             capture_output=True, text=True, timeout=EMPTY_BOARD_TIMEOUT, preexec_fn=limit)
    except subprocess.TimeoutExpired:
        info["empty"] = f">{EMPTY_BOARD_TIMEOUT}s"
        raise Failed(f"empty board: over {EMPTY_BOARD_TIMEOUT} s")
    if run.returncode != 0:
        info["empty"] = "crash"
        raise Failed(f"empty board: exit {run.returncode}: {run.stderr.strip().splitlines()[-1:]}")
    result = json.loads(run.stdout.strip().splitlines()[-1])
    info["empty"] = f"{result['seconds']:5.1f}s {result['mib']:4.0f}MiB"
    expect(result["cell"] == 0, f"empty board: played {result['cell']!r}, expected 0")
    expect(result["after"] == list(after_move((), 0, X)), f"empty board: board after {result['after']}")


# ----------------------------------------------------------------------------- running
def run_submission(task):
    label, folder, pkg, positions, finished, histories = task
    results = {part: [] for part in PARTS}
    info = {"empty": "-"}
    started = time.time()
    try:
        S = load(folder, pkg)
    except Exception as error:
        for part in PARTS:
            results[part].append(("load", f"{type(error).__name__}: {error}"))
        return label, results, info
    checks = [
        ("I", part1_board_init, ()), ("I", part1_boards_independent, ()),
        ("I", part1_getitem, ()), ("I", part1_str, ()),
        ("II", part2_blank, ()), ("II", part2_constructor, ()), ("II", part2_show, ()),
        ("II", part2_make_move, ()), ("II", part2_make_move_rejects, ()), ("II", part2_make_moves, ()),
        ("II", part2_get_board, ()), ("II", part2_game_over_winner, (histories,)),
        ("III", part3_deque_empty, ()), ("III", part3_deque_ops, ()), ("III", part3_deque_by_hand, ()),
        ("III", part3_deque_amortised, ()), ("III", part3_bfs_with_deque, ()),
        ("IV", part4_positions, (positions,)), ("IV", part4_handout_example, ()),
        ("V", part5_positions, (positions,)), ("V", part5_finished_returns_none, (finished,)),
        ("V", part5_empty_board, (folder, pkg, info)),
    ]
    for part, check, args in checks:
        name = check.__name__.split("_", 1)[1]
        try:
            check(S, *args)
        except Failed as error:
            results[part].append((name, str(error)))
        except Exception as error:
            tb = traceback.extract_tb(error.__traceback__)[-1]
            results[part].append((name, f"{type(error).__name__}: {error} ({Path(tb.filename).name}:{tb.lineno})"))
    info["seconds"] = time.time() - started
    return label, results, info


def expectations():
    data = tomllib.loads((HERE / "expectations.toml").read_text())
    table = {}
    for kind in ("correct", "buggy"):
        for name, spec in data.get(kind, {}).items():
            if kind == "correct":
                table[f"correct/{name}"] = {"lose": [], "keep": list(PARTS), "about": spec.get("about", "")}
            else:
                table[f"buggy/{name}"] = {"lose": spec["lose"], "keep": spec["keep"], "about": spec["mistake"]}
    table.update(EXAMPLES)
    return table


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="only these submissions (always_x, buggy/always_x) or kinds (correct, buggy)")
    parser.add_argument("--quick", action="store_true", help="only positions with at least 3 moves")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("-v", "--verbose", action="store_true", help="every failed check, also where expected")
    parser.add_argument("--empty-board", nargs=2, metavar=("FOLDER", "PKG"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.empty_board:
        empty_board_child(*args.empty_board)
        return 0

    table = expectations()
    folders = {f"{kind}/{d.name}": d for kind in ("correct", "buggy")
               for d in sorted((HERE / kind).iterdir()) if d.is_dir() and not d.name.startswith((".", "__"))}
    folders["reference/xo"] = ROOT / "xo"
    folders["examples/submission"] = ROOT / "examples" / "submission"
    problems = [f"{label}: folder without an expectations.toml table" for label in folders if label not in table]
    problems += [f"{label}: table without a folder" for label in table if label not in folders]
    labels = [label for label in folders if label in table
              and (not args.names or any(label == n or label.endswith("/" + n) or label.startswith(n.rstrip("/") + "/")
                                  for n in args.names))]

    t = time.time()
    positions, finished = build_positions(3 if args.quick else 1)
    histories = {X: all_histories(X), O: all_histories(O)}
    print(f"reference: {len(positions)} positions "
          f"({sum(p['part'] == 'IV' for p in positions)} Part IV, {sum(p['part'] == 'V' for p in positions)} Part V), "
          f"{len(finished)} finished games, {time.time() - t:.0f} s", flush=True)

    tasks = [(label, folders[label], "sub_" + re.sub(r"\W", "_", label), positions, finished, histories)
             for label in labels]
    ctx = multiprocessing.get_context("fork")
    rows = []
    with ctx.Pool(args.jobs, maxtasksperchild=1) as pool:
        for label, results, info in pool.imap_unordered(run_submission, tasks):
            rows.append((label, results, info))
            print(f"  done {label} ({info.get('seconds', 0):.0f} s)", file=sys.stderr, flush=True)
    rows.sort(key=lambda row: labels.index(row[0]))

    width = max(len(label) for label in labels) if labels else 10
    print()
    print(f"{'submission':<{width}}  " + "  ".join(f"{p:<4}" for p in PARTS)
          + f"  {'empty board':<15}  {'must lose':<10}  verdict")
    print("-" * (width + 62))
    details, bad = [], 0
    for label, results, info in rows:
        spec = table[label]
        cells, verdict = [], "OK"
        for part in PARTS:
            failed = bool(results[part])
            cells.append("FAIL" if failed else "ok")
            if (part in spec["keep"] and failed) or (part in spec["lose"] and not failed):
                verdict = "MISMATCH"
            if failed:   # all of a Part that must keep; the first of any other, to show the mistake
                shown = results[part] if (args.verbose or part in spec["keep"]) else results[part][:1]
                for name, message in shown:
                    details.append(f"{label} {part} {name}: {message}")
        bad += verdict != "OK"
        lose = ",".join(spec["lose"]) or "-"
        print(f"{label:<{width}}  " + "  ".join(f"{c:<4}" for c in cells)
              + f"  {info['empty']:<15}  {lose:<10}  {verdict}")
    print()
    print("Parts neither lost nor kept by expectations.toml are 'don't care'; 'FAIL' = at least one check failed.")
    if details:
        print("\nfailed checks (all of a Part that must keep; the first of any other Part, -v for all):")
        for line in details:
            print("  " + line)
    for line in problems:
        print("PROBLEM: " + line)
    return 1 if bad or problems else 0


if __name__ == "__main__":
    sys.exit(main())
