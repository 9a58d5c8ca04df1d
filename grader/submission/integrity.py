"""The integrity report: code in a submission that reaches into the grader or the interpreter.

The sandbox keeps student code away from the grader's files and processes, but
not from the grader's own code running in the same child process (the probe
that calls ``makeOptimalMove()``, the trace it keeps, the function that sends
observations): a submission can walk the stack to the probe's frame and write
a perfect trace, or find ``emit`` and forge events.  No correct submission
needs any of that, so this module reads the student's files (never runs them)
and lists, with file and line, every construct that could: frame and stack
introspection, ``gc``/``inspect``, closures and code objects, ``ctypes``,
dynamic imports and ``exec``, ``os._exit``, signals, ``/proc``, forks and
execs, sockets and file writes.  A finding costs no points: it tells an
instructor where to look (see handout/INSTRUCTORS.md).

>>> [f.what for f in scan_source("import sys\\nf = sys._getframe(1).f_locals\\n", "game.py")]
["`.f_locals`: reads the call stack (frames of the grader's probe)", "`sys._getframe`: reads the call stack (frames of the grader's probe)"]
>>> scan_source("class Deque:\\n    def __init__(self):\\n        self.items = [None] * 8\\n", "deque.py")
[]
"""

import ast
import os
import stat

from ..text.markdown import escape, inline
from . import tables
from .reaching import (ALLOWED_MODULES, ATTRIBUTES, FILES, INSIDES, MODULES, NAMES, OBJECTS, ORDINARY_DUNDERS, PATCH,
                       PATCHED, PATHS, PRIVATE, RAW_FILES, REFLECTIVE, UNLISTED, UNORDINARY, _called,
                       _literal_loops, _opened_for_writing, _raw_descriptor, _reads_fields, _secret, _secret_inside,
                       _secret_name, _spelled)


def _unordinary_dunder(name):
    """Whether ``name`` is a special name (``__x__``) that ordinary code has no reason to use."""
    return name.startswith("__") and name.endswith("__") and len(name) > 4 and name not in ORDINARY_DUNDERS


def _code(text):
    """Student-derived text (a module's name, a string constant) as an inert code span."""
    return inline(text)


class Finding:
    """One line of the report: ``file``, ``line`` and ``what`` was found there.  ``problem``: the file could
    not be read as Python at all (it does not parse), so it could not be scanned: a grading problem (its
    import check fails and says why), never a sign of tampering; ``split`` keeps those apart."""
    __slots__ = ("file", "line", "what", "problem")

    def __init__(self, file, line, what, problem=False):
        self.file, self.line, self.what, self.problem = file, line, what, problem

    def __repr__(self):
        return f"{self.file}:{self.line}: {self.what}"

    def __eq__(self, other):
        return isinstance(other, Finding) and (self.file, self.line, self.what, self.problem) == (
            other.file, other.line, other.what, other.problem)


UNPARSABLE = "does not parse as Python ({error}), so none of it can run and it was not scanned"
"""A grading problem's words: its import check tells the student the error."""

TOO_DEEP = ("is too deeply nested or too large for the scan to read ({error}), though Python may still run it: "
            "nothing in it could be checked")
"""A finding's words for a file the scan gave up on that is no syntax error."""


def split(found):
    """(findings, problems) of ``found``: integrity findings, and files that could not be scanned.

    >>> findings, problems = split(scan_source("def f(:\\n", "game.py") + scan_source("import gc\\ngc.get_objects()\\n", "board.py"))
    >>> [(f.file, f.line) for f in findings], [(p.file, p.line) for p in problems]
    ([('board.py', 2)], [('game.py', 1)])
    """
    return [f for f in found if not f.problem], [f for f in found if f.problem]


def decode(data):
    """The text of a Python file as the interpreter reads it (its coding cookie obeyed), and a finding's
    words if the cookie names an encoding other than UTF-8: in ``# coding: utf-7`` a line can hide code from
    every scan that reads the file as UTF-8 (red team, round four)."""
    import io
    import tokenize
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        text = data.decode(encoding, "replace")
    except (SyntaxError, LookupError, UnicodeError):
        return data.decode("utf-8", "replace"), None
    if encoding.lower().replace("_", "-") not in ("utf-8", "utf-8-sig", "ascii"):
        return text, f"declares the source encoding {encoding!r} (Python reads it so; no correct file needs it)"
    return text, None


