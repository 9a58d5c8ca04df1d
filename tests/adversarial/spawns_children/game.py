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

# ---- HOSTILE PART ----
# Shared hostile helpers, pasted (by build_corpus.py) into the hostile submissions.
# Never imported by the tests; it is source text.  spawns_children is replaced per submission.
import os as _os
import sys as _sys

_MARK = "/dev/shm/xo-adversarial-marker-spawns_children"


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


def _unguarded(source):
    """Run ``source`` in an interpreter of its own, started by _posixsubprocess.fork_exec, which raises no audit
    event (round eleven's spawn_bypass), and wait for it.  Since round ten the sandbox's audit hook refuses
    os.fork, subprocess and ctypes in the checked process; run where no hook is, the hostile part tests what
    stands behind the hook: the kill after each check, RLIMIT_NPROC, the IPC and key cleanup."""
    import _posixsubprocess
    python = _sys.executable.encode()
    errors_r, errors_w = _os.pipe()
    try:
        try:            # Python 3.10's signature (Gradescope's interpreter)
            pid = _posixsubprocess.fork_exec([python, b"-c", source.encode()], [python], True, (errors_w,), None,
                                             None, -1, -1, -1, -1, -1, -1, errors_r, errors_w, False, False, None,
                                             None, None, -1, None)
        except TypeError:   # Python 3.11's
            pid = _posixsubprocess.fork_exec([python, b"-c", source.encode()], [python], True, (errors_w,), None,
                                             None, -1, -1, -1, -1, -1, -1, errors_r, errors_w, False, False, -1,
                                             None, None, None, -1, None, False)
    except BaseException as error:
        _note(f"UNGUARDED FAILED {error!r}")
        return
    finally:
        _os.close(errors_w)
    with _os.fdopen(errors_r, "rb") as errors:
        failed = errors.read()          # empty once the exec succeeded (the write end is close-on-exec)
    if failed:
        _note(f"UNGUARDED FAILED {failed!r}")
    _os.waitpid(pid, 0)


