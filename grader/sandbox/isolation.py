"""Isolation: who runs the student's code and what it may leave behind.

The sandbox's users and slots (each grading running at the same time has a user
of its own: ``xo-sandbox``, then ``xo-sandbox-1``, ...), its memory cgroup, the
subreaper that collects what the student's processes orphaned, and the
cleaning after each run: every process, file and System V IPC object of the
slot's user removed, and its keyrings emptied.  Nothing here knows what is
being graded.  About 600 lines, kept together on purpose: every privileged operation of the sandbox is
here, to be audited in one place.
"""

import ctypes
import fcntl
import os
import pwd
import signal
import stat
import subprocess
import sys
import tempfile
import time


SANDBOX_USER = "xo-sandbox"         # slot 0's user; slot K > 0 runs as xo-sandbox-K
SLOTS = os.path.join(tempfile.gettempdir(), "xo-sandbox-slots")   # root's lock files, one per slot
MAX_SLOTS = 256
FILE_LIMIT = 16 * 2**20             # RLIMIT_FSIZE: largest file the student may write
PROCESS_LIMIT = 64                  # RLIMIT_NPROC for the unprivileged user
CGROUP_MARGIN_MIB = 128            # the slot's memory cgroup: memory_mib for the child, this for the zygote and the rest


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


def prepare_zygote():
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
    wanted = str(uid).encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:            # not the owner of /proc/PID: after setuid a process is not dumpable, and shows as root's
            with open(f"/proc/{entry}/status", "rb") as f:
                status = f.read()
        except OSError:
            continue
        # Only the two lines read, not a dict of all fifty: this runs after every run of a grading.
        uids, state = _status_field(status, b"\nUid:"), _status_field(status, b"\nState:")
        if wanted not in uids.split()[:3] or state[:1] in (b"Z", b"X"):
            continue
        found.append(int(entry))
    return found


def _status_field(status, name):
    """The value of the line ``name`` (``b"\\nUid:"``) of a /proc/PID/status, stripped; b"" if absent.

    >>> _status_field(b"Name:\\tsleep\\nState:\\tS (sleeping)\\nUid:\\t0\\t0\\t0\\t0\\n", b"\\nUid:")
    b'0\\t0\\t0\\t0'
    """
    start = status.find(name)
    if start < 0:
        return b""
    start += len(name)
    end = status.find(b"\n", start)
    return status[start:end if end >= 0 else len(status)].strip()


def become(uid, gid):
    """Make this (forked, root) process ``uid`` and ``gid`` for good, with no other group."""
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)


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
                become(uid, gid)
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
        for folder, knob in self.places(name):
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

    @classmethod
    def places(cls, name):
        """(folder, limit's knob) where the cgroup ``name`` goes, below the grader's own: cgroup v1's memory
        controller, then v2's unified hierarchy, where each is mounted."""
        for mount, knob in (("/sys/fs/cgroup/memory", "memory.limit_in_bytes"), ("/sys/fs/cgroup", "memory.max")):
            if knob == "memory.max" and not os.path.exists("/sys/fs/cgroup/cgroup.controllers"):
                continue
            if not os.path.isdir(mount):
                continue
            own = cls._own(mount == "/sys/fs/cgroup")
            if own is not None:
                yield os.path.join(mount, own.lstrip("/"), name), knob

    @classmethod
    def remove_left(cls, name):
        """Remove the cgroup ``name`` a killed grading left (empty once its processes are killed); return
        how many folders were removed."""
        removed = 0
        for folder, _ in cls.places(name):
            try:
                os.rmdir(folder)
                removed += 1
            except OSError:
                pass
        return removed

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


def linked_entries(folders=TEMPORARY):
    """The files at the top of ``folders`` now: ``(path, device, inode)`` of every entry that is not a
    folder (``remove_user_files`` removes a name made later for one of these inodes)."""
    return frozenset((path, info.st_dev, info.st_ino) for folder in dict.fromkeys([*folders, tempfile.gettempdir()])
                     for path, info in _entries(folder) if not stat.S_ISDIR(info.st_mode))


def remove_user_files(uid, folders=TEMPORARY, links_before=None):
    """Remove every entry owned by ``uid`` at the top of ``folders`` (links removed, never followed); given
    ``links_before`` (``linked_entries()`` when the grading began), every new name made since for a file that
    was there then, whoever owns it: a user may link any file it can read and write
    (``fs.protected_hardlinks``), and the link is then the file owner's.  A root-owned file of mode 0666 in
    /dev/shm, linked under a name of the student's, outlived the grading and could carry data to the next one
    (red team, round seven).  The file's own name, there when the grading began, is kept."""
    removed = []
    inodes = {(device, inode) for _, device, inode in links_before} if links_before is not None else set()
    for folder in dict.fromkeys([*folders, tempfile.gettempdir()]):
        for path, info in _entries(folder):
            new_link = info.st_nlink > 1 and not stat.S_ISDIR(info.st_mode) \
                and (info.st_dev, info.st_ino) in inodes and (path, info.st_dev, info.st_ino) not in links_before
            if info.st_uid != uid and not new_link:
                continue
            try:
                if stat.S_ISDIR(info.st_mode):
                    remove_tree(path)
                else:
                    os.unlink(path)
                removed.append(path)
            except OSError:
                pass
    return removed