def scan_source(source, name):
    """Findings in the text ``source`` of the file ``name``, sorted by line; a file that does not parse is
    one ``problem`` (``split``), not a finding: nothing in it can run, and its import check reports the error
    to the student."""
    try:
        tree = ast.parse(source, filename=name)
    except (SyntaxError, ValueError) as error:
        line = getattr(error, "lineno", None) or 1
        return [Finding(name, line if type(line) is int else 1, UNPARSABLE.format(error=type(error).__name__),
                        problem=True)]
    except (RecursionError, MemoryError) as error:
        # Not a syntax error: the interpreter may still compile and run this file (a few thousand ``1+1+…``
        # compile where ast.parse gives up, red team round five), so it is a finding, never a mere problem.
        return [Finding(name, 1, TOO_DEEP.format(error=type(error).__name__))]
    found = {}
    # The names this file binds to a module by importing it: ``import os as o`` makes ``o.kill`` os's kill.
    modules, imported = {}, {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update({(a.asname or a.name.split(".")[0]): a.name.split(".")[0] for a in node.names})
        elif isinstance(node, ast.ImportFrom):      # ``from operator import attrgetter as _ag``: _ag is attrgetter
            imported.update({a.asname: a.name for a in node.names if a.asname})

    def called(call):
        return imported.get(_called(call), _called(call))
    # The names this file binds to one of those modules by importing it (``import time``, ``import time as t``),
    # less any name it also binds to something else: a board kept in a variable called ``copy`` is no module.
    patched, rebound = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            patched.update(a.asname or a.name for a in node.names if a.name in PATCHED)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            rebound.add(node.id)
        elif isinstance(node, ast.arg):
            rebound.add(node.arg)
    patched -= rebound
    constant = _literal_loops(tree)

    def add(node, what):
        found.setdefault((node.lineno, what), Finding(name, node.lineno, what))

    callee = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Name, ast.Attribute)) and (node.id if isinstance(node, ast.Name) else node.attr) \
                in REFLECTIVE and isinstance(node.ctx, ast.Load) and id(node) not in callee:
            # ``look = getattr`` then ``look(f, "__clo" + "sure__")``: every rule about getattr's names was
            # walked around by calling it under another name (red team, round eight).
            # ``look = operator.attrgetter`` too (red team, round eleven).
            handed = node.id if isinstance(node, ast.Name) else node.attr
            add(node, f"{_code(handed)} passed around or renamed rather than called: {OBJECTS}")
        elif isinstance(node, ast.BinOp) and (spelled := _spelled(node)) is not None and _secret(spelled):
            add(node, f"the name {_code(spelled[:60])} spelled in pieces: {UNORDINARY}")
        elif isinstance(node, ast.Name) and _unordinary_dunder(node.id) and node.id not in NAMES \
                and node.id not in ATTRIBUTES:
            add(node, f"{_code(node.id)}: {UNORDINARY}")
        elif isinstance(node, ast.Attribute) and _unordinary_dunder(node.attr) and node.attr not in ATTRIBUTES:
            add(node, f"{_code('.' + node.attr)}: {UNORDINARY}")
        elif isinstance(node, ast.Attribute) and node.attr in RAW_FILES and isinstance(node.value, ast.Name) \
                and modules.get(node.value.id) in ("os", "io", "_io", "posix"):
            add(node, f"{_code(node.value.id + '.' + node.attr)}: works on raw file descriptors, the grader's "
                      f"channel among them")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "open" \
                and node.args and _raw_descriptor(node):
            add(node, f"{_code('open(…)')} of a file descriptor other than standard input or output: {FILES}")
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if MODULES.get(top):
                    add(node, f"{_code('import ' + alias.name)}: {MODULES[top]}")
                elif top == "__main__":
                    add(node, f"{_code('import __main__')}: {OBJECTS}")
                elif top not in ALLOWED_MODULES:
                    add(node, f"{_code('import ' + alias.name)}: {UNLISTED}")
        elif isinstance(node, ast.ImportFrom):
            top = (node.module or "").split(".")[0]
            if top == "__main__":
                add(node, f"{_code('from __main__ import …')}: {OBJECTS}")
            elif MODULES.get(top):
                add(node, f"{_code(f'from {node.module} import …')}: {MODULES[top]}")
            elif node.level == 0 and top not in ALLOWED_MODULES:
                add(node, f"{_code(f'from {node.module} import …')}: {UNLISTED}")
            for alias in node.names:
                if alias.name in ATTRIBUTES and top in ("os", "sys", "gc", "inspect", "importlib", "shutil"):
                    add(node, f"{_code(f'from {node.module} import {alias.name}')}: {ATTRIBUTES[alias.name]}")
        elif isinstance(node, ast.Attribute) and node.attr == "modules" and isinstance(node.value, ast.Name) \
                and modules.get(node.value.id) == "sys":
            add(node, f"{_code(node.value.id + '.modules')}: {OBJECTS} (modules it did not import)")
        elif isinstance(node, ast.Attribute) and node.attr in ATTRIBUTES:
            owner = node.value.id if isinstance(node.value, ast.Name) else ""
            if node.attr in ("write", "remove", "kill", "system") and modules.get(owner) not in ("os", "shutil",
                                                                                                  "sys"):
                continue                               # list.remove, a file's own write: plain Python
            label = f"{owner}.{node.attr}" if owner else f".{node.attr}"
            add(node, f"{_code(label)}: {ATTRIBUTES[node.attr]}")
        elif isinstance(node, ast.Call) and called(node) in ("attrgetter", "methodcaller") and any(
                _secret_name(a) or (isinstance(a, ast.Constant) and any(
                    part in ATTRIBUTES or part.startswith(PRIVATE) for part in str(a.value).split(".")))
                for a in node.args[:1 if called(node) == "methodcaller" else None]):
            add(node, f"{_code(called(node) + '(…)')} with a computed or private name: can reach anything above")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in NAMES:
                add(node, f"{_code(node.func.id + '(…)')}: {NAMES[node.func.id]}")
            elif node.func.id in ("getattr", "setattr", "delattr", "hasattr") and len(node.args) > 1 \
                    and _secret_name(node.args[1], constant):
                add(node, f"{_code(node.func.id + '(…)')} with a computed or private name: can reach anything above")
            elif node.func.id == "open" and _opened_for_writing(node):
                add(node, f"{_code('open(…)')} for writing: {FILES}")
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                        and target.value.id in patched:
                    add(node, f"{_code(f'{target.value.id}.{target.attr} = …')}: {PATCH}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            hit = next((p for p in PATHS if p in node.value), None)
            if hit and ("/" in node.value or hit.endswith(".json")):
                add(node, f"the path {_code(node.value[:60])}: names the grader's or the system's files ({hit})")
            elif node.value in INSIDES:
                # Named as a string, whatever reads it (``object.__getattribute__(f, "__closure__")``, red team,
                # round five): no correct submission spells these names at all.
                add(node, f"the name {_code(node.value)} as a string: {ATTRIBUTES[node.value]}")
            elif (inside := _secret_inside(node.value)) is not None:
                # Inside a longer string too: a format field (``"0.__closure__"``, ``"{0.tb_frame.f_back}"``)
                # reads the attribute it names (red team, round nine).
                add(node, f"the name {_code(inside)} inside a string: {UNORDINARY}")
        if isinstance(node, getattr(ast, "MatchClass", ())):
            # ``case object(__closure__=cells)`` reads the attribute as ``f.__closure__`` does, with no
            # ``ast.Attribute`` to see (red team, round fourteen: the trace reached through a wrapper's closure)
            for attribute in node.kwd_attrs:
                if attribute in ATTRIBUTES or _unordinary_dunder(attribute):
                    add(node, f"{_code('.' + attribute)} read by a {_code('match')} pattern: "
                              f"{ATTRIBUTES.get(attribute, UNORDINARY)}")
        if isinstance(node, ast.Call) and _reads_fields(node):
            add(node, f"{_code(called(node) + '(…)')} with a field that reads attributes or items "
                      f"({_code(_reads_fields(node)[:60])}): {OBJECTS}")
    return sorted(found.values(), key=lambda f: (f.line, f.what))


def scan(files, positions=()):
    """Findings in every file of ``files`` (module name -> path), file by file; with the checks' ``positions``
    (the fixtures' records), a file that holds many of them as literals too (``tables``)."""
    findings, texts = [], {}
    for name in sorted(files):
        path = files[name]
        try:                                       # a regular file only, never through a link
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                continue
            source, cookie = decode(f.read())          # the whole file (a grading's are at most [limits] file_kib)
        if cookie:
            findings.append(Finding(os.path.basename(path), 1, cookie))
        findings += scan_source(source, os.path.basename(path))
        texts[os.path.basename(path)] = source
    if positions:
        findings += tables.findings(texts, positions, Finding)
    return findings


def markdown(findings, problems=()):
    """The report as Markdown, each finding's text escaped; ``problems`` (files that could not be scanned)
    follow in a paragraph of their own, apart from the findings."""
    if problems:
        unscanned = "\n".join(f"- {escape(p.file)}, line {p.line}: {p.what}" for p in problems)
        found = markdown(findings) if findings else ("No finding in the files that parse (the scan reads them; "
                                                     "it does not run them).")
        return found + "\n\nNot scanned (a grading problem, not a finding):\n\n" + unscanned
    if not findings:
        return ("No finding: nothing in the submission reaches into the grader's code, the interpreter's "
                "internals or the system (the scan reads the files; it does not run them).")
    lines = [f"{len(findings)} finding(s): code that could reach into the grader or the interpreter. A finding "
             f"costs no points; read the lines named and, where in doubt, grade the submission again with "
             f"`python -m grader compare`.", ""]
    lines += [f"- {escape(f.file)}, line {f.line}: {f.what}" for f in findings]      # ``what`` is inert already
    return "\n".join(lines)


def console(findings, problems=()):
    lines = ["Integrity: no finding"] if not findings else \
        [f"Integrity: {len(findings)} finding(s)"] + [f"   ! {f!r}" for f in findings]
    return "\n".join(lines + [f"   not scanned: {p!r}" for p in problems])
