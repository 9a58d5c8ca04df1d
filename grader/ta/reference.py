"""The reference's answers for ``compare``: every reachable position not over, with the scores and the
move of each rule, computed once from ``xo`` (in parallel) and cached under ``build/compare/``, readable
by root only (a student process must never find them)."""

import hashlib
import json
import multiprocessing
import os

from .. import ROOT
from xo.analysis import board_from_state, handout_scores, minimax_scores, player_to_move, reachable_positions, tree_size
from xo.board import O, X
from xo.game import PART_IV, PART_V, best_cell, copy_board

TOP = os.path.dirname(ROOT)
CACHE = os.path.join(TOP, "build", "compare")
REFERENCE_FILES = [os.path.join(TOP, "xo", f"{n}.py") for n in ("board", "deque", "game", "analysis")]
REFERENCE_VERSION = "1"          # bump when a record's layout changes


def _reference_record(item):
    """Everything the comparison needs about one position, from the reference."""

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
