"""Part VI's mistakes as programs: for each, the answer a program that makes that one mistake (and follows every
other rule) gives on a position, worked out here from the rules alone.  ``grader.ta.fixtures_build`` chooses the
positions Part VI's withheld checks judge so that every one of them answers wrong on some chosen position
(``choose``); ``tests/test_part6_mutants.py`` proves it for the shipped fixtures.

A family's mistakes are ``MISTAKES[family]``: ``(name, answer)`` pairs, ``answer(position)`` giving what the
mistaken program returns (``REFERENCE[family]`` what the reference returns).  The families, and what a position
carries for them:

- ``values``: ``minimaxValues()`` on a position of ``fixtures["part6"]["values"]`` (X or O to move, either first);
- ``codequest``: the cell Code Quest's X plays (positions with X to move; ``zero`` when the board is written with
  O as the digit 0, None for a program that refuses the board);
- ``ninja``: Coding Ninjas' ``[score, row, col]`` (X to move);
- ``codingame``: the cell CodinGame's player plays (X or O to move, games X started).
"""

from .models import LINES, best_cell, sign, wins_at_once
from .positions import TREE_NODES

GRID = (8, 4, 7, 3, 9, 2, 6, 1, 5)
"""CodinGame's tie grid, cell by cell: ties go to the highest."""

COLUMNS = (0, 3, 6, 1, 4, 7, 2, 5, 8)
BACKWARDS = tuple(range(8, -1, -1))

_MEMO = {}


def values_with(state, to_move, *, lines=LINES, depth="board", draw=0, backup="minimax", full_first=False,
                every_win=False):
    """The values minimaxValues() gives for ``to_move`` when its search has one mistake: only ``lines`` make a
    win; a leaf is scored with (``depth``) the markers on the finished board ("board", right), one more ("plus"),
    one less ("minus"), the markers played since the root ("root"), the root's markers ("start") or not at all
    ("none": ±10); a draw scores ``draw``; the backup takes (``backup``) the maximum where the root's player
    moves and the minimum elsewhere ("minimax", right), the other way round ("swapped"), or always the
    maximum ("max"); (``full_first``) a full board is a draw before three in a row is looked for; (``every_win``)
    any three in a row counts as the root player's win.

    >>> values_with([-1, -1, 0, 1, 1, 0, 0, 0, 0], -1)[2], values_with([-1, -1, 0, 1, 1, 0, 0, 0, 0], -1, depth="none")[2]
    (5, 10)
    """
    key = (tuple(lines), depth, draw, backup, full_first, every_win, to_move)
    memo = _MEMO.setdefault(key, {})
    m0 = 9 - state.count(0)

    def score(m):
        return {"board": m, "plus": m + 1, "minus": m - 1, "root": m - m0, "start": m0, "none": 0}[depth]

    def value(s, last, mover):
        m = 9 - s.count(0)
        if full_first and m == 9:
            return draw
        if any(s[a] == s[b] == s[c] == mover for a, b, c in lines if last in (a, b, c)):
            return 10 - score(m) if mover == to_move or every_win else score(m) - 10
        if m == 9:
            return draw
        memo_key = (s, mover, m0 if depth in ("root", "start") else None)
        if memo_key not in memo:
            children = [value(s[:c] + (-mover,) + s[c + 1:], c, -mover) for c in range(9) if s[c] == 0]
            rooted = -mover == to_move
            if backup == "swapped":
                rooted = not rooted
            memo[memo_key] = max(children) if rooted or backup == "max" else min(children)
        return memo[memo_key]

    state = tuple(state)
    return [None if state[c] else value(state[:c] + (to_move,) + state[c + 1:], c, to_move) for c in range(9)]


def right_values(position):
    return values_with(position["state"], position["to_move"])


def pm1_best(values, order=range(9)):
    """The first cell of ``order`` with the best ±1 score (the sign of its value)."""
    return best_cell([None if v is None else sign(v) for v in values], order)


def grid_best(values, grid=GRID):
    """The cell with the highest value, ties to the highest number of ``grid``."""
    cells = [c for c in range(9) if values[c] is not None]
    if not cells:
        return None
    top = max(values[c] for c in cells)
    return max((c for c in cells if values[c] == top), key=lambda c: grid[c])


def _values(position, **mistake):
    return values_with(position["state"], position["to_move"], **mistake)


def _search(**mistake):
    return lambda position: _values(position, **mistake)


