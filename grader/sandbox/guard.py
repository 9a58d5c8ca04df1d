"""The audit hook (PEP 578) the sandboxed child installs once the harness and the probes are loaded and before
the student's code is imported (``guard``), and what it refuses.

Staged with ``encoding.py`` before it and ``child.py`` after it as one file (``closing.HARNESS_FILES``): it
imports nothing of the grader.
"""

import _thread
import gc
import sys

REFUSED = ("ctypes.", "sys.settrace", "sys.setprofile", "os.fork", "os.forkpty", "os.posix_spawn", "os.exec",
           "os.spawn", "os.system", "subprocess.Popen", "pty.spawn", "cpython.PyInterpreterState_New")
"""Audit events (PEP 578) the student's code may not raise: memory read and written directly (every
``ctypes`` event), a function called between the harness's own lines (tracing, profiling), and a process
started (a second process holds the channel as long as it lives: red team, round ten, forked one to rewrite
what the harness wrote), and an interpreter made (a sub-interpreter has no audit hook of ours, and its
``ctypes`` reads and writes this process's memory).  The child starts no process of its own once the student's
code is loaded."""

SEALED = ("__code__", "__defaults__", "__kwdefaults__")
"""Attributes of the harness's own functions the student's code may neither set (they would change what those
functions do, its writer among them) nor read (the writer's defaults hold the run's token; a code object of
the harness's would let a frame pass for one of its own)."""

REACHING = ("sys._getframe", "sys._current_frames", "gc.get_objects", "gc.get_referrers", "gc.get_referents",
            "sys.addaudithook")
"""Audit events that hand out a frame (whose ``f_back`` leads to the probe's, and its locals: the trace, the
timing run's digest, the hook's own witness) or objects the caller did not make, and the adding of an audit
hook (which is handed frames): refused once the student's code is loaded, from every thread and every stack.
Red team, round ten: ``sys._getframe`` from the Deque's ``__init__`` reached the timing run's digest, and from
``makeOptimalMove()`` the search's trace; round twelve: ``gc.get_objects()`` from a ``concurrent.futures``
worker thread, whose stack holds no frame of the student's, reached the witness and the writer's token.  A
call deferred to the harness's own stack (a ``weakref.finalize`` of a builtin) would do the same.  The harness
needs none of them once the student's code is loaded."""

FRAME_ATTRIBUTES = ("tb_frame", "gi_frame", "cr_frame", "ag_frame")
"""Attributes that hand out a frame too (each read raises ``object.__getattr__``): a traceback's, a
generator's or a coroutine's.  Refused as ``REACHING``'s events are, but for the harness's one reader of a
traceback (``encoding.read_traceback``, known by its code object), reading a traceback's frames."""


class Refused(RuntimeError, ValueError):
    """What the student's code gets for what the sandbox does not allow.  A ``ValueError`` too: the standard
    library's own callers of ``sys._getframe`` (``collections.namedtuple``, ``typing``, ``enum``, ``warnings``)
    read a ``ValueError`` as "no such frame" and carry on without it, as at the top of a stack."""


WITNESS_LIMIT = 100_000
"""Pushes and pops of one position the witness keeps, in order (as ``probes.search.MAX_OPS``)."""


class Witness:
    """The search's pushes and pops as the audit hook saw them (round eleven): held in the hook's own closure,
    which no object the student's code can name leads to, and fed only by events whose raising frame runs one of
    the probes' own code objects (``sites``).  The probes' trace in the student's process could be reached
    through the closure of the Deque's wrapped methods (red team, round eleven: ``attrgetter`` and ``dir()``,
    with no Integrity finding) and written whole; this one can only be fed by calling those wrapped methods,
    each of which calls the student's own method first.  A wrapper whose closure no longer holds the method and
    kind it was made with (a cell written) makes the trace ``tampered``."""

    def __init__(self):
        self.methods, self.code_of = {}, None
        self.ordered = True
        self.started = self.tainted = False      # tainted: started twice (the probe instruments once a run)
        self.reset()

    def reset(self):
        self.calls = [0, 0, 0, 0]
        self.ops = []
        self.truncated = self.tampered = False
        self.instances = 0
        self.depth = 0

    def start(self, ordered, methods, code_of):
        if self.started:                         # the probes' instrument() called again, by the student's code
            self.tainted = True
            return
        self.started = True
        self.ordered, self.methods, self.code_of = bool(ordered), dict(enumerate(methods)), code_of
        self.reset()

    def op(self, frame, phase, kind, code):
        local = frame.f_locals
        if local.get("kind") != kind or self.methods.get(kind) is not local.get("method") \
                or local.get("code_of") is not self.code_of:
            self.tampered = True
        if phase == 0:
            self.depth += 1
            return
        self.depth -= 1
        if self.depth != 0 or code is None:          # a call of the Deque's own, or one that raised
            return
        self.calls[kind] += 1
        if not self.ordered:
            return
        if len(self.ops) >= WITNESS_LIMIT:
            self.truncated = True
            return
        self.ops.append(code * 4 + kind)

    def report(self, out):
        out.update(calls=dict(zip(("pushFront", "pushBack", "popFront", "popBack"), self.calls)),
                   ordered=self.ordered, ops=list(self.ops), truncated=self.truncated, instances=self.instances,
                   tampered=self.tampered or self.tainted or not self.started)


