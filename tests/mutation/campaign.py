"""The whole reference, mutated, with the grader's checks as the oracle (``make mutants``; issue 37).

Every mutant cosmic-ray's operators make of the six modules a student writes (``xo/board.py``, ``deque.py``,
``game.py``, ``codequest.py``, ``ninja.py``, ``codingame.py``), and of ``xo/judge.py``, which the reference's
three programs share and a submission has written into each, is graded as a submission: the reference's six
files, one of them mutated.  ``HANDMADE`` adds the mistakes a syntactic tool does not make: a Deque wrong in
one internal state only, a rule kept for one player only, refusals tried in the wrong order.

A mutant on a statement that grading the reference never executes cannot be killed by any check: it is
recorded *unreached* without being graded.  Which statements run is measured once per version of the
sources, with coverage.py, grading the reference in the grader's own process (``reached``).  cosmic-ray (https://cosmic-ray.readthedocs.io) is used as a library: its operators
find every place a mutation applies and ``mutate_code`` makes the mutant; the grading is the kit's own, in
the real sandbox (a mutant may loop forever), with Part VI switched on.  The checks run Part by Part, those
students see first, from the Parts the mutated module can change, and the grading stops at the first check a
mutant fails: it is *killed*, by that check.  A mutant no check students see kills is graded by the withheld
checks too; one that none kills *survived*, and ``survivors.toml`` says why (equivalent: nothing a program can
observe differs; outside the handout: what changes is something the handout leaves to the student).

The verdicts are recorded in ``tests/golden/mutation.json.xz``, each with its mutant's *fingerprint* (its code
without docstrings: a handout passage quoted anew in a docstring changes no verdict): ``make test``
(``tests/test_mutation.py``) holds the record to the mutants the current sources give, grades only those it
does not hold (new or changed code), and grades a few recorded ones again.

    .venv/bin/python tests/mutation/campaign.py [--jobs N] [--module game] [--limit N]
"""

import argparse
import dataclasses
import hashlib
import json
import lzma
import multiprocessing
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [TOP, os.path.join(TOP, "tests", "golden")]

import golden  # noqa: E402,F401  (the pinned configuration: XO_CONFIG)

RECORD = os.path.join(TOP, "tests", "golden", "mutation.json.xz")
SURVIVORS = os.path.join(HERE, "survivors.toml")
REFERENCE = os.path.join(TOP, "xo")
MODULES = ("board", "deque", "game", "codequest", "ninja", "codingame")
"""The modules a student writes, which a submission holds."""
MUTATED = MODULES + ("judge",)
PARTS = {"board": ("I", "II", "III", "IV", "V", "VI"), "deque": ("III", "IV", "V", "VI"),
         "game": ("II", "III", "IV", "V", "VI"), "codequest": ("VI",), "ninja": ("VI",), "codingame": ("VI",),
         "judge": ("VI",)}
"""The Parts whose checks a mutant of each module can change (a module no other imports changes only its own)."""


@dataclasses.dataclass(frozen=True)
class Mutant:
    module: str
    operator: str
    occurrence: int
    line: int
    digest: str                # the mutated source's fingerprint: what the record holds the verdict for
    source: str = dataclasses.field(repr=False, compare=False)
    why: str = ""              # what a hand-made mutant gets wrong

    @property
    def key(self):
        return f"{self.module}:{self.operator}:{self.occurrence}"


def operators():
    """cosmic-ray's core operators that need no configuration, by name."""
    import cosmic_ray.plugins as plugins
    found = {}
    for name in sorted(plugins.operator_names()):
        try:
            found[name] = plugins.get_operator(name)()
        except TypeError:         # an operator that takes arguments (VariableReplacer, VariableInserter)
            continue
    return found


def fingerprint(source):
    """sha256 of ``source``'s code without its docstrings, other lone strings and line numbers: what a program
    can observe of it (a passage of the handout quoted anew in a docstring changes no verdict)."""
    import ast

    class Strip(ast.NodeTransformer):
        def generic_visit(self, node):
            super().generic_visit(node)
            for field in ("body", "orelse", "finalbody"):
                body = getattr(node, field, None)
                if isinstance(body, list) and body:
                    kept = [s for s in body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)
                                                    and isinstance(s.value.value, str))]
                    setattr(node, field, kept or [ast.Pass()])
            return node

    return hashlib.sha256(ast.dump(Strip().visit(ast.parse(source))).encode("utf-8")).hexdigest()


