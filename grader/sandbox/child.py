"""The sandboxed side of a check: load the student's files, make the calls a
check asks for, report plain observations.

This file runs as ``python -I -S -B child.py`` in a process of its own (as an
unprivileged user when the grader is root).  It imports nothing but the
standard library and never sees an expected value: it reads one JSON request
on standard input, applies its resource limits *before* any student code is
imported, then writes one JSON object per line to the file descriptor named in
the request.  The trusted parent (``runner.py``) decides every verdict.

It is staged and compiled as a single file with ``encoding.py`` and ``guard.py``
before it (``HARNESS_FILES``, joined by ``staged_source``): one file that imports nothing
of the grader (the probes come separately, see ``load_probes``), so that
nothing else of the grader is readable or importable in the child.

Observations are JSON-plain.  A value is reported as ``{"type": "int",
"value": 3}`` only when its type is exactly a built-in plain type; anything
else (an ``int`` subclass, an object with a rigged ``__eq__``) is reported by
its type name and ``repr`` and can never compare equal to an expected value.
"""

import _frozen_importlib as bootstrap  # the import system itself, loaded at start-up
import _frozen_importlib_external as external
import os
import sys
import time

try:                                             # in the grader (``runner.InProcess``, the parent's constants)
    from .encoding import (MAX_ITEMS, MAX_TEXT, STUDENT, attempt, dump, enc, raised, read_traceback,  # noqa: F401
                           safe_repr, type_name)
    from .guard import guard
except ImportError:                              # staged: encoding.py's and guard.py's names come first in the
    pass                                         # same file

# Start-up time is paid once per check, so this file imports only modules the
# interpreter has loaded anyway; ``traceback`` is imported when a student's
# exception needs describing, and observations are written by ``dump`` below
# rather than by ``json`` (whose import alone costs more than the interpreter's start).

MEMORY_EXIT = 75        # the child's exit status when it ran out of memory beyond reporting it
ESCAPED_EXIT = 70       # ...when anything else escaped the harness (never a normal end)
REPLACED_EXIT = 71      # ...when the channel's descriptor no longer held the pipe the parent reads


# ---------------------------------------------------------------- limits

def apply_limits(limits):
    """Set the resource limits the student cannot raise (soft == hard); none where the system has no
    ``resource`` module (Windows: the spawned sandbox's wall-clock limit still holds)."""
    try:
        import resource
    except ImportError:
        return

    def cap(which, value):
        try:
            resource.setrlimit(which, (value, value))
        except (ValueError, OSError):
            pass                      # a limit this kernel will not lower: the parent's timeout still holds

    cap(resource.RLIMIT_CORE, 0)
    if hasattr(resource, "RLIMIT_MSGQUEUE"):
        cap(resource.RLIMIT_MSGQUEUE, 0)    # no POSIX message queue: one outlives every run (red team, round five)
    if limits.get("memory_bytes"):
        cap(resource.RLIMIT_AS, limits["memory_bytes"])
    if limits.get("cpu_seconds"):
        cap(resource.RLIMIT_CPU, limits["cpu_seconds"])
    if limits.get("file_bytes") is not None:
        cap(resource.RLIMIT_FSIZE, limits["file_bytes"])
    if limits.get("processes"):
        cap(resource.RLIMIT_NPROC, limits["processes"])


# ---------------------------------------------------------------- loading

class _FlatAlias:
    """Make ``import board`` (a flat import) return ``xo.board``: one module,
    one class object, whichever way the student's files import each other."""

    def find_spec(self, name, path=None, target=None):
        if name in STUDENT["names"] and path is None:
            return bootstrap.ModuleSpec(name, self)
        return None

    def create_module(self, spec):
        return import_student(spec.name)

    def exec_module(self, module):
        pass


class _Compiled:
    """Load ``xo.board`` etc. from bytecode the grader compiled once per
    submission (``probe_compile``), so each check skips compiling the files."""

    def __init__(self, folder, cache):
        self.folder = folder
        self.cache = cache

    def find_spec(self, name, path=None, target=None):
        package = STUDENT["package"]
        short = name[len(package) + 1:] if name.startswith(package + ".") else None
        if short not in STUDENT["names"] or not self.cache:
            return None
        compiled = os.path.join(self.cache, f"{short}.pyc")
        if not os.path.exists(compiled):
            return None
        loader = external.SourcelessFileLoader(name, compiled)
        return external.spec_from_file_location(name, os.path.join(self.folder, f"{short}.py"), loader=loader)


