"""Part II's games of random calls (check 2.19): seeded scripts of makeMove, makeMoves, winner() and gameOver()
judged against the grader's model of the rules (``grader.game.legal``)."""

import random

from ..game.legal import Model
from ..text.markdown import code
from ..text.values import plain, show
from .framework import Fail, check
from .scripts import call_text, compare_board, ok, script

def _random_scripts(seed=37, count=14, length=16):
    """Games played by random calls (``random.Random(seed)``: the same every grading, so recorded): each from a
    blank game or from ``XO(play, pos, n)``, then makeMove and makeMoves of the player to move or the other one,
    on free cells, taken cells and cells off the board, with winner(), gameOver() and the board read between.
    Plain ints only: the model (``game.legal``) then knows every answer."""
    draw_from = random.Random(seed)
    scripts = []
    for number in range(count):
        model, steps = Model(), []
        if number % 3 == 1:
            prefix = []
            for _ in range(draw_from.randint(1, 5)):
                free = [c for c in range(9) if model.state[c] == 0]
                player = -1 if not prefix else -prefix[-1][0]
                if model.over() or not free:
                    break
                cell = draw_from.choice(free)
                model.make_move(player, cell)
                prefix.append((player, cell))
            steps.append(["new", [p for p, _ in prefix], [c for _, c in prefix], len(prefix)])
        else:
            steps.append(["new"])
        for _ in range(length):
            kind = draw_from.random()
            last = model.turn[model.count - 1] if model.count else draw_from.choice((-1, 1))
            player = -last if draw_from.random() < 0.8 else last
            if kind < 0.55:
                cell = draw_from.choice([*range(9), *range(9), -1, 9])
                steps += [["makeMove", player, cell], ["board"]]
            elif kind < 0.75:
                n = draw_from.randint(1, 3)
                players = [player if k % 2 == 0 else -player for k in range(n)]
                cells = [draw_from.randrange(9) for _ in range(n)]
                steps += [["makeMoves", players, cells, n], ["board"]]
            else:
                steps.append([draw_from.choice(("winner", "gameOver"))])
        scripts.append(steps)
    return scripts


SEQUENCES = _random_scripts()


def _expected(steps):
    """What the model game answers to each step: True/False (made, or refused), a board's fields, a value."""
    model, answers = Model(), []
    for step in steps:
        op = step[0]
        if op == "new":
            answers.append(len(step) == 1 or model.make_moves(*step[1:]))
        elif op == "makeMove":
            answers.append(model.make_move(*step[1:]))
        elif op == "makeMoves":
            answers.append(model.make_moves(*step[1:]))
        elif op == "board":
            answers.append(model.fields())
        else:
            answers.append(model.winner() if op == "winner" else model.over())
    return answers


@check("II", enforces=("II.refused", "II.make-move", "II.make-moves", "II.refuse-taken", "II.refuse-over",
                       "II.refuse-twice", "II.all-or-nothing", "II.winner", "II.game-over", "II.either-first"),
       depends=["game_imports"],
       cites=("Part II", "The rules of T3 are enforced"),
       observes=tuple(script(steps, "XO") for steps in SEQUENCES))
def game_every_sequence(ctx, *runs):
    """In games of random calls (seeded: the same every time), every makeMove and makeMoves is made or refused as the rules say, and the board, winner() and gameOver() follow."""
    for steps, results in zip(SEQUENCES, runs):
        done = []
        for step, result, want in zip(steps, results, _expected(steps)):
            history = "\n".join([f"g = {call_text(s)}" if s[0] == "new" else f"g.{call_text(s)}"
                                  for s in [*done, step] if s[0] != "board" or s is step])
            history += "   # <- here"
            op = step[0]
            if op in ("new", "makeMove", "makeMoves"):
                refused = "raised" in result and result["raised"]["value_error"]
                if want and "raised" in result:
                    raise Fail(f"{call_text(step)} is legal here, but it raised {result['raised']['type']}: "
                               f"{result['raised']['message']}", extra=code(history), help="Make every legal move")
                if not want and not refused:
                    did = "returned normally" if "raised" not in result else f"raised {result['raised']['type']}"
                    raise Fail(f"{call_text(step)} breaks a rule here (a taken cell, a cell off the board, the same "
                               f"player twice, or a game already over), so it should raise ValueError, but it "
                               f"{did}.", extra=code(history), help="Check every rule before changing anything")
            elif op == "board":
                compare_board(ctx, ok(ctx, result, "reading the board")["board"], want, "After the calls below",
                              note=code(history.rsplit("\n", 1)[0] if "\n" in history else history))
            else:
                got = plain(ok(ctx, result, f"{op}()")["value"])
                if not (type(got) is type(want) and got == want):
                    raise Fail(f"{op}() answered wrongly after the calls below.", expected=show(want),
                               actual=show(got), extra=code(history))
            done.append(step)
