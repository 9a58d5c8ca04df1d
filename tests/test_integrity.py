"""The integrity report (grader/submission/integrity.py): what the red team used to forge observations from inside the
student's process is found, with file and line; the reference and every correct submission raise nothing."""

import glob
import os

import pytest

from grader.submission.integrity import scan, scan_source

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def files_of(folder):
    return {n: os.path.join(folder, f"{n}.py") for n in ("board", "deque", "game")
            if os.path.isfile(os.path.join(folder, f"{n}.py"))}


CORRECT = [os.path.join(TOP, "xo"), os.path.join(TOP, "examples", "submission"),
           *sorted(glob.glob(os.path.join(TOP, "tests", "submissions", "correct", "*", ""))),
           *sorted(glob.glob(os.path.join(TOP, "tests", "submissions", "correct", "*", "*", ""))),
           *sorted(glob.glob(os.path.join(TOP, "tests", "submissions", "buggy", "*", "")))]


@pytest.mark.parametrize("folder", CORRECT, ids=lambda f: os.path.relpath(f, TOP))
def test_no_finding_on_honest_code(folder):
    assert scan(files_of(folder)) == []


FORGERIES = {
    "walks the stack to the probe's trace": (
        "import sys\n"
        "def makeOptimalMove(self):\n"
        "    frame = sys._getframe(1)\n"
        "    while frame and 'trace' not in frame.f_locals:\n"
        "        frame = frame.f_back\n", {3: "_getframe", 4: "f_locals", 5: "f_back"}),
    "finds emit among the interpreter's objects": (
        "import gc\n"
        "emit = [o for o in gc.get_objects() if getattr(o, '__name__', '') == 'emit'][0]\n", {2: "get_objects"}),
    "reads a closure": ("def steal(f):\n    return f.__closure__[0].cell_contents\n", {2: "__closure__"}),
    "knows its caller by name": (
        "import inspect\n"
        "def pushFront(self, x):\n"
        "    if inspect.stack()[1].function == 'probe_deque_timing':\n"
        "        return\n", {1: "import inspect"}),
    "imports a module by a computed name": (
        "import importlib\nD = importlib.import_module('coll' + 'ections').deque\n", {1: "importlib", 2: "import_module"}),
    "uses a computed attribute name": ("x = getattr(frame, 'f_' + 'locals')\n", {1: "getattr"}),
    "runs code built at run time": ("exec('import os')\n", {1: "exec"}),
    "ends the process quietly": ("import os\nos._exit(0)\n", {2: "os._exit"}),
    "signals": ("import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n", {1: "import signal"}),
    "reads /proc": ("open('/proc/self/status').read()\n", {1: "/proc"}),
    "forks and execs": ("import os\nif os.fork() == 0:\n    os.execv('/bin/sh', ['sh'])\n", {2: "os.fork", 3: "execv"}),
    "opens a socket": ("import socket\n", {1: "socket"}),
    "writes a file": ("with open('results.json', 'w') as f:\n    f.write('{}')\n", {1: "open(…)` for writing"}),
    "calls native code": ("import ctypes\n", {1: "ctypes"}),
    # round four
    "imports the grader's probe module": ("import __main__ as h\nh._Trace.report = None\n", {1: "__main__"}),
    "takes a module it never imported": ("import sys\nD = sys.modules['collections'].deque\n", {2: "sys.modules"}),
    "walks frames with a renamed attrgetter": (
        "from operator import attrgetter as ag\nframe = ag('tb_frame')(tb)\nlocal = ag('f_locals')(frame)\n",
        {2: "attrgetter", 3: "attrgetter"}),
    "reaches fork with a constant getattr": ("import os\nfork = getattr(os, 'fork')\n", {2: "getattr"}),
    "writes and kills through an alias of os": (
        "import os as o\no.write(5, b'x')\no.kill(o.getpid(), 9)\n", {2: "o.write", 3: "o.kill"}),
    # round fourteen: a ``match`` class pattern reads attributes with no attribute in the source
    "reads a closure and a frame with match patterns": (
        "def steal(f, tb):\n    match f:\n        case object(__closure__=(cell, *_)):\n            pass\n"
        "    match tb:\n        case object(tb_frame=object(f_locals=found)):\n            return found\n",
        {3: "__closure__", 6: "f_locals"}),
}