def seal_signals(error=Refused):
    """Keep the student's code from setting a signal's handler (``signal.signal``), once the harness and the
    probes are loaded: Python calls a handler with the frame running when its signal came, and no audit event
    says so.  A builtin as the handler (``dict.__setitem__``) and a timer's signal every few microseconds
    catch, sooner or later, the hook's own frame, whose locals hold the witness and whose callers' hold the
    writer's token.  SIGINT, the one signal Python handles itself, is ignored: its handler raised
    ``KeyboardInterrupt`` at any point of the hook's own code.  The one ``_signal`` module is sealed, and the
    import system may not make another, nor another ``_imp`` (``_imp.create_builtin``), nor run it again
    (``_imp.exec_builtin``).  The replacements are the harness's
    functions, whose code and defaults ``guard`` keeps the student's code from reading.  The harness sets no
    handler of its own: the parent ends a child that runs too long."""
    import _imp
    import _signal

    def refused(*args, _error=error, **kwargs):
        raise _error("the grader's sandbox does not allow this (signal.signal): a handler is handed the frame "
                     "that was running when its signal came, and the grader's frames are not yours to read")

    class Spec:                                    # what the import system's spec tells ``create_builtin``
        __slots__ = ("name",)

        def __init__(self, name):
            self.name = name

    def create_builtin(spec, _create=_imp.create_builtin, _spec=Spec, _type=type, _str=str, _refused=refused,
                       _sealed=("_signal", "_imp", "gc")):
        name = spec.name                           # read once: the spec's own ``name`` could change under us
        if _type(name) is not _str or name in _sealed:
            _refused()                             # a second ``_imp`` holds the first's own functions (red team,
        return _create(_spec(name))                # round fourteen), which would make a second ``_signal``;
                                                   # a second ``gc``, an unsealed ``set_debug`` (``seal_gc``)

    def exec_builtin(module, _exec=_imp.exec_builtin, _signal=_signal, _refused=refused):
        if module is _signal:
            _refused()
        return _exec(module)

    _signal.signal(_signal.SIGINT, _signal.SIG_IGN)   # Python's own handler raised KeyboardInterrupt wherever
    _signal.signal = refused                          # the signal came, the hook's own code included (round
    if "signal" in sys.modules:                       # fourteen): no signal runs Python code in the child now
        sys.modules["signal"].signal = refused
    _imp.create_builtin, _imp.exec_builtin = create_builtin, exec_builtin


def seal_gc(error=Refused):
    """Keep the student's code from making the collector save what it collects (``gc.set_debug`` with
    ``DEBUG_SAVEALL``, which ``DEBUG_LEAK`` holds): ``gc.garbage`` then hands out every object of a collected
    cycle, a frame among them (an exception kept in a local of the frame that raised it), with no audit event,
    and a frame's ``f_back`` leads to the probe's and the harness's (red team, round fifteen: ``q_gcforge``, a
    forged trace written through the harness's own writer; ``q_timeforge``, a forged timing answer).  The other
    flags, which only print, are let through.  A second ``gc`` module, with a ``set_debug`` of its own, is
    refused by ``seal_signals``'s ``create_builtin``."""
    import gc as _gc

    def set_debug(flags, _set=_gc.set_debug, _saveall=_gc.DEBUG_SAVEALL, _type=type, _int=int, _error=error):
        if _type(flags) is not _int or flags & _saveall:
            raise _error("the grader's sandbox does not allow this (gc.set_debug with DEBUG_SAVEALL): the "
                         "objects it saves include frames, and the grader's frames are not yours to read")
        return _set(flags)

    _gc.set_debug = set_debug