def install_package(folder, cache=None):
    """Register ``folder`` as the student's package (``STUDENT["package"]``; it has no ``__init__.py``)."""
    for name in list(sys.modules):
        if name == STUDENT["package"] or name.startswith(STUDENT["package"] + ".") or name in STUDENT["names"]:
            del sys.modules[name]
    name = STUDENT["package"]
    spec = bootstrap.ModuleSpec(name, None, is_package=True)
    spec.submodule_search_locations = [folder]
    package = type(sys)(name)
    package.__spec__ = spec
    package.__path__ = [folder]
    package.__package__ = name
    sys.modules[name] = package
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, (_FlatAlias, _Compiled))]
    sys.meta_path[:0] = [_FlatAlias(), _Compiled(folder, cache)]


def import_student(name):
    full = f"{STUDENT['package']}.{name}"
    __import__(full)
    return sys.modules[full]


def probe_compile(modules, args, emit):
    """Compile each student file (nothing is run) and send back its bytecode as a .pyc image."""
    for name in STUDENT["names"]:
        path = os.path.join(STUDENT["folder"], f"{name}.py")
        try:
            with open(path, "rb") as f:
                source = f.read()
            code = compile(source, path, "exec", dont_inherit=True)
        except (OSError, SyntaxError, ValueError):
            continue                       # each check will report the problem when it imports the file
        info = os.stat(path)
        image = external._code_to_timestamp_pyc(code, info.st_mtime, info.st_size)
        emit({"compiled": name, "pyc": bytes(image).hex()})


# ---------------------------------------------------------------- serving

HARNESS = ("MAX_ITEMS", "MAX_TEXT", "STUDENT", "attempt", "enc", "import_student", "raised", "safe_repr",
           "type_name")
"""What a probes file may use of this module: ``load_probes`` hands it these names."""


def load_probes(path):
    """The probes defined in the file ``path`` (``PROBES``, by name), with ``compile`` beside them.

    ``path`` is Python source, or bytecode the runner compiled with the child's own interpreter
    (``.pyc``).  The file is run with this module's ``HARNESS`` names already defined, so that it needs
    nothing of the grader's package.
    """
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".pyc"):
        import marshal
        code = marshal.loads(data[16:])           # after the .pyc header: magic, flags, date, size
    else:
        code = compile(data, path, "exec", dont_inherit=True)
    namespace = {"__name__": "probes", "__builtins__": __builtins__, **{name: globals()[name] for name in HARNESS}}
    exec(code, namespace)
    return {**namespace["PROBES"], "compile": probe_compile, "globals": namespace}


def serve(request, emit):
    """Load the modules the request names, then run its probe."""
    STUDENT.update(folder=os.path.join(request["folder"], ""), package=request.get("package", STUDENT["package"]),
                   names=tuple(request.get("names", STUDENT["names"])))
    probes = load_probes(request["probes"])
    if request.get("guard", True):
        # modules whose import reads a frame (``types``: ``FrameType = type(tb.tb_frame)``), and that the harness
        # needs to describe an error (``traceback``): loaded while the hook does not yet refuse that.  Forked
        # from the zygote, ``types`` is loaded already (``socket`` imports it); spawned (a laptop without
        # ``fork``), it was not, and the first error described failed to import ``traceback``.
        import traceback  # noqa: F401
        import types  # noqa: F401
        sites = probes["globals"].get("trace_sites")
        guard([globals(), probes["globals"]], STUDENT["folder"], sites() if sites else None, read_traceback.__code__)
    install_package(request["folder"], request.get("cache"))
    modules = {}
    for name in request["modules"]:
        started = time.perf_counter()
        try:
            modules[name] = import_student(name)
        except BaseException as error:
            emit({"import_error": {"module": name, **raised(error)}})
            return
        emit({"imported": name, "seconds": time.perf_counter() - started})
    try:
        probes[request["probe"]](modules, request.get("args", {}), emit)
    except BaseException as error:       # a probe step that could not even start (a missing class, say)
        emit({"probe_error": raised(error)})


