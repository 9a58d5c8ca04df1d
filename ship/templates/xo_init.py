"""Submitting and grading

Upload exactly these three files to Gradescope, at the top level of the
submission (drag the files themselves, not the folder): `deque.py`,
`board.py` and `game.py`; and, only if your instructor assigns Part VI,
`codequest.py`, `ninja.py` and `codingame.py` beside them. Nothing else is
graded.

Your files import each other as a package, as in the skeleton
(`from .board import BoardXO`).
"""

from .board import BoardXO, O, X
from .deque import Deque
from .game import XO, IllegalMoveError

__all__ = ["Deque", "BoardXO", "XO", "X", "O", "IllegalMoveError"]
