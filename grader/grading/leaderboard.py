"""Gradescope's leaderboard, optional (``[leaderboard] enabled = true`` in config.toml; off by default).

Gradescope's documentation ("Leaderboards", in its autograder docs): "your autograder must export a top-level
"leaderboard" section in the results.json output. This will be an array, with objects defining the different
quantities to be displayed on the leaderboard", each ``{"name", "value"}`` with an optional ``"order"``: "The
default is "desc" for descending, i.e. higher scores rank higher, but for quantities like execution time you
may want to sort them in ascending order."

The kit's quantities, for a submission all of whose moves are accepted (every check that judges
``makeOptimalMove()``'s moves passed): the CPU time of one more run of its search from the empty board, as the
kernel counts it for that process (its zygote's ``wait4``: the student's code cannot set it; the interpreter's
start and the import of its modules are in it), the boards that search popped from its Deque (counted by the
harness, and shown only when the count lies within what the move tree allows), and the score of Parts I-V.
"""

from dataclasses import dataclass

from ..checks.framework import CHECKS
from ..checks.moves import MOVES, SEARCH
from ..checks.trace import pops
from ..game.positions import TREE_NODES, fields, played_from, tree_boards


@dataclass(frozen=True)
class Standing:
    """What a submission shows on the leaderboard."""
    cpu_seconds: float
    popped: int            # boards popped from the Deque by that search (popFront and popBack)
    score: float           # the points of Parts I-V

    def entries(self):
        """Gradescope's ``leaderboard`` array.

        >>> Standing(1.23456, 549946, 100.0).entries()[0]
        {'name': 'Empty-board search, CPU s', 'value': 1.235, 'order': 'asc'}
        """
        return [{"name": "Empty-board search, CPU s", "value": round(self.cpu_seconds, 3), "order": "asc"},
                {"name": "Boards popped", "value": self.popped, "order": "asc"},
                {"name": "Parts I-V", "value": round(self.score, 2)}]


def enabled(config):
    return bool(config.get("leaderboard", {}).get("enabled"))


def all_moves_accepted(verdicts):
    """Whether every check that judges makeOptimalMove()'s moves ran and passed (``verdicts``: name → Verdict)."""
    judging = [name for name, check in CHECKS.items() if check.rules is not None and check.rules[0] is MOVES
               and check.part != "VI"]
    return all(name in verdicts and verdicts[name].passed for name in judging)


def plausible_pops():
    """The fewest and most boards a breadth-first search of the empty board pops: every unfinished board of
    the move tree, or every board of it (finished ones popped too, as the handout's search does)."""
    unfinished, _ = tree_boards([0] * 9, 0, -1)
    return sum(sum(level.values()) for level in unfinished.values()), int(TREE_NODES[9])


def measure(sandbox, config, verdicts):
    """The submission's ``Standing``, or None (a move not accepted, or a run that did not give a move of the
    empty board with a count of pops the tree allows)."""
    if not all_moves_accepted(verdicts):
        return None
    empty = fields(played_from("X", "-"))
    outcome = sandbox.run("optimal_moves", {"positions": [empty], "trace": "counts", "after": False}, SEARCH,
                          config["limits"]["slow_timeout"])
    event = outcome.first("position")
    if outcome.status != "done" or event is None or "raised" in event or outcome.cpu is None:
        return None
    popped = pops(event.get("trace"))
    fewest, most = plausible_pops()
    if not fewest <= popped <= most:
        return None
    score = sum(v.points for v in verdicts.values() if v.part != "VI")
    return Standing(outcome.cpu, popped, score)
