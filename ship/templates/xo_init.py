"""Project 5: Tic Tac Toe AI -- your solution.

Write ``deque.py`` (Part III's ``Deque``), ``board.py`` (Part I's ``BoardXO``)
and ``game.py`` (Parts II-V: ``XO``).  Upload those three files to
Gradescope; this file is not graded.  ``make test`` runs the public checks.
The optional Part VI adds two methods to ``XO`` and three programs,
``codequest.py``, ``ninja.py`` and ``codingame.py``, uploaded beside the
others only when your instructor assigns Part VI.
"""

from .board import BoardXO, O, X
from .deque import Deque
from .game import XO, IllegalMoveError

__all__ = ["Deque", "BoardXO", "XO", "X", "O", "IllegalMoveError"]
