"""Whether a mutant no check kills differs from the reference in anything a program can observe (issue 37).

A survivor of the campaign (``campaign.py``) is either a gap in the checks or a mutant no one could tell from
the reference.  This module asks the second question directly: the mutant's six files are imported in this
process as a package of their own, beside the reference's, and both answer the same calls over the whole
domain of the module mutated:

- ``board``: ``BoardXO()``'s fields and lists, ``str(b)`` and ``b[i]`` on every reachable board;
- ``deque``: 400 seeded random runs of every operation from the empty deque, through growth and wrap-around,
  peeks and pops on an empty deque included;
- ``game``: on every position not over (9,039, X-first and O-first games) ``makeOptimalMove()``,
  ``minimaxValues()`` and ``makeMinimaxMove()`` with the board after each; ``winner()``, ``gameOver()`` and
  ``getBoard()`` on every reachable board, finished ones included; every ``makeMove`` of the players
  -1, 1, 0, 2, True, 1.0 and -1.0 on the cells -1 to 9, True, False, 4.0 and "3" on 300 of them; the grader's
  seeded games of random calls; ``show()``;
- the Part VI programs (and ``judge.py``, which they share): the function on every board of its contract and
  on the grader's bad boards, and ``main()`` on the samples, the grader's bad inputs and 300 boards.

Each answer is a value or the kind of exception raised (a ``ValueError``, an ``IndexError``, or another one):
what the handout lets a check hold a program to.  ``differences(mutant)`` gives None when every answer is the
reference's, else the first that is not.
"""

import importlib
import io
import os
import pickle
import random
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
REFERENCE = os.path.join(TOP, "xo")
FILES = ("board", "deque", "game", "codequest", "ninja", "codingame", "judge")
X, O = -1, 1


def _kind(error):
    return "ValueError" if isinstance(error, ValueError) else \
        "IndexError" if isinstance(error, IndexError) else f"other:{type(error).__name__}"


def _attempt(call, *args):
    try:
        return ("value", call(*args))
    except Exception as error:           # noqa: BLE001 -- what a check sees: the kind of exception
        return ("raised", _kind(error))


def _fields(board):
    return (list(board.state), list(board.moves[:board.numMoves]), list(board.turn[:board.numMoves]),
            board.numMoves)


def _game(package, position):
    board = package.board.BoardXO()
    board.state, board.moves = list(position["state"]), list(position["moves"])
    board.turn, board.numMoves = list(position["turn"]), position["numMoves"]
    game = package.game.XO()
    game.b = board
    return game


def _positions():
    sys.path.insert(0, TOP)
    from grader.game.fixtures import every_position, load_fixtures
    return list(every_position(load_fixtures()))


def _finished():
    """Every finished board a game reaches, X first and O first, as positions."""
    found, todo = [], [([], [])]
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    seen = set()
    for first in (X, O):
        todo = [([], [])]
        while todo:
            cells, players = todo.pop()
            state = [0] * 9
            for c, p in zip(cells, players):
                state[c] = p
            won = any(state[a] and state[a] == state[b] == state[c] for a, b, c in lines)
            if won or len(cells) == 9:
                if (tuple(state), first) not in seen:
                    seen.add((tuple(state), first))
                    found.append({"state": state, "moves": cells + [0] * (9 - len(cells)),
                                  "turn": players + [0] * (9 - len(players)), "numMoves": len(cells)})
                continue
            player = first if not players else -players[-1]
            for c in range(9):
                if not state[c]:
                    todo.append((cells + [c], players + [player]))
    return found


def observe_board(package, positions, finished):
    yield "new", _fields(package.board.BoardXO())
    a, b = package.board.BoardXO(), package.board.BoardXO()
    yield "shared", (a.state is b.state, a.moves is b.moves, a.turn is b.turn)
    for position in positions + finished:
        board = _game(package, position).b
        yield "str", _attempt(str, board)
        yield "items", [_attempt(board.__getitem__, i) for i in range(9)]