def writer(fd, token="", _write=os.write, _dump=dump, _len=len, _fstat=os.fstat, _exit=os._exit):
    """The function that sends one observation on the channel ``fd``: a line of JSON written with ``os.write``.

    What it uses is bound here, before any of the student's code runs, as its defaults: ``os.write`` itself
    (not a file object whose ``write`` an attribute could shadow), ``dump`` (which binds what it uses the same
    way) and ``fd``.  The audit hook ``guard`` refuses any change to a function's defaults or code, so the
    student's code can neither rebind nor wrap what writes the grader's observations (red team, round nine:
    a ``write`` of the channel's file object replaced from inside the student's process rewrote them).
    Before each line it checks that ``fd`` still holds the pipe it held at the start (its device and inode):
    a descriptor replaced by another (``os.dup2``: red team, round ten, with a process of its own rewriting
    what passed through) ends the child at once with ``REPLACED_EXIT``, and nothing more is written.
    Each line starts with ``token``, which the parent drew for this run and sent in the request: a line
    written on the channel by anything else (``os.write`` on its descriptor, red team, round eleven: a forged
    timing report and "done", then an exit) lacks it, and the parent counts the channel as forged.  The
    token is held only here, in the defaults, which ``guard`` keeps the student's code from reading.  They are
    positional-only, the token first: a caller can change what writes (red team, round fourteen: ``emit(…,
    _write=…)`` handed its own function the line, token included) only by passing a token of its own before
    it, and a line with another token is not an observation."""
    first = os.fstat(fd)
    held = (first.st_dev, first.st_ino)

    def emit(event, _token=token.encode("ascii"), _fd=fd, _write=_write, _dump=_dump, _len=_len, _fstat=_fstat,
             _exit=_exit, _held=held, /):
        try:
            now = _fstat(_fd)
            same = (now.st_dev, now.st_ino) == _held
        except OSError:
            same = False
        if not same:
            _exit(REPLACED_EXIT)
        data = _token + (_dump(event) + "\n").encode("utf-8")
        while data:
            data = data[_write(_fd, data):]
    return emit


def handle(request, channel_fd):
    """Serve one request in this process, then end it (never returns)."""
    emit = writer(channel_fd, request.pop("token", ""))
    real_exit = os._exit
    apply_limits(request.get("limits", {}))
    os.chdir(request.get("cwd") or request["folder"])
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    try:
        serve(request, emit)
    except MemoryError:
        # Reporting the student's MemoryError needed memory too (its traceback still holds what was
        # allocated): end with the exit status that tells the parent so, without another allocation.
        real_exit(MEMORY_EXIT)
    emit({"done": True})
    sys.stdout.flush()
    real_exit(0)                          # skip interpreter teardown: no student __del__ runs after "done"


def read_request(fd):
    """The request: one line holding a Python literal written by the trusted parent, read before any
    student code runs."""
    chunks = []
    while not chunks or not chunks[-1].endswith(b"\n"):
        data = os.read(fd, 65536)
        if not data:
            break
        chunks.append(data)
    return eval(b"".join(chunks).decode("utf-8"), {"__builtins__": {}}, {})


def serve_forked(control, fds):
    os.setsid()
    request_fd, out_fd, err_fd, channel_fd = fds
    control.close()
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(out_fd, 1)
    os.dup2(err_fd, 2)
    for fd in (null, out_fd, err_fd):
        os.close(fd)
    request = read_request(request_fd)
    os.close(request_fd)
    handle(request, channel_fd)


def zygote(control_fd):
    """Fork one child per request, so that each check starts without an interpreter's start-up.

    The parent sends four descriptors over the control socket: the request's
    pipe, stdout, stderr and the observation channel.  The zygote forks; the
    child starts a session of its own and handles the request; the zygote
    reports the child's pid, then how it ended.  No student code ever runs in
    the zygote itself.
    """
    import socket
    control = socket.socket(fileno=control_fd)
    while True:
        try:
            message, fds, _, _ = socket.recv_fds(control, 16, 4)
        except OSError:
            os._exit(0)
        if not message or len(fds) != 4:
            os._exit(0)
        pid = os.fork()
        if pid == 0:
            try:
                serve_forked(control, fds)
            finally:
                os._exit(ESCAPED_EXIT)        # never return into the zygote's loop
        for fd in fds:
            os.close(fd)
        control.sendall(f"pid {pid}\n".encode())
        _, status, usage = os.wait4(pid, 0)
        code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        # and the CPU time the child used in all, threads that ended included: the parent's measure
        # of what a run cost, whatever the child said or sent
        control.sendall(f"status {code} {usage.ru_utime + usage.ru_stime:.6f}\n".encode())


# ---------------------------------------------------------------- enclosure (as root, before dropping)

SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/proc", "/sys", "/dev",
          "/var", "/run", "/boot", "/nix", "/gnu")
"""Top-level folders left visible: the system's.  Every other one (``/work``, ``/home``, ``/root``,
``/tmp``, ``/opt``, ``/autograder``, ...) is covered by an empty folder, and so is ``/var/tmp``."""


