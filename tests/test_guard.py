"""The sandbox's audit hook (``grader/sandbox/guard.py``), in a Python process of its own as the child
runs it: while a frame of the student's code is on the stack, no frame and no object of the garbage collector's
is handed out, and no code is made that would pass for another file's; the standard library's own callers of
``sys._getframe`` carry on, and the harness reads a traceback once the student's call is over.

Red team, round ten (tests/adversarial/round10): ``sys._getframe`` from the Deque's ``__init__`` reached the
timing run's digest, and from ``makeOptimalMove()`` the search's trace.  Each route is tried here on CPython
3.10 (Gradescope's) and on the Python running the tests.
"""

import json
import os
import subprocess
import sys
import textwrap

import pytest

from pythons import ABSENT, PYTHON_310

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

STUDENT = '''
import collections, concurrent.futures, dataclasses, enum, gc, os, signal, subprocess, sys, typing, weakref


def tried(what):
    try:
        what()
        return "allowed"
    except RuntimeError as error:
        return "refused" if "sandbox does not allow" in str(error) else "RuntimeError"
    except Exception as error:
        return type(error).__name__


def from_traceback():
    try:
        raise LookupError
    except LookupError as error:
        return error.__traceback__.tb_frame


def field_of_traceback():
    try:
        raise LookupError
    except LookupError as error:
        return "{0.__traceback__.tb_frame}".format(error)


def audit_hook_of_its_own():
    """An audit hook refused is not added, and Python says nothing (PEP 578): whether it hears an event tells."""
    heard = []
    sys.addaudithook(lambda event, args: heard.append(event))
    sys.audit("xo.guard.test")
    if not heard:
        raise RuntimeError("the grader's sandbox does not allow this (the hook was never added)")


def forked():
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)


def generator():
    yield 1


def in_a_worker_thread(call):
    """Round twelve: a standard library worker thread, whose stack holds no frame of the student's."""
    def reach():
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(call).result()
    return reach


SINK = []


def deferred():
    """A builtin left to run when the garbage collector next runs, on the harness's own stack (the driver collects
    once the student's calls are over): what it gets lands in SINK."""
    class Cycle:
        pass
    cycle = Cycle()
    cycle.me = cycle
    weakref.finalize(cycle, SINK.extend, map(gc.get_objects, [None]))


def a_handler_of_its_own():
    """A builtin as a signal's handler is handed the frame running when the signal came."""
    signal.signal(signal.SIGUSR1, {}.__setitem__)


def a_handler_through_the_builtin_module():
    import _signal
    _signal.signal(signal.SIGUSR1, {}.__setitem__)


def a_second_signal_module():
    import _imp
    import importlib.machinery
    spec = importlib.machinery.ModuleSpec("_signal", importlib.machinery.BuiltinImporter, origin="built-in")
    fresh = _imp.create_builtin(spec)
    fresh.signal(signal.SIGUSR1, {}.__setitem__)


def the_signal_module_run_again():
    import _imp
    import _signal
    _imp.exec_builtin(_signal)
    _signal.signal(signal.SIGUSR1, {}.__setitem__)


def a_second_imp_module():
    """Red team, round fourteen: a second ``_imp`` holds the first's own functions, which make a second
    ``_signal``."""
    import _imp
    import importlib.machinery
    spec = importlib.machinery.ModuleSpec("_imp", importlib.machinery.BuiltinImporter, origin="built-in")
    fresh = _imp.create_builtin(spec)
    fresh.create_builtin(importlib.machinery.ModuleSpec("_signal", None)).signal(signal.SIGUSR1, {}.__setitem__)


def saved_garbage(flags):
    """Red team, round fifteen: with ``DEBUG_SAVEALL`` the collector keeps what it collects in ``gc.garbage``,
    a frame of a collected cycle among it (an exception kept in a local of the frame that raised it)."""
    def cycle():
        try:
            raise KeyError(0)
        except KeyError as error:
            kept = error
        return kept is None

    def route():
        gc.collect()
        gc.set_debug(flags)
        try:
            cycle()
            gc.collect()
        finally:
            gc.set_debug(0)
        frames = [o for o in gc.garbage if type(o).__name__ == "frame"]
        del gc.garbage[:]
        if not frames:
            raise LookupError("no frame saved")
    return route


def a_second_gc_module():
    """A second ``gc`` would hold a ``set_debug`` of its own, not sealed."""
    import _imp
    import importlib.machinery
    spec = importlib.machinery.ModuleSpec("gc", importlib.machinery.BuiltinImporter, origin="built-in")
    _imp.create_builtin(spec).set_debug(gc.DEBUG_SAVEALL)
    gc.set_debug(0)


def an_interrupt_of_its_own():
    """Red team, round fourteen: Python's own SIGINT handler raised KeyboardInterrupt wherever the signal came,
    the audit hook's code included."""
    import time
    try:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)
    except KeyboardInterrupt:
        return
    raise RuntimeError("the grader's sandbox does not allow this (SIGINT is ignored)")


def an_interpreter_of_its_own():
    try:
        import _xxsubinterpreters as interpreters
    except ImportError:
        import _interpreters as interpreters
    try:
        interpreters.create()
    except RuntimeError as error:            # Python puts its own words on the hook's refusal
        if "interpreter creation failed" in str(error):
            raise RuntimeError("the grader's sandbox does not allow this (cpython.PyInterpreterState_New)")
        raise


def the_harness_s_reader():
    """The one reader of tracebacks the sandbox allows, called by the student's code: it hands out no frame."""
    try:
        raise LookupError
    except LookupError as error:
        found = HARNESS_READER(error.__traceback__)
    if any(type(item) is not tuple or len(item) != 4 or type(item[0]) is not str or type(item[1]) is not int
           or type(item[2]) is not str or any(v is not None and type(v) is not int for v in item[3])
           for item in found):
        return found                         # anything but names and numbers: a code object, say
    raise RuntimeError("the grader's sandbox does not allow this (it handed out names only)")


def own_code():
    return 1


@dataclasses.dataclass
class Point:
    x: int


ROUTES = {
    "sys._getframe": lambda: sys._getframe(0).f_back,
    "tb_frame": from_traceback,
    "gi_frame": lambda: generator().gi_frame,
    "format field": field_of_traceback,
    "gc.get_objects": gc.get_objects,
    "gc.get_referrers": lambda: gc.get_referrers(sys),
    "sys._current_frames": sys._current_frames,
    "sys.addaudithook": audit_hook_of_its_own,
    "code.replace": lambda: own_code.__code__.replace(co_filename="/usr/lib/python3/x.py"),
    "compile as another file": lambda: compile("x = 1", "/usr/lib/python3/heapq.py", "exec"),
    "compile as frozen": lambda: compile("x = 1", "<frozen importlib._bootstrap>", "exec"),
    "os.fork": forked,
    "a harness function's defaults": lambda: HARNESS.__defaults__,
    "a harness function's code": lambda: HARNESS.__code__,
    "os.system": lambda: os.system("true"),
    "subprocess.Popen": lambda: subprocess.run(["true"]),
    "gc.get_objects from a worker thread": in_a_worker_thread(gc.get_objects),
    "sys._current_frames from a worker thread": in_a_worker_thread(sys._current_frames),
    "sys._getframe from a worker thread": in_a_worker_thread(sys._getframe),
    "signal.signal": a_handler_of_its_own,
    "_signal.signal": a_handler_through_the_builtin_module,
    "a second _signal": a_second_signal_module,
    "_signal run again": the_signal_module_run_again,
    "a sub-interpreter": an_interpreter_of_its_own,
    "a second _imp": a_second_imp_module,
    "gc.garbage (DEBUG_SAVEALL)": saved_garbage(gc.DEBUG_SAVEALL),
    "gc.garbage (DEBUG_LEAK)": saved_garbage(gc.DEBUG_LEAK),
    "a second gc": a_second_gc_module,
    "SIGINT": an_interrupt_of_its_own,
    "the harness's traceback reader": the_harness_s_reader,
    "ctypes": lambda: __import__("ctypes").string_at(id(SINK), 8),
    "sys.settrace": lambda: sys.settrace(None),
    "inspect.stack": lambda: __import__("inspect").stack(),
}

ORDINARY = {
    "namedtuple": lambda: collections.namedtuple("P", "a b")(1, 2),
    "typing.TypeVar": lambda: typing.TypeVar("T"),
    "enum functional": lambda: enum.Enum("Colour", "RED GREEN"),
    "dataclass": lambda: Point(1),
    "exec of a string": lambda: exec("y = 2", {}),
    "traceback of its own": lambda: ValueError().__traceback__,
    "gc.set_debug to print statistics": lambda: (gc.set_debug(gc.DEBUG_STATS & 0), gc.get_debug()),
}


def routes():
    return {name: tried(route) for name, route in ROUTES.items()}


def ordinary():
    return {name: tried(route) for name, route in ORDINARY.items()}


def raises():
    raise ValueError("the student's own error")
'''