def reference(module):
    with open(os.path.join(REFERENCE, f"{module}.py"), encoding="utf-8") as f:
        return f.read()


@dataclasses.dataclass(frozen=True)
class Handmade:
    module: str
    name: str
    why: str
    old: str
    new: str


HANDMADE = (
    Handmade("deque", "back_unwrapped", "back() reads past the array's end instead of wrapping, once the items wrap",
             "return self._items[(self._head + self._count - 1) & self._mask]",
             "return self._items[min(self._head + self._count - 1, self._mask)]"),
    Handmade("deque", "grow_keeps_places", "growing copies the array as it lies, right only while the front is at 0",
             "self._items = [items[(head + k) % capacity] for k in range(count)]",
             "self._items = items[:]"),
    Handmade("deque", "size_after_front_pops", "size() is one too many once the deque has grown and its front moved",
             "        return self._count\n        # END SOLUTION\n\n    def __len__",
             "        return self._count if self._mask == 7 or self._head == 0 else self._count + 1\n"
             "        # END SOLUTION\n\n    def __len__"),
    Handmade("game", "x_may_move_twice", "the same player twice in a row is refused for O only",
             "if n and board.turn[n - 1] == play:", "if n and board.turn[n - 1] == play == 1:"),
    Handmade("game", "over_for_x_wins_only", "a game O has won is not over for makeMove",
             "    if winner_of(board.state) != 0 or EMPTY not in board.state:\n"
             "        raise IllegalMoveError(\"the game is over\")",
             "    if winner_of(board.state) == -1 or EMPTY not in board.state:\n"
             "        raise IllegalMoveError(\"the game is over\")"),
    Handmade("game", "taken_before_range", "the taken cell is looked up before the cell is checked, so 9 raises "
             "IndexError and 'a' TypeError",
             "    if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos <= 8:",
             "    if board.state[pos] != EMPTY:\n        raise IllegalMoveError('taken')\n"
             "    if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos <= 8:"),
    Handmade("game", "two_moves_in_place", "makeMoves of one or two moves works on the game's own board, so a "
             "second move refused leaves the first made",
             "trial.b = self.getBoard()", "trial.b = self.getBoard() if n > 2 else self.b"),
    Handmade("game", "copy_shares_moves", "getBoard() shares the moves list with the game",
             "new.moves = board.moves[:]", "new.moves = board.moves"),
    Handmade("game", "winner_misses_o_diagonal", "winner() misses O's three in a row on the 2-4-6 diagonal",
             "        if state[a] != EMPTY and state[a] == state[b] == state[c]:",
             "        if state[a] != EMPTY and state[a] == state[b] == state[c] and (a, c, state[a]) != (2, 6, 1):"),
    Handmade("codingame", "writes_back_x_wins_only", "a board O has won is refused instead of written back",
             "    check_reachable(state, rows, me)\n    if lines_of(state) or EMPTY not in state:",
             "    check_reachable(state, rows, me)\n    if lines_of(state) == {O}:\n"
             "        raise InputError('over')\n    if lines_of(state) or EMPTY not in state:"),
)
"""The hand-made mutants (issue 37): mistakes of state and order that students make and cosmic-ray's
operators, one token at a time, do not."""


def handmade(modules=MUTATED):
    found = []
    for k, made in enumerate(HANDMADE):
        if made.module not in modules:
            continue
        source = reference(made.module)
        if source.count(made.old) != 1:
            raise ValueError(f"hand-made mutant {made.name}: {made.old!r} is not once in xo/{made.module}.py")
        mutated = source.replace(made.old, made.new)
        line = source[:source.index(made.old)].count("\n") + 1
        found.append(Mutant(made.module, f"handmade/{made.name}", 0, line, fingerprint(mutated), mutated, made.why))
    return found


def mutants(modules=MUTATED):
    """Every mutant of ``modules``, in a fixed order: cosmic-ray's, then the hand-made ones."""
    from cosmic_ray.ast import ast_nodes, get_ast
    from cosmic_ray.mutating import mutate_code
    found = []
    ops = operators()
    for module in modules:
        with open(os.path.join(REFERENCE, f"{module}.py"), encoding="utf-8") as f:
            source = f.read()
        nodes = list(ast_nodes(get_ast(source)))
        for name, operator in ops.items():
            positions = [node.start_pos[0] for node in nodes for _ in operator.mutation_positions(node)]
            for occurrence, line in enumerate(positions):
                mutated = mutate_code(source, operator, occurrence)
                if mutated is None or mutated == source:
                    continue
                found.append(Mutant(module, name, occurrence, line, fingerprint(mutated), mutated))
    return found + handmade(modules)


