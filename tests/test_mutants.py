"""Mutation analysis of the move checks (Parts IV and V).

Every single-point mutation of the reference's scoring is generated from
``xo/game.py`` itself: each integer constant one up and one down, each
comparison turned (``>`` to ``>=`` and ``<``, ``==`` to ``!=``, …), each
guard of an ``and`` dropped, the initial Part V score, whose win counts
(``mover == player``), which move count a leaf is scored with (the finished
board's, the root's, the moves since the root, one off) and the tie-break's
direction in ``best_cell``.  Each mutant plays every reachable position that
is not over (9,039, X-first and O-first games).  A mutant that changes no move
anywhere is *equivalent*: no grader can see it.  Every other one must play a
move the grader does not accept on a position that a Part IV or Part V check
judges, and a check whose details students see must catch it.  The three
subtlest are then graded for real, to prove the points are lost in Part IV or V
and nowhere else.

The table of every mutant and its verdict is printed (``pytest -s``) and
written to ``build/mutants.txt``.
"""

import ast
import copy
import hashlib
import multiprocessing
import os
import shutil
import sys
import types

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import golden  # noqa: E402

from grader.checks.framework import CHECKS, fixture_users
from grader.game.fixtures import load_fixtures
from grader.game.positions import accepted, expand
from grader.grading.points import load

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
GAME = os.path.join(TOP, "xo", "game.py")
TARGETS = {"_update_part5", "best_cell"}            # every node of these functions is mutated
LEAF_LINES = ("result = ", "scores[i] = update(")   # ...and these statements of _breadth_first_scores
COUNTS = {"n - n0": "moves since the root", "n0": "the root's move count", "n + 1": "one more", "n - 1": "one less"}
TURNS = {ast.Gt: (ast.GtE, ast.Lt), ast.GtE: (ast.Gt, ast.LtE), ast.Lt: (ast.LtE, ast.Gt), ast.LtE: (ast.Lt, ast.GtE),
         ast.Eq: (ast.NotEq,), ast.NotEq: (ast.Eq,)}
SYMBOLS = {ast.Gt: ">", ast.GtE: ">=", ast.Lt: "<", ast.LtE: "<=", ast.Eq: "==", ast.NotEq: "!="}


# ---------------------------------------------------------------- generating the mutants

def _targets(tree, source):
    """(function name, node) for every node the mutations may touch."""
    lines = source.splitlines()
    for function in (n for n in tree.body if isinstance(n, ast.FunctionDef)):
        if function.name in TARGETS:
            for node in ast.walk(function):
                yield function.name, node
        elif function.name == "_breadth_first_scores":
            for statement in ast.walk(function):
                if isinstance(statement, (ast.Assign, ast.AugAssign)) and \
                        lines[statement.lineno - 1].strip().startswith(LEAF_LINES):
                    for node in ast.walk(statement):
                        yield function.name, node
    for statement in tree.body:                       # PART_V = Rule("Part V", 1, _update_part5): the initial score
        if isinstance(statement, ast.Assign) and getattr(statement.targets[0], "id", None) == "PART_V":
            yield "PART_V", statement.value.args[1]


