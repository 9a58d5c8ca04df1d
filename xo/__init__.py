"""Project 5: Tic Tac Toe AI -- the reference solution.

>>> from xo import XO, X, O
>>> g = XO()
>>> g.makeMove(X, 4)
>>> g.makeOptimalMove()
0
"""

from .board import O, X, BoardXO
from .deque import Deque
from .game import XO, IllegalMoveError

__all__ = ["Deque", "BoardXO", "XO", "X", "O", "IllegalMoveError"]