PROGRAMS = ("codequest", "ninja", "codingame")
"""Part VI's programs: the reference's import ``xo/judge.py``, which a submission cannot upload; each is graded
with judge.py written into it, where it imports it, as one file a student could upload."""


def _judge_import(source):
    import ast
    tree = ast.parse(source)
    return next(n for n in tree.body if isinstance(n, ast.ImportFrom) and n.module == "judge" and n.level == 1)


def uploadable(module, source, judge=None):
    """``source`` of ``module`` as a student uploads it: a Part VI program with ``judge`` (``xo/judge.py``'s
    source) written in where it imports from it."""
    if module not in PROGRAMS:
        return source
    node = _judge_import(source)
    judge = reference("judge") if judge is None else judge
    lines = source.splitlines(keepends=True)
    return "".join(lines[:node.lineno - 1]) + judge + "\n" + "".join(lines[node.end_lineno:])


def origin(module, line):
    """Where line ``line`` of the uploaded ``module`` comes from: ``(module or "judge", line)``, or None."""
    if module not in PROGRAMS:
        return module, line
    node, length = _judge_import(reference(module)), reference("judge").count("\n")
    if line < node.lineno:
        return module, line
    if line < node.lineno + length:
        return "judge", line - node.lineno + 1
    if line == node.lineno + length:
        return None
    return module, line - node.lineno - length + node.end_lineno


def write_submission(folder, mutant=None):
    """The reference's six files in ``folder``, ``mutant``'s module replaced by its source."""
    judge = mutant.source if mutant is not None and mutant.module == "judge" else None
    for module in MODULES:
        source = mutant.source if mutant is not None and module == mutant.module else reference(module)
        with open(os.path.join(folder, f"{module}.py"), "w", encoding="utf-8") as f:
            f.write(uploadable(module, source, judge))


def config():
    from grader.grading.points import load
    loaded = load(golden.PINNED_CONFIG)
    loaded["points"]["VI"] = golden.PART6_POINTS
    return loaded


def stages(module, parts=None):
    """The checks to run for a mutant of ``module``, in the order they are tried: Part by Part those students
    see, then every withheld one; each a set of check names (with what they wait for).  ``parts``: only those
    Parts (by default every Part the module can change)."""
    from grader.checks import CHECKS, with_dependencies
    from grader.settings.config import visibility
    loaded = config()
    parts = PARTS[module] if parts is None else parts
    shown = [(part, sorted(n for n, c in CHECKS.items() if c.part == part and visibility(loaded, n) == "visible"))
             for part in parts]
    hidden = sorted(n for n, c in CHECKS.items() if c.part in parts and visibility(loaded, n) != "visible")
    return [(f"Part {part}", with_dependencies(*names)) for part, names in shown if names] + \
        ([("withheld", with_dependencies(*hidden))] if hidden else [])


def grade(mutant, parts=None):
    """The verdict of ``mutant``, graded in ``parts`` (by default every Part its module can change): ``{"verdict": "killed", "by": [numbers], "visible": bool}`` or ``{"verdict":
    "survived"}``, with the seconds it took."""
    from grader.checks import CHECKS
    from grader.game.fixtures import load_fixtures
    from grader.grading.run import run_checks
    from grader.grading.verdict import Status
    from grader.sandbox import default_backend
    from grader.submission.locate import locate
    started = time.monotonic()
    folder = tempfile.mkdtemp(prefix="xo-mutant-")
    try:
        write_submission(folder, mutant)
        loaded, fixtures = config(), load_fixtures()
        for stage, only in stages(mutant.module, parts):
            verdicts = run_checks(locate(folder), loaded, fixtures=fixtures, backend=default_backend(), only=only)
            failed = sorted((v for v in verdicts if v.status in (Status.FAILED, Status.NOT_RUN)),
                            key=lambda v: tuple(map(int, v.number.split("."))))
            if failed:
                return {"verdict": "killed", "by": [v.number for v in failed], "stage": stage,
                        "visible": stage != "withheld", "seconds": round(time.monotonic() - started, 1),
                        "check": CHECKS[failed[0].check].name}
        return {"verdict": "survived", "seconds": round(time.monotonic() - started, 1)}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def entry(mutant, verdict):
    return {"module": mutant.module, "operator": mutant.operator, "occurrence": mutant.occurrence,
            "line": mutant.line, "digest": mutant.digest, **({"why": mutant.why} if mutant.why else {}), **verdict}