def mutants(source=None):
    """Every single-point mutant of the reference's scoring: ``[(name, module source), ...]``."""
    source = source or open(GAME, encoding="utf-8").read()
    tree = ast.parse(source)
    found = []
    nodes = list(_targets(tree, source))
    negated = {id(n.operand) for _, n in nodes if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.USub)
               and isinstance(n.operand, ast.Constant) and type(n.operand.value) is int}
    for where, node in nodes:
        changes = []
        value = _integer(node)
        if value is not None and id(node) not in negated:
            changes += [(ast.Constant(value + d) if value + d >= 0 else ast.UnaryOp(ast.USub(), ast.Constant(-value - d)),
                         f"{value} -> {value + d}") for d in (1, -1)]
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in TURNS:
            for op in TURNS[type(node.ops[0])]:
                changed = copy.deepcopy(node)
                changed.ops = [op()]
                changes.append((changed, f"{SYMBOLS[type(node.ops[0])]} -> {SYMBOLS[op]}"))
        elif isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
            for k, kept in enumerate(node.values):
                changes.append((copy.deepcopy(kept), f"guard `{ast.unparse(node.values[1 - k])}` dropped"))
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "update":
            for count, words in COUNTS.items():
                changed = copy.deepcopy(node)
                changed.args[2] = ast.parse(count, mode="eval").body
                changes.append((changed, f"leaf scored with {count} ({words})"))
        for replacement, what in changes:
            mutated = _replace(tree, node, replacement)
            name = f"{where}, line {node.lineno} col {node.col_offset}: `{ast.unparse(node)}`: {what}"
            found.append((name, ast.unparse(ast.fix_missing_locations(mutated))))
    return found


def _integer(node):
    """The value of an integer literal (``-1`` included), else None."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant) \
            and type(node.operand.value) is int:
        return -node.operand.value
    return None


def _replace(tree, old, new):
    """A copy of ``tree`` with the node ``old`` replaced by ``new``."""
    class Swap(ast.NodeTransformer):
        def generic_visit(self, node):
            if node is old:
                return ast.copy_location(new, old)
            return super().generic_visit(node)
    return Swap().visit(copy.deepcopy(tree, {id(old): old}))


# ---------------------------------------------------------------- playing them

def positions():
    """Every reachable position not over: ``[(state, to_move), ...]``."""
    from xo.analysis import reachable_positions
    return [(state, to_move) for first in (-1, 1) for state, to_move in reachable_positions(first)]


def _moves_of(source):
    """The cell a module with ``source`` (a mutant of xo/game.py) chooses on every position, or None if it raises."""
    from xo.analysis import board_from_state
    module = types.ModuleType("xo._mutant")
    module.__package__ = "xo"
    exec(compile(source, "<mutant>", "exec"), module.__dict__)
    moves = []
    for state, to_move in positions():
        try:
            moves.append(module.best_cell(module.score_moves(board_from_state(list(state), to_move), module.PART_V)))
        except Exception:
            moves.append(None)
    return moves


def graded():
    """``{(state, to_move): (position record, [names of the Part IV/V checks judging it])}``."""
    users = fixture_users()
    judged = {}
    for group, entries in load_fixtures()["positions"].items():
        names = [n for n in sorted(users.get(group, ())) if CHECKS[n].part in ("IV", "V")]
        for entry in entries if names else ():
            record = expand(entry) if isinstance(entry, str) else entry
            key = (tuple(record["state"]), record["to_move"])
            judged.setdefault(key, (record, []))[1].extend(names)
    return judged


PLAYED = os.path.join(HERE, "golden", "mutants.json.xz")
"""The moves each mutant played, by a digest of everything that decides them (``played_key``): recorded, as the
corpus' observations are, so that a run plays only the mutants whose key it has not seen (all of them after a
change to xo/)."""

DEPENDS = [os.path.join(TOP, "xo", f"{name}.py") for name in ("board", "deque", "analysis")]
"""What a mutant's moves depend on besides its own source (xo/game.py's mutated copy): the modules it imports
and the positions it plays (``xo.analysis``)."""


def played_key(source):
    """A digest of a mutant's ``source`` and of every file its moves depend on (``DEPENDS``)."""
    import hashlib
    digest = hashlib.sha256(source.encode("utf-8"))
    for path in DEPENDS:
        with open(path, "rb") as f:
            digest.update(b"\0" + f.read())
    return digest.hexdigest()


