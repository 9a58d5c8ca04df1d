"""The audit hook (PEP 578) the sandboxed child installs once the harness and the probes are loaded and before
the student's code is imported (``guard``), and what it refuses.

Staged with ``encoding.py`` before it and ``child.py`` after it as one file (``closing.HARNESS_FILES``): it
imports nothing of the grader.
"""

import _thread
import sys

REFUSED = ("ctypes.", "sys.settrace", "sys.setprofile", "os.fork", "os.forkpty", "os.posix_spawn", "os.exec",
           "os.spawn", "os.system", "subprocess.Popen", "pty.spawn")
"""Audit events (PEP 578) the student's code may not raise: memory read and written directly (every
``ctypes`` event), a function called between the harness's own lines (tracing, profiling), and a process
started (a second process holds the channel as long as it lives: red team, round ten, forked one to rewrite
what the harness wrote).  The child starts no process of its own once the student's code is loaded."""

SEALED = ("__code__", "__defaults__", "__kwdefaults__")
"""Attributes of the harness's own functions the student's code may neither set (they would change what those
functions do, its writer among them) nor read (the writer's defaults hold the run's token; a code object of
the harness's would let a frame pass for one of its own)."""

REACHING = ("sys._getframe", "sys._current_frames", "gc.get_objects", "gc.get_referrers", "gc.get_referents",
            "sys.addaudithook")
"""Audit events that hand out a frame (whose ``f_back`` leads to the probe's, and its locals: the trace, the
timing run's digest) or objects the caller did not make, and the adding of an audit hook (which is handed
frames): refused while the student's code is on the stack (red team, round ten: ``sys._getframe`` from the
Deque's ``__init__`` reached the timing run's digest, and from ``makeOptimalMove()`` the search's trace)."""

FRAME_ATTRIBUTES = ("tb_frame", "gi_frame", "cr_frame", "ag_frame")
"""Attributes that hand out a frame too (each read raises ``object.__getattr__``): a traceback's, a
generator's or a coroutine's."""


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


def guard(namespaces, folder=None, sites=None, _refused=REFUSED, _sealed=SEALED, _reaching=REACHING,
          _frames=FRAME_ATTRIBUTES, _error=Refused, _type=type):
    """Install, once the harness and the probes are loaded and before the student's code is imported, an audit
    hook that keeps the search's ``Witness`` (fed by the ``xo.trace`` events raised from the frames of
    ``sites``' code objects: ``{event: (code, ...)}``, and refused from any other), refuses ``REFUSED``'s
    events, setting ``SEALED``'s attributes of a function of the harness or
    of the probes (whose globals are one of ``namespaces``), and, while a frame of the student's code (a file
    of ``folder``, or code compiled from a string) is on the stack, ``REACHING``'s events and reading
    ``FRAME_ATTRIBUTES``: the student's code then gets ``Refused``.  The harness's own reading of a traceback,
    once the student's call has ended, is untouched.  An audit hook cannot be removed, and what it uses is
    bound in its defaults; it is reachable from no object the student's code can name.  Nothing Project 5 asks
    for raises these events (``collections.namedtuple`` sets the defaults of a function of its own, which is no
    harness's, and asks for its caller's frame, which it does without)."""
    def hook(event, args, _refused=_refused, _sealed=_sealed, _error=_error, _namespaces=tuple(namespaces),
             _function=_type(guard), _type=_type, _reaching=_reaching, _frames=_frames, _folder=folder,
             _getframe=sys._getframe, _ident=_thread.get_ident, _busy=set(), _str=str, _sites=dict(sites or {}),
             _witness=Witness()):
        if event.startswith("xo.trace."):
            me = _ident()
            _busy.add(me)                          # the frame asked for below is the hook's own business
            try:
                frame = _getframe(1)
                code = frame.f_code
            finally:
                _busy.discard(me)
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
        if event in _reaching or event == "code.__new__" or (
                event == "object.__getattr__" and len(args) > 1 and args[1] in _frames):
            whole = True                           # refused with any frame of the student's on the stack
        elif event == "compile" and len(args) > 1 and not (
                _type(args[1]) is _str and args[1].startswith(("<", _folder)) and not args[1].startswith("<frozen")):
            whole = True                           # code given another file's name (its frames would pass as
                                                   # that file's): only the import system does so
        elif event == "marshal.loads":
            whole = False                          # code objects from bytes: only the import system's own
        else:
            return
        me = _ident()
        if me in _busy:                            # the walk below raises events of its own: let them be
            return
        _busy.add(me)
        try:
            frame = _getframe(1)
            name = frame.f_code.co_filename
            if event in ("compile", "marshal.loads") and _type(name) is _str and name.startswith("<frozen importlib"):
                return                             # the import system, loading a module
            while frame is not None:
                name = frame.f_code.co_filename
                if _type(name) is not _str or name.startswith(_folder) or (
                        name.startswith("<") and not name.startswith("<frozen")):
                    raise _error(f"the grader's sandbox does not allow this ({event}): your code runs inside "
                                 f"the grader's process, whose frames and objects are not yours to read")
                if not whole:
                    return
                frame = frame.f_back
        finally:
            _busy.discard(me)
    sys.addaudithook(hook)
