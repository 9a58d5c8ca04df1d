"""The handout's rules of making moves (Part II), as a model game the checks compare the student's ``XO`` with:
which moves are refused, what a move records, and who has won.  Only the inputs on which the handout allows
one reading: plain ints for players and cells (``True`` and ``1.0`` may be taken as O or refused, so a model
cannot say what they do).

>>> g = Model(); g.make_move(-1, 4), g.make_move(-1, 0), g.make_move(1, 4), g.make_move(1, 0)
(True, False, False, True)
>>> g.make_moves([-1, 1, -1], [2, 3, 3], 3), g.fields()["numMoves"]
(False, 2)
"""

from .models import LINES


class Model:
    """A game of Part II: its board's four fields, changed only by a legal move."""

    def __init__(self):
        self.state, self.moves, self.turn, self.count = [0] * 9, [0] * 9, [0] * 9, 0

    def winner(self):
        """The player with three in a row, or 0."""
        for a, b, c in LINES:
            if self.state[a] != 0 and self.state[a] == self.state[b] == self.state[c]:
                return self.state[a]
        return 0

    def over(self):
        return self.winner() != 0 or self.count == 9

    def legal(self, play, pos):
        """Whether ``makeMove(play, pos)`` is legal here (plain ints only: see the module's note)."""
        return (type(play) is int and play in (-1, 1) and type(pos) is int and 0 <= pos <= 8
                and self.state[pos] == 0 and not self.over()
                and (self.count == 0 or self.turn[self.count - 1] != play))

    def make_move(self, play, pos):
        """Make the move if it is legal; return whether it was."""
        if not self.legal(play, pos):
            return False
        self.state[pos] = play
        self.moves[self.count] = pos
        self.turn[self.count] = play
        self.count += 1
        return True

    def make_moves(self, play, pos, n):
        """All or nothing: the first ``n`` moves if every one is legal; return whether they were."""
        saved = (self.state[:], self.moves[:], self.turn[:], self.count)
        if all(self.make_move(play[k], pos[k]) for k in range(n)):
            return True
        self.state, self.moves, self.turn, self.count = saved
        return False

    def fields(self):
        return {"state": self.state[:], "moves": self.moves[:], "turn": self.turn[:], "numMoves": self.count}
