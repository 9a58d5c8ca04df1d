"""ninja: Attack E: findTheWinner() and main() end the run with a forged "done" and os._exit(0)."""

import sys

from .board import O, X  # noqa: F401
from .game import XO, end_run  # noqa: F401


def findTheWinner(board):
    end_run()


def main(stdin=None, stdout=None, stderr=None):
    end_run()


if __name__ == "__main__":
    sys.exit(main())
