"""codingame: Attack N3: refuses every input, with a message that names every line."""

import sys

from .board import O, X  # noqa: F401
from .game import XO  # noqa: F401

MESSAGE = 'lines 2-4 (1 2 3 4 5): bad input'


def solve(player, rows):
    raise ValueError(MESSAGE)


def main(stdin=None, stdout=None, stderr=None):
    stdin = stdin or sys.stdin.buffer
    stderr = stderr or sys.stderr
    stdin.read()
    stderr.write(f"python -m xo.codingame: {MESSAGE}\n")
    return 2


if __name__ == "__main__":
    sys.exit(main())
