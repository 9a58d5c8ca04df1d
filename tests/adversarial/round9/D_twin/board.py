"""Part I: the board.  Twin of D: __getitem__ and __str__ raise NotImplementedError."""

X = -1
O = 1


class BoardXO:
    def __init__(self):
        self.state = [0] * 9
        self.moves = [0] * 9
        self.turn = [0] * 9
        self.numMoves = 0

    def __getitem__(self, pos):
        raise NotImplementedError("BoardXO.__getitem__ is yours to write")

    def __str__(self):
        raise NotImplementedError("BoardXO.__str__ is yours to write")
