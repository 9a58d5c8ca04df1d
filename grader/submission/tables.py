"""Tables of answers: a submission that holds, as literals in its files, many of the very positions the checks
play.  No grader can tell a table from a search by its moves alone (red team, round nine: an engine that
played the lowest empty cell, with a table of the starter kit's public positions, or of every position of a
leaked autograder zip, and their moves); it can tell that the files hold the positions.  A finding costs no
points: it names the file, the line where the table starts and how many of the checks' positions it holds.

The literal forms read (the file is never run): a board as nine ints -1, 0 and 1 (a list or a tuple); a board
as nine cells in any three characters (``"X.O......"``, ``"xo-------"``), separators aside, alone in a string
or anywhere in a longer one; and a game as its moves, a list or tuple of distinct cells 0 to 8 or a string of
distinct digits.  A table in another form (numbers, compressed, computed) is not found: INSTRUCTORS.md's
known limits say so.  A correct
submission holds a handful (the handout's examples, a test or two); ``LEAST`` is where a table begins.
"""

import ast
import collections
import itertools

LEAST = 10
"""How many of the checks' positions a file must hold to be named: no correct submission of the kit's corpora
holds more than a handful."""

SEPARATORS = str.maketrans("", "", " ,|/\n\t;:")
"""What may stand between the cells of a board written as a string longer than nine characters."""

SHORTEST_GAME = 4
"""Games shorter than this are not counted: three cells in a row (a winning line, ``(0, 1, 2)``) is a game too."""


def known(positions):
    """What the checks' ``positions`` (the fixtures' records) look like as literals: {state: count of positions}
    and {moves: count}, a state as a tuple of nine ints and a game as the tuple of its moves."""
    states, games = {}, {}
    for position in positions:
        state = tuple(position["state"])
        states[state] = states.get(state, 0) + 1
        history = tuple(position["moves"][:position["numMoves"]])
        if len(history) >= SHORTEST_GAME:
            games[history] = games.get(history, 0) + 1
    return states, games


def _ints(node):
    """The ints of a list or tuple display of int constants (signs folded), or None."""
    if not isinstance(node, (ast.List, ast.Tuple)):
        return None
    values = []
    for element in node.elts:
        sign = 1
        if isinstance(element, ast.UnaryOp) and isinstance(element.op, ast.USub):
            sign, element = -1, element.operand
        if not (isinstance(element, ast.Constant) and type(element.value) is int):
            return None
        values.append(sign * element.value)
    return tuple(values)


def _boards_of_cells(cells):
    """Every state nine characters can stand for: each way of reading its two or three kinds of character as
    X, O and empty."""
    kinds = sorted(set(cells))
    if not 2 <= len(kinds) <= 3:
        return []
    kinds += [None] * (3 - len(kinds))
    found = []
    for values in itertools.permutations((-1, 0, 1)):
        meaning = dict(zip(kinds, values))
        found.append(tuple(meaning[c] for c in cells))
    return found


MEANINGS = tuple(itertools.permutations((-1, 0, 1)))
LONGEST_ENTRY = 24
"""A table packed into one string: its entries are at most this many characters apart."""


def _boards_of_text(text, states):
    """The checks' ``states`` a string holds: the string itself read as nine cells (separators aside), or, in a
    longer one, a table packed into it (``"X.O......x4O.X......o2…"``, red team, round nine): boards at a
    regular step through the string, its three most frequent characters read as X, O and empty the same way
    throughout.  Of every step, start and reading, the one that finds the most: nine characters picked at
    random read as some board too, but only a table's own step finds many."""
    form = text.translate(SEPARATORS) if len(text) != 9 else text
    if len(form) == 9:
        return {state for state in _boards_of_cells(form) if state in states}
    best = set()
    if len(form) < 18:
        return best
    cells = [c for c, _ in collections.Counter(form).most_common(3)]
    if len(cells) < 2:
        return best
    cells += [None] * (3 - len(cells))
    for values in MEANINGS:
        meaning = dict(zip(cells, values))
        digits = [meaning.get(c, 9) for c in form]
        found = [(k, state) for k in range(len(form) - 8)
                 if 9 not in (state := tuple(digits[k:k + 9])) and state in states]
        for step in range(9, LONGEST_ENTRY + 1):
            by_start = {}
            for k, state in found:
                by_start.setdefault(k % step, set()).add(state)
            most = max(by_start.values(), key=len, default=set())
            if len(most) > len(best):
                best = most
    return best


def _game_of_text(text):
    digits = text.translate(SEPARATORS)
    if SHORTEST_GAME <= len(digits) <= 9 and digits.isdigit() and "9" not in digits and len(set(digits)) == len(digits):
        return tuple(int(d) for d in digits)
    return None


def held(source, states, games):
    """(positions held, line of the first literal that holds one) of ``source`` against the checks' ``states``
    and ``games`` (``known``): each state or game counted once, however many literals hold it.

    >>> states, games = known([{"state": [1, 0, -1, -1, 0, 0, -1, 1, 1], "moves": [2, 0, 3, 7, 6, 8], "numMoves": 6}])
    >>> held("T = {(1, 0, -1, -1, 0, 0, -1, 1, 1): 4, 'O.XX..XOO': 4, (2, 0, 3, 7, 6, 8): 4}", states, games)
    (2, 1)
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return 0, None
    seen, first = set(), None
    for node in ast.walk(tree):
        hits = []
        values = _ints(node)
        if values is not None:
            if len(values) == 9 and set(values) <= {-1, 0, 1}:
                hits.append(("state", values))
            elif len(values) >= SHORTEST_GAME and values in games:
                hits.append(("game", values))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            hits += [("state", state) for state in _boards_of_text(node.value, states)]
            game = _game_of_text(node.value) if len(node.value) <= 40 else None
            if game is not None:
                hits.append(("game", game))
        for kind, value in hits:
            if value in (states if kind == "state" else games) and (kind, value) not in seen:
                seen.add((kind, value))
                first = node.lineno if first is None else min(first, node.lineno)
    return len(seen), first


def findings(texts, positions, Finding):
    """A ``Finding`` (the class of ``integrity``) for each file of ``texts`` (file name → text) holding at least
    ``LEAST`` of the checks' ``positions``."""
    states, games = known(positions)
    found = []
    for name, text in sorted(texts.items()):
        count, line = held(text, states, games)
        if count >= LEAST:
            found.append(Finding(name, line, f"holds, as literals, {count:,} of the boards and games of the "
                                             f"{len(positions):,} positions the grader's checks play: a table of "
                                             f"answers, not a search"))
    return found
