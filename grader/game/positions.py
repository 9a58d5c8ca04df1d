"""Positions and the judging of moves on them, shared by the checks and by ``python -m grader compare``,
so that students and TAs get the same verdict and the same diagnosis.

A position is a dict with the board's fields (``state``, ``moves``, ``turn``, ``numMoves``), who is to
move and who moved first, the moves each rule chooses (``best``) and, when known, every cell's scores
(``scores``).  Two moves are accepted on a position (``accepted``): the one the handout's Part V rules
choose, and, unless moves are judged strictly, the depth-aware minimax move with ties to the lowest cell,
which the handout's note at the end of Part V allows.  Why a move differs is ``grader.game.diagnosis``'s: a
mistake of the whole program, never a rule one move happens to follow.  Nothing here runs student code.
"""

import math

from .models import LINES

CHUNK_NODES = 150_000     # boards searched by one run of the child, at most (the empty board alone has 549,946)

# The average size of the move tree below a position with this many empty cells (root included), from
# xo.analysis.tree_size over every reachable position: how positions are packed into runs of the child.
TREE_NODES = {1: 2, 2: 4.3, 3: 10.6, 4: 40, 5: 182, 6: 1091, 7: 7638, 8: 61105, 9: 549946}

SYMBOLS = {"X": -1, "O": 1}


def expand(entry):
    """A position record from its compact fixture form ``"F HISTORY V IV MINIMAX OTHER"``.

    ``F`` is the first mover, ``HISTORY`` the cells played in order (players
    alternate), then the cells the Part V rules, the Part IV rules and the
    depth-aware minimax choose, and the Part V move of the other player ("-"
    for none).  These positions carry no scores: the checks that use them are
    hidden, and ``python -m grader compare`` shows every score to TAs.

    >>> r = expand("O 40 2 2 2 8")
    >>> r["state"], r["numMoves"], r["to_move"], r["best"]
    ([-1, 0, 0, 0, 1, 0, 0, 0, 0], 2, 1, {'V': 2, 'IV': 2, 'minimax': 2, 'other_player': 8})
    """
    first, history, v, iv, mm, other = entry.split()
    return {**played_from(first, history), "best": {"V": int(v), "IV": int(iv), "minimax": int(mm),
                                                    "other_player": None if other == "-" else int(other)}}


def played_from(first, history):
    """The position reached when ``first`` ("X" or "O") moves first and the players take the cells of
    ``history`` (digits; "-" for none) in turn: the board's fields, who is to move and who moved first.

    >>> p = played_from("O", "40")
    >>> p["state"], p["moves"][:2], p["to_move"], p["first"]
    ([-1, 0, 0, 0, 1, 0, 0, 0, 0], [4, 0], 1, 1)
    """
    player = first = SYMBOLS[first]
    cells = [] if history == "-" else [int(c) for c in history]
    state, moves, turn = [0] * 9, [0] * 9, [0] * 9
    for k, cell in enumerate(cells):
        state[cell], moves[k], turn[k] = player, cell, player
        player = -player
    return {"state": state, "moves": moves, "turn": turn, "numMoves": len(cells), "to_move": player, "first": first}


def valued(entry):
    """A position of ``fixtures["part6"]["values"]`` with its minimax ``values``.

    >>> p = valued("X 0 .,-3,-3,-3,0,-3,-3,-3,-3")
    >>> p["state"], p["to_move"], p["values"][:2]
    ([-1, 0, 0, 0, 0, 0, 0, 0, 0], 1, [None, -3])
    """
    first, history, values = entry.split()
    position = played_from(first, history)
    position["values"] = [None if v == "." else int(v) for v in values.split(",")]
    return position


def contracted(entry):
    """A position of ``fixtures["part6"]["contracts"]`` with each judge's answer."""
    history, cq, score, row, col, cg = entry.split()
    position = played_from("X", history)
    position.update(codequest=None if cq == "-" else int(cq), codingame=int(cg),
                    ninja=None if score == "-" else [int(score), int(row), int(col)])
    return position


def fields(position):
    return {k: position[k] for k in ("state", "moves", "turn", "numMoves")}


def minimax_best(position):
    """Every minimax-optimal cell of ``position`` (from its minimax scores)."""
    values = position["scores"]["minimax"]
    top = max(v for v in values if v is not None)
    return {c for c, v in enumerate(values) if v == top}


