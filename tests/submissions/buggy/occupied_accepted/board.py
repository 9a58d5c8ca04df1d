"""Part I: BoardXO, with a few extra helpers the search uses."""

X = -1
O = 1

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6),
         (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class BoardXO:
    __slots__ = ("state", "moves", "turn", "numMoves")

    def __init__(self):
        self.state = [0] * 9
        self.moves = [0] * 9
        self.turn = [0] * 9
        self.numMoves = 0

    def __getitem__(self, pos):
        return self.state[pos]

    def __str__(self):
        table = str.maketrans("xo.", "XO ")
        raw = "".join("x" if v == X else "o" if v == O else "." for v in self.state)
        raw = raw.translate(table)
        return f"{raw[:3]}\n{raw[3:6]}\n{raw[6:]}"

    def __repr__(self):
        return (f"BoardXO(state={self.state!r}, moves={self.moves!r}, "
                f"turn={self.turn!r}, numMoves={self.numMoves!r})")

    # ---- helpers (additions; the handout allows extra methods) ----
    def copy(self):
        other = BoardXO()
        other.state = self.state[:]
        other.moves = self.moves[:]
        other.turn = self.turn[:]
        other.numMoves = self.numMoves
        return other

    def nextPlayer(self):
        return X if self.numMoves == 0 else -self.turn[self.numMoves - 1]

    def place(self, play, pos):
        self.state[pos] = play
        self.moves[self.numMoves] = pos
        self.turn[self.numMoves] = play
        self.numMoves += 1

    def child(self, pos):
        kid = self.copy()
        kid.place(self.nextPlayer(), pos)
        return kid

    def winner(self):
        s = self.state
        for a, b, c in LINES:
            if s[a] and s[a] == s[b] and s[b] == s[c]:
                return s[a]
        return 0

    def full(self):
        return 0 not in self.state

    def over(self):
        return self.winner() != 0 or self.full()

    def empties(self):
        return [i for i in range(9) if self.state[i] == 0]
