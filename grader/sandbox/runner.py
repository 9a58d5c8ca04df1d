"""The trusted side of the sandbox: start a child interpreter for one check,
enforce its limits, collect its observations, and leave nothing running.

Each run is a fresh ``python -I -S -B child.py`` in a new session (its own
process group).  The parent reads the child's observation channel, stdout and
stderr together, keeping only the head and tail of the output; at the deadline
it kills the whole group.  The grader makes itself a *child subreaper*, so any
process the student started and orphaned is re-parented to the grader, which
kills it before the next check.  As root, the child runs as an unprivileged
user that can read the staged submission and nothing of the grader's; each
grading running at the same time has a user of its own (a *slot*: ``xo-sandbox``,
then ``xo-sandbox-1``, ...), so that one submission can neither signal nor read
another's processes and files.  Where the kernel allows it (root with
CAP_SYS_ADMIN), that user also sees nothing of the machine outside the system's
folders, the stage and the interpreter (``child.enclose``): no other copy of
the kit, however readable, is there to be found.
"""

import ctypes
import fcntl
import glob
import json
import os
import pwd
import selectors
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time

from .. import ROOT
from .child import ESCAPED_EXIT, MEMORY_EXIT

CHILD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "child.py")
SANDBOX_USER = "xo-sandbox"         # slot 0's user; slot K > 0 runs as xo-sandbox-K
SLOTS = os.path.join(tempfile.gettempdir(), "xo-sandbox-slots")   # root's lock files, one per slot
MAX_SLOTS = 256
CHANNEL_LIMIT = 16 * 2**20          # bytes of observations a run may send
EVENT_LIMIT = 50_000                # lines (events) a run may send: the grader builds one dict per line
VALUE_LIMIT = 1_000_000             # JSON separators (, : [ {) a run may send: a bound on the objects parsed
DEPTH_LIMIT = 32                    # nesting of one event (real observations nest 6 deep)
FILE_LIMIT = 16 * 2**20             # RLIMIT_FSIZE: largest file the student may write
PROCESS_LIMIT = 64                  # RLIMIT_NPROC for the unprivileged user
CGROUP_MARGIN_MIB = 128            # the slot's memory cgroup: memory_mib for the child, this for the zygote and the rest
GRACE = 0.05                        # seconds to drain pipes after the child exits
ZYGOTE_WAIT = 1.0                   # seconds to wait for the zygote's word once the child is gone or killed


class Outcome:
    """What one run of the child produced.

    ``status`` is ``"done"`` (the probe finished), ``"timeout"`` (killed at the
    deadline), ``"exited"`` (the process ended early: ``sys.exit``,
    ``os._exit``, a signal, a resource limit) or ``"garbled"`` (the channel
    carried something that is not an observation).
    """

    def __init__(self, events, stdout, stderr, status, returncode, elapsed, timeout, limits=None, cpu=None):
        self.limits = limits or {}          # the run's resource limits (memory_bytes, cpu_seconds, file_bytes)
        self.cpu = cpu                      # CPU seconds the process used in all (its zygote's wait4), or None
        self.events = events
        self.stdout = stdout
        self.stderr = stderr
        self.status = status
        self.returncode = returncode
        self.elapsed = elapsed
        self.timeout = timeout

    def first(self, key):
        """The first event carrying ``key``, or None."""
        return next((e for e in self.events if key in e), None)

    def all(self, key):
        return [e for e in self.events if key in e]

    @property
    def ended_how(self):
        """A plain-words account of how the process ended, for feedback."""
        code = self.returncode
        if self.status == "timeout":
            return f"did not finish within {self.timeout:g} s and was stopped"
        if self.status == "garbled":
            return "wrote something to the grader's channel that is not an observation"
        if code is None:
            return "ended in an unknown way"
        limits = self.limits
        mib = f"{limits['memory_bytes'] / 2**20:g} MiB" if limits.get("memory_bytes") else "its limit"
        if code == MEMORY_EXIT:
            return f"ran out of memory: it needed more than the {mib} of memory it may use"
        if code == ESCAPED_EXIT:
            return "ended with an error the grader could not report (exit status 70), often a runaway recursion"
        if code < 0:
            sig = -code
            name = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else f"signal {sig}"
            cpu = f"{limits['cpu_seconds']:g} s" if limits.get("cpu_seconds") else "its limit"
            size = f"{limits['file_bytes'] / 2**20:g} MiB" if limits.get("file_bytes") else "the limit"
            reasons = {signal.SIGXCPU: f"it used up its CPU time ({cpu})",
                       signal.SIGKILL: f"it was killed (SIGKILL): out of memory ({mib}) or CPU time, or it killed "
                                       f"itself",
                       signal.SIGXFSZ: f"it wrote a file larger than {size}",
                       signal.SIGSEGV: "it crashed the interpreter (SIGSEGV), often a runaway recursion"}
            return f"was ended by {name}: {reasons.get(sig, 'a signal')}"
        if code == 0:
            return "ended the Python process early with exit status 0 (os._exit?)"
        return f"ended the Python process early with exit status {code} (sys.exit or os._exit?)"


