"""The handout's rules as programs: the scores and moves of a search that breaks one rule, worked out here, in
the grader's own process, from the rules alone (``grader.game.rules`` names the rules and judges answers by them).

``part_v_scores`` and ``minimax_values`` are the order-free ones; the two guards of Part V's win and loss
rules depend on the order a breadth-first search meets the finished boards, and ``guarded_scores`` and
``loss_guarded_scores`` follow the reference's order (a board's children in the order of their cells).
Each keeps the move trees it explored in ``_MEMO`` until ``forget``: a grading forgets at its end.
"""

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

_MEMO = {}


def part_v_scores(state, to_move, lines=LINES, flip=False, draw_wins=False, full_draw=False):
    """Part V scores of every empty cell when only ``lines`` make a win, (``flip``) wins count as losses,
    (``draw_wins``) a draw counts as a win of the player to move, at its number of moves (which plays as a draw
    never scored: a win with the ninth marker, 1, raises no score above 0), and (``full_draw``) a full board is
    a draw before three in a row is looked for.

    The Part V score does not depend on the order leaves are met: any loss gives the lowest m - 10, else
    any draw gives 0, else the best 10 - m.  What is below a board is kept between calls (per model).

    >>> part_v_scores([0] * 8 + [-1], 1)[4], part_v_scores([-1, -1, 0, 1, 1, 0, 0, 0, 0], -1)[2]
    (-5, 5)
    """
    player = to_move
    memo = _MEMO.setdefault((tuple(lines), flip, draw_wins, full_draw, player), {})
    done = memo.get(("scores", tuple(state)))          # several rules ask the same position's scores
    if done is not None:
        return list(done)
    through = [[line for line in lines if cell in line] for cell in range(9)]

    def outcome(s, last, mover, m):
        """(lowest loss m or None, any draw, lowest win m or None) below ``s``, where ``mover`` just played ``last``."""
        if full_draw and m == 9:
            return None, True, None
        for a, b, c in through[last]:
            if s[a] == s[b] == s[c] == mover:
                won = (mover == player) != flip
                return (None, False, m) if won else (m, False, None)
        if m == 9:
            return (None, False, m) if draw_wins else (None, True, None)
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
    memo[("scores", state)] = tuple(scores)
    return scores


def _full_boards(state, to_move, cell, last, skip=None, only=None):
    """The winner (0 for a draw) of the first (or, ``last``, the last) board with nine markers below
    ``to_move`` playing ``cell`` on ``state``, in the order a breadth-first search meets them when it makes a
    board's children in the order of their cells (the order of their sequences of cells); boards won by
    ``skip`` (or by anyone but ``only``: 0 for draws alone) are passed over.  None where there is none."""
    memo = _MEMO.setdefault(("full", to_move, last, skip, only), {})
    order = range(8, -1, -1) if last else range(9)

    def below(s, last_cell, mover):
        won = any(s[a] == s[b] == s[c] == mover for a, b, c in LINES if last_cell in (a, b, c))
        if 0 not in s:
            outcome = mover if won else 0
            return None if outcome == skip or (only is not None and outcome != only) else outcome
        if won:
            return None
        key = (s, mover)
        if key not in memo:
            memo[key] = next((r for r in (below(s[:c] + (-mover,) + s[c + 1:], c, -mover)
                                          for c in order if s[c] == 0) if r is not None), None)
        return memo[key]

    state = tuple(state)
    return below(state[:cell] + (to_move,) + state[cell + 1:], cell, to_move)


def guarded_scores(state, to_move):
    """Part V scores of every empty cell for a search whose win rule is guarded by ``>= 0`` (not ``> 0``), met
    breadth-first with the children of a board made in the order of their cells, as the reference makes them.

    Only a move whose true score is 0 (a draw below it, no loss) can differ: once a draw has set 0, a later win
    with the ninth marker (10 - 9 = 1) raises it to 1, and a later draw sets 0 again.  So its score is 1 when
    the last board with nine markers below it, in that order, is a win of the player, and 0 otherwise.

    The handout's win-or-draw example: below cell 4, O holds a draw on 5 and loses on 8, in that order, so the
    guard lets 4 rise to 1 and tie with 5, the right move (a win with the ninth marker):

    >>> part_v_scores([1, 1, -1, -1, 0, 0, 1, -1, 0], -1), guarded_scores([1, 1, -1, -1, 0, 0, 1, -1, 0], -1)
    ([None, None, None, None, 0, 1, None, None, 0], [None, None, None, None, 1, 1, None, None, 0])
    """
    scores = part_v_scores(state, to_move)
    return [1 if s == 0 and _full_boards(state, to_move, c, last=True) == to_move else s
            for c, s in enumerate(scores)]


def loss_guarded_scores(state, to_move):
    """Part V scores of every empty cell for a search whose loss rule carries the win rule's guard (a loss
    lowers a score only while it is above 0), met breadth-first as ``guarded_scores`` says.

    A loss before the ninth marker always counts (nothing can have set 0 yet); a loss with the ninth counts
    only if no draw came first: a move whose true score is -1 scores 0 when the first board with nine markers
    below it that the player did not win is a draw.
    """
    scores = part_v_scores(state, to_move)
    return [0 if s == -1 and _full_boards(state, to_move, c, last=False, skip=to_move) == 0 else s
            for c, s in enumerate(scores)]