DRIVER = '''
import gc, importlib.util, json, os, sys, traceback
sys.path.insert(0, {top!r})
from grader.sandbox import child
folder = {folder!r}
child.STUDENT.update(folder=os.path.join(folder, ""))
child.guard([globals(), vars(child)], os.path.join(folder, ""), None,
            child.read_traceback.__code__)   # as child.serve does
spec = importlib.util.spec_from_file_location("student", os.path.join(folder, "student.py"))
student = importlib.util.module_from_spec(spec)
student.HARNESS = child.writer        # a function of the harness's, handed to the student's code
student.HARNESS_READER = child.read_traceback
spec.loader.exec_module(student)
out = {{"routes": student.routes(), "ordinary": student.ordinary()}}
student.deferred()
gc.collect()                          # the harness's own stack: the student's finalizer runs here
out["routes"]["a builtin deferred to the harness's stack"] = "allowed" if student.SINK else "refused"
try:
    student.raises()
except ValueError as error:          # the harness, the student's call over: its traceback is read
    out["harness traceback"] = child.raised(error)
    try:
        traceback.format_exception(type(error), error, error.__traceback__)
        out["another reader"] = "allowed"
    except RuntimeError:
        out["another reader"] = "refused"
try:
    sys._getframe(0)
    out["harness frame"] = "allowed"
except RuntimeError:
    out["harness frame"] = "refused"
print(json.dumps(out))
'''


