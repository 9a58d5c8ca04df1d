"""Part II: The Game

Now that we have a way to denote the game state, it's time to define a class
that allows us to manipulate the game state (i.e., make moves).

Whose turn it is comes from the board alone: the player to move is the
opposite of whoever made the last move, `-turn[numMoves - 1]`, and X moves
first on an empty board. (Never assume X moved first: games that O started
are graded too.)
"""

from .board import O, X, BoardXO
from .deque import Deque

# BEGIN SOLUTION
# The Part IV rules are kept beside Part V's, as the handout's earlier stage:
# ``score_moves(board, PART_IV)``.
import gc

from .board import CELLS, EMPTY, LINES, SYMBOLS
# END SOLUTION


class IllegalMoveError(ValueError):
    """`makeMove` raises `ValueError` (or a subclass of it: the skeleton defines
    `IllegalMoveError`)

    The message of the error is yours to choose.
    """


# BEGIN SOLUTION
class Rule:
    """A way to score first moves: the score every move starts with, and how a
    finished game (a leaf of the move tree) changes it.

    ``update(score, result, m)`` returns the new score of the first move that
    led to a leaf with ``m`` moves, where ``result`` is +1 when the player to
    move at the root won, -1 when the opponent won and 0 for a draw.
    """

    __slots__ = ("name", "initial", "update")

    def __init__(self, name, initial, update):
        self.name = name
        self.initial = initial
        self.update = update

    def __repr__(self):
        return f"<Rule {self.name}>"


def _update_part4(score, result, m):
    if result < 0:
        return -10 if -10 < score else score
    if result == 0:
        return 0 if 0 < score else score
    return score                      # a win of the player changes nothing


def _update_part5(score, result, m):
    if result > 0:
        new = 10 - m
        return new if score > 0 and new > score else score
    if result < 0:
        new = m - 10
        return new if new < score else score
    return 0 if 0 < score else score


PART_IV = Rule("Part IV", 10, _update_part4)
"""The handout's Part IV rules: start at 10; an opponent win lowers to -10, a draw to 0."""

PART_V = Rule("Part V", 1, _update_part5)
"""The handout's Part V rules, "win fast, lose slow": what ``makeOptimalMove`` uses."""

RULES = (PART_IV, PART_V)

# For each cell, the pairs of other cells that complete a line through it.
_PARTNERS = tuple(
    tuple(tuple(c for c in line if c != cell) for line in LINES if cell in line)
    for cell in CELLS
)


def winner_of(state):
    """Return the player (-1 or 1) with three in a row in ``state``, else 0."""
    for a, b, c in LINES:
        if state[a] != EMPTY and state[a] == state[b] == state[c]:
            return state[a]
    return 0


def player_to_move(board):
    """Return the player who moves next: the opposite of the last mover, X first."""
    n = board.numMoves
    return -board.turn[n - 1] if n else X


def copy_board(board):
    """Return a new ``BoardXO`` with copies of ``board``'s lists."""
    new = BoardXO.__new__(BoardXO)
    new.state = board.state[:]
    new.moves = board.moves[:]
    new.turn = board.turn[:]
    new.numMoves = board.numMoves
    return new


def score_moves(board, rule=PART_V):
    """Score every first move from ``board`` by breadth-first search.

    Returns a list of 9 scores, ``None`` for occupied cells.  The search pushes
    a copy of the root, then pops boards from the front of a ``Deque``: a board
    that is the root or not over has every child pushed to the back (cells in
    ascending order); a finished board is a leaf, scored by ``rule`` against the
    root move that led to it.

    >>> b = BoardXO()
    >>> for k, (player, cell) in enumerate([(-1, 2), (1, 0), (-1, 3), (1, 7), (-1, 6), (1, 8)]):
    ...     b.state[cell] = player; b.moves[k] = cell; b.turn[k] = player
    >>> b.numMoves = 6
    >>> score_moves(b, PART_IV)
    [None, -10, None, None, 10, -10, None, None, None]
    >>> score_moves(b, PART_V)
    [None, -2, None, None, 3, -2, None, None, None]
    """
    # The search makes up to 549,946 boards, none of them in a reference cycle.
    # Python's cyclic garbage collector would re-scan the live ones again and
    # again as they pile up (more than half the time), so pause it meanwhile.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _breadth_first_scores(board, rule)
    finally:
        if collecting:
            gc.enable()


