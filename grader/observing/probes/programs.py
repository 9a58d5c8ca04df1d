"""The probes of Part VI's programs: a function of the student's module called on each input (``probe_calls``),
and the module run as ``python -m xo.NAME`` runs, on standard input (``run_program``, ``probe_programs``)."""

import io
import os
import sys

try:                       # in the grader: the harness's helpers and the other probes files, imported
    from ...sandbox.child import import_student  # noqa: F401
    from ...sandbox.encoding import MAX_TEXT, STUDENT, attempt, raised, safe_repr  # noqa: F401
except ImportError:        # in the sandboxed child: every probes file runs in one namespace (``child.load_probes``)
    pass


def probe_calls(modules, args, emit):
    """Call the function ``args["function"]`` of the student's module ``args["module"]`` once per item of
    ``args["calls"]`` (each a list of arguments).  With ``args["engine"]``, each call's event also says how many
    times it called ``XO.minimaxValues()`` of the student's ``game.py`` (``"engine"``), when that class has the
    method."""
    try:
        module = import_student(args["module"])
    except BaseException as error:
        emit({"import_error": {"module": args["module"], **raised(error)}})
        return
    asked = _count_engine() if args.get("engine") else None
    function = getattr(module, args["function"])
    for index, call in enumerate(args["calls"]):
        before = asked[0] if asked else 0
        event = {"call": index, **attempt(function, *call)}
        if asked:
            event["engine"] = asked[0] - before
        emit(event)


def _count_engine():
    """Count the calls of the student's ``XO.minimaxValues`` and ``XO.makeMinimaxMove`` from now on: a list whose
    one item is the count, or None when game.py does not import or its ``XO`` has neither method of its own."""
    try:
        cls = import_student("game").__dict__["XO"]
    except BaseException:
        return None
    if not isinstance(cls, type):
        return None
    asked = [0]

    def counting(original):
        def counted(self, *args, **kwargs):
            asked[0] += 1
            return original(self, *args, **kwargs)
        return counted

    wrapped = 0
    for name in ("minimaxValues", "makeMinimaxMove"):
        original = cls.__dict__.get(name)
        if callable(original):
            try:
                type.__setattr__(cls, name, counting(original))
                wrapped += 1
            except BaseException:
                pass
    return asked if wrapped else None


PIPE_BYTES = 60_000              # an input is written whole into a pipe before the program runs: below its 64 KiB
PROGRAM_OUTPUT = 256 * 1024      # bytes of a program's standard output (and of its error output) kept


class _Kept(io.RawIOBase):
    """A write-only stream that keeps the first ``PROGRAM_OUTPUT`` bytes written and counts the rest."""

    def __init__(self):
        super().__init__()
        self.data, self.more = bytearray(), 0

    def writable(self):
        return True

    def write(self, data):
        room = PROGRAM_OUTPUT - len(self.data)
        self.data += bytes(data[:max(room, 0)])
        self.more += max(len(data) - max(room, 0), 0)
        return len(data)

    def text(self):
        return self.data.decode("utf-8", "replace")


def _exit_status(code, err):
    """The exit status ``SystemExit(code)`` gives a process, as Python's own start-up code decides it."""
    if code is None:
        return 0
    if type(code) is int or type(code) is bool:
        return int(code) & 0xFF
    err.write(safe_repr(code) if type(code) is not str else code)    # sys.exit("message") prints it
    err.write("\n")
    return 1


class _Quitter:
    """``exit`` and ``quit``, which the site module gives a normal interpreter (the child runs without it)."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"Use {self.name}() or Ctrl-D (i.e. EOF) to exit"

    def __call__(self, code=None):
        raise SystemExit(code)


def run_program(name, text):
    """Run the student's module ``name`` as ``python -m xo.NAME`` runs it, ``text`` on its standard input;
    return what it wrote on standard output and error, and its exit status."""
    import builtins
    import runpy
    import warnings
    full = f"{STUDENT['package']}.{name}"
    data = text.encode("utf-8")
    if len(data) > PIPE_BYTES:
        raise ValueError(f"an input of {len(data)} bytes: the grader sends at most {PIPE_BYTES}")
    read, write = os.pipe()
    os.write(write, data)            # the grader's inputs stay below a pipe's 64 KiB
    os.close(write)
    saved = os.dup(0)
    os.dup2(read, 0)                 # open(0) and os.read(0, …) read the input too
    os.close(read)
    out, err = _Kept(), _Kept()
    streams = (sys.stdin, sys.stdout, sys.stderr, sys.__stdin__, sys.__stdout__, sys.__stderr__, sys.argv)
    sys.stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, "r", closefd=False)), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(out), encoding="utf-8")
    sys.stderr = io.TextIOWrapper(io.BufferedWriter(err), encoding="utf-8", line_buffering=True)
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = sys.stdin, sys.stdout, sys.stderr
    sys.argv = [f"{name}.py"]
    for quitter in ("exit", "quit"):
        if not hasattr(builtins, quitter):
            setattr(builtins, quitter, _Quitter(quitter))
    sys.modules.pop(full, None)      # run afresh as __main__, as a new interpreter would
    result = {}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)    # runpy's note on a module imported before
            runpy.run_module(full, run_name="__main__", alter_sys=True)
        status = 0
    except SystemExit as ended:
        status = _exit_status(ended.code, sys.stderr)
    except BaseException as error:   # an uncaught exception: Python prints its traceback, exit status 1
        result["raised"] = raised(error)
        sys.stderr.write("Traceback (most recent call last):\n" + result["raised"]["traceback"]
                         + f"{result['raised']['type']}: {result['raised']['message']}\n")
        status = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            pass
    sys.stdin, sys.stdout, sys.stderr, sys.__stdin__, sys.__stdout__, sys.__stderr__, sys.argv = streams
    os.dup2(saved, 0)
    os.close(saved)
    return {**result, "status": status, "stdout": _pieces(out.text()), "stderr": _pieces(err.text()),
            "more": out.more + err.more}


def _pieces(text, size=MAX_TEXT):
    """``text`` cut into strings of at most ``size`` characters (each string of an event is bounded)."""
    return [text[k:k + size] for k in range(0, len(text), size)] or [""]


def probe_programs(modules, args, emit):
    """Run the student's module ``args["module"]`` as a program once per text of ``args["inputs"]``."""
    for index, text in enumerate(args["inputs"]):
        emit({"start": index})
        emit({"program": index, **run_program(args["module"], text)})