def load_record(path=RECORD):
    if not os.path.exists(path):
        return {"tool": None, "mutants": {}}
    with lzma.open(path, "rt", encoding="utf-8") as f:
        return json.load(f)


def write_record(record, path=RECORD):
    with lzma.open(path, "wt", encoding="utf-8", preset=9) as f:
        json.dump(record, f, indent=0, sort_keys=True)
        f.write("\n")


def tool_version():
    from importlib.metadata import version
    return f"cosmic-ray {version('cosmic-ray')}"


def _graded(job):
    mutant, parts = job
    return mutant, {**grade(mutant, parts), "parts": list(parts)}


def source_digests():
    """Each mutated module's fingerprint: a module whose fingerprint the record holds gives the mutants it holds."""
    return {module: fingerprint(reference(module)) for module in MUTATED}


def reached():
    """The lines of each mutated module that grading each Part of the reference executes, ``{module: {part: [line,
    ...]}}``: a mutant can change the verdicts only of the Parts whose grading executes the statement it changes.

    Measured with coverage.py while the reference is graded Part by Part, with Part VI on, in the grader's own
    process (``InProcess``: the same probes, without the sandbox, which coverage cannot see into)."""
    import coverage
    from grader.checks import CHECKS, with_dependencies
    from grader.game.fixtures import load_fixtures
    from grader.grading.run import run_checks
    from grader.grading.verdict import Status
    from grader.sandbox import InProcess
    from grader.submission.locate import locate
    folder = tempfile.mkdtemp(prefix="xo-reach-")
    lines = {module: {} for module in MUTATED}
    try:
        write_submission(folder)
        for part in ("I", "II", "III", "IV", "V", "VI"):
            measured = coverage.Coverage(data_file=None, include=["*/xo-inproc-*/*"])
            measured.start()
            try:
                verdicts = run_checks(locate(folder), config(), fixtures=load_fixtures(), backend=InProcess,
                                      only=with_dependencies(*[n for n, c in CHECKS.items() if c.part == part]))
            finally:
                measured.stop()
            failed = [v.number for v in verdicts if v.status != Status.PASSED]
            if failed:
                raise RuntimeError(f"the reference, graded in process for coverage, failed {failed}")
            data = measured.get_data()
            for path in data.measured_files():
                module = os.path.splitext(os.path.basename(path))[0]
                if module in MODULES:
                    for line in data.lines(path):
                        where = origin(module, line)
                        if where is not None:
                            lines[where[0]].setdefault(part, set()).add(where[1])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return {module: {part: sorted(found) for part, found in parts.items()} for module, parts in lines.items()}


def statements(source):
    """For each line of ``source``, the first line of the innermost statement that holds it (the line coverage.py
    reports that statement by)."""
    import ast
    first = {}
    spans = sorted(((n.lineno, n.end_lineno) for n in ast.walk(ast.parse(source)) if isinstance(n, ast.stmt)),
                   key=lambda span: span[0] - span[1])        # the widest first: the innermost is written last
    for start, end in spans:
        for line in range(start, end + 1):
            first[line] = start
    return first


def reaching(mutant, lines):
    """The Parts whose grading of the reference executes the statement ``mutant`` changes (``lines``: what
    ``reached`` measured): the only Parts whose verdicts it can change.  A hand-made mutant, which may change
    several statements, is graded in every Part its module can change."""
    if mutant.operator.startswith("handmade/"):
        return PARTS[mutant.module]
    line = statements(reference(mutant.module)).get(mutant.line, mutant.line)
    return tuple(part for part in PARTS[mutant.module] if line in set(lines[mutant.module].get(part, ())))