def _negated(values):
    return [None if v is None else -v for v in values]


VALUES_MISTAKES = [
    ("values for the player who just moved (every sign turned)", lambda p: _negated(right_values(p))),
    ("values always for X, whoever is to move", lambda p: right_values(p) if p["to_move"] == -1
     else _negated(right_values(p))),
    ("the backup for the wrong player (the minimum where the root's player moves)", _search(backup="swapped")),
    ("the backup always takes the maximum", _search(backup="max")),
    ("a leaf scored with one marker more", _search(depth="plus")),
    ("a leaf scored with one marker less", _search(depth="minus")),
    ("a leaf scored with the markers played since the root, not on the board", _search(depth="root")),
    ("a leaf scored with the root's markers, not the finished board's", _search(depth="start")),
    ("how soon does not count (±10)", _search(depth="none")),
    ("a draw scored 1", _search(draw=1)),
    ("a draw scored -1", _search(draw=-1)),
    ("a full board a draw before three in a row is looked for", _search(full_first=True)),
    ("every three in a row a win of the root's player", _search(every_win=True)),
    ("taken cells valued 0 instead of None", lambda p: [0 if v is None else v for v in right_values(p)]),
] + [(f"a win on {''.join(map(str, line))} not seen", _search(lines=tuple(other for other in LINES if other != line)))
     for line in LINES]


def codequest_right(position):
    wins = wins_at_once(position["state"], -1)
    return wins[0] if wins else pm1_best(right_values(position))


def _zero_blind(position):
    """Code Quest's 0 read as an empty cell: a board written with 0 (holding an O) then has too few O for X to move,
    and is refused; other boards are played right."""
    if position.get("zero") and 1 in position["state"]:
        return None
    return codequest_right(position)


def _cq(order=range(9), values=right_values, at_once="first"):
    def answer(position):
        wins = wins_at_once(position["state"], -1)
        if wins and at_once == "first":
            return wins[0]
        if wins and at_once == "last":
            return wins[-1]
        return pm1_best(values(position), order)
    return answer


def _depth_among(score):
    """Ties on the depth-aware value among the moves whose ±1 score is ``score`` only (a fifteenth clean room: the
    slowest loss when every move loses), else on the ±1 score alone."""
    def pick(values):
        cell = pm1_best(values)
        if sign(values[cell]) != score:
            return cell
        return best_cell([v if v is not None and sign(v) == score else None for v in values])
    return pick


CODEQUEST_MISTAKES = [
    ("no win at once first: the best ±1 score alone", _cq(at_once=None)),
    ("the last win at once in reading order, not the first", _cq(at_once="last")),
    ("ties in reading order backwards", _cq(order=BACKWARDS)),
    ("ties down the columns, not along the rows", _cq(order=COLUMNS)),
    ("the depth-aware value, not the ±1 score", lambda p: (wins_at_once(p["state"], -1) or [
        best_cell(right_values(p))])[0]),
    ("the ±1 score of the wrong player", _cq(values=lambda p: _negated(right_values(p)))),
    ("O written as 0 read as an empty cell", _zero_blind),
    ("when every move loses, the slowest loss", lambda p: (wins_at_once(p["state"], -1) or [
        _depth_among(-1)(right_values(p))])[0]),
    ("among wins that are not at once, the fastest", lambda p: (wins_at_once(p["state"], -1) or [
        _depth_among(1)(right_values(p))])[0]),
]


def ninja_answer(values, cell, base=1, swap=False, score=sign):
    row, col = cell // 3 + base, cell % 3 + base
    return [score(values[cell]), *((col, row) if swap else (row, col))]


def ninja_right(position):
    values = right_values(position)
    return ninja_answer(values, pm1_best(values))


def _nj(pick=lambda v: pm1_best(v), values=right_values, **answer):
    def mistaken(position):
        v = values(position)
        return ninja_answer(v, pick(v), **answer)
    return mistaken


NINJA_MISTAKES = [
    ("rows and columns from 0", _nj(base=0)),
    ("when every move loses, the slowest loss", _nj(pick=_depth_among(-1))),
    ("among wins, the fastest", _nj(pick=_depth_among(1))),
    ("column before row", _nj(swap=True)),
    ("ties on the depth-aware value, not the ±1 score", _nj(pick=best_cell)),
    ("ties down the columns (minimum column first)", _nj(pick=lambda v: pm1_best(v, COLUMNS))),
    ("ties to the maximum row and column", _nj(pick=lambda v: pm1_best(v, BACKWARDS))),
    ("the depth-aware value as the score", _nj(score=lambda v: v)),
    ("the ±1 score of the wrong player", _nj(values=lambda p: _negated(right_values(p)))),
    ("a win at once first, as Code Quest plays", lambda p: ninja_answer(right_values(p), (
        wins_at_once(p["state"], -1) or [pm1_best(right_values(p))])[0])),
]