def accepted(position, strict):
    """The moves accepted on ``position``: the handout's Part V move and, unless ``strict``, the
    depth-aware minimax move (lowest cell among ties), as the handout's note at the end of Part V says.

    >>> sorted(accepted({"best": {"V": 0, "minimax": 4}}, strict=False)), accepted({"best": {"V": 0, "minimax": 4}}, True)
    ([0, 4], {0})
    """
    moves = {position["best"]["V"]}
    if not strict:
        moves.add(position["best"]["minimax"])
    return moves


RULE_WORDS = {
    "part_v": "the move the handout's Part V rules choose",
    "minimax": "the depth-aware minimax move (lowest cell among equal values)",
}


def chunks(positions, most=CHUNK_NODES):
    """Split ``positions`` into runs of the child that search at most about ``most`` boards each.

    >>> [len(c) for c in chunks([{"state": [0] * 8 + [1]}] * 5, most=130_000)]
    [2, 2, 1]
    """
    runs, run, size = [], [], 0
    for position in positions:
        cost = TREE_NODES[position["state"].count(0)]
        if run and size + cost > most:
            runs.append(run)
            run, size = [], 0
        run.append(position)
        size += cost
    if run:
        runs.append(run)
    return runs


def move_sequences(state):
    """Return how many boards a search from ``state`` could pop if no game ever ended before the board is full.

    A win check that misses a line grows the tree towards this bound: that mistake costs points in Part II
    (and in the moves chosen), not here.

    >>> move_sequences([0] * 3 + [1] * 6)     # the root, 3 children, 6 grandchildren, 6 full boards
    16
    """
    empty = state.count(0)
    return sum(math.perm(empty, k) for k in range(empty + 1))


def board_code(state):
    """The number of a board: its nine cells (-1, 0, 1) as the digits of a base-3 number, cell 0 the lowest
    (as the breadth-first trace of ``checks.probes`` sends the boards it saw popped).

    >>> board_code([0] * 9), board_code([1] + [0] * 8), board_code([-1] * 9)
    (9841, 9842, 0)
    """
    return sum((v + 1) * 3 ** k for k, v in enumerate(state))


def board_of_code(number):
    """The state whose ``board_code`` is ``number``.

    >>> board_of_code(9842)
    [1, 0, 0, 0, 0, 0, 0, 0, 0]
    """
    return [(number // 3 ** k) % 3 - 1 for k in range(9)]


def tree_boards(state, numMoves, to_move):
    """The boards of the move tree from ``state`` level by level, as ``board_code`` numbers with how many times
    each is in the tree (the number of move orders that reach it): ``(unfinished, possible)``, each
    ``{numMoves: {code: times}}``.  ``unfinished``: the boards of the tree that are not over, which a correct
    search pops exactly that many times each, and so does one whose win check misses a line (every board on
    the way to an unfinished board is unfinished too).  ``possible``: every board some search could push,
    and at most how many times: the tree grown as if no game ever ended, which is what a win check that
    misses a line grows it towards.

    X to move with X on 0, 2, 4 and O on 1, 3, 5: X wins on 6 or 8, so only X on 7 goes on; O then has two
    cells, and X's last marker fills the board.

    >>> unfinished, possible = tree_boards([-1, 1, -1, 1, -1, 1, 0, 0, 0], 6, -1)
    >>> {n: sorted(times.values()) for n, times in unfinished.items()}
    {6: [1], 7: [1], 8: [1, 1]}
    >>> {n: sorted(times.values()) for n, times in possible.items()}
    {6: [1], 7: [1, 1, 1], 8: [1, 1, 1, 1, 1, 1], 9: [2, 2, 2]}
    """
    def won(cells):
        return any(cells[a] != 0 and cells[a] == cells[b] == cells[c] for a, b, c in LINES)

    def grow(level, mover):
        children = {}
        for cells, times in level.items():
            for k in range(9):
                if cells[k] == 0:
                    child = cells[:k] + (mover,) + cells[k + 1:]
                    children[child] = children.get(child, 0) + times
        return children

    unfinished, possible = {}, {}
    level = live = {tuple(state): 1}
    mover = to_move
    for n in range(numMoves, 10):
        if not level:
            break
        possible[n] = {board_code(cells): times for cells, times in level.items()}
        live = {cells: times for cells, times in live.items() if not won(cells) and 0 in cells}
        if live:
            unfinished[n] = {board_code(cells): times for cells, times in live.items()}
        level, live, mover = grow(level, mover), grow(live, mover), -mover
    return unfinished, possible