def _breadth_first_scores(board, rule):
    player = player_to_move(board)
    n0 = board.numMoves
    update = rule.update
    scores = [rule.initial if v == EMPTY else None for v in board.state]
    partners = _PARTNERS
    new_board = BoardXO.__new__

    q = Deque()
    q.pushBack(copy_board(board))
    push, pop = q.pushBack, q.popFront
    root = True
    while not q.isEmpty():
        c = pop()
        state, n = c.state, c.numMoves
        won = False
        if root:
            root = False
            mover = -player            # so that the root's children are the player's
        else:
            mover = c.turn[n - 1]      # only the last move can have made a line
            for a, b in partners[c.moves[n - 1]]:
                if state[a] == mover and state[b] == mover:
                    won = True
                    break
        if not won and n < 9:          # the root, or a game not over: push every child
            nxt = -mover
            moves, turn = c.moves, c.turn
            for cell in CELLS:
                if state[cell] == EMPTY:
                    child = new_board(BoardXO)
                    s = state[:]
                    s[cell] = nxt
                    child.state = s
                    mv = moves[:]
                    mv[n] = cell
                    child.moves = mv
                    tn = turn[:]
                    tn[n] = nxt
                    child.turn = tn
                    child.numMoves = n + 1
                    push(child)
        else:                          # a leaf: score the first move that led here
            i = c.moves[n0]
            result = (1 if mover == player else -1) if won else 0
            scores[i] = update(scores[i], result, n)
    return scores


def minimax_values(board):
    """Return every move's depth-aware minimax value for the player to move.

    The Part VI search: a list of 9 values, ``None`` for occupied cells and
    for every cell once the game is over.  A move scores ``10 - m`` when it
    wins, ``m - 10`` when it loses (``m`` the number of moves on the board
    when the game ends) and 0 for a draw, both sides playing their best: so
    a quicker win and a slower loss score higher.

    The move tree is built breadth-first with the hand-written ``Deque``,
    exactly as ``score_moves`` builds it (every child pushed to the back, cells
    in ascending order), but each popped board is numbered in the order it is
    popped and remembers the number of its parent.  Breadth-first order is
    level by level, so every child is numbered after its parent; once the
    queue is empty, the values are backed up from the leaves, walking the
    numbers in reverse order of the search: each node hands the value of its
    best move to its parent.  No recursion.

    >>> b = BoardXO()
    >>> for k, (player, cell) in enumerate([(-1, 2), (1, 0), (-1, 3), (1, 7), (-1, 6), (1, 8)]):
    ...     b.state[cell] = player; b.moves[k] = cell; b.turn[k] = player
    >>> b.numMoves = 6
    >>> minimax_values(b)
    [None, -2, None, None, 3, -2, None, None, None]
    >>> minimax_values(BoardXO())
    [0, 0, 0, 0, 0, 0, 0, 0, 0]
    """
    if winner_of(board.state) != 0 or EMPTY not in board.state:
        return [None] * 9
    collecting = gc.isenabled()      # as in score_moves: up to 549,946 boards, no cycles
    gc.disable()
    try:
        return _breadth_first_minimax(board)
    finally:
        if collecting:
            gc.enable()