def guard(namespaces, folder=None, sites=None, reader=None, _refused=REFUSED, _sealed=SEALED, _reaching=REACHING,
          _frames=FRAME_ATTRIBUTES, _error=Refused, _type=type):
    """Install, once the harness and the probes are loaded and before the student's code is imported, an audit
    hook that keeps the search's ``Witness`` (fed by the ``xo.trace`` events raised from the frames of
    ``sites``' code objects: ``{event: (code, ...)}``, and refused from any other), refuses ``REFUSED``'s
    events and setting or reading ``SEALED``'s attributes of a function of the harness or of the probes (whose
    globals are one of ``namespaces``).  Given the student's ``folder``, it also seals the signals
    (``seal_signals``) and refuses, from every thread and every stack, ``REACHING``'s events and reading
    ``FRAME_ATTRIBUTES``, but for ``reader`` (the code object of the harness's one reader of a traceback,
    ``encoding.read_traceback``) reading a traceback's frames; and, while a frame of the student's code (a file
    of ``folder``, or code compiled from a string) is on the stack, code compiled under another file's name.
    The student's code gets ``Refused``.  An audit hook cannot be removed, and what it uses is bound in its
    defaults; it is reachable from no object the student's code can name.  Nothing Project 5 asks for raises
    these events (``collections.namedtuple`` sets the defaults of a function of its own, which is no harness's,
    and asks for its caller's frame, which it does without).

    The hook asks for its caller's frame itself (``sys._getframe``, an event it hears): that one call is let
    through, once, and only with the garbage collector still off, as the hook left it: no finalizer runs in
    between to be let through in its place, and one that another thread's ``gc.enable()`` let run is refused."""
    if folder:
        seal_signals(_error)
        seal_gc(_error)

    def hook(event, args, _refused=_refused, _sealed=_sealed, _error=_error, _namespaces=tuple(namespaces),
             _function=_type(guard), _type=_type, _reaching=_reaching, _frames=_frames, _folder=folder,
             _getframe=sys._getframe, _ident=_thread.get_ident, _busy=set(), _str=str, _sites=dict(sites or {}),
             _witness=Witness(), _reader=reader, _isenabled=gc.isenabled, _disable=gc.disable,
             _enable=gc.enable):
        if event.startswith("xo.trace."):
            me = _ident()
            enabled = _isenabled()
            try:
                _disable()
                _busy.add(me)                      # the frame asked for below is the hook's own business
                frame = _getframe(1)
            finally:
                _busy.discard(me)
                if enabled:
                    _enable()
            code = frame.f_code
            if not any(code is site for site in _sites.get(event, ())):
                raise _error(f"the grader's sandbox does not allow this ({event})")
            if event == "xo.trace.op":
                _witness.op(frame, *args)
            elif event == "xo.trace.init":
                _witness.instances += 1
            elif event == "xo.trace.start":
                _witness.start(*args)
            elif event == "xo.trace.reset":
                _witness.reset()
            elif event == "xo.trace.report":
                _witness.report(args[0])
            return
        if event.startswith(_refused) or (event in ("object.__setattr__", "object.__getattr__") and len(args) > 1
                                          and args[1] in _sealed and _type(args[0]) is _function
                                          and any(args[0].__globals__ is namespace for namespace in _namespaces)):
            raise _error(f"the grader's sandbox does not allow this ({event})")
        if not _folder:
            return
        me = _ident()
        if me in _busy:
            _busy.discard(me)                      # once only
            if event == "sys._getframe" and not _isenabled():
                return                             # the hook's own call, below (the collector still off)
            raise _error(f"the grader's sandbox does not allow this ({event})")
        if event in _reaching or event == "code.__new__":
            raise _error(f"the grader's sandbox does not allow this ({event}): your code runs inside the "
                         f"grader's process, whose frames and objects are not yours to read")
        if event == "object.__getattr__" and len(args) > 1 and args[1] in _frames:
            whole = None                           # the one reader of tracebacks, reading one
        elif event == "compile" and len(args) > 1 and not (
                _type(args[1]) is _str and args[1].startswith(("<", _folder)) and not args[1].startswith("<frozen")):
            whole = True                           # code given another file's name (its frames would pass as
                                                   # that file's): only the import system does so
        elif event == "marshal.loads":
            whole = False                          # code objects from bytes: only the import system's own
        else:
            return
        enabled = _isenabled()
        try:
            _disable()
            _busy.add(me)
            frame = _getframe(1)
        finally:
            _busy.discard(me)
            if enabled:
                _enable()
        if whole is None:
            if args[1] == "tb_frame" and _reader is not None and frame.f_code is _reader:
                return
            raise _error(f"the grader's sandbox does not allow this ({event}): your code runs inside the "
                         f"grader's process, whose frames and objects are not yours to read")
        name = frame.f_code.co_filename
        if event in ("compile", "marshal.loads") and _type(name) is _str and name.startswith("<frozen importlib"):
            return                                 # the import system, loading a module
        while frame is not None:
            name = frame.f_code.co_filename
            if _type(name) is not _str or name.startswith(_folder) or (
                    name.startswith("<") and not name.startswith("<frozen")):
                raise _error(f"the grader's sandbox does not allow this ({event}): your code runs inside "
                             f"the grader's process, whose frames and objects are not yours to read")
            if not whole:
                return
            frame = frame.f_back
    sys.addaudithook(hook)