@pytest.mark.parametrize("source, expected", FORGERIES.values(), ids=list(FORGERIES))
def test_each_technique_is_found_with_its_line(source, expected):
    found = scan_source(source, "game.py")
    for line, word in expected.items():
        assert any(f.line == line and word in f.what for f in found), (line, word, found)


QUIET_NAMES = {"syntax_error", "missing_file", "allocates", "import_loop", "prints_50mb", "eq_always_true", "sys_exit",
               "html_exception", "huge_syntax_text", "names_in_html"}
"""Hostile submissions whose hostility is plain Python (a loop, a big list, an int subclass, a syntax
error): nothing for the integrity scan to find; the checks and the sandbox deal with them."""


HOSTILE = sorted(d for d in glob.glob(os.path.join(TOP, "tests", "adversarial", "*", ""))
                 if not os.path.basename(d.rstrip("/")).startswith(("_", "round"))
                 and os.path.basename(d.rstrip("/")) not in QUIET_NAMES)
"""The hostile corpus's submissions (``round9/`` and ``round10/`` hold a red team's attacks beside their twins,
each graded against its twin by its own test)."""



@pytest.mark.parametrize("folder", HOSTILE, ids=lambda f: os.path.basename(f.rstrip("/")))
def test_hostile_corpus_is_reported(folder):
    name = os.path.basename(folder.rstrip("/"))
    assert scan(files_of(folder)), f"{name} raised no integrity finding"


@pytest.mark.parametrize("source", [
    "import importlib\nDeque = importlib.import_module('coll' + 'ections').deque\n",
    "from importlib import import_module as load\nDeque = load('coll' + 'ections').deque\n",
    "import builtins\nDeque = builtins.__import__('collections').deque\n",
], ids=["import_module", "aliased", "builtins.__import__"])
def test_a_dynamic_import_in_deque_fails_the_hand_written_check(source):
    """Check 3.8 refuses a deque.py that imports a module by a computed name, as it refuses `import collections`."""
    from grader.submission.handwritten import banned
    assert banned(source), source


def test_a_file_is_read_as_python_reads_it(tmp_path):
    """Red team, round four: `# coding: utf-7` hid `from collections import deque` in what a UTF-8 reader takes
    for a comment, and 4 MiB of padding cut the scan off before the forgery; the whole file is read, decoded as
    the interpreter decodes it, and the cookie itself is a finding."""
    from grader.submission.handwritten import banned
    from grader.submission.integrity import decode
    hidden = b"# coding: utf-7\n_impl = None  #+AAo-from collections import deque as _impl\n"
    (tmp_path / "deque.py").write_bytes(hidden)
    found = scan({"deque": str(tmp_path / "deque.py")})
    assert any("utf-7" in f.what for f in found), found
    assert banned(decode(hidden)[0])          # check 3.8 reads the file as the interpreter does too
    padded = b"import sys\nframe = sys._getframe(1)\n" + b"x = '" + b"a" * (5 * 2**20) + b"'\n"
    (tmp_path / "game.py").write_bytes(padded)
    assert any("_getframe" in f.what for f in scan({"game": str(tmp_path / "game.py")}))


