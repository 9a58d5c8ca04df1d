"""What every probe uses: a board's public fields as the grader reads them (``snapshot``), a student's board
made from plain fields (``make_board``), and a step whose observation the probe builds itself (``observe``)."""

try:                       # in the grader: the harness's helpers and the other probes files, imported
    from ...sandbox.child import import_student  # noqa: F401
    from ...sandbox.encoding import enc, raised, type_name  # noqa: F401
except ImportError:        # in the sandboxed child: every probes file runs in one namespace (``child.load_probes``)
    pass


def snapshot(board):
    """The four public fields of a board, each encoded, and which are missing."""
    fields = {}
    for name in ("state", "moves", "turn", "numMoves"):
        try:
            fields[name] = enc(getattr(board, name))
        except BaseException as error:
            fields[name] = {"missing": True, "raised": raised(error)}
    return {"board_type": type_name(board), "fields": fields}


def make_board(modules, fields):
    """A student's ``BoardXO`` with its fields set from plain lists."""
    module = modules.get("board") or import_student("board")   # game.py has imported it already
    board = module.BoardXO()
    board.state = list(fields["state"])
    board.moves = list(fields["moves"])
    board.turn = list(fields["turn"])
    board.numMoves = fields["numMoves"]
    return board


def observe(function):
    """Call ``function``, which builds an observation itself; catch what the student raises."""
    try:
        return function()
    except BaseException as error:
        return {"raised": raised(error)}
