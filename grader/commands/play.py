"""``python -m grader play [SUBMISSION] [--ai X|O] [--first X|O]``: a game in the terminal between a person and
the student's own ``XO`` (``make play`` in the starter kit and in the repository).

The person types a cell number (0-8) or ``q``.  Each of the AI's moves is one run of the student's
``makeOptimalMove()`` in the sandbox the checks use, with the same limits: a move that raises, does not
finish in time, or is not an empty cell ends the game with what happened, never a traceback of the kit.
After each of the AI's moves the game says how many boards its search popped from its ``Deque`` and how long
the move took.  The rules of the game (whose turn, who won) are the grader's own, not the student's.
"""

import os
import sys
from dataclasses import dataclass, field

from ..checks.moves import SEARCH
from ..checks.trace import pops
from ..game.models import LINES
from ..game.positions import SYMBOLS as SYMBOL, fields, played_from
from ..grading.points import load
from ..observing.assignment import open_sandbox
from ..submission.locate import locate
from ..text.boards import PLAYER, draw
from ..text.markdown import unmarked
from ..text.values import plain


@dataclass
class Game:
    """One game: who moved first and the cells played, in order.

    >>> g = Game(first=-1); g.play(4); g.play(0)
    >>> g.to_move, g.fields()["numMoves"], g.over()
    (-1, 2, None)
    """
    first: int
    cells: list = field(default_factory=list)

    def position(self):
        """The position reached, as the fixtures hold one (``positions.played_from``)."""
        return played_from(PLAYER[self.first], "".join(map(str, self.cells)) or "-")

    @property
    def to_move(self):
        return self.position()["to_move"]

    def state(self):
        return self.position()["state"]

    def fields(self):
        """The ``BoardXO`` fields of the position, as the checks give them to the student's code."""
        return fields(self.position())

    def play(self, cell):
        self.cells.append(cell)

    def over(self):
        """None while the game goes on, else the winner (-1 or 1), or 0 for a draw."""
        state = self.state()
        for a, b, c in LINES:
            if state[a] != 0 and state[a] == state[b] == state[c]:
                return state[a]
        return 0 if len(self.cells) == 9 else None


def picture(game):
    """The board beside the cell key, as plain text (the feedback's drawing without its fences)."""
    return "\n".join(draw(game.state()).splitlines()[1:-1])


class AIError(Exception):
    """The student's AI could not move: what happened, in words."""


@dataclass(frozen=True)
class AIMove:
    cell: int
    popped: int                  # boards popped from the Deque (popFront and popBack)
    seconds: float               # the move's time, measured around makeOptimalMove() in the student's process


def ai_move(sandbox, game, timeout):
    """Run the student's ``makeOptimalMove()`` on ``game``'s position; return the ``AIMove``, or raise
    ``AIError`` saying what went wrong."""
    outcome = sandbox.run("optimal_moves", {"positions": [game.fields()], "trace": "counts"}, SEARCH, timeout)
    problem = outcome.first("import_error")
    if problem:
        problem = problem["import_error"]
        where = problem.get("where") or {}
        place = f" ({where.get('file')}, line {where.get('line')})" if where.get("line") else ""
        raise AIError(f"importing {problem.get('module')}.py raised {problem.get('type')}: "
                      f"{problem.get('message')}{place}")
    problem = outcome.first("probe_error")
    if problem:                          # setting the game up (BoardXO(), XO()) raised, before any move was asked
        raise AIError(f"setting up the game for makeOptimalMove() raised {_raised(problem['probe_error'])}")
    event = outcome.first("position")
    if event is None:
        how = outcome.ended_how if outcome.status != "done" else "ended without sending its move"
        raise AIError(f"makeOptimalMove() {how}" + _printed(outcome))
    if "raised" in event:
        raise AIError(f"makeOptimalMove() raised {_raised(event['raised'])}")
    cell = plain(event.get("value"))
    if type(cell) is not int or not 0 <= cell <= 8 or game.state()[cell] != 0:
        raise AIError(f"makeOptimalMove() returned {cell!r}, which is not an empty cell (0 to 8) of this board")
    return AIMove(cell, pops(event.get("trace")), float(event.get("seconds") or 0.0))


def _raised(raised):
    """An exception the student's code raised, as a terminal shows it: its type, its message (which the child
    wrote as Markdown), where it was raised and the traceback of the student's files."""
    text = f"{raised.get('type')}: {unmarked(str(raised.get('message', '')))}"
    where = raised.get("where") or {}
    if where.get("line"):
        text += f" ({where.get('file')}, line {where.get('line')})"
    if raised.get("not_implemented"):
        text += ": it is not written yet"
    return text + (f"\n{raised['traceback'].rstrip()}" if raised.get("traceback") else "")