def test_a_file_that_does_not_parse_is_a_grading_problem_not_a_finding():
    """A syntax error cannot run, so it reaches nothing: it is named apart from the findings (in results.json's
    Integrity entry, which still passes, and in the console report), never counted as one."""
    from grader.grading.verdict import Grading
    from grader.render.console import console
    from grader.render.gradescope import integrity_entry
    from grader.submission.integrity import split
    found = scan_source("def f(:\n    pass\n", "game.py") + scan_source("import ctypes\n", "board.py")
    findings, problems = split(found)
    assert [(f.file, f.line) for f in findings] == [("board.py", 1)]
    assert [(p.file, p.line) for p in problems] == [("game.py", 1)] and "does not parse" in problems[0].what
    alone = Grading([], integrity_scanned=True, problems=split(scan_source("def f(:\n", "game.py"))[1])
    entry = integrity_entry(alone)
    assert entry["status"] == "passed" and entry["extra_data"]["findings"] == []
    assert entry["extra_data"]["problems"] == ["game.py:1: " + problems[0].what]
    assert entry["output"].startswith("No finding in the files that parse") and "Not scanned (a grading problem" in entry["output"]
    assert "Integrity: no finding" in console(alone) and "not scanned: game.py:1" in console(alone)
    assert Grading.from_results({"tests": [entry]}).problems == entry["extra_data"]["problems"]
    assert "problems" not in integrity_entry(Grading([], integrity_scanned=True))["extra_data"]


class TestLiteralNames:
    """``setattr(board, name, …)`` in a loop over literal field names is plain Python (clean room, round five),
    not a computed name: no finding.  The same loop over a flagged name, or a name also bound otherwise, is one."""

    LOOP = ("def restore(self, work):\n    for name in ('state', 'moves', 'turn', 'numMoves'):\n"
            "        setattr(self.b, name, getattr(work, name))\n")

    def test_a_loop_over_literal_field_names_is_no_finding(self):
        from grader.submission.integrity import scan_source
        assert scan_source(self.LOOP, "game.py") == []

    def test_a_flagged_name_in_the_loop_is_a_finding(self):
        from grader.submission.integrity import scan_source
        found = scan_source(self.LOOP.replace("'turn'", "'f_locals'"), "game.py")
        assert any("computed or private name" in f.what for f in found)

    def test_a_name_bound_otherwise_too_is_a_finding(self):
        from grader.submission.integrity import scan_source
        found = scan_source(self.LOOP + "name = input()\n", "game.py")
        assert any("computed or private name" in f.what for f in found)


HUGE_LITERAL = "x = [" + "1," * 500000 + "]\n"
"""A 1 MiB list literal: ``ast.parse`` needs about 490 MiB for it, more than ``in_a_small_process`` allows."""