def codingame_right(position):
    return grid_best(right_values(position))


def swapped(grid, a, b):
    """``grid`` with the numbers of cells ``a`` and ``b`` swapped (a fifteenth clean room typed 2 9 3 for 3 9 2).

    >>> swapped(GRID, 3, 5)
    (8, 4, 7, 2, 9, 3, 6, 1, 5)
    """
    out = list(grid)
    out[a], out[b] = out[b], out[a]
    return tuple(out)


def _cg(grid=GRID, values=right_values, at_once=False):
    def answer(position):
        wins = wins_at_once(position["state"], position["to_move"])
        return wins[0] if at_once and wins else grid_best(values(position), grid)
    return answer


CODINGAME_MISTAKES = [
    ("ties to the lowest cell, not the grid", lambda p: best_cell(right_values(p))),
    ("the grid read down its columns", _cg(grid=tuple(GRID[c] for c in COLUMNS))),
    ("ties to the lowest number of the grid", _cg(grid=tuple(-g for g in GRID))),
    ("the ±1 score, not the depth-aware value", _cg(values=lambda p: [None if v is None else sign(v)
                                                                      for v in right_values(p)])),
    ("values always for X, whoever is to move", _cg(values=lambda p: right_values(p) if p["to_move"] == -1
                                                    else _negated(right_values(p)))),
    ("a win at once first, then the grid", _cg(at_once=True)),
] + [(f"the grid with cells {a} and {b} swapped (a typo)", _cg(grid=swapped(GRID, a, b)))
     for a in range(9) for b in range(a + 1, 9)]

REFERENCE = {"values": right_values, "codequest": codequest_right, "ninja": ninja_right,
             "codingame": codingame_right}
MISTAKES = {"values": VALUES_MISTAKES, "codequest": CODEQUEST_MISTAKES, "ninja": NINJA_MISTAKES,
            "codingame": CODINGAME_MISTAKES}

def caught(family, positions):
    """For each mistake of ``family``, the indices of ``positions`` where its answer is not the reference's."""
    right = [REFERENCE[family](p) for p in positions]
    return {name: [k for k, p in enumerate(positions) if answer(p) != right[k]]
            for name, answer in MISTAKES[family]}


def choose(family, positions, times=2, spread=0):
    """The indices of ``positions`` a check of ``family`` judges: for each mistake, ``times`` positions where it
    answers wrong (fewer if it has fewer; none if it answers right everywhere: no grader can see it), the
    cheapest to search first, greedily shared between mistakes; then ``spread`` more, evenly spread among the
    rest, for mistakes nobody wrote down.  In the order of ``positions``.

    >>> near_win = {"state": [-1, -1, 0, 1, 1, 0, 0, 0, 0], "to_move": -1}
    >>> choose("ninja", [near_win]), choose("codingame", [near_win])     # every CodinGame mistake plays 2 too
    ([0], [])
    """
    wrong = caught(family, positions)
    need = {name: min(times, len(found)) for name, found in wrong.items()}
    cost = [TREE_NODES[max(p["state"].count(0), 1)] for p in positions]
    chosen = set()
    while any(need.values()):
        gain = {}
        for name, found in wrong.items():
            if need[name]:
                for k in found:
                    if k not in chosen:
                        gain[k] = gain.get(k, 0) + 1
        k = max(gain, key=lambda k: (gain[k], -cost[k], -k))
        chosen.add(k)
        for name, found in wrong.items():
            if need[name] and k in found:
                need[name] -= 1
    rest = [k for k in range(len(positions)) if k not in chosen and positions[k]["state"].count(0) < 9]
    if spread and rest:
        chosen.update(rest[i * len(rest) // spread] for i in range(min(spread, len(rest))))
    return sorted(chosen)


def zero_written(k):
    """Whether Code Quest's board ``k`` (of every board with X to move, in the fixtures' order) is written with O as
    the digit 0: every third one."""
    return k % 3 == 2