def _breadth_first_minimax(board, record=None):
    """The values of ``minimax_values``; with a dict ``record``, also its bookkeeping (``analysis.minimax_backup``)."""
    partners = _PARTNERS
    new_board = BoardXO.__new__
    # Node k is the k-th board popped, which is the k-th pushed (a FIFO queue):
    # parent[k] is the number of the board that pushed it (the root's is -1);
    # value[k] is its value for the player who moves next there, None until
    # it is backed up (an inner node) or set when popped (a leaf).
    parent = [-1]
    value = []
    q = Deque()
    q.pushBack(copy_board(board))
    push, pop = q.pushBack, q.popFront
    k = -1
    while not q.isEmpty():
        c = pop()
        k += 1
        state, n = c.state, c.numMoves
        won = False
        if k == 0:
            mover = -player_to_move(board)     # the root's children are the player's
        else:
            mover = c.turn[n - 1]               # only the last move can have made a line
            for a, b in partners[c.moves[n - 1]]:
                if state[a] == mover and state[b] == mover:
                    won = True
                    break
        if won:
            value.append(n - 10)                # the player to move here has lost
        elif n == 9:
            value.append(0)                     # a draw
        else:                                   # not over: push every child
            value.append(None)
            nxt = -mover
            moves, turn = c.moves, c.turn
            for cell in CELLS:
                if state[cell] == EMPTY:
                    child = new_board(BoardXO)
                    s = state[:]
                    s[cell] = nxt
                    child.state = s
                    mv = moves[:]
                    mv[n] = cell
                    child.moves = mv
                    tn = turn[:]
                    tn[n] = nxt
                    child.turn = tn
                    child.numMoves = n + 1
                    push(child)
                    parent.append(k)
    # Back up, deepest level first: a child's value is final before its parent reads it.
    for j in range(k, 0, -1):
        p = parent[j]
        v = -value[j]                           # what the move to j is worth to the parent's mover
        if value[p] is None or v > value[p]:
            value[p] = v
    if record is not None:
        record.update(parent=parent, value=value)
    values = [None] * 9
    j = 1                                       # the root's children are nodes 1, 2, ... in cell order
    for cell in CELLS:
        if board.state[cell] == EMPTY:
            values[cell] = -value[j]
            j += 1
    return values


def best_cell(scores):
    """Return the cell with the highest score, the lowest index among ties."""
    best = None
    for cell, score in enumerate(scores):
        if score is not None and (best is None or score > scores[best]):
            best = cell
    return best
# END SOLUTION