def in_a_small_process(code, *args):
    """The standard output of ``code`` run by this interpreter from the kit's top folder; ``code`` calls
    ``limit()`` once its inputs are read, for a 300 MiB address-space limit from there on."""
    import subprocess
    import sys
    limit = ("import resource\n"
             "def limit():\n"
             "    resource.setrlimit(resource.RLIMIT_AS, (300 * 2**20, 300 * 2**20))\n")
    done = subprocess.run([sys.executable, "-c", limit + code, *args], capture_output=True, text=True, timeout=120,
                          cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_a_file_the_scan_cannot_read_but_python_may_run_is_a_finding(tmp_path):
    """A file too deep or too large for ``ast.parse`` in the grader (RecursionError, MemoryError) is no syntax
    error: the interpreter may still compile and run it (red team, round five), so it is a finding, not a mere
    problem.  Here the parse really runs out of memory."""
    (tmp_path / "game.py").write_text(HUGE_LITERAL)
    out = in_a_small_process("import sys\n"
                             "from grader.submission.integrity import scan_source, split\n"
                             "source = open(sys.argv[1]).read()\n"
                             "limit()\n"
                             "findings, problems = split(scan_source(source, 'game.py'))\n"
                             "print(len(problems), [f.what for f in findings])\n", str(tmp_path / "game.py"))
    problems, findings = out.split(" ", 1)
    assert problems == "0" and "too deeply nested or too large for the scan to read (MemoryError)" in findings


def test_every_parse_in_the_grader_survives_a_file_it_cannot_read(tmp_path):
    """The grader's own parses of student files (the flat-import note, check 3.8's hand-written deque, the
    Integrity scan) never end the grading: a file ``ast.parse`` runs out of memory on is a note left out, a
    failed check saying why, and a finding."""
    (tmp_path / "deque.py").write_text(HUGE_LITERAL)
    out = in_a_small_process("import sys\n"
                             "from grader.checks import Fail\n"
                             "from grader.checks.part3 import deque_hand_written\n"
                             "from grader.submission.imports import flat_imports\n"
                             "from grader.submission.integrity import scan\n"
                             "path = sys.argv[1]\n"
                             "source = open(path).read()\n"
                             "limit()\n"
                             "print('notes', flat_imports({'deque': path}))\n"
                             "try:\n"
                             "    deque_hand_written(None, {'deque': source})\n"
                             "except Fail as failure:\n"
                             "    print('failed', failure.message)\n"
                             "print('scan', [f.what for f in scan({'deque': path})])\n", str(tmp_path / "deque.py"))
    notes, failed, scanned = out.splitlines()
    assert notes == "notes []"
    assert failed.startswith("failed deque.py could not be read to check that it is hand-written")
    assert "too deeply nested or too large" in scanned


def test_the_round_six_trace_forgery_is_named():
    """Red team, round six: ``object.__getattribute__(Deque.__dict__["popFront"], "__closure__")``, then
    ``"cell_contents"``, reaches the grader's trace in the student's process. Both lines are findings (the
    names spelled as strings, and ``__getattribute__``); the honest twin has none."""
    round6 = os.path.join(os.path.dirname(os.path.abspath(__file__)), "redteam", "round6")

    def found(name):
        folder = os.path.join(round6, name)
        return scan({n: os.path.join(folder, f"{n}.py") for n in ("board", "deque", "game")})

    assert not found("trace_twin")
    forged = found("trace_forged")
    assert {f.line for f in forged if "`__closure__` as a string" in f.what} == {76}
    assert {f.line for f in forged if "`cell_contents` as a string" in f.what} == {78}
    assert {f.line for f in forged if "object.__getattribute__" in f.what} == {76, 78}


ROUND7 = os.path.join(TOP, "tests", "redteam", "round7")


def sources_of(folder):
    return {name: open(path, encoding="utf-8").read() for name, path in files_of(folder).items()}


@pytest.mark.parametrize("name, why", [
    ("smuggle", "imported from board.py, is collections.deque there"),
    ("smuggle_shlex", "`from shlex import deque`"),
    ("delzero", "`del self._a[0]`"),
])
def test_round_seven_deques_are_not_hand_written(name, why):
    """Red team, round seven: collections.deque reached deque.py by way of board.py, or of shlex (which
    imports it), and `del a[0]` and `a[0:0] = [x]` stood in for pop(0) and insert(0, …): check 3.8 passed
    each.  The handout now names them (Part III, The deque), and 3.8 finds them; the honest twins' own
    `from collections import deque`, `pop(0)` and `insert(0, …)` were found before."""
    from grader.submission.handwritten import banned, imported_deques
    sources = sources_of(os.path.join(ROUND7, name))
    found = banned(sources["deque"]) + imported_deques(sources)
    assert any(why in reason for _, reason in found), found
    twin = sources_of(os.path.join(ROUND7, name.split("_")[0] + "_twin"))
    assert banned(twin["deque"]), "the twin should fail 3.8 too"


def test_a_circular_array_that_copies_on_growth_is_hand_written():
    """What 3.8 now refuses is the first item of a list removed or added before, never a slice assignment
    that copies (a circular array grown by doubling) or a `del` of the items a two-stack deque moves over."""
    from grader.submission.handwritten import banned
    source = ("class Deque:\n"
              "    def grow(self):\n"
              "        old, self.items = self.items, [None] * (2 * len(self.items))\n"
              "        self.items[0:len(old)] = old[self.head:] + old[:self.head]\n"
              "    def move(self, half):\n"
              "        self.front = self.back[:half][::-1] + self.front\n"
              "        del self.back[:half]\n"
              "        self.back[:] = self.back\n")
    assert banned(source) == []


ALLOWLIST = {
    "a module no submission needs": ("from concurrent.futures import ThreadPoolExecutor\n", "no reason to use"),
    "another": ("import stat\n", "no reason to use"),
    "an unusual special attribute": ("x = type(b).__mro__\n", "special attribute"),
    "an unusual special name": ("spec = __loader__\n", "special attribute"),
    "a raw descriptor through os": ("import os\nos.fstat(4)\n", "raw file descriptors"),
    "a raw descriptor through open": ("f = open(5, 'wb')\n", "file descriptor other than"),
}


@pytest.mark.parametrize("source, word", ALLOWLIST.values(), ids=list(ALLOWLIST))
def test_what_a_submission_has_no_reason_to_use_is_a_finding(source, word):
    """Integrity by allowlist (issue 21): an import outside the modules a Project 5 submission uses, a special
    name outside the ordinary ones, a raw file descriptor: each is a finding, though no earlier round used it.
    Every correct submission of the corpora (the clean-room ones among them) stays free of findings
    (``test_no_finding_on_honest_code``)."""
    found = scan_source(source, "game.py")
    assert any(word in f.what for f in found), found


def test_a_match_on_ordinary_attributes_is_no_finding():
    source = ("def kind(item):\n    match item:\n        case Board(numMoves=0, state=[0, *_]):\n            return 1\n"
              "        case {'number': n} | [n] | (_, n):\n            return n\n"
              "        case object(__class__=cls):\n            return cls\n")
    assert scan_source(source, "game.py") == []


def test_ordinary_python_is_no_finding():
    source = ("import sys, math, itertools, functools, dataclasses, typing, copy, time, gc\n"
              "from collections import namedtuple\n"
              "class B:\n    __slots__ = ('a',)\n    def __init__(self):\n        super().__init__()\n"
              "    def __repr__(self):\n        return type(self).__name__\n"
              "if __name__ == '__main__':\n    print(open(0).read(), B.__doc__, B().__class__)\n")
    assert scan_source(source, "game.py") == []


ROUND8 = os.path.join(TOP, "tests", "redteam", "round8")


@pytest.mark.parametrize("name", ["closure", "keyerror"])
def test_round_eight_reaching_in_is_named(name):
    """Red team, round eight: ``look = getattr`` and ``look(f, "__clo" + "sure__")``, then ``"cell_con" +
    "tents"``, reached the harness's trace with no finding. getattr handed around and the names spelled in
    pieces are findings now; the twins have none."""
    found = scan(files_of(os.path.join(ROUND8, name)))
    whats = " ".join(f.what for f in found)
    assert "`getattr` passed around or renamed" in whats and "`__closure__` spelled in pieces" in whats, found
    assert "`cell_contents` spelled in pieces" in whats, found
    assert scan(files_of(os.path.join(ROUND8, name + "_twin"))) == []


def test_typing_deque_is_not_hand_written():
    """Red team, round eight: ``from typing import Deque as _Q; _Q()`` makes a collections.deque. Check 3.8
    finds the call (an annotation with typing.Deque stays allowed), as it finds its twin's collections.deque."""
    from grader.submission.handwritten import banned, imported_deques
    sources = sources_of(os.path.join(ROUND8, "typingdeque"))
    assert any("`typing.Deque` used as a value" in reason for _, reason in imported_deques(sources))
    assert banned(sources_of(os.path.join(ROUND8, "typingdeque_twin"))["deque"])
    assert imported_deques({"deque": "from typing import Deque\nclass Deque2:\n    items: Deque[int]\n"}) == []