class Bounded:
    """Keep the first and last ``limit`` characters of a stream, count the rest."""

    def __init__(self, limit):
        self.limit = limit
        self.head = bytearray()
        self.tail = bytearray()
        self.total = 0

    def add(self, data):
        self.total += len(data)
        room = self.limit - len(self.head)
        if room > 0:
            self.head += data[:room]
            data = data[room:]
        if data:
            self.tail += data
            del self.tail[:-self.limit]

    def text(self):
        head = self.head.decode("utf-8", "replace")
        if not self.tail:
            return head
        skipped = self.total - len(self.head) - len(self.tail)
        tail = self.tail.decode("utf-8", "replace")
        if skipped <= 0:
            return head + tail
        return f"{head}\n… [{skipped:,} bytes not shown] …\n{tail}"


def make_subreaper():
    """Ask Linux to re-parent the grader's orphaned descendants to the grader."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(36, 1, 0, 0, 0) == 0        # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


def _children():
    """The grader's child processes with their session ids (from /proc)."""
    pids = set()
    try:
        for task in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{task}/children") as f:
                pids.update(int(p) for p in f.read().split())
    except OSError:                          # a kernel without the children file: scan every process
        me = os.getpid()
        if not os.path.isdir("/proc"):       # not Linux (a student's Mac): nothing to find this way
            return []
        for entry in filter(str.isdigit, os.listdir("/proc")):
            stat = _stat(int(entry))
            if stat and int(stat[1]) == me:
                pids.add(int(entry))
    found = []
    for pid in pids:
        stat = _stat(pid)
        if stat:
            found.append((pid, int(stat[3])))
    return found


