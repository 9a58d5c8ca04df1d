"""The whole reference, mutated, with the grader's checks as the oracle (``make mutants``; issue 37).

Every mutant cosmic-ray's operators make of the six modules a student writes (``xo/board.py``, ``deque.py``,
``game.py``, ``codequest.py``, ``ninja.py``, ``codingame.py``) is graded as a submission: the reference's six
files, that one mutated.  cosmic-ray (https://cosmic-ray.readthedocs.io) is used as a library: its operators
find every place a mutation applies and ``mutate_code`` makes the mutant; the grading is the kit's own, in
the real sandbox (a mutant may loop forever), with Part VI switched on.  The checks run Part by Part, those
students see first, from the Parts the mutated module can change, and the grading stops at the first check a
mutant fails: it is *killed*, by that check.  A mutant no check students see kills is graded by the withheld
checks too; one that none kills *survived*, and ``survivors.toml`` says why (equivalent: nothing a program can
observe differs; outside the handout: what changes is something the handout leaves to the student).

The verdicts are recorded in ``tests/golden/mutation.json.xz``, keyed by each mutant's source: ``make test``
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
PARTS = {"board": ("I", "II", "III", "IV", "V", "VI"), "deque": ("III", "IV", "V", "VI"),
         "game": ("II", "III", "IV", "V", "VI"), "codequest": ("VI",), "ninja": ("VI",), "codingame": ("VI",)}
"""The Parts whose checks a mutant of each module can change (a module no other imports changes only its own)."""


@dataclasses.dataclass(frozen=True)
class Mutant:
    module: str
    operator: str
    occurrence: int
    line: int
    digest: str                # sha256 of the mutated source: what the record is keyed by
    source: str = dataclasses.field(repr=False, compare=False)

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


def mutants(modules=MODULES):
    """Every mutant of ``modules``, in a fixed order."""
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
                found.append(Mutant(module, name, occurrence, line,
                                    hashlib.sha256(mutated.encode("utf-8")).hexdigest(), mutated))
    return found


PROGRAMS = ("codequest", "ninja", "codingame")
"""Part VI's programs: the reference's import ``xo/judge.py``, which a submission cannot upload; each is graded
with judge.py written into it, where it imports it, as one file a student could upload."""


def uploadable(module, source):
    """``source`` of ``module`` as a student uploads it: a Part VI program with ``xo/judge.py`` written in where it
    imports from it."""
    if module not in PROGRAMS:
        return source
    import ast
    tree = ast.parse(source)
    node = next(n for n in tree.body if isinstance(n, ast.ImportFrom) and n.module == "judge" and n.level == 1)
    with open(os.path.join(REFERENCE, "judge.py"), encoding="utf-8") as f:
        judge = f.read()
    lines = source.splitlines(keepends=True)
    return "".join(lines[:node.lineno - 1]) + judge + "\n" + "".join(lines[node.end_lineno:])


def config():
    from grader.grading.points import load
    loaded = load(golden.PINNED_CONFIG)
    loaded["points"]["VI"] = golden.PART6_POINTS
    return loaded


def stages(module):
    """The checks to run for a mutant of ``module``, in the order they are tried: Part by Part those students
    see, then every withheld one; each a set of check names (with what they wait for)."""
    from grader.checks import CHECKS, with_dependencies
    from grader.settings.config import visibility
    loaded = config()
    shown = [(part, sorted(n for n, c in CHECKS.items() if c.part == part and visibility(loaded, n) == "visible"))
             for part in PARTS[module]]
    hidden = sorted(n for n, c in CHECKS.items() if c.part in PARTS[module] and visibility(loaded, n) != "visible")
    return [(f"Part {part}", with_dependencies(*names)) for part, names in shown if names] + \
        ([("withheld", with_dependencies(*hidden))] if hidden else [])


def grade(mutant):
    """The verdict of ``mutant``: ``{"verdict": "killed", "by": [numbers], "visible": bool}`` or ``{"verdict":
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
        for module in MODULES:
            with open(os.path.join(REFERENCE, f"{module}.py"), encoding="utf-8") as f:
                source = mutant.source if module == mutant.module else f.read()
            with open(os.path.join(folder, f"{module}.py"), "w", encoding="utf-8") as f:
                f.write(uploadable(module, source))
        loaded, fixtures = config(), load_fixtures()
        for stage, only in stages(mutant.module):
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
            "line": mutant.line, "digest": mutant.digest, **verdict}


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


def _graded(mutant):
    return mutant, grade(mutant)


def source_digests():
    """sha256 of each module's source: a module whose digest the record holds gives the mutants it holds."""
    digests = {}
    for module in MODULES:
        with open(os.path.join(REFERENCE, f"{module}.py"), "rb") as f:
            digests[module] = hashlib.sha256(f.read()).hexdigest()
    return digests


def campaign(jobs=2, modules=MODULES, limit=None, regrade=False):
    """Grade every mutant the record does not hold (or every one, ``regrade``); write the record as it goes."""
    record = load_record()
    record["tool"] = tool_version()
    record["sources"] = {**record.get("sources", {}), **{m: d for m, d in source_digests().items() if m in modules}}
    every = mutants(modules)
    keep = {m.key for m in mutants()} if modules != MODULES else {m.key for m in every}
    record["mutants"] = {k: v for k, v in record["mutants"].items() if k in keep}
    todo = [m for m in every if regrade or record["mutants"].get(m.key, {}).get("digest") != m.digest]
    todo = todo[:limit] if limit else todo
    print(f"{len(every)} mutants of {', '.join(modules)}; {len(todo)} to grade with {jobs} process(es)", flush=True)
    started = time.monotonic()
    with multiprocessing.Pool(jobs) as pool:
        for done, (mutant, verdict) in enumerate(pool.imap_unordered(_graded, todo), 1):
            record["mutants"][mutant.key] = entry(mutant, verdict)
            by = f" by {verdict['by'][0]} ({verdict['stage']})" if verdict["verdict"] == "killed" else ""
            print(f"[{done}/{len(todo)} {time.monotonic() - started:.0f} s] {mutant.key} line {mutant.line}: "
                  f"{verdict['verdict']}{by} in {verdict['seconds']} s", flush=True)
            if done % 20 == 0:
                write_record(record)
    write_record(record)
    return record


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2)))
    parser.add_argument("--module", action="append", choices=MODULES)
    parser.add_argument("--limit", type=int)
    parser.add_argument("--regrade", action="store_true", help="grade every mutant again, not only the new ones")
    args = parser.parse_args(argv)
    record = campaign(args.jobs, tuple(args.module or MODULES), args.limit, args.regrade)
    verdicts = [m["verdict"] for m in record["mutants"].values()]
    print({v: verdicts.count(v) for v in sorted(set(verdicts))})


if __name__ == "__main__":
    main()
