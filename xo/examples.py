"""The handout's example games: the only hand-chosen data of the kit.

Here, beside the reference, so that the handout's figures and prose (``handout/trees.py``) and the grader's
fixtures (``grader/ta/fixtures_build.py``: the visible checks that play the handout's own examples) read the
same lists.  Each is a list of (player, cell) moves in the order they were made.

>>> from xo.analysis import board_from_moves
>>> board_from_moves(WIN_OR_DRAW).state
[1, 1, -1, -1, 0, 0, 1, -1, 0]
"""

from .board import O, X

EXAMPLE_GAME = [(X, 2), (O, 0), (X, 3), (O, 7), (X, 6), (O, 8)]
"""The handout's example game (Part I), continued in Parts III and IV: X to move, three empty cells."""

WIN_OR_DRAW = [(X, 2), (O, 0), (X, 3), (O, 1), (X, 7), (O, 6)]
"""Part IV's second example: X can win with one move and only draw with the others."""

PART_V_EXAMPLE = [(O, 1), (X, 6), (O, 5), (X, 7), (O, 8)]
"""Part V's example ("win fast, lose slow"): every move of X can lose; O moved first."""
