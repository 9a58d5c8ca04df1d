"""The probes of Parts I and II: the student's ``BoardXO`` and ``XO`` made, drawn, read and called, step by step
(``probe_xo_script``)."""

import io
import sys

try:                       # in the grader: the harness's helpers and the other probes files, imported
    from ...sandbox.encoding import MAX_TEXT, attempt, enc, raised, type_name  # noqa: F401
    from .common import make_board, observe, snapshot  # noqa: F401
except ImportError:        # in the sandboxed child: every probes file runs in one namespace (``child.load_probes``)
    pass


def probe_import(modules, args, emit):
    report = {}
    for name in args["modules"]:
        module = modules[name]
        report[name] = {attr: hasattr(module, attr) for attr in ("BoardXO", "X", "O", "Deque", "XO")}
    board = modules.get("board")
    if board is not None:
        report["X"] = enc(getattr(board, "X", None))
        report["O"] = enc(getattr(board, "O", None))
    if args.get("construct_xo"):
        report["XO()"] = attempt(lambda: snapshot(modules["game"].XO().b)["fields"])
    if args.get("construct_deque"):
        report["Deque()"] = attempt(lambda: type_name(modules["deque"].Deque()))
    emit(report)


def probe_board_new(modules, args, emit):
    BoardXO = modules["board"].BoardXO
    first, second = BoardXO(), BoardXO()
    report = snapshot(first)
    shared = {}
    for name in ("state", "moves", "turn"):
        a, b = getattr(first, name, None), getattr(second, name, None)
        if not (isinstance(a, list) and isinstance(b, list) and a and b):
            shared[name] = "not a list"
            continue
        try:
            a[0] = 1                     # mutate the first board's list only
            shared[name] = b[0] == 1 if type(b[0]) is int else True
            a[0] = 0
        except BaseException as error:
            shared[name] = {"raised": raised(error)}
    report["shared"] = shared
    emit(report)


def probe_board_items(modules, args, emit):
    for state in args["states"]:
        board = modules["board"].BoardXO()
        board.state = list(state)
        emit({"state": state, "items": [attempt(board.__getitem__, pos) for pos in range(9)]})


def probe_board_str(modules, args, emit):
    for state in args["states"]:
        board = modules["board"].BoardXO()
        board.state = list(state)
        emit({"state": state, "str": attempt(str, board)})


def probe_xo_script(modules, args, emit):
    """Run ``steps`` on one game; each step is ``[operation, *arguments]``."""
    XO = modules["game"].XO
    game = None
    for step in args["steps"]:
        op, params = step[0], step[1:]
        if op == "new":
            holder = {}

            def construct():
                holder["game"] = XO(*params)
                return None
            result = attempt(construct)
            game = holder.get("game", game)
        elif op == "board":
            result = observe(lambda: {"board": snapshot(game.b)})
        elif op == "set_board":
            result = attempt(lambda: setattr(game, "b", make_board(modules, params[0])))
        elif op == "getBoard_mutate":
            result = observe(lambda: _get_board_and_mutate(game))
        elif op == "str":
            result = attempt(str, game.b)
        elif op == "show":
            buffer, real = io.StringIO(), sys.stdout
            sys.stdout = buffer
            try:
                result = attempt(game.show)
            finally:
                sys.stdout = real
            result["printed"] = buffer.getvalue()[:MAX_TEXT]
            result["str"] = attempt(str, game.b)
        else:                             # a method of XO: makeMove, makeMoves, gameOver, winner, makeOptimalMove
            result = attempt(getattr(game, op), *params)
        emit({"step": step, **result})


def _get_board_and_mutate(game):
    """getBoard(), then change every field of the copy; report the copy as it came and the game's own board
    right after, in one step: nothing is sent, so none of the student's code runs, between the change and the
    reading (red team, round nine: code run when the grader's channel was written restored the game's board
    before a later step read it).  The game's board is the one ``game.b`` held before ``getBoard()``: read
    after the change, ``game.b`` runs the student's code where ``b`` is a property, which could put back what
    the lent board lost (red team, round sixteen: ``getboard_prop``)."""
    board = game.b
    copy = game.getBoard()
    seen = snapshot(copy)
    for name in ("state", "moves", "turn"):
        field = getattr(copy, name)
        for k in range(len(field)):
            field[k] = 7
    copy.numMoves = 99
    return {"board": seen, "game": snapshot(board)}
