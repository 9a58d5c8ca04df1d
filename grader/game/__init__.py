"""The game and the handout's rules as pure functions, knowing nothing of checks or of the student's code:
positions and the judging of a move (``positions``), the rules as programs and the mistakes that break them
(``models``; ``families``: which rule an answer breaks), the diagnosis of a whole program's answers
(``diagnosis``), the handout's rules by name with what a withheld failure says of them (``rules``), and the
fixtures generated from the reference (``fixtures``).

Imports ``grader.text`` only.  A new mistake is a program in ``models``, named in ``rules.RULES`` and known to
its family in ``families``."""