def enclose(keep):
    """Hide every folder outside the system's from this process and its children, but ``keep``.

    As root, in a mount namespace of this process's own (``unshare(CLONE_NEWNS)``):
    an empty, root-owned ``tmpfs`` covers each top-level folder not in ``SYSTEM``
    (student code writes only in its scratch folder, its ``HOME`` and
    ``TMPDIR``), then each folder of ``keep`` (the stage, the interpreter's
    prefix) is bound back where it was.  So no copy of the kit
    elsewhere on the machine (another checkout, a build, a world-readable clone)
    can be read by student code, whatever its permissions.  Returns "yes", or
    "no: <why>" when the kernel refuses (a container without CAP_SYS_ADMIN, as
    on Gradescope, where the grader's own files are root-only anyway); nothing
    is left half-done.
    """
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    CLONE_NEWNS, MS_NOSUID, MS_NODEV, MS_BIND, MS_REC, MS_PRIVATE, MNT_DETACH = (
        0x20000, 2, 4, 4096, 0x4000, 1 << 18, 2)

    def call(what, result):
        if result != 0:
            number = ctypes.get_errno()
            raise OSError(number, f"{what}: {os.strerror(number)}")

    def mount(source, target, kind, flags, options):
        call(f"mount {target}", libc.mount(None if source is None else source.encode(), target.encode(),
                                           None if kind is None else kind.encode(), flags,
                                           None if options is None else options.encode()))

    try:
        call("unshare", libc.unshare(CLONE_NEWNS))
        mount(None, "/", None, MS_REC | MS_PRIVATE, None)     # nothing done here reaches the machine's mounts
    except OSError as error:
        return f"no: {error}"
    keep = [os.path.realpath(path) for path in keep]
    held = [(path, os.open(path, os.O_PATH | os.O_DIRECTORY)) for path in keep if os.path.isdir(path)]
    covered = []
    try:
        tops = ["/" + name for name in sorted(os.listdir("/"))] + ["/var/tmp"]
        for path in tops:
            if path in SYSTEM or os.path.islink(path) or not os.path.isdir(path):
                continue
            mount("xo-hidden", path, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=64k")
            covered.append(path)
        for path, fd in held:
            if not any(path == c or path.startswith(c + "/") for c in covered):
                continue
            os.makedirs(path, mode=0o755, exist_ok=True)
            mount(f"/proc/self/fd/{fd}", path, None, MS_BIND | MS_REC, None)
    except OSError as error:
        for path in reversed(covered):
            libc.umount2(path.encode(), MNT_DETACH)
        return f"no: {error}"
    finally:
        for _, fd in held:
            os.close(fd)
    return "yes"


def launch(control_fd, uid, gid):
    """As root: enclose, drop to ``uid``/``gid`` for good, then serve as the zygote."""
    stage = os.getcwd()
    enclosed = enclose([stage, sys.base_prefix, sys.base_exec_prefix, os.path.dirname(sys.executable)])
    os.chdir(stage)
    os.setgroups([])
    os.setgid(gid)
    os.setuid(uid)
    if os.getuid() != uid or os.geteuid() != uid or os.getgid() != gid or os.getegid() != gid:
        os._exit(71)
    try:
        os.setuid(0)                                    # must be impossible now
    except OSError:
        pass
    else:
        os._exit(71)
    for name in [m for m in sys.modules if m == "ctypes" or m.startswith("ctypes.")]:
        del sys.modules[name]         # imported as root for the enclosure: not lying about for student code
    os.write(control_fd, f"enclosed {enclosed}\n".encode("ascii", "replace"))
    zygote(control_fd)


def serve_spawned():
    """Serve one request where nothing can be forked (``sandbox.spawned``): the request on standard input;
    the observations on standard output; the student's own printing, moved out of the channel's way, on
    standard error."""
    request = read_request(0)
    channel_fd = os.dup(1)
    os.dup2(2, 1)
    handle(request, channel_fd)


def main():
    if sys.argv[1:] == ["--spawned"]:
        serve_spawned()
    if len(sys.argv) == 6 and sys.argv[1] == "--zygote" and sys.argv[3] == "--as":
        launch(int(sys.argv[2]), int(sys.argv[4]), int(sys.argv[5]))
    if len(sys.argv) == 3 and sys.argv[1] == "--zygote":
        os.write(int(sys.argv[2]), b"enclosed no: not run as root\n")
        zygote(int(sys.argv[2]))
    request = eval(sys.stdin.readline(), {"__builtins__": {}}, {})
    handle(request, request["channel"])


if __name__ == "__main__":
    main()