def _won(s, last, mover):
    """Whether ``mover``, who just played ``last`` on ``s``, has three in a row through it."""
    return any(s[a] == s[b] == s[c] == mover for a, b, c in LINES if last in (a, b, c))


def _moves(s, player):
    """(cell, the board after ``player`` plays there) for every empty cell of ``s`` (a tuple), in cell order.

    >>> [cell for cell, _ in _moves((1, 0, -1, 0, 0, 0, 0, 0, 0), -1)][:3]
    [1, 3, 4]
    """
    return [(c, s[:c] + (player,) + s[c + 1:]) for c in range(9) if s[c] == 0]


def draw_reset_scores(state, to_move):
    """Part V scores of every empty cell for a search whose draw sets the score to 0 whatever it was (a loss
    found earlier undone), met breadth-first as ``guarded_scores`` says.

    Draws come only with the ninth marker, after every shorter game: below a move with a draw, the score is
    what the full boards after the last draw make of 0: -1 if one is a loss, else 0 (a win with the ninth
    marker, 1, never raises 0).  Without a draw it is the Part V score.

    >>> part_v_scores([1, 1, -1, -1, 0, 0, 1, -1, 0], -1), draw_reset_scores([1, 1, -1, -1, 0, 0, 1, -1, 0], -1)
    ([None, None, None, None, 0, 1, None, None, 0], [None, None, None, None, 0, 1, None, None, 0])
    """
    scores = part_v_scores(state, to_move)
    out = []
    for c, score in enumerate(scores):
        if score is not None and _full_boards(state, to_move, c, last=False, skip=None, only=0) == 0:
            last = _full_boards(state, to_move, c, last=True)
            score = -1 if last == -to_move else 0
        out.append(score)
    return out


def first_leaf_scores(state, to_move):
    """Part V scores of every empty cell for a search that scores each move by the first finished game it
    meets below it, breadth-first (the fewest moves; among those, the first in the order of their cells), and
    then no other.

    >>> first_leaf_scores([1, 1, -1, -1, 0, 0, 1, -1, 0], -1)
    [None, None, None, None, 0, 1, None, None, 1]
    """
    memo = _MEMO.setdefault(("first_leaf", to_move), {})

    def first(s, last, mover, m):
        """(moves below, who won (0 for a draw), moves on that board) of the first finished board at or below s."""
        if _won(s, last, mover):
            return 0, mover, m
        if m == 9:
            return 0, 0, m
        key = (s, mover)
        if key not in memo:
            best = None
            for c, child in _moves(s, -mover):
                depth, who, at = first(child, c, -mover, m + 1)
                if best is None or depth + 1 < best[0]:
                    best = (depth + 1, who, at)
            memo[key] = best
        return memo[key]

    state = tuple(state)
    scores = [None] * 9
    for c, child in _moves(state, to_move):
        _, who, m = first(child, c, to_move, 10 - state.count(0))
        scores[c] = 10 - m if who == to_move else m - 10 if who else 0
    return scores


def unguarded_scores(state, to_move):
    """Part V scores of every empty cell for a search whose win rule has no guard (a win raises any lower score,
    one a loss or a draw set too), met breadth-first as ``guarded_scores`` says.

    The games below a move come level by level (by their number of moves); within a level, in the order of
    their cells.  A win raises (max), a loss and a draw lower (min, a draw to 0): within one level the last
    win, and the losses and draws after it, decide.  So each subtree is kept as, per level, whether a win is
    there, whether a loss or draw comes before its last win, and the values of those after it, which two
    subtrees side by side combine in cell order.

    >>> part_v_scores([-1, 1, 0, 1, -1, 0, 0, 0, 0], -1)[8], unguarded_scores([-1, 1, 0, 1, -1, 0, 0, 0, 0], -1)[8]
    (5, 5)
    """
    memo = _MEMO.setdefault(("unguarded", to_move), {})

    def join(a, b):
        """The levels of ``a`` then ``b``: {m: (a win, a min before the last win, mins after it, every min)}."""
        out = dict(a)
        for m, (win, before, after, mins) in b.items():
            if m not in out:
                out[m] = (win, before, after, mins)
                continue
            w0, b0, a0, m0 = out[m]
            if win:
                out[m] = (True, before or bool(m0), after, m0 | mins)
            else:
                out[m] = (w0, b0, a0 | mins, m0 | mins)
        return out

    def below(s, last, mover, m):
        if _won(s, last, mover):
            if mover == to_move:
                return {m: (True, False, frozenset(), frozenset())}
            return {m: (False, False, frozenset({m - 10}), frozenset({m - 10}))}
        if m == 9:
            return {m: (False, False, frozenset({0}), frozenset({0}))}
        key = (s, mover)
        if key not in memo:
            found = {}
            for c, child in _moves(s, -mover):
                found = join(found, below(child, c, -mover, m + 1))
            memo[key] = found
        return memo[key]

    state = tuple(state)
    scores = [None] * 9
    for c, child in _moves(state, to_move):
        score = 1
        for m, (win, before, after, mins) in sorted(below(child, c, to_move, 10 - state.count(0)).items()):
            if win:
                score = 10 - m if before else max(score, 10 - m)
                score = min([score, *after])
            elif mins:
                score = min(score, *mins)
        scores[c] = score
    return scores