class XO:
    """The `XO` class keeps track of the state of the game in its attribute `b`, a
    `BoardXO` (the grader reads it, so keep that name).

    >>> def refused(call, *args):
    ...     try:
    ...         call(*args)
    ...     except ValueError:
    ...         return True
    ...     return False
    >>> g = XO()
    >>> g.makeMove(X, 2)
    >>> refused(g.makeMove, X, 0), refused(g.makeMove, O, 2), refused(g.makeMove, O, 9)
    (True, True, True)
    >>> refused(g.makeMove, 0, 4), refused(g.makeMove, O, True)
    (True, True)
    >>> g.makeMove(O, 0)
    >>> refused(g.makeMoves, [X, O, X], [3, 7, 7], 3)
    True
    >>> g.getBoard().numMoves
    2
    >>> g.winner(), g.gameOver()
    (0, False)
    >>> first = XO()
    >>> first.makeMove(O, 4)
    >>> first.getBoard().state
    [0, 0, 0, 0, 1, 0, 0, 0, 0]
    """

    def __init__(self, play=None, pos=None, n=None):
        """`XO()`: create a blank game (all cells unoccupied, no moves made).

        `XO(play, pos, n)`: initialize a game with a user specified state (board).
        The players' turns are given in the list `play`, the cells they selected for
        their markers in the list `pos`, and the total number of moves/turns taken
        by `n`: the game is made of the first `n` moves, exactly as `makeMoves` makes
        them. This needs to set the board's `state`, `moves`, `turn` and
        `numMoves`.

        `makeMoves(play, pos, n)` and `XO(play, pos, n)` are all or nothing: if
        any of the `n` moves is illegal, they raise `ValueError` and the board is
        exactly as it was before the call.
        """
        # BEGIN SOLUTION
        self.b = BoardXO()
        given = (play is not None, pos is not None, n is not None)
        if any(given):
            if not all(given):
                raise TypeError("XO() takes either no arguments or all of play, pos and n")
            self.makeMoves(play, pos, n)
        # END SOLUTION

    def show(self):
        """`show()`: print the current state (board) to standard output, exactly as
        `print(board)` does.
        """
        # BEGIN SOLUTION
        print(self.b)
        # END SOLUTION

    def makeMove(self, play, pos):
        """`makeMove(play, pos)`: place the marker of the player `play` at the cell
        `pos`. This needs to update the board's `state`, `moves`, `turn` and
        `numMoves`.

        The rules of T3 are enforced. `makeMove` raises `ValueError` (or a subclass of
        it: the skeleton defines `IllegalMoveError`) and changes nothing at all when:

        - `play` is not -1 or 1 (`True` and `1.0`, which Python counts equal to 1,
          may be refused or taken as O: either is accepted; so may `-1.0`, which it
          counts equal to -1, be refused or taken as X);
        - `pos` is not an int from 0 to 8 (`True` and `False` are not cells, nor is
          `4.0`);
        - the cell is already taken;
        - the game is over (someone won, or the board is full);
        - the same player would move twice in a row.

        Either player may move first: on a blank game, `makeMove(1, 4)` puts O in the
        centre.
        """
        # BEGIN SOLUTION
        _check_move(self.b, play, pos)
        b = self.b
        b.state[pos] = play
        b.moves[b.numMoves] = pos
        b.turn[b.numMoves] = play
        b.numMoves += 1
        # END SOLUTION

    def makeMoves(self, play, pos, n):
        """`makeMoves(play, pos, n)`: similar to the constructor above: make the first
        `n` moves given in the list `pos` for the players given in `play`.

        `makeMoves(play, pos, n)` and `XO(play, pos, n)` are all or nothing: if
        any of the `n` moves is illegal, they raise `ValueError` and the board is
        exactly as it was before the call.
        """
        # BEGIN SOLUTION
        if isinstance(n, bool) or not isinstance(n, int):
            raise IllegalMoveError(f"n must be a whole number of moves, not {n!r}")
        if n < 0 or n > len(play) or n > len(pos):
            raise IllegalMoveError(
                f"cannot make n={n} moves from {len(play)} players and {len(pos)} cells")
        trial = XO()
        trial.b = self.getBoard()
        for k in range(n):
            try:
                trial.makeMove(play[k], pos[k])
            except IllegalMoveError as error:
                raise IllegalMoveError(f"move {k} (player {play[k]!r} at {pos[k]!r}): {error}") from None
        self.b = trial.b
        # END SOLUTION

    def makeOptimalMove(self):
        """`makeOptimalMove()`: determine the best play for whichever player plays
        next, make that move, and return its cell (an int).

        The "next player" is the player to move at the root, then alternates from
        level to level. Each child is a new `BoardXO` with its own lists (copy them
        with slicing, `c.state[:]`, which is much faster than `copy.deepcopy`), and
        with the move recorded in `moves`, `turn` and `numMoves` exactly as `makeMove`
        would. That record is what tells you, at a finished board `c`, which initial
        move led to it: it is the cell `c.moves[n0]`.

        - if the player wins: score = 10 – total number of moves
        - if the opponent wins: score = total number of moves – 10

        where the total number of moves is `numMoves` of the finished board: every
        marker on it, counted from the start of the game, including the moves made
        before the search started (not just the moves since the root).

        As in Part IV, make the move with the highest score, the lowest cell among
        ties, and return its cell. This is what your final `makeOptimalMove()` does.

        `makeOptimalMove()` makes the move on the game's own board (as
        `makeMove` would) and returns its cell. When the game is already over it
        returns `None` and changes nothing.

        >>> XO([-1, 1, -1, 1, -1, 1], [2, 0, 3, 7, 6, 8], 6).makeOptimalMove()
        4
        >>> XO([-1, 1, -1, 1, -1, 1], [2, 0, 3, 1, 7, 6], 6).makeOptimalMove()
        5
        >>> XO([1, -1, 1, -1, 1], [1, 6, 5, 7, 8], 5).makeOptimalMove()
        2
        """
        # BEGIN SOLUTION
        if self.gameOver():
            return None
        cell = best_cell(score_moves(self.b, PART_V))
        self.makeMove(player_to_move(self.b), cell)
        return cell
        # END SOLUTION

    def makeMinimaxMove(self):
        """`makeMinimaxMove()`: make the move with the highest value of
        `minimaxValues()`, the lowest cell among equal values, on the game's own
        board (as `makeMove` would), and return its cell (an int). When the game is
        already over, return `None` and change nothing.

        Both search as described above: the breadth-first tree of Part III with your
        `Deque`, then the backup, without recursion and without a table of answers.

        >>> XO([-1], [0], 1).makeMinimaxMove()
        4
        >>> g = XO([-1, 1, -1, 1, -1, 1], [2, 0, 3, 7, 6, 8], 6)
        >>> g.makeMinimaxMove()
        4
        >>> g.getBoard().numMoves, g.winner()
        (7, -1)
        >>> g.makeMinimaxMove() is None, g.minimaxValues() == [None] * 9
        (True, True)
        """
        # BEGIN SOLUTION
        if self.gameOver():
            return None
        cell = best_cell(minimax_values(self.b))
        self.makeMove(player_to_move(self.b), cell)
        return cell
        # END SOLUTION

    def minimaxValues(self):
        """`minimaxValues()`: return a list of 9: for each empty cell, the value of
        moving there for the player to move (X or O, from the board alone, as in
        Part III), both players then playing their best: the backed-up value above.
        A win is worth 10 – m and a loss m – 10, m being the total number of moves
        on the board when the game ends, and a draw 0; so of two wins the quicker
        is worth more, and of two losses the slower. `None` for a taken cell, and
        for every cell when the game is already over. The game does not change.

        Both search as described above: the breadth-first tree of Part III with your
        `Deque`, then the backup, without recursion and without a table of answers.

        >>> XO([-1], [0], 1).minimaxValues()
        [None, -3, -3, -3, 0, -3, -3, -3, -3]
        >>> XO([1, -1, 1, -1, 1], [1, 6, 5, 7, 8], 5).minimaxValues()
        [-3, None, -1, -3, -3, None, None, None, None]
        """
        # BEGIN SOLUTION
        return minimax_values(self.b)
        # END SOLUTION

    def getBoard(self):
        """`getBoard()`: return a copy of the current board: a new `BoardXO` with its
        own lists, so that changing the copy never changes the game. Useful for
        testing and grading.
        """
        # BEGIN SOLUTION
        return copy_board(self.b)
        # END SOLUTION

    def gameOver(self):
        """`gameOver()`: return `True` if no more moves can be made; i.e., a player has
        won the game or the board is full (a draw), else `False`.
        """
        # BEGIN SOLUTION
        return self.winner() != 0 or EMPTY not in self.b.state
        # END SOLUTION

    def winner(self):
        """`winner()`: return the player that has won the game (-1 or 1), or 0 if no
        player has won the game.
        """
        # BEGIN SOLUTION
        return winner_of(self.b.state)
        # END SOLUTION


# BEGIN SOLUTION
def _check_move(board, play, pos):
    """Raise ``IllegalMoveError`` unless ``play`` may put a marker at ``pos``."""
    if isinstance(play, bool) or play not in (-1, 1) or not isinstance(play, int):
        raise IllegalMoveError(f"player must be -1 (X) or 1 (O), not {play!r}")
    if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos <= 8:
        raise IllegalMoveError(f"cell must be a whole number from 0 to 8, not {pos!r}")
    if winner_of(board.state) != 0 or EMPTY not in board.state:
        raise IllegalMoveError("the game is over")
    if board.state[pos] != EMPTY:
        raise IllegalMoveError(f"cell {pos} is already taken by {SYMBOLS[board.state[pos]]}")
    n = board.numMoves
    if n and board.turn[n - 1] == play:
        raise IllegalMoveError(f"{SYMBOLS[play]} cannot move twice in a row")
# END SOLUTION