def pythons():
    yield pytest.param(sys.executable, id="this-python")
    yield pytest.param(PYTHON_310, id="python3.10",
                       marks=pytest.mark.skipif(PYTHON_310 is None, reason=ABSENT))


def guarded(python, tmp_path):
    folder = tmp_path / "submission"
    folder.mkdir()
    (folder / "student.py").write_text(STUDENT)
    driver = tmp_path / "harness.py"          # a file, as the harness is: code compiled from a string counts
    driver.write_text(textwrap.dedent(DRIVER.format(top=TOP, folder=str(folder))))   # as the student's
    done = subprocess.run([python, str(driver)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


@pytest.mark.quick
@pytest.mark.parametrize("python", list(pythons()))
def test_the_student_s_code_gets_no_frame_and_no_object_it_did_not_make(python, tmp_path):
    out = guarded(python, tmp_path)
    assert out["routes"] == {name: "refused" for name in out["routes"]}, out["routes"]


@pytest.mark.quick
@pytest.mark.parametrize("python", list(pythons()))
def test_what_a_correct_submission_uses_still_works(python, tmp_path):
    """``namedtuple``, ``typing`` and ``enum`` ask for their caller's frame and do without it; a dataclass and
    ``exec`` of a string compile code named ``<string>``; and the harness, once the student's call is over,
    describes the student's error through its one reader of tracebacks (``encoding.read_traceback``), the
    student's line included.  No other reader is let through, the harness's own code included (round twelve:
    what runs with no frame of the student's on the stack may still run on the student's behalf)."""
    out = guarded(python, tmp_path)
    assert out["ordinary"] == {name: "allowed" for name in out["ordinary"]}, out["ordinary"]
    described = out["harness traceback"]
    assert described["type"] == "ValueError" and described["message"] == "the student's own error", described
    assert '"student.py", line' in described["traceback"] and described["where"]["file"] == "student.py", described
    assert "raise ValueError" in described["where"]["text"], described
    assert out["another reader"] == "refused" and out["harness frame"] == "refused", out


REPLACING = """
import os, sys
sys.path.insert(0, {top!r})
from grader.sandbox import child
read, write = os.pipe()
emit = child.writer(write)
emit({{"before": 1}})
other_read, other_write = os.pipe()
os.dup2(other_write, write)           # what the student's code did (red team, round ten: channel_rewrite)
emit({{"after": 2}})
os._exit(0)
"""


@pytest.mark.quick
def test_a_channel_replaced_ends_the_child_before_it_writes_again(tmp_path):
    """The harness's writer checks, before each line, that its descriptor still holds the pipe it began with:
    once another pipe is put in its place, the child ends with REPLACED_EXIT and the line is never written."""
    from grader.sandbox.child import REPLACED_EXIT
    script = tmp_path / "replacing.py"
    script.write_text(textwrap.dedent(REPLACING.format(top=TOP)))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, timeout=60)
    assert done.returncode == REPLACED_EXIT, (done.returncode, done.stderr[-2000:])


@pytest.mark.quick
def test_a_line_without_the_run_s_token_makes_the_channel_forged():
    """Every line the harness writes starts with the token the parent drew for the run (``child.writer``); a
    line written on the descriptor by anything else (red team, round eleven: ``os.write`` of a forged timing
    report and "done") lacks it, and the run is "garbled", never judged."""
    from grader.sandbox.channel import Channel
    channel = Channel("5eed")
    channel.feed(b'5eed{"a": 1}\n{"timed": 80000, "done": true}\n5eed{"done": true}\n')
    channel.close()
    assert not any("timed" in e for e in channel.events) and channel.garbled
    assert channel.status(0) == "garbled"


WITNESSED = '''
import sys


class Board:
    def __init__(self, state):
        self.numMoves, self.state = sum(1 for v in state if v), list(state)


class Deque:
    def __init__(self):
        self.items = []

    def pushBack(self, item):
        self.items.append(item)

    def popFront(self):
        return self.items.pop(0)


def honest():
    d = Deque()
    d.pushBack(Board([1, 0, 0, 0, 0, 0, 0, 0, 0]))
    d.popFront()


def forge_the_probes_record():
    """What round eleven's closure_trace did: the probes' own record, reached through a wrapper's closure (since
    round fourteen none holds it: None); and what round fourteen's dfs_forge did with it, a ``report`` of its
    own, here set on the class, reached through the wrapper's globals."""
    found = [c.cell_contents for wrapper in (Deque.pushBack, Deque.popFront, Deque.__init__)
             for c in wrapper.__closure__ or () if type(c.cell_contents).__name__ == "_Trace"]
    forged = {"calls": {"pushFront": 0, "pushBack": 5, "popFront": 0, "popBack": 0}, "ordered": True,
              "ops": [4 * 7 + 1] * 5, "truncated": False, "instances": 1, "tampered": False}
    Deque.pushBack.__globals__["_Trace"].report = lambda self: forged
    return found[0] if found else None


def raise_an_op_of_its_own():
    try:
        sys.audit("xo.trace.op", 1, 1, 7)
        return "allowed"
    except RuntimeError:
        return "refused"


def rewrite_a_cell():
    for c in Deque.pushBack.__closure__:
        if callable(c.cell_contents) and getattr(c.cell_contents, "__name__", "") == "pushBack":
            c.cell_contents = lambda self, item: None
    Deque().pushBack(Board([0] * 9))
'''

WITNESS_DRIVER = '''
import importlib.util, json, os, sys
sys.path.insert(0, {top!r})
from grader.sandbox import child
from grader.observing.probes import search
folder = {folder!r}
child.guard([globals(), vars(child), vars(search)], os.path.join(folder, ""), search.trace_sites())
spec = importlib.util.spec_from_file_location("student", os.path.join(folder, "student.py"))
student = importlib.util.module_from_spec(spec)
spec.loader.exec_module(student)
report = search._Trace.report           # as the probes bind it, before the student's code runs
trace = search._Trace()
search.instrument(student.Deque, trace)
trace.reset()
student.honest()
out = {{"honest": report(trace)["ops"]}}
out["found in a closure"] = student.forge_the_probes_record() is not None
out["after forging"] = report(trace)["ops"]
out["an op of its own"] = student.raise_an_op_of_its_own()
student.rewrite_a_cell()
out["tampered"] = report(trace)["tampered"]
print(json.dumps(out))
'''


@pytest.mark.quick
def test_the_trace_reported_is_the_witness_s_which_the_student_s_code_cannot_write(tmp_path):
    """The probes' ``_Trace`` reports the sandbox's witness (``guard.Witness``) whenever the hook keeps one: no
    wrapper's closure holds the probes' record (round eleven's ``closure_trace`` rewrote it there; round
    fourteen's ``dfs_forge`` gave it a ``report`` of its own), a ``report`` set on the class changes nothing the
    probes report (they call the function bound before the student's code ran), an ``xo.trace`` event raised
    from the student's own code is refused, and a wrapper whose closure cell was rewritten makes the trace
    tampered."""
    folder = tmp_path / "submission"
    folder.mkdir()
    (folder / "student.py").write_text(WITNESSED)
    driver = tmp_path / "harness.py"
    driver.write_text(textwrap.dedent(WITNESS_DRIVER.format(top=TOP, folder=str(folder))))
    done = subprocess.run([sys.executable, str(driver)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout)
    assert len(out["honest"]) == 2 and out["honest"][0] % 4 == 1 and out["honest"][1] % 4 == 2, out
    assert out["found in a closure"] is False and out["after forging"] == out["honest"], out
    assert out["an op of its own"] == "refused"
    assert out["tampered"] is True