def last_move_scores(state, to_move):
    """Part V scores of every empty cell for a search that gives a finished game's result to the game's last
    move, ``moves[numMoves - 1]``, instead of the move made from the searched board, ``moves[n0]``: each cell
    scores the finished games whose last marker went there (order-free, as ``part_v_scores``), 1 if none.

    >>> last_move_scores([1, 1, -1, -1, 0, 0, 1, -1, 0], -1)     # 4 and 8 each end a draw and a win, 5 two wins
    [None, None, None, None, 0, 1, None, None, 0]
    """
    memo = _MEMO.setdefault(("last_move", to_move), {})

    def merge(into, more):
        for cell, (loss, draw, win) in more.items():
            l0, d0, w0 = into.get(cell, (None, False, None))
            into[cell] = (loss if l0 is None or (loss is not None and loss < l0) else l0, d0 or draw,
                          win if w0 is None or (win is not None and win < w0) else w0)

    def below(s, last, mover, m):
        """{cell: (lowest loss m, any draw, lowest win m)} of the finished games at or below ``s`` (where
        ``mover`` just played ``last``), by the cell of their last marker."""
        if _won(s, last, mover):
            return {last: (None, False, m) if mover == to_move else (m, False, None)}
        if m == 9:
            return {last: (None, True, None)}
        key = (s, mover)
        if key not in memo:
            found = {}
            for c, child in _moves(s, -mover):
                merge(found, below(child, c, -mover, m + 1))
            memo[key] = found
        return memo[key]

    state = tuple(state)
    found = {}
    for c, child in _moves(state, to_move):
        merge(found, below(child, c, to_move, 10 - state.count(0)))
    scores = [None] * 9
    for c, _ in _moves(state, to_move):
        loss, draw, win = found.get(c, (None, False, None))
        scores[c] = loss - 10 if loss is not None else 0 if draw else 10 - win if win is not None else 1
    return scores


def minimax_values(state, to_move):
    """The depth-aware minimax value of every empty cell for ``to_move`` (10 - m for a win, m - 10 for a loss,
    0 for a draw, m the markers on the finished board; None for a taken cell): Part VI's ``minimaxValues()``,
    worked out here, in the grader's own process, from the rules alone.

    >>> minimax_values([-1, -1, 0, 1, 1, 0, 0, 0, 0], -1)[2], minimax_values([-1, -1, 0, 1, 1, 0, 0, 0, 0], 1)[5]
    (5, 5)
    """
    memo = _MEMO.setdefault(("minimax", to_move), {})

    def value(s, last, mover):
        """The value for ``to_move`` of ``s``, where ``mover`` just played ``last``."""
        m = 9 - s.count(0)
        if any(s[a] == s[b] == s[c] == mover for a, b, c in LINES if last in (a, b, c)):
            return 10 - m if mover == to_move else m - 10
        if m == 9:
            return 0
        key = (s, mover)
        if key not in memo:
            children = [value(s[:c] + (-mover,) + s[c + 1:], c, -mover) for c in range(9) if s[c] == 0]
            memo[key] = max(children) if -mover == to_move else min(children)
        return memo[key]

    state = tuple(state)
    return [None if state[c] else value(state[:c] + (to_move,) + state[c + 1:], c, to_move) for c in range(9)]


def forget():
    """Drop what ``part_v_scores``, ``minimax_values`` and the other models kept: a few tens of MB once every
    model has run.  A grading keeps them across its checks (4.7, 5.6 and 5.7 ask the same move trees) and
    forgets them at its end (``grading.run.run_checks``), as ``checks.coverage.rule_coverage`` does; elsewhere (the tests) they
    are kept until the process ends or something forgets them."""
    _MEMO.clear()


def best_cell(scores, order=range(9)):
    """The first cell of ``order`` among those with the highest score (None when there is none).

    >>> scores = [None, 3, 5, 5, None, None, None, None, None]
    >>> best_cell(scores), best_cell(scores, order=[3, 2, 1])
    (2, 3)
    """
    cells = [c for c in order if scores[c] is not None]
    if not cells:
        return None
    top = max(scores[c] for c in cells)
    return next(c for c in cells if scores[c] == top)


def wins_at_once(state, player):
    """The empty cells where ``player`` completes three in a row."""
    return [c for c in range(9) if state[c] == 0 and any(
        all(state[k] == player for k in line if k != c) for line in LINES if c in line)]


def sign(v):
    return (v > 0) - (v < 0)