def play_all(sources, path=PLAYED):
    """The moves of every module in ``sources``: recorded ones from ``path``, the others played (in a pool of
    processes), after which ``path`` is written anew with exactly these modules' moves.  A move is a cell, or
    None where the module raised."""
    import json
    import lzma
    try:
        with lzma.open(path, "rt", encoding="utf-8") as f:
            recorded = json.load(f)
    except FileNotFoundError:
        recorded = {}
    keys = [played_key(source) for source in sources]
    missing = sorted({key: source for key, source in zip(keys, sources) if key not in recorded}.items())
    if missing:
        context = multiprocessing.get_context("fork")
        with context.Pool(min(len(missing), os.cpu_count() or 1)) as pool:
            for (key, _), moves in zip(missing, pool.map(_moves_of, [source for _, source in missing])):
                recorded[key] = "".join("-" if move is None else str(move) for move in moves)
        kept = {key: recorded[key] for key in sorted(set(keys))}
        with lzma.open(path + ".partial", "wt", encoding="utf-8") as f:
            json.dump(kept, f, indent=0, sort_keys=True)
        os.replace(path + ".partial", path)
    return [[None if c == "-" else int(c) for c in recorded[key]] for key in keys]


@pytest.fixture(scope="module")
def verdicts():
    """Each mutant's verdict: ``[(name, source, kind, changed, caught_by, only_hidden)]``."""
    everything = mutants()
    sources = [source for _, source in everything]
    played = play_all([open(GAME, encoding="utf-8").read()] + sources)
    reference, results = played[0], played[1:]
    keys = [(tuple(state), to_move) for state, to_move in positions()]
    judged = graded()
    strict = load()["grading"]["strict_handout"]
    table = []
    for (name, source), moves in zip(everything, results):
        changed = [k for k, (a, b) in enumerate(zip(reference, moves)) if a != b]
        caught = set()
        for k in changed:
            if keys[k] in judged:
                record, checks = judged[keys[k]]
                if moves[k] not in accepted(record, strict):
                    caught.update(checks)
        if not changed:
            kind = "equivalent"
        elif caught:
            kind = "caught"
        elif all(moves[k] in accepted(judged[keys[k]][0], strict) for k in changed if keys[k] in judged):
            kind = "accepted"          # differs only by playing moves the handout's note accepts
        else:
            kind = "MISSED"
        hidden = {n for n in caught if load()["visibility"].get(n, "visible") != "visible"}
        table.append((name, source, kind, len(changed), sorted(caught), bool(caught) and hidden == caught))
    lines = [f"{kind:<10} {changed:>5} positions changed  {name}" + (f"  [caught by {', '.join(checks)}]" if checks
                                                                      else "")
             for name, _, kind, changed, checks, _ in table]
    os.makedirs(os.path.join(TOP, "build"), exist_ok=True)
    with open(os.path.join(TOP, "build", "mutants.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n" + "\n".join(lines))
    return table


class TestMutants:
    def test_a_mutant_never_played_is_played(self, tmp_path):
        """The recorded moves stand in only for the exact source they were played with: another one (here the
        reference with one comment more) is played, and its moves are the reference's."""
        if os.path.exists(PLAYED):
            shutil.copy(PLAYED, tmp_path / "played.json.xz")
        source = open(GAME, encoding="utf-8").read()
        changed = source + "\n# one line more\n"
        assert played_key(changed) != played_key(source)
        reference, again = play_all([source, changed], path=str(tmp_path / "played.json.xz"))
        assert again == reference and len(again) == len(positions())

    def test_the_mutants_cover_every_kind_of_scoring_mistake(self, verdicts):
        names = " ".join(name for name, *_ in verdicts)
        for kind in ("10 -> 9", "1 -> 0", ">= ", "== -> !=", "guard", "moves since the root", "best_cell"):
            assert kind in names, f"no mutant of the kind {kind!r}"
        assert len(verdicts) >= 40

    def test_every_mutant_that_changes_a_move_is_caught_in_part_iv_or_v(self, verdicts):
        missed = [name for name, _, kind, *_ in verdicts if kind == "MISSED"]
        assert not missed, "mutants whose changed moves no Part IV/V check judges:\n" + "\n".join(missed)
        assert all(CHECKS[c].part in ("IV", "V") for *_, checks, _ in verdicts for c in checks)

    def test_equivalent_mutants_change_no_move_anywhere(self, verdicts):
        """They are named in the table; the list below is what this reference gives, so a change shows."""
        equivalent = sorted(name for name, _, kind, *_ in verdicts if kind == "equivalent")
        assert all(changed == 0 for _, _, kind, changed, *_ in verdicts if kind == "equivalent")
        assert len(equivalent) < len(verdicts) / 2, equivalent

    def test_every_mutant_that_changes_a_move_fails_a_check_students_see(self, verdicts):
        """A scoring mistake is shown on a board, never only in a withheld check's counts: the visible checks
        hold a position for each (the handout's win-or-draw example in 4.5 catches the win guard's ``>=``, the
        loss hidden by a draw in 5.3 the like; before them, 13 of the 45 mutants showed only in withheld checks)."""
        only_hidden = [name for name, _, kind, _, _, hidden in verdicts if kind == "caught" and hidden]
        assert not only_hidden, "mutants only withheld checks catch:\n" + "\n".join(only_hidden)

    def test_the_subtlest_mutants_lose_points_in_part_iv_or_v_alone(self, verdicts, tmp_path):
        """The three mutants that change the fewest moves, graded for real: their points are lost in Part IV
        or V and nowhere else."""
        subtlest = sorted((changed, name, source) for name, source, kind, changed, _, _ in verdicts
                          if kind == "caught")
        for _, name, source in subtlest[:3]:
            folder = tmp_path / str(abs(hash(name)))
            folder.mkdir()
            for module in ("board", "deque"):
                shutil.copy(os.path.join(TOP, "xo", f"{module}.py"), folder)
            (folder / "game.py").write_text(source)
            # On a recording of its own while the mutant's files and the sandbox are as recorded (20 s else).
            recording = "derived/mutant_" + hashlib.sha256(name.encode()).hexdigest()[:16]
            totals = golden.grade_recorded(recording, str(folder), str(folder / "results.json"), load()).totals()
            lost = [part for part, t in totals.items() if round(t.points, 2) < t.max_points]
            assert lost and set(lost) <= {"IV", "V"}, f"{name}: lost in {lost}"


MODELLED = {
    "_update_part5, line 64 col 22: `score > 0`: > -> >=": "win_guard",
    "_update_part5, line 62 col 7: `result > 0`: > -> >=": "draw_zero",
    "_breadth_first_scores, line 184 col 27: `mover == player`: == -> !=": "whose_win",
    "best_cell, line 298 col 50: `score > scores[best]`: > -> >=": "lowest_cell",
}
"""Mutants that are exactly a program breaking one rule of ``grader.game.rules`` (Moves), and that rule."""


class TestDiagnosis:
    def test_a_mutant_that_breaks_one_rule_is_diagnosed_as_that_rule_alone(self, verdicts):
        """A withheld check's diagnosis, worked out over every position at once (``rules.Tally``, as a check
        over all 9,038 would): for each mutant that is one of the rules' programs, that rule gives every answer
        that differs and agrees with every answer that is right, and no other rule does both."""
        from grader.game.families import Moves
        from grader.game.rules import Tally
        sources = {name: source for name, source, *_ in verdicts}
        assert set(MODELLED) <= set(sources), sorted(set(MODELLED) - set(sources))
        judged = graded()
        keys = [(tuple(state), to_move) for state, to_move in positions()]
        strict = load()["grading"]["strict_handout"]
        found = {}
        for (name, rule), moves in zip(MODELLED.items(), play_all([sources[name] for name in MODELLED])):
            wrong, right = [], []
            for key, move in zip(keys, moves):
                if key in judged:
                    record = judged[key][0]
                    (right if move in accepted(record, strict) else wrong).append((record, move))
            tally = Tally.of(Moves(), wrong, len(wrong) + len(right), agreed=right)
            found[name] = [n for n, count in tally.counts if count == tally.differ and n not in tally.refuted]
        assert found == {name: [rule] for name, rule in MODELLED.items()}