def remove_tree(path):
    """Remove the folder ``path`` and everything under it, however deep or wide, links never followed.

    ``shutil.rmtree`` recurses once per level: a tree 1,500 folders deep (``os.makedirs("d/" * 1500)`` in
    student code) raises RecursionError, which is no OSError, and left the stage, with the submission in
    it, for the next grading.  This walks the tree with a stack of its own, bottom up.  Errors are ignored;
    what cannot be removed stays."""
    stack = [(path, False)]
    while stack:
        folder, emptied = stack.pop()
        if emptied:
            try:
                os.rmdir(folder)
            except OSError:
                pass
            continue
        stack.append((folder, True))
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    try:
                        if entry.is_dir(follow_symlinks=False):
                            stack.append((entry.path, False))
                        else:
                            os.unlink(entry.path)
                    except OSError:
                        pass
        except OSError:
            pass


SYSV_IPC = {"shm": "shmctl", "msg": "msgctl", "sem": "semctl"}
"""System V IPC objects, which outlive every process and live in no folder: listed in /proc/sysvipc/KIND."""


def remove_user_ipc(uid, gid=None):
    """Remove every System V shared-memory segment, message queue and semaphore set ``uid`` owns; return
    how many.  A segment left by one grading could hand data to the next, and holds memory until removed.

    Removing another user's object needs CAP_SYS_ADMIN, which Docker does not grant (Gradescope's
    containers): as root with ``gid``, a helper that has become ``uid`` removes them as their owner."""
    if not _ipc_of(uid):
        return 0
    if gid is not None and os.geteuid() == 0 and uid != 0:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:                                  # the helper, as the objects' owner
            try:
                os.close(read)
                become(uid, gid)
                os.write(write, str(remove_user_ipc(uid)).encode())
            finally:
                os._exit(0)
        os.close(write)
        with os.fdopen(read, "rb") as f:
            said = f.read()
        os.waitpid(pid, 0)
        return int(said) if said.isdigit() else 0
    libc = ctypes.CDLL(None, use_errno=True)
    removed = 0
    for kind, ident in _ipc_of(uid):
        call = getattr(libc, SYSV_IPC[kind])
        args = (ident, 0, 0) if kind == "sem" else (ident, 0, None)   # IPC_RMID = 0
        removed += call(*args) == 0
    return removed


def _ipc_of(uid):
    """[(kind, id)] of every System V IPC object ``uid`` owns or created (from /proc/sysvipc, readable by
    anyone): its creator may give the ownership away with IPC_SET, and may still remove it (red team, round
    five)."""
    found = []
    for kind in SYSV_IPC:
        try:
            with open(f"/proc/sysvipc/{kind}") as f:
                header, *rows = [line.split() for line in f]
            ident = header.index("shmid" if kind == "shm" else "msqid" if kind == "msg" else "semid")
            owners = (header.index("uid"), header.index("cuid"))
        except (OSError, ValueError):
            continue
        found += [(kind, int(row[ident])) for row in rows
                  if len(row) > max(ident, *owners) and str(uid) in (row[owners[0]], row[owners[1]])]
    return found


KEY_USERS = "/proc/key-users"
"""The kernel's keys per user: ``uid: usage nkeys/nikeys ...``, readable by anyone."""
KEYCTL = {"x86_64": 250, "aarch64": 219}
"""The keyctl(2) system call's number, by machine (Python has no binding of its own)."""
GET_KEYRING_ID, JOIN_SESSION_KEYRING, CLEAR, READ, GET_PERSISTENT = 0, 1, 7, 11, 22
USER_KEYRING, USER_SESSION_KEYRING, SESSION_KEYRING = -4, -5, -3


def has_keys(uid):
    """Whether the kernel holds a key or keyring for ``uid`` (``KEY_USERS``): none unless its code used them."""
    try:
        with open(KEY_USERS) as f:
            return any(line.partition(":")[0].strip() == str(uid) for line in f)
    except OSError:
        return False