def observe_deque(package):
    draw = random.Random(37)
    for run in range(400):
        deque, ops = package.deque.Deque(), []
        size = draw.choice((5, 20, 70, 300))
        for step in range(size):
            op = draw.choice(("pushFront", "pushBack", "pushFront", "pushBack", "popFront", "popBack", "front",
                              "back", "isEmpty", "size", "len"))
            if op.startswith("push"):
                ops.append((op, _attempt(getattr(deque, op), (run, step))))
            elif op == "len":
                ops.append((op, _attempt(len, deque)))
            else:
                ops.append((op, _attempt(getattr(deque, op))))
        yield "run", ops


def observe_game(package, positions, finished, scripts):
    for position in positions:
        game = _game(package, position)
        yield "optimal", (_attempt(game.makeOptimalMove), _fields(game.b))
        game = _game(package, position)
        yield "values", (_attempt(game.minimaxValues), _fields(game.b))
        game = _game(package, position)
        yield "minimax", (_attempt(game.makeMinimaxMove), _fields(game.b))
    for position in positions + finished:
        game = _game(package, position)
        copy = _attempt(game.getBoard)
        yield "outcome", (_attempt(game.winner), _attempt(game.gameOver),
                          _fields(copy[1]) if copy[0] == "value" else copy)
        if copy[0] == "value":
            _attempt(copy[1].state.__setitem__, 0, 7)
            _attempt(copy[1].moves.append, 7)
        yield "copy", _fields(game.b)
    for position in positions[:: max(1, len(positions) // 150)] + finished[:: max(1, len(finished) // 150)]:
        for player in (X, O, 0, 2, True, 1.0, -1.0):
            for cell in (*range(-1, 10), True, False, 4.0, "3"):
                game = _game(package, position)
                yield "move", (_attempt(game.makeMove, player, cell), _fields(game.b))
    for steps in scripts:
        game, answers = None, []
        for step in steps:
            if step[0] == "new":
                made = _attempt(package.game.XO, *step[1:])
                game = made[1] if made[0] == "value" else package.game.XO()
                answers.append(made[0])
            elif step[0] == "board":
                answers.append(_fields(game.b))
            else:
                answers.append(_attempt(getattr(game, step[0]), *step[1:]))
        yield "script", answers
    out = io.StringIO()
    stdout, sys.stdout = sys.stdout, out
    try:
        for position in finished[:50]:
            _game(package, position).show()
    finally:
        sys.stdout = stdout
    yield "show", out.getvalue()


def _rows(state, symbols):
    return ["".join(symbols[v] for v in state[r:r + 3]) for r in (0, 3, 6)]


def observe_programs(package, positions, finished):
    from grader.checks.programs import BAD, BAD_CALLS
    boards = [p["state"] for p in positions if p["state"].count(X) == p["state"].count(O)]
    judges = {"codequest": ("solve", lambda s: [_rows(s, {X: "X", O: "O", 0: "*"})]),
              "ninja": ("findTheWinner", lambda s: [_rows(s, {X: "X", O: "O", 0: "_"})])}
    for name, (function, args) in judges.items():
        module = getattr(package, name)
        for state in boards:
            yield name, _attempt(getattr(module, function), *args(state))
    codingame = package.codingame
    for position in positions + finished:
        state = position["state"]
        player = "X" if state.count(X) == state.count(O) else "O"
        yield "codingame", _attempt(codingame.solve, player, _rows(state, {X: "X", O: "O", 0: "."}))
    for name, (function, calls) in BAD_CALLS.items():
        for call in calls:
            yield f"{name} bad", _attempt(getattr(getattr(package, name), function), *call)
    texts = {name: [text for text, _, _ in BAD[name]] for name in BAD}
    texts["codequest"] += ["".join(f"1\n{r[0]}\n{r[1]}\n{r[2]}\n" for r in [_rows(s, {X: "X", O: "0", 0: "*"})])
                           for s in boards[::max(1, len(boards) // 300)]]
    texts["ninja"] += ["".join(r + "\n" for r in _rows(s, {X: "X", O: "O", 0: "_"}))
                       for s in boards[::max(1, len(boards) // 300)]]
    for name in ("codequest", "ninja", "codingame"):
        texts[name].append(package.judge.SAMPLES[name])
        module = getattr(package, name)
        for text in texts[name]:
            out, err = io.StringIO(), io.StringIO()
            status = _attempt(module.main, io.BytesIO(text.encode("utf-8")), out, err)
            yield f"{name} main", (status, out.getvalue(), err.getvalue().split(":", 2)[:2] if err.getvalue() else "")


def observations(package, module):
    """Everything ``package`` answers over the domain of ``module`` (see the module's docstring), in order."""
    if module == "deque":
        yield from observe_deque(package)
        return
    positions, finished = _positions(), _finished()
    if module == "board":
        yield from observe_board(package, positions, finished)
    elif module == "game":
        from grader.checks.part2_sequences import SEQUENCES
        yield from observe_game(package, positions, finished, SEQUENCES)
    else:
        yield from observe_programs(package, positions, finished)


class _Package:
    def __init__(self, name):
        self.name = name

    def __getattr__(self, module):
        return importlib.import_module(f"{self.name}.{module}")


def _load(folder, name):
    if folder not in sys.path:
        sys.path.insert(0, folder)
    importlib.invalidate_caches()
    importlib.import_module(name)
    return _Package(name)


def _stage(folder, name, module=None, source=None):
    """The reference's files as the package ``name`` in ``folder``, ``module``'s replaced by ``source``."""
    os.makedirs(os.path.join(folder, name))
    shutil.copyfile(os.path.join(REFERENCE, "__init__.py"), os.path.join(folder, name, "__init__.py"))
    for file in FILES:
        with open(os.path.join(REFERENCE, f"{file}.py"), encoding="utf-8") as f:
            text = f.read()
        with open(os.path.join(folder, name, f"{file}.py"), "w", encoding="utf-8") as f:
            f.write(source if file == module else text)


CACHE = os.path.join(TOP, "build", "equivalence")
"""Where the reference's answers are kept, one file per module and version of the reference's sources."""


def reference_answers(module, version):
    """The reference's answers over ``module``'s domain, computed once per ``version`` of the sources."""
    path = os.path.join(CACHE, f"{module}-{version[:16]}.pickle")
    if os.path.exists(path):
        with open(path, "rb") as f:
            return pickle.load(f)
    folder = tempfile.mkdtemp(prefix="xo-equivalence-")
    try:
        _stage(folder, "xo_ref_")
        answers = list(observations(_load(folder, "xo_ref_"), module))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(CACHE, exist_ok=True)
    part = f"{path}.{os.getpid()}.part"      # each worker its own: two that computed it at once both rename
    with open(part, "wb") as f:
        pickle.dump(answers, f)
    os.replace(part, path)
    return answers


def differences(module, source, version):
    """None when the reference with ``module``'s source replaced by ``source`` answers every call over the
    module's domain as the reference does (``version``: the reference's sources, for its cached answers), else
    the first answer that differs, in words.  Run it in a process of its own: the packages it imports stay."""
    sys.path.insert(0, TOP)
    answers = reference_answers(module, version)
    folder = tempfile.mkdtemp(prefix="xo-equivalence-")
    try:
        _stage(folder, "xo_mut_", module, source)
        got = observations(_load(folder, "xo_mut_"), module)
        for count, want in enumerate(answers, 1):
            answer = next(got, None)
            if want != answer:
                ours, theirs = want[1], answer and answer[1]
                where = ""
                if isinstance(ours, list) and isinstance(theirs, list):
                    k = next((k for k, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))
                    where, ours, theirs = f", item {k}", ours[k:k + 1], theirs[k:k + 1]
                return (f"answer {count} of {len(answers)} ({want[0]}{where}) differs: the reference gives "
                        f"{_short(ours)}, the mutant {_short(theirs)}")
        return None
    except Exception as error:           # noqa: BLE001 -- a mutant that cannot even be imported differs
        return f"the mutant failed to load or broke the comparison: {_kind(error)} {error}"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _short(value):
    text = repr(value)
    return text if len(text) < 160 else text[:157] + "..."