def campaign(jobs=2, modules=MUTATED, limit=None, regrade=False, survivors=False):
    """Grade every mutant the record does not hold (or every one, ``regrade``; or the survivors too, ``survivors``,
    after a check changed: a verdict is held to the mutant's code, not to the checks); write the record as it goes."""
    record = load_record()
    record["tool"] = tool_version()
    sources = source_digests()
    if record.get("reach", {}).get("sources") != sources or "parts" not in record["reach"]:
        print("measuring which statements grading each Part of the reference executes ...", flush=True)
        started = time.monotonic()
        record["reach"] = {"sources": sources, "parts": reached()}
        print(f"measured in {time.monotonic() - started:.0f} s", flush=True)
        write_record(record)
    record["sources"] = sources
    every = mutants(modules)
    keep = {m.key for m in mutants()} if modules != MUTATED else {m.key for m in every}
    record["mutants"] = {k: v for k, v in record["mutants"].items() if k in keep}
    held = record["mutants"]
    todo = [m for m in every if regrade or held.get(m.key, {}).get("digest") != m.digest
            or (survivors and held[m.key]["verdict"] == "survived")]
    lines = record["reach"]["parts"]
    jobs_of = {m.key: reaching(m, lines) for m in todo}
    for mutant in [m for m in todo if not jobs_of[m.key]]:
        record["mutants"][mutant.key] = entry(mutant, {"verdict": "unreached", "seconds": 0})
        todo.remove(mutant)
    todo.sort(key=lambda m: not m.operator.startswith("handmade/"))     # the hand-made ones first: few, and telling
    todo = todo[:limit] if limit else todo
    print(f"{len(every)} mutants of {', '.join(modules)}; {len(todo)} to grade with {jobs} process(es)", flush=True)
    started = time.monotonic()
    with multiprocessing.Pool(jobs) as pool:
        for done, (mutant, verdict) in enumerate(pool.imap_unordered(_graded, [(m, jobs_of[m.key]) for m in todo]),
                                                 1):
            record["mutants"][mutant.key] = entry(mutant, verdict)
            by = f" by {verdict['by'][0]} ({verdict['stage']})" if verdict["verdict"] == "killed" else ""
            print(f"[{done}/{len(todo)} {time.monotonic() - started:.0f} s] {mutant.key} line {mutant.line}: "
                  f"{verdict['verdict']}{by} in {verdict['seconds']} s", flush=True)
            if done % 5 == 0:
                write_record(record)
    write_record(record)
    equivalence(record, jobs)
    return record


def _compared(args):
    import equivalence as compare
    mutant, version = args
    started = time.monotonic()
    return mutant, compare.differences(mutant.module, mutant.source, version), time.monotonic() - started


def equivalence(record, jobs=2):
    """Ask of each survivor not yet asked whether it differs from the reference in anything a program can observe
    (``equivalence.py``); record the answer beside its verdict: ``"differs"`` (the first answer that does) or
    ``"equivalent"`` (how many answers agree is the module's domain)."""
    version = hashlib.sha256(repr(sorted(source_digests().items())).encode("utf-8")).hexdigest()
    survivors = {m.key: m for m in mutants() if record["mutants"].get(m.key, {}).get("verdict") == "survived"
                 and record["mutants"][m.key].get("compared") != version}
    if not survivors:
        return
    print(f"comparing {len(survivors)} survivor(s) with the reference on every answer ...", flush=True)
    with multiprocessing.get_context("fork").Pool(jobs, maxtasksperchild=1) as pool:   # a process per mutant:
        for done, (mutant, differs, seconds) in enumerate(                              # its package stays loaded
                pool.imap_unordered(_compared, [(m, version) for m in survivors.values()]), 1):
            entry = record["mutants"][mutant.key]
            entry.pop("differs", None)
            entry.update({"compared": version, "equivalent": differs is None,
                          **({"differs": differs} if differs else {})})
            print(f"[{done}/{len(survivors)}] {mutant.key}: "
                  f"{'equivalent' if differs is None else 'DIFFERS: ' + differs} ({seconds:.0f} s)", flush=True)
            if done % 5 == 0:
                write_record(record)
    write_record(record)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2)))
    parser.add_argument("--module", action="append", choices=MUTATED)
    parser.add_argument("--limit", type=int)
    parser.add_argument("--regrade", action="store_true", help="grade every mutant again, not only the new ones")
    parser.add_argument("--compare", action="store_true", help="only compare the survivors with the reference")
    parser.add_argument("--survivors", action="store_true",
                        help="grade the recorded survivors again too (after a check changed)")
    args = parser.parse_args(argv)
    if args.compare:
        record = load_record()
        equivalence(record, args.jobs)
    else:
        record = campaign(args.jobs, tuple(args.module or MUTATED), args.limit, args.regrade, args.survivors)
    verdicts = [m["verdict"] for m in record["mutants"].values()]
    print({v: verdicts.count(v) for v in sorted(set(verdicts))})


if __name__ == "__main__":
    main()
