"""BoardXO as a dataclass."""

from dataclasses import dataclass, field

X = -1
O = 1


def _nine():
    return [0] * 9


@dataclass(slots=True)
class BoardXO:
    state: list = field(default_factory=_nine)
    moves: list = field(default_factory=_nine)
    turn: list = field(default_factory=_nine)
    numMoves: int = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        chars = ["X" if v == X else "O" if v == O else " " for v in self.state]
        return "{}{}{}\n{}{}{}\n{}{}{}".format(*chars)
