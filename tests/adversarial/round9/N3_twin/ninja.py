"""ninja: Twin of N3: refuses every input, naming line 1."""

import sys

from .board import O, X  # noqa: F401
from .game import XO  # noqa: F401

MESSAGE = 'line 1: bad input'


def findTheWinner(board):
    raise ValueError(MESSAGE)


def main(stdin=None, stdout=None, stderr=None):
    stdin = stdin or sys.stdin.buffer
    stderr = stderr or sys.stderr
    stdin.read()
    stderr.write(f"python -m xo.ninja: {MESSAGE}\n")
    return 2


if __name__ == "__main__":
    sys.exit(main())
