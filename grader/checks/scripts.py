"""What the checks of a game share: a game's moves as the board they make (``board_of``), the student's board
read back and compared field by field (``compare_board``), and scripts of calls on one game (``script``, run by
the ``xo_script`` probe, and ``call_text``, as students read a call)."""

from ..text.boards import draw
from ..text.values import plain, show
from .framework import Fail, Probe, raised_fail

GAME = ("game",)


def board_of(moves):
    """The board the moves ``[(player, cell), ...]`` make, as plain fields."""
    state, cells, turn = [0] * 9, [0] * 9, [0] * 9
    for k, (player, cell) in enumerate(moves):
        state[cell] = player
        cells[k] = cell
        turn[k] = player
    return {"state": state, "moves": cells, "turn": turn, "numMoves": len(moves)}


def fields(snapshot):
    """A student's board snapshot as plain values (``None`` for a missing field)."""
    return {name: (None if f.get("missing") else plain(f)) for name, f in snapshot["fields"].items()}


def differences(actual, expected):
    """Which fields of ``actual`` differ from ``expected`` (moves and turn compared up to numMoves)."""
    n = expected["numMoves"]
    wrong = []
    if actual["state"] != expected["state"]:
        wrong.append("state")
    for name in ("moves", "turn"):
        got = actual[name]
        if not isinstance(got, list) or got[:n] != expected[name][:n]:
            wrong.append(name)
    if not (type(actual["numMoves"]) is int and actual["numMoves"] == n):
        wrong.append("numMoves")
    return wrong


def compare_board(ctx, snapshot, expected, what, help=None, drawn=True, note=None):
    """Fail unless the student's board equals ``expected`` in every public field (its state drawn unless not
    ``drawn``; ``note`` said under the fields that differ)."""
    actual = fields(snapshot)
    wrong = differences(actual, expected)
    if wrong:
        n = expected["numMoves"]
        lines = []
        for name in wrong:
            want, got = expected[name], actual[name]
            if name in ("moves", "turn"):
                want = want[:n]
                got = got[:n] if isinstance(got, list) else got
                name = f"{name}[:{n}]"
            lines.append(f"- `{name}`: expected {show(want)}, actual {show(got)}")
        board = draw(actual["state"]) if drawn and isinstance(actual["state"], list) and len(actual["state"]) == 9 \
            else None
        raise Fail(f"{what}: the board is not what it should be.", board=board,
                   extra="\n".join(lines) + (f"\n\n{note}" if note else ""), help=help)


def script(steps, doing):
    """The observation of ``steps`` run on a new XO (``probes.probe_xo_script``), one result per step."""
    return Probe("xo_script", GAME, lambda ctx: {"steps": steps(ctx) if callable(steps) else steps}, doing=doing)


def call_text(step):
    op, args = step[0], step[1:]
    if op == "new":
        return "XO(" + ", ".join(repr(a) for a in args) + ")"
    return f"{op}(" + ", ".join(repr(a) for a in args) + ")"


def ok(ctx, result, doing):
    """Fail if the step raised."""
    if "raised" in result:
        raise raised_fail(doing, result["raised"])
    return result


def start(moves):
    """Script steps that make a game of ``moves`` with XO(play, pos, n)."""
    return [["new", [p for p, _ in moves], [c for _, c in moves], len(moves)]]