def _printed(outcome):
    text = "\n".join(t for t in (outcome.stdout.strip(), outcome.stderr.strip()) if t)
    return f"; it printed:\n{text[-2000:]}" if text else ""


def ask(read, write, game):
    """The person's cell, or None to stop (``q``, or the end of the input)."""
    while True:
        write(f"Your move ({PLAYER[game.to_move]}): cell 0-8, or q to quit: ")
        line = read()
        if not line:
            write("\n(no more input: the game stops)\n")
            return None
        text = line.strip().lower()
        if text in ("q", "quit", "exit"):
            return None
        if text.isdigit() and 0 <= int(text) <= 8:
            if game.state()[int(text)] == 0:
                return int(text)
            write(f"Cell {text} is taken.\n")
        else:
            write(f"{line.strip()!r} is not a cell: type a number from 0 to 8 (see the key at the right), or q.\n")


def play(sandbox, *, ai, first, timeout, read=sys.stdin.readline, write=None):
    """Play one game; return 0 when it ends (won, drawn or quit), 1 when the AI could not move.  ``timeout``:
    the seconds the AI may take on the empty board and on any other, as the checks allow (``slow_timeout``,
    ``timeout``)."""
    write = write or (lambda text: (sys.stdout.write(text), sys.stdout.flush()))
    game = Game(first=first)
    write(f"You are {PLAYER[-ai]}, your AI is {PLAYER[ai]}; {PLAYER[first]} moves first.\n\n")
    while game.over() is None:
        write(picture(game) + "\n")
        if game.to_move == ai:
            limit = timeout[0] if not game.cells else timeout[1]
            write(f"Your AI ({PLAYER[ai]}) is thinking (it may take {limit:g} s)...\n")
            try:
                move = ai_move(sandbox, game, limit)
            except AIError as error:
                write(f"\nYour AI could not move: {error}\n")
                return 1
            game.play(move.cell)
            write(f"Your AI played {move.cell}: its search popped {move.popped:,} boards in {move.seconds:.3f} s.\n\n")
        else:
            cell = ask(read, write, game)
            if cell is None:
                write("Game stopped.\n")
                return 0
            game.play(cell)
            write("\n")
    write(picture(game) + "\n")
    winner = game.over()
    write("A draw.\n" if winner == 0 else f"{PLAYER[winner]} wins: " + ("your AI won.\n" if winner == ai else
                                                                        "you beat your AI.\n"))
    return 0


def main(args):
    config = load(args.config)
    located = locate(args.submission, config["limits"]["file_kib"], config["limits"]["submission_kib"])
    missing = [name for name in (*SEARCH, "board") if name not in located.files]
    for message in located.messages():
        print(message.replace("`", ""), file=sys.stderr)
    if missing:
        print(f"grader play: cannot play without {', '.join(n + '.py' for n in missing)} in {args.submission}",
              file=sys.stderr)
        return 2
    limits = config["limits"]
    timeouts = (args.timeout or limits["slow_timeout"], args.timeout or limits["timeout"])
    with open_sandbox(located.files, limits) as sandbox:
        try:
            return play(sandbox, ai=SYMBOL[args.ai], first=SYMBOL[args.first], timeout=timeouts)
        except KeyboardInterrupt:        # Ctrl-C, at the prompt or while the AI thinks: the sandbox is closed
            print("\nGame stopped.")     # on the way out, the AI's process killed with it
            return 130


def add_parser(commands):
    here = os.path.join(os.getcwd(), "xo")
    p = commands.add_parser("play", help="play against your own AI in the terminal")
    p.add_argument("submission", nargs="?", default=here if os.path.isdir(here) else ".",
                   help="folder holding board.py, deque.py and game.py (default: ./xo)")
    p.add_argument("--ai", choices=("X", "O"), default="O", help="the side your AI plays (default: O)")
    p.add_argument("--first", choices=("X", "O"), default="X", help="who moves first (default: X)")
    p.add_argument("--timeout", type=float, default=None,
                   help="seconds the AI may take for a move (default: as the checks allow, config.toml's "
                        "slow_timeout on the empty board and timeout on any other)")
    p.add_argument("--config", default=None, help="configuration file (default: the grader's config.toml)")
    p.set_defaults(run=main)
    return p
