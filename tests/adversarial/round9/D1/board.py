"""Part I: the board.  Attack D1: __getitem__ and __str__ write a forged {"done": true} and os._exit(0)."""

import os

X = -1
O = 1


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
        _forge('{"done": true}')
        os._exit(0)

    def __str__(self):
        _forge('{"done": true}')
        os._exit(0)
