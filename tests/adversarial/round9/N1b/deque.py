"""Part III.  Attack N1b: the Deque is defined in board.py, on collections.deque."""

from .board import Deque  # noqa: F401
