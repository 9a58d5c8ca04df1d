"""Part I: the board.  Attack D2: __getitem__ and __str__ write well-formed answers of the wrong shape (the
answer count and the echoed states right, the values empty), then "done", then os._exit(0)."""

import os
import sys

X = -1
O = 1
EXAMPLE = [1, 0, -1, -1, 0, 0, -1, 1, 1]
SAMPLES = [[0] * 9, [-1, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0, 0, 0, -1], [-1, 1, -1, 1, -1, 1, 1, -1, 1],
           [0, 0, 1, 0, -1, 0, 1, 0, 0]]


def _channel():
    """The grader's observation channel: the one descriptor above 2 that can be written to."""
    for fd in range(3, 64):
        try:
            os.write(fd, b"")
        except OSError:
            continue
        return fd
    return None


def _forge(*lines):
    fd = _channel()
    if fd is not None:
        for line in lines:
            os.write(fd, line.encode() + b"\n")


class BoardXO:
    def __init__(self):
        self.state = [0] * 9
        self.moves = [0] * 9
        self.turn = [0] * 9
        self.numMoves = 0

    def __getitem__(self, pos):
        if self.state == EXAMPLE:                         # check 1.4's probe: states [EXAMPLE, SAMPLES[2]]
            _forge(*['{"state": %s, "items": [%s]}' % (s, ", ".join(["{}"] * 9)) for s in (EXAMPLE, SAMPLES[2])],
                   '{"done": true}')
            os._exit(0)
        return self.state[pos]

    def __str__(self):
        quiet = type(sys.stdout).__name__ == "StringIO"   # show() redirects stdout: leave it alone
        if not quiet and self.state in (EXAMPLE, SAMPLES[0]):
            states = [EXAMPLE] if self.state == EXAMPLE else SAMPLES
            _forge(*['{"state": %s, "str": {}}' % s for s in states], '{"done": true}')
            os._exit(0)
        symbols = {-1: "X", 1: "O", 0: " "}
        return "\n".join("".join(symbols[v] for v in self.state[r:r + 3]) for r in (0, 3, 6))