def _stat(pid):
    """Fields of /proc/PID/stat after the command name (state, ppid, pgrp, session, …)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read().decode("ascii", "replace")
    except OSError:
        return None
    return stat[stat.rindex(")") + 2:].split()


def reap_orphans(keep_session, keep=None):
    """Kill every adopted process outside the grader's own session (but ``keep``), until none is left."""
    for _ in range(200):
        strays = [pid for pid, sid in _children() if sid != keep_session and pid != keep]
        if not strays:
            return
        for pid in strays:
            for kill in (lambda: os.killpg(os.getpgid(pid), signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
                try:
                    kill()
                except OSError:
                    pass
        for pid in strays:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
        time.sleep(0.01)


def _prepare_zygote():
    """In the zygote, before it runs: ``PR_SET_NO_NEW_PRIVS`` (no execve of a set-uid program can give
    student code more rights; inherited by every process it forks) and OOM score 1000 (should memory run
    out, the kernel's OOM killer picks student processes, never the grader)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(38, 1, 0, 0, 0)                  # PR_SET_NO_NEW_PRIVS
    except (OSError, AttributeError):
        pass
    try:
        with open("/proc/self/oom_score_adj", "w") as f:
            f.write("1000")
    except OSError:
        pass


def protect_grader():
    """Give the grader itself a low OOM score, where the kernel allows (lowering it needs
    CAP_SYS_RESOURCE, which Docker's default set lacks: there the students' 1000 still decides)."""
    try:
        with open("/proc/self/oom_score_adj", "w") as f:
            f.write("-500")
    except OSError:
        pass


def user_processes(uid):
    """pids of the live (not zombie) processes whose owner is ``uid``."""
    found = []
    wanted = str(uid)
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:            # not the owner of /proc/PID: after setuid a process is not dumpable, and shows as root's
            with open(f"/proc/{entry}/status", "rb") as f:
                status = f.read().decode("ascii", "replace")
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if wanted not in fields.get("Uid", "").split()[:3] or fields.get("State", "").split()[:1] in (["Z"], ["X"]):
            continue
        found.append(int(entry))
    return found


def kill_user(uid, gid, patience=30.0):
    """As root: kill every process of ``uid`` until none is left.

    A helper forked from the grader becomes that user and sends ``kill(-1, SIGKILL)`` (every process it may
    signal: exactly that user's) over and over, until a scan of /proc finds none but itself: a self-healing
    chain of processes re-forking each other in new sessions cannot outrun a signal sent to all of them at
    once.  Should student code kill the helper, another is sent.  Returns the processes still alive (none)."""
    deadline = time.monotonic() + patience
    while user_processes(uid) and time.monotonic() < deadline:
        pid = os.fork()
        if pid == 0:                                  # the helper
            try:
                os.setgroups([])
                os.setresgid(gid, gid, gid)
                os.setresuid(uid, uid, uid)
                me = os.getpid()
                for _ in range(100000):
                    try:
                        os.kill(-1, signal.SIGKILL)
                    except ProcessLookupError:
                        break
                    except OSError:
                        pass
                    if not [p for p in user_processes(uid) if p != me]:
                        break
            finally:
                os._exit(0)
        os.waitpid(pid, 0)
    return user_processes(uid)


class MemoryCgroup:
    """A memory cgroup for one slot's processes, below the grader's own (cgroup v1's memory controller, or
    v2), so that everything they hold together (shared memory and memfd pages included, which RLIMIT_AS
    does not see) is limited and charged to them.  ``folder`` is None, and ``why`` says why, where the
    kernel or the container does not allow one (Docker mounts /sys/fs/cgroup read-only)."""

    def __init__(self, name, limit):
        self.folder, self.why = None, "no cgroup file system with a memory controller"
        for mount, knob in (("/sys/fs/cgroup/memory", "memory.limit_in_bytes"), ("/sys/fs/cgroup", "memory.max")):
            if knob == "memory.max" and not os.path.exists("/sys/fs/cgroup/cgroup.controllers"):
                continue
            if not os.path.isdir(mount):
                continue
            own = self._own(mount == "/sys/fs/cgroup")
            if own is None:
                continue
            folder = os.path.join(mount, own.lstrip("/"), name)
            try:
                try:
                    os.mkdir(folder, 0o700)
                except FileExistsError:
                    pass
                with open(os.path.join(folder, knob), "w") as f:
                    f.write(str(limit))
                if knob == "memory.limit_in_bytes":
                    try:
                        with open(os.path.join(folder, "memory.memsw.limit_in_bytes"), "w") as f:
                            f.write(str(limit))
                    except OSError:
                        pass
                else:
                    try:
                        with open(os.path.join(folder, "memory.swap.max"), "w") as f:
                            f.write("0")
                    except OSError:
                        pass
                self.folder, self.why = folder, None
                return
            except OSError as error:
                self.why = f"cannot make a memory cgroup in {os.path.dirname(folder)}: {error.strerror}"

    @staticmethod
    def _own(unified):
        """The grader's own cgroup path in the memory hierarchy (v1) or the unified one (v2)."""
        try:
            with open("/proc/self/cgroup") as f:
                for line in f:
                    _, controllers, path = line.rstrip("\n").split(":", 2)
                    if (unified and controllers == "") or (not unified and "memory" in controllers.split(",")):
                        return path
        except (OSError, ValueError):
            pass
        return None

    def add(self, pid):
        """Put process ``pid`` (the zygote, before it forks anything) in the cgroup."""
        if self.folder is None:
            return False
        try:
            with open(os.path.join(self.folder, "cgroup.procs"), "w") as f:
                f.write(str(pid))
            return True
        except OSError as error:
            self.why = f"cannot move the zygote into {self.folder}: {error.strerror}"
            return False

    def remove(self):
        if self.folder is not None:
            try:
                os.rmdir(self.folder)
            except OSError:
                pass


TEMPORARY = ("/tmp", "/var/tmp", "/dev/shm", "/dev/mqueue", "/run/lock")
"""Folders every user may write to: what a slot's user leaves there is removed after each grading."""


def remove_user_files(uid, folders=TEMPORARY):
    """Remove every entry owned by ``uid`` at the top of ``folders`` (links removed, never followed)."""
    removed = []
    for folder in dict.fromkeys([*folders, tempfile.gettempdir()]):
        try:
            entries = os.listdir(folder)
        except OSError:
            continue
        for name in entries:
            path = os.path.join(folder, name)
            try:
                info = os.lstat(path)
            except OSError:
                continue
            if info.st_uid != uid:
                continue
            try:
                if stat.S_ISDIR(info.st_mode):
                    shutil.rmtree(path)
                else:
                    os.unlink(path)
                removed.append(path)
            except OSError:
                pass
    return removed


SYSV_IPC = {"shm": "shmctl", "msg": "msgctl", "sem": "semctl"}
"""System V IPC objects, which outlive every process and live in no folder: listed in /proc/sysvipc/KIND."""


def remove_user_ipc(uid):
    """Remove every System V shared-memory segment, message queue and semaphore set ``uid`` owns; return
    how many.  A segment left by one grading could hand data to the next, and holds memory until removed."""
    libc = ctypes.CDLL(None, use_errno=True)
    removed = 0
    for kind, control in SYSV_IPC.items():
        try:
            with open(f"/proc/sysvipc/{kind}") as f:
                header, *rows = [line.split() for line in f]
        except OSError:
            continue
        try:
            ident, owner = header.index("shmid" if kind == "shm" else "msqid" if kind == "msg" else "semid"), \
                header.index("uid")
        except ValueError:
            continue
        for row in rows:
            if len(row) > max(ident, owner) and row[owner] == str(uid):
                call = getattr(libc, control)
                args = (int(row[ident]), 0, 0) if kind == "sem" else (int(row[ident]), 0, None)   # IPC_RMID = 0
                removed += call(*args) == 0
    return removed


def _reachable_by_others(path):
    """True when a user outside root's group can execute ``path`` (every folder on the way searchable)."""
    path = os.path.realpath(path)
    if not os.path.isfile(path) or not os.stat(path).st_mode & 0o001:
        return False
    folder = os.path.dirname(path)
    while True:
        if not os.stat(folder).st_mode & 0o001:
            return False
        if folder == "/":
            return True
        folder = os.path.dirname(folder)


def child_python(dropped):
    """The interpreter for the child: the grader's own, or, when the unprivileged
    user cannot run that one (a Python under /root, say), the system's python3.
    The child needs only the standard library."""
    if not dropped:
        return sys.executable
    for candidate in (sys.executable, "/usr/bin/python3", "/usr/local/bin/python3"):
        if _reachable_by_others(candidate):
            return os.path.realpath(candidate)
    raise RuntimeError(f"no Python interpreter that the user {SANDBOX_USER!r} may run: "
                       f"{sys.executable} is not reachable and there is no /usr/bin/python3")


def ensure_user(name=SANDBOX_USER):
    """Return (uid, gid) of the unprivileged sandbox user, creating it if needed."""
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--home-dir", "/nonexistent",
                        "--shell", "/usr/sbin/nologin", "--user-group", name],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        entry = pwd.getpwnam(name)
    return entry.pw_uid, entry.pw_gid


def slot_user(slot):
    """The sandbox user of ``slot``: ``xo-sandbox`` for slot 0 (Gradescope's one grading), else ``xo-sandbox-K``."""
    return SANDBOX_USER if slot == 0 else f"{SANDBOX_USER}-{slot}"


def _slot_folder():
    """A descriptor of ``SLOTS``, made if needed; refused unless it is a real folder of root's alone."""
    try:
        os.mkdir(SLOTS, 0o700)
    except FileExistsError:
        pass
    folder = os.open(SLOTS, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    info = os.fstat(folder)
    if info.st_uid != 0 or not stat.S_ISDIR(info.st_mode):
        os.close(folder)
        raise RuntimeError(f"{SLOTS} is not root's own folder: remove it")
    os.fchmod(folder, 0o700)
    return folder


def claim_slot():
    """As root: take the first free slot; return (slot, its user's (uid, gid), the lock's descriptor).

    The slot is ours while the descriptor is open (an exclusive ``flock``; a
    process that dies releases it).  The slot's user is created when missing,
    one creation at a time.
    """
    folder = _slot_folder()
    try:
        for slot in range(MAX_SLOTS):
            fd = os.open(f"slot-{slot}.lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600, dir_fd=folder)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                continue
            try:
                creating = os.open("users.lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600, dir_fd=folder)
                try:
                    fcntl.flock(creating, fcntl.LOCK_EX)     # useradd refuses to run twice at once
                    return slot, ensure_user(slot_user(slot)), fd
                finally:
                    os.close(creating)
            except BaseException:
                os.close(fd)
                raise
    finally:
        os.close(folder)
    raise RuntimeError(f"all {MAX_SLOTS} sandbox slots are taken: too many gradings at once")


def protect(paths):
    """As root: make ``paths`` (the fixtures, the configuration, the kit's answer keys) root-only."""
    for path in paths:
        if not os.path.exists(path):
            continue
        os.chmod(path, 0o700 if os.path.isdir(path) else 0o600)
        if os.path.isdir(path):
            for name in os.listdir(path):
                inner = os.path.join(path, name)
                os.chmod(inner, 0o700 if os.path.isdir(inner) else 0o600)


class Sandbox:
    """Runs probes against one submission, each in a fresh child process."""

    def __init__(self, files, limits, drop=None):
        """``files`` maps "board", "deque", "game" to the student's paths (missing ones absent)."""
        self.files = dict(files)
        self.limits = limits
        self.drop = (os.geteuid() == 0) if drop is None else drop
        self.user = self.slot = self.lock = self.stage = self.zygote = self.control = self.cgroup = None
        self.enclosed = None    # "yes", or "no: <why>", once a zygote has started (see child.enclose)
        self.garbled_runs = 0   # runs whose channel carried something that is not one of child.py's observations
        if self.drop:
            self.slot, self.user, self.lock = claim_slot()
            protect_grader()
            kill_user(*self.user)            # whatever an earlier grading in this slot may have left
            remove_user_files(self.user[0])
            remove_user_ipc(self.user[0])
            self.cgroup = MemoryCgroup(f"xo-sandbox-slot-{self.slot}", (limits["memory_mib"] + CGROUP_MARGIN_MIB) * 2**20)
        make_subreaper()
        self.session = os.getsid(0)
        try:
            self._stage(files)
        except BaseException:
            self.close()
            raise

    def _stage(self, files):
        """Make the stage folder: the submission, the child's code, its bytecode, the student's compiled files."""
        if self.drop:
            kit = os.path.dirname(ROOT)
            protect([os.path.join(ROOT, "fixtures"), os.path.join(ROOT, "config.toml"),
                     *sorted(glob.glob(os.path.join(kit, "dist", "autograder*.zip"))),
                     os.path.join(kit, "build", "compare")])
        self.stage = tempfile.mkdtemp(prefix="xo-stage-")
        self._share(self.stage)
        self.folder = os.path.join(self.stage, "submission")
        os.mkdir(self.folder)
        self._share(self.folder)
        for name, path in list(files.items()):
            target = os.path.join(self.folder, f"{name}.py")
            if not copy_regular(path, target):
                del self.files[name]             # replaced by a link or a FIFO since it was located
                continue
            self._share(target)
        self.python = child_python(bool(self.user))
        # The child's own code, compiled once by the child's interpreter: each check then starts
        # without compiling it (half of a small check's time otherwise).
        source = os.path.join(self.stage, "child.py")
        shutil.copyfile(CHILD, source)
        self.child = os.path.join(self.stage, "child.pyc")
        subprocess.run([self.python, "-I", "-S", "-c",
                        "import py_compile, sys; py_compile.compile(sys.argv[1], cfile=sys.argv[2], doraise=True)",
                        source, self.child], check=True)
        for path in (source, self.child):
            self._share(path)
        self.scratch = os.path.join(self.stage, "scratch")
        self.cache = os.path.join(self.stage, "compiled")
        self._precompile()

    def _share(self, path):
        """Let only root and this sandbox's user (by its group) read ``path``: folders 0750, files 0640.

        Another grading's user (another slot) is neither owner nor in the group,
        so it can read nothing of the stage.
        """
        if self.user:
            os.chown(path, -1, self.user[1])
        os.chmod(path, 0o750 if os.path.isdir(path) else 0o640)

    def _precompile(self):
        """Compile the student's files once, in the sandbox; keep the bytecode read-only for later checks."""
        os.mkdir(self.cache, 0o700)
        self._share(self.cache)
        outcome = self.run("compile", {}, [], self.limits["timeout"])
        for event in outcome.all("compiled"):
            name, image = event["compiled"], event.get("pyc")
            if name in self.files and isinstance(image, str):
                try:
                    data = bytes.fromhex(image)
                except ValueError:
                    continue
                target = os.path.join(self.cache, f"{name}.pyc")
                with open(target, "wb") as f:
                    f.write(data)
                self._share(target)

    def source(self, name):
        """Path of the student's file ``name``.py as staged: the copy made by ``copy_regular``, never the
        upload's own path (which a link could have made point anywhere since)."""
        if name not in self.files:
            raise KeyError(name)
        return os.path.join(self.folder, f"{name}.py")

    def close(self):
        """Stop every process of this sandbox (as root: every process of the slot's user), remove the stage
        and whatever that user left in the temporary folders, then give the slot back."""
        self._stop_zygote()
        if self.user:
            kill_user(*self.user)
        reap_orphans(self.session)
        if self.stage:
            shutil.rmtree(self.stage, ignore_errors=True)
        if self.user:
            remove_user_files(self.user[0])
            remove_user_ipc(self.user[0])
        if self.cgroup is not None:
            self.cgroup.remove()
        lock, self.lock = self.lock, None
        if lock is not None:
            os.close(lock)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _fresh_scratch(self):
        shutil.rmtree(self.scratch, ignore_errors=True)
        os.mkdir(self.scratch, 0o700)
        if self.user:
            os.chown(self.scratch, *self.user)

    def _environment(self):
        return {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": self.scratch, "TMPDIR": self.scratch,
                "LANG": "C.UTF-8",
                "PYTHONIOENCODING": "utf-8", "PYTHONHASHSEED": "0"}

    def _start_zygote(self):
        """Start the process that forks one child per check (see ``child.zygote``)."""
        self._stop_zygote()
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        # As root the zygote starts as root, hides the rest of the machine (``child.enclose``),
        # then drops to the slot's user for good before it reads anything sent to it.
        drop = ["--as", str(self.user[0]), str(self.user[1])] if self.user else []
        try:
            self.zygote = subprocess.Popen(
                [self.python, "-I", "-S", "-B", self.child, "--zygote", str(theirs.fileno()), *drop],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                pass_fds=(theirs.fileno(),), cwd=self.stage, env=self._environment(),
                start_new_session=True, umask=0o077, preexec_fn=_prepare_zygote)
        finally:
            theirs.close()
        if self.cgroup is not None:      # before the zygote forks anything: all the slot's processes are in it
            self.cgroup.add(self.zygote.pid)
        self.control = mine
        self.control_lines = []
        self.control_buffer = b""

    def _stop_zygote(self):
        zygote, self.zygote = getattr(self, "zygote", None), None
        if getattr(self, "control", None) is not None:
            self.control.close()
            self.control = None
        if zygote is not None:
            for kill in (lambda: os.killpg(zygote.pid, signal.SIGKILL), zygote.kill):
                try:
                    kill()
                except OSError:
                    pass
            zygote.wait()

    def _resume_zygote(self):
        """Let a stopped zygote go on: the student's code runs as the zygote's user and can SIGSTOP it (its
        parent), which would leave every later run waiting for a report until its deadline."""
        if self.zygote is not None:
            try:
                os.kill(self.zygote.pid, signal.SIGCONT)
            except OSError:
                pass

    def _control_line(self, deadline):
        """The zygote's next report ("pid N" or "status N"), or None if it is gone or the deadline passed."""
        while not self.control_lines:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            self.control.settimeout(remaining)
            try:
                data = self.control.recv(4096)
            except (socket.timeout, OSError):
                return None
            if not data:
                return None
            self.control_buffer += data
            *lines, self.control_buffer = self.control_buffer.split(b"\n")
            for line in lines:
                text = line.decode("ascii", "replace")
                if text.startswith("enclosed "):     # the zygote's first word: was the machine hidden?
                    self.enclosed = text[len("enclosed "):]
                else:
                    self.control_lines.append(text)
        return self.control_lines.pop(0)

    def _fork(self, fds):
        """Ask the zygote for a child holding ``fds``; return its pid (restarting a dead zygote once)."""
        for attempt in (1, 2):
            if self.zygote is None or self.zygote.poll() is not None:
                self._start_zygote()
            try:
                socket.send_fds(self.control, [b"run"], fds)
                line = self._control_line(time.monotonic() + 10)
            except OSError:
                line = None
            if line and line.startswith("pid "):
                return int(line.split()[1])
            self._stop_zygote()
        raise RuntimeError("the sandbox's zygote process could not start a child")

    def run(self, probe, args, modules, timeout):
        """Run ``probe`` with ``args`` after importing ``modules``; return an ``Outcome``."""
        self._fresh_scratch()
        limits = {"memory_bytes": self.limits["memory_mib"] * 2**20,
                  "cpu_seconds": int(timeout + self.limits["cpu_slack"]),
                  "file_bytes": FILE_LIMIT,
                  "processes": PROCESS_LIMIT if self.user else None}
        request = {"folder": self.folder, "cwd": self.scratch, "cache": self.cache, "modules": list(modules),
                   "probe": probe, "args": args, "limits": limits}
        pipes = [os.pipe() for _ in range(4)]          # request, stdout, stderr, channel
        (request_r, request_w), (out_r, out_w), (err_r, err_w), (channel_r, channel_w) = pipes
        started = time.monotonic()
        try:
            pid = self._fork([request_r, out_w, err_w, channel_w])
        finally:
            for fd in (request_r, out_w, err_w, channel_w):
                os.close(fd)
        try:
            _write_all(request_w, (repr(request) + "\n").encode())
        except OSError:
            pass
        os.set_blocking(request_w, False)    # later: one go-ahead byte per timing event (child.wait_for_parent)
        out, err = Bounded(self.limits["output_chars"]), Bounded(self.limits["output_chars"])
        channel = bytearray()
        arrivals = []                                    # (bytes of the channel read so far, when)
        timings = {}                                     # end of a timing event's line: (when, child's CPU)
        scanned = 0                                      # the channel's complete lines up to here are stamped
        overflow = False
        budget = [0, 0]                                  # lines and JSON separators received (see _budget)
        status = None
        returncode = cpu = None
        selector = selectors.DefaultSelector()
        streams = {out_r: out, err_r: err, channel_r: None}
        for fd in streams:
            os.set_blocking(fd, False)
            selector.register(fd, selectors.EVENT_READ)
        selector.register(self.control, selectors.EVENT_READ)
        deadline = started + timeout
        exited_at = closed_at = None
        while streams or exited_at is None:
            now = time.monotonic()
            if now >= deadline:
                status = "timeout"
                break
            if exited_at is not None and (now - exited_at > GRACE or not streams):
                break                    # the child is gone; whatever still holds a pipe is an orphan
            if not streams:
                if closed_at is None:
                    closed_at = now
                    self._resume_zygote()
                if now - closed_at > ZYGOTE_WAIT:
                    break                # every pipe closed but no word from the zygote: killed or stuck
            for key, _ in selector.select(timeout=min(0.05, deadline - now)):
                if key.fileobj is self.control:
                    line = self._control_line(time.monotonic() + 1)
                    exited_at = time.monotonic()
                    selector.unregister(self.control)
                    if line and line.startswith("status "):
                        returncode, cpu = _status(line)
                    else:                # the zygote itself was killed (by the student's code)
                        self._stop_zygote()
                    continue
                fd = key.fd
                try:
                    data = os.read(fd, 65536)
                except BlockingIOError:
                    continue
                if not data:
                    selector.unregister(fd)
                    del streams[fd]
                    continue
                sink = streams[fd]
                if sink is not None:
                    sink.add(data)
                elif (len(channel) + len(data) <= CHANNEL_LIMIT and not overflow
                      and _budget(budget, data) and budget[0] <= EVENT_LIMIT and budget[1] <= VALUE_LIMIT):
                    channel += data
                    arrivals.append((len(channel), time.monotonic()))
                    scanned = _stamp_timing_events(channel, scanned, timings, pid, request_w)
                else:
                    overflow = True
        selector.close()
        returncode, cpu = self._kill(pid, returncode, cpu)
        elapsed = time.monotonic() - started
        for fd in (out_r, err_r, channel_r, request_w):
            os.close(fd)
        events, garbled = _parse(channel, arrivals, timings)
        self.garbled_runs += bool(garbled or overflow)
        if status is None:
            finished = bool(events) and events[-1].get("done")
            status = "done" if finished and not garbled and not overflow else (
                "garbled" if garbled or overflow else "exited")
        return Outcome(events, out.text(), err.text(), status, returncode, elapsed, timeout, limits, cpu)

    def _kill(self, pid, returncode, cpu):
        """Kill the child's session and everything it left; return how the child ended and the CPU
        time it used (each None when the zygote did not say)."""
        for kill in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
            try:
                kill()
            except OSError:
                pass
        if returncode is None and self.zygote is not None:
            self._resume_zygote()
            line = self._control_line(time.monotonic() + ZYGOTE_WAIT)
            if line and line.startswith("status "):
                returncode, cpu = _status(line)
            else:
                self._stop_zygote()
        if self.user:                    # as root: nothing of the slot's user but its zygote survives a check
            zygote = self._zygote_pid()
            if [p for p in user_processes(self.user[0]) if p != zygote]:
                self._stop_zygote()      # kill(-1) takes the zygote too: the next run starts a new one
                kill_user(*self.user)
            remove_user_files(self.user[0])      # /dev/shm is memory: what one check left must not starve the next
            remove_user_ipc(self.user[0])
        reap_orphans(self.session, keep=self._zygote_pid())
        return returncode, cpu

    def _zygote_pid(self):
        return self.zygote.pid if self.zygote is not None else None


def _status(line):
    """The exit code and CPU seconds in the zygote's "status CODE CPU" line (CPU None if absent).

    >>> _status("status -9 1.250000")
    (-9, 1.25)
    """
    words = line.split()
    return int(words[1]), float(words[2]) if len(words) > 2 else None


def copy_regular(path, target, limit=FILE_LIMIT):
    """Copy ``path`` to a new file ``target`` only if ``path`` is a regular file, opened without following
    a link (``O_NOFOLLOW``) or blocking on a FIFO (``O_NONBLOCK``), and checked after opening (``fstat``),
    so that a link to the grader's fixtures or to any file root can read is never read.  Returns whether
    it copied."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        out = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            copied = 0
            while copied <= limit:
                data = os.read(fd, 1 << 20)
                if not data:
                    break
                _write_all(out, data)
                copied += len(data)
        finally:
            os.close(out)
        return True
    finally:
        os.close(fd)


def _write_all(fd, data):
    while data:
        data = data[os.write(fd, data):]


def cpu_seconds(pid):
    """CPU time used so far by every thread of process ``pid``, from the kernel's scheduler
    statistics (nanoseconds; ``/proc/PID/task/*/schedstat``), or None when they cannot be read."""
    total = 0
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/schedstat", "rb") as f:
                total += int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return total / 1e9


TIMING_EVENT = b'{"run": '          # how child.probe_deque_timing's begin and end events start


def _stamp_timing_events(channel, scanned, timings, pid, go):
    """Stamp each timing event completed in ``channel`` since ``scanned`` with the parent's clock and the
    child's CPU time, then let the child go on (it waits for one byte on ``go``).  Returns the new ``scanned``."""
    while True:
        end = channel.find(b"\n", scanned)
        if end < 0:
            return scanned
        if channel.startswith(TIMING_EVENT, scanned):
            timings[end + 1] = (time.monotonic(), cpu_seconds(pid))
            try:
                os.write(go, b"g")
            except OSError:              # the child is gone or does not read: its timing fails, nothing hangs
                pass
        scanned = end + 1


def _budget(budget, data):
    """Count ``data``'s lines and JSON separators into ``budget``: whatever the child sends, the grader
    parses at most ``EVENT_LIMIT`` events of at most ``VALUE_LIMIT`` values in all (16 MiB of ``{}``
    lines would otherwise be 5.6 million dicts, a gigabyte of the grader's memory)."""
    budget[0] += data.count(b"\n")
    budget[1] += data.count(b",") + data.count(b":") + data.count(b"[") + data.count(b"{")
    return True


def _depth_ok(value, limit=DEPTH_LIMIT):
    """Whether ``value`` nests no deeper than ``limit`` (checked without recursion)."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return False
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return True


EXCEPTION_KEYS = ("raised", "import_error", "probe_error")


def _exception_ok(problem):
    return (isinstance(problem, dict) and all(isinstance(problem.get(k), str) for k in ("type", "message"))
            and isinstance(problem.get("traceback", ""), str)
            and all(isinstance(problem.get(k, False), bool) for k in ("value_error", "index_error", "not_implemented"))
            and (problem.get("where") is None or isinstance(problem["where"], dict)))


def _well_formed(event):
    """Whether every exception report and every encoded value in ``event`` has child.py's own shape."""
    stack = [event]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(v for v in item if isinstance(v, (dict, list)))
            continue
        if not isinstance(item, dict):
            continue
        for key in EXCEPTION_KEYS:
            if key in item and not _exception_ok(item[key]):
                return False
        if "type" in item and any(k in item for k in ("value", "repr", "items")):
            if not isinstance(item["type"], (str, type(None))) or not isinstance(item.get("repr", ""), str):
                return False
            if "items" in item and (not isinstance(item["items"], list) or type(item.get("length")) is not int
                                    or item["length"] < len(item["items"])):
                return False
        stack.extend(v for v in item.values() if isinstance(v, (dict, list)))
    return True


def _inert(event):
    """Escape the student's exception text in ``event`` (its type's name and its message), wherever an
    exception is reported, so that no check can put it into the Markdown raw (``feedback.escape``)."""
    from ..feedback import escape
    stack = [event]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key in EXCEPTION_KEYS:
                problem = item.get(key)
                if isinstance(problem, dict):
                    for field in ("type", "message"):
                        if field in problem:
                            problem[field] = escape(problem[field], limit=2000)
            stack.extend(v for v in item.values() if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            stack.extend(v for v in item if isinstance(v, (dict, list)))
    return event


def _parse(channel, arrivals=(), timings=None):
    """Split the channel into JSON events; report whether anything was not one.

    Each event gets ``arrived``: the parent's clock when its last byte was read
    (from ``arrivals``, pairs of bytes read so far and time), whatever the child
    put in that key.  A timing event the parent stamped as it arrived (``timings``,
    by the end of its line) gets that time and ``cpu``, the child's CPU time then;
    any ``cpu`` the child wrote itself is dropped.

    >>> _parse(b'{"a": 1}\\n{"b": 2}\\n', [(9, 1.5), (18, 2.5)])
    ([{'a': 1, 'arrived': 1.5}, {'b': 2, 'arrived': 2.5}], False)
    >>> _parse(b'{"run": 5, "cpu": 0}\\n', [(21, 2.0)], {21: (1.9, 0.25)})
    ([{'run': 5, 'arrived': 1.9, 'cpu': 0.25}], False)
    """
    timings = timings or {}
    events, garbled = [], False
    data = bytes(channel)
    stamps = iter(arrivals)
    stamp = next(stamps, (float("inf"), None))
    start = 0
    while start < len(data):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end + 1
        line, start = data[start:end], end
        while stamp[0] < end:
            stamp = next(stamps, (float("inf"), None))
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except (ValueError, RecursionError):      # RecursionError: a line nested thousands deep
            garbled = True
            continue
        if isinstance(event, dict) and _depth_ok(event):
            if not _well_formed(event):
                garbled = True
                continue
            _inert(event)
            event["arrived"] = stamp[1]
            event.pop("cpu", None)
            if end in timings:
                event["arrived"], event["cpu"] = timings[end]
            events.append(event)
        else:
            garbled = True
    return events, garbled


class InProcess:
    """The same probes run inside the grader's own process: no isolation at all.

    For measuring the cost of isolation (``bench/grade.py``) only; never used
    to grade students.
    """

    def __init__(self, files, limits, drop=None):
        from . import child
        self.child = child
        self.files = dict(files)
        self.stage = tempfile.mkdtemp(prefix="xo-inproc-")
        self.folder = os.path.join(self.stage, "submission")
        os.mkdir(self.folder)
        for name, path in files.items():
            shutil.copyfile(path, os.path.join(self.folder, f"{name}.py"))

    def close(self):
        shutil.rmtree(self.stage, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def source(self, name):
        return self.files[name]

    def run(self, probe, args, modules, timeout):
        saved = {k: v for k, v in sys.modules.items() if k in ("xo", "board", "deque", "game") or k.startswith("xo.")}
        events = []
        started = time.monotonic()
        cwd = os.getcwd()
        try:
            self.child.serve({"folder": self.folder, "modules": list(modules), "probe": probe, "args": args},
                             lambda event: events.append({**json.loads(json.dumps(event)),
                                                          "arrived": time.monotonic()}))
        finally:
            os.chdir(cwd)
            for name in [k for k in sys.modules if k in ("xo", "board", "deque", "game") or k.startswith("xo.")]:
                del sys.modules[name]
            sys.modules.update(saved)
            sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, self.child._FlatAlias)]
        events.append({"done": True})
        return Outcome(events, "", "", "done", 0, time.monotonic() - started, timeout)