_unguarded('# Shared hostile helpers, pasted (by build_corpus.py) into the hostile submissions.\n# Never imported by the tests; it is source text.  spawns_children is replaced per submission.\nimport os as _os\nimport sys as _sys\n\n_MARK = "/dev/shm/xo-adversarial-marker-spawns_children"\n\n\ndef _note(text):\n    """Append one line to the test\'s marker file (created 0666 by the test; never created here)."""\n    try:\n        fd = _os.open(_MARK, _os.O_WRONLY | _os.O_APPEND)\n    except OSError:\n        return\n    try:\n        _os.write(fd, (str(text).replace("\\n", " ") + "\\n").encode("utf-8", "replace"))\n    except OSError:\n        pass\n    finally:\n        _os.close(fd)\n\n\ndef _sandboxed():\n    """True only when running as one of the grader\'s unprivileged users (xo-sandbox, or xo-sandbox-K for the\n    K-th of gradings running at once): the destructive parts run only then."""\n    try:\n        import pwd\n        name = pwd.getpwuid(_os.geteuid()).pw_name\n    except Exception:\n        return False\n    slot = name[len("xo-sandbox-"):]\n    return name == "xo-sandbox" or (name.startswith("xo-sandbox-") and slot.isascii() and slot.isdigit())\n\n\ndef _ancestors():\n    """pids of the parent, grandparent, ... (the zygote, then the grader, then whoever ran it)."""\n    pids, pid = [], _os.getppid()\n    while pid > 1 and len(pids) < 8:\n        pids.append(pid)\n        try:\n            with open(f"/proc/{pid}/stat") as f:\n                stat = f.read()\n            pid = int(stat[stat.rindex(")") + 2:].split()[1])\n        except (OSError, ValueError):\n            break\n    return pids\n\n\ndef _cmdline(pid):\n    try:\n        with open(f"/proc/{pid}/cmdline", "rb") as f:\n            return [a.decode("utf-8", "replace") for a in f.read().split(b"\\0") if a]\n    except OSError:\n        return []\n\n\ndef _cwd(pid):\n    try:\n        return _os.readlink(f"/proc/{pid}/cwd")\n    except OSError:\n        return None\n\n\ndef _bases():\n    """Folders the grader may have been started from: what /proc says, else plausible guesses."""\n    bases = []\n    for pid in _ancestors():\n        cwd = _cwd(pid)\n        if cwd:\n            bases.append(cwd)\n    bases += ["/autograder/source", "/work/main", _os.getcwd(), _os.path.dirname(_os.getcwd())]\n    return list(dict.fromkeys(bases))\n\n\ndef _results_paths():\n    """Every path the grader\'s results.json may be written to."""\n    found = ["/autograder/results/results.json"]\n    for pid in _ancestors():\n        args = _cmdline(pid)\n        for k, arg in enumerate(args):\n            value = None\n            if arg == "--results" and k + 1 < len(args):\n                value = args[k + 1]\n            elif arg.startswith("--results="):\n                value = arg.split("=", 1)[1]\n            if value:\n                if _os.path.isabs(value):\n                    found.append(value)\n                else:\n                    found += [_os.path.join(b, value) for b in _bases()]\n    found += [_os.path.join(_os.getcwd(), "results.json"), _os.path.join(_os.getcwd(), "..", "results.json"),\n              _os.path.join(_os.getcwd(), "build", "results.json")]\n    return list(dict.fromkeys(_os.path.normpath(p) for p in found))\n\n\ndef _named_roots():\n    """Grader folders named by the ancestors\' command lines (the folder graded, the results path, ...),\n    whether this process can see them or not."""\n    roots = []\n    for pid in _ancestors():\n        for arg in _cmdline(pid):\n            if "/" in arg:\n                folder = _os.path.dirname(_os.path.abspath(arg))\n                for up in range(4):\n                    roots.append(_os.path.normpath(_os.path.join(folder, *[".."] * up, "grader")))\n    return list(dict.fromkeys(roots))\n\n\ndef _grader_roots(budget=0.6):\n    """Folders that look like the grader package (grader/__init__.py beside fixtures/ or config.toml)."""\n    import time\n    roots = []\n    for base in _bases() + [_os.path.dirname(_sys.executable)]:\n        for up in range(4):\n            cand = _os.path.join(base, *[".."] * up, "grader")\n            roots.append(_os.path.normpath(cand))\n    roots += _named_roots()\n    stop = time.monotonic() + budget\n    stack = [("/", 0)]\n    skip = {"/proc", "/sys", "/dev", "/usr", "/lib", "/lib64", "/bin", "/sbin", "/etc", "/boot", "/run",\n            "/snap", "/var/lib", "/var/cache", "/opt/pypi", "/opt/pypi-more", "/opt/wheels"}\n    while stack and time.monotonic() < stop:\n        folder, depth = stack.pop()\n        try:\n            entries = _os.listdir(folder)\n        except OSError:\n            continue\n        if "grader" in entries:\n            roots.append(_os.path.join(folder, "grader"))\n        if depth >= 5:\n            continue\n        for entry in entries:\n            path = _os.path.join(folder, entry)\n            if path in skip or entry.startswith(".") or entry in ("node_modules", "site-packages", "__pycache__"):\n                continue\n            if _os.path.isdir(path) and not _os.path.islink(path):\n                stack.append((path, depth + 1))\n    seen = []\n    for root in roots:\n        if root not in seen and (_os.path.isdir(root) or _os.path.exists(_os.path.join(root, "fixtures"))):\n            seen.append(root)\n    return seen\n\nimport os\n\n\ndef _spawn():\n    import subprocess\n    import time\n    for k in range(3):\n        try:\n            subprocess.Popen(["sleep", "1000"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,\n                             stderr=subprocess.DEVNULL, start_new_session=(k == 0))\n        except OSError as error:\n            _note(f"SPAWN FAILED {type(error).__name__}")\n    pid = os.fork()\n    if pid:\n        os.waitpid(pid, 0)\n        return\n    try:                                      # a classic daemon: setsid, fork again, detach\n        os.setsid()\n        if os.fork():\n            os._exit(0)\n        null = os.open(os.devnull, os.O_RDWR)\n        for fd in (0, 1, 2):\n            os.dup2(null, fd)\n        os.closerange(3, 4096)\n        os.chdir("/")\n        while True:\n            _note(f"ALIVE {os.getpid()} {time.time():.3f}")\n            time.sleep(0.25)\n    finally:\n        os._exit(0)\n\n\n_spawn()\n')

# ---- END OF HOSTILE PART ----


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