def clear_user_keys(uid, gid):
    """As root: empty ``uid``'s user keyring, user session keyring and persistent keyring; return how many keys
    they held.  They belong to the user, not to a process: a key that student code adds to them outlives the
    grading, for the next grading in that slot to read (red team, round five).  Nothing to do for a user who
    never used keys; Docker's default seccomp profile denies keyctl(2) to everyone, which a container
    (Gradescope's) makes moot.  A helper becomes ``uid`` in a session keyring of its own, where linking the
    persistent keyring makes it the helper's to clear."""
    number = KEYCTL.get(os.uname().machine)
    if number is None or os.geteuid() != 0 or uid == 0 or not has_keys(uid):
        return 0
    pid = os.fork()
    if pid == 0:                                      # the helper, as the keys' owner
        held = 0
        try:
            become(uid, gid)
            libc = ctypes.CDLL(None, use_errno=True)
            keyctl = libc.syscall
            keyctl.restype = ctypes.c_long
            if keyctl(number, JOIN_SESSION_KEYRING, None) >= 0:
                rings = [keyctl(number, GET_KEYRING_ID, ctypes.c_int(ring), 0)
                         for ring in (USER_KEYRING, USER_SESSION_KEYRING)]
                rings.append(keyctl(number, GET_PERSISTENT, -1, SESSION_KEYRING))
                rings = [ring for ring in rings if ring > 0]
                ids = ctypes.create_string_buffer(4096)
                for ring in rings:       # its key ids (4 bytes each), but the links between these keyrings
                    size = min(max(keyctl(number, READ, ctypes.c_long(ring), ids, 4096), 0), 4096)
                    held += sum(int.from_bytes(ids.raw[k:k + 4], "little") not in rings for k in range(0, size, 4))
                    keyctl(number, CLEAR, ctypes.c_long(ring))
        finally:
            os._exit(min(max(held, 0), 100))
    _, status = os.waitpid(pid, 0)
    return max(os.waitstatus_to_exitcode(status), 0)


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


def slot_cgroup(slot):
    """The name of the memory cgroup of ``slot``'s processes."""
    return f"xo-sandbox-slot-{slot}"


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


def sweep_free_slots(own):
    """As root: clean every slot but ``own`` that no grading holds now; return what was found, in words.

    A grading cleans its own slot when it starts and when it ends, but a grader killed part way (a batch's
    timeout, an out-of-memory kill, a machine stopped) leaves its slot's processes, files in the
    world-writable folders, System V objects, keys, stage and memory cgroup behind until some later grading
    claims that same slot,
    which may be never: another checkout's tests then found /dev/shm full of a hoard.  Each free slot is
    locked while it is cleaned, so no grading can claim it half-clean; a slot whose user was never made is
    skipped (no user is created here)."""
    import pwd
    folder = _slot_folder()
    said = []
    try:
        names = sorted(n for n in os.listdir(SLOTS) if n.startswith("slot-") and n.endswith(".lock"))
        for name in names:
            number = name[len("slot-"):-len(".lock")]
            if not (number.isascii() and number.isdigit()) or int(number) == own:
                continue
            try:
                fd = os.open(name, os.O_RDWR | os.O_NOFOLLOW, dir_fd=folder)
            except OSError:
                continue
            try:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    continue                                  # a grading holds it: its own cleaning is its own
                try:
                    entry = pwd.getpwnam(slot_user(int(number)))
                except KeyError:
                    continue
                uid, gid = entry.pw_uid, entry.pw_gid
                alive = len(user_processes(uid))
                kill_user(uid, gid, patience=5.0)
                files = remove_user_files(uid) + remove_stale_stages(gid)
                ipc = remove_user_ipc(uid, gid)
                keys = clear_user_keys(uid, gid)
                MemoryCgroup.remove_left(slot_cgroup(int(number)))
                if alive or files or ipc or keys:
                    said.append(f"{entry.pw_name}: {alive} process(es), {len(files)} file(s), {ipc} IPC object(s)"
                                + (f", {keys} key(s)" if keys else ""))
            finally:
                os.close(fd)
    finally:
        os.close(folder)
    return said


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
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_nlink > 1:     # a hard link: a file that may be anywhere
            return False
        out = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            copied = 0
            while copied <= limit:
                data = os.read(fd, 1 << 20)
                if not data:
                    break
                write_all(out, data)
                copied += len(data)
        finally:
            os.close(out)
        return True
    finally:
        os.close(fd)


def write_all(fd, data):
    while data:
        data = data[os.write(fd, data):]


def cpu_seconds(pid):
    """CPU time used so far by process ``pid``, every thread it ever had included, or None when it cannot be
    read: the process's own CPU clock (``clock_gettime`` of ``MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED)``,
    nanoseconds, the scheduler's count).  Summing ``/proc/PID/task/*/schedstat`` instead counts only the
    threads alive at the moment: a thread that burned CPU at the start of one timed run and ended in a later one
    took its time out of that later run, which then measured less than nothing (red team, round seven)."""
    try:
        return time.clock_gettime(((~pid) << 3) | 2)
    except (OSError, OverflowError):
        return None


def remove_stale_stages(gid, prefix="xo-stage-"):
    """Remove every stage folder of the slot whose group is ``gid`` (made by a grading that was killed before
    it could clean up: a batch's timeout, a crash).  Called by the grading that holds the slot's lock, so no
    other grading of the slot is running; its user could otherwise read the earlier submission there (red
    team, round four).  Returns what was removed."""
    removed = []
    for path, info in _entries(tempfile.gettempdir()):
        if (os.path.basename(path).startswith(prefix) and stat.S_ISDIR(info.st_mode)
                and info.st_uid == os.geteuid() and info.st_gid == gid):
            remove_tree(path)
            removed.append(path)
    return removed


def _entries(folder):
    """(path, lstat) of every entry of ``folder`` still there when looked at (links never followed)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        path = os.path.join(folder, name)
        try:
            yield path, os.lstat(path)
        except OSError:
            continue
