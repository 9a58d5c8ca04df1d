"""Isolation: who runs the student's code, and what of the grader's it may read.

The sandbox's users and slots (each grading running at the same time has a user of its own: ``xo-sandbox``,
then ``xo-sandbox-1``, ...; ``claim_slot``), what a killed grading left in a free slot swept
(``sweep_free_slots``), the grader's files protected and the student's copied in as regular files only.  The
rest of the sandbox's privileged operations are beside it: ``processes`` (the subreaper, killing a user's
processes), ``cleaning`` (its files, IPC objects and keys) and ``cgroup`` (its memory limit).  Nothing here
knows what is being graded.
"""

import fcntl
import os
import pwd
import stat
import subprocess
import tempfile

from .cgroup import MemoryCgroup
from .cleaning import clear_user_keys, remove_stale_stages, remove_user_files, remove_user_ipc
from .closing import SANDBOX_USER
from .processes import kill_user, user_processes

SLOTS = os.path.join(tempfile.gettempdir(), "xo-sandbox-slots")   # root's lock files, one per slot
MAX_SLOTS = 256
FILE_LIMIT = 16 * 2**20             # RLIMIT_FSIZE: largest file the student may write
PROCESS_LIMIT = 64                  # RLIMIT_NPROC for the unprivileged user
CGROUP_MARGIN_MIB = 128            # the slot's memory cgroup: memory_mib for the child, this for the zygote and the rest


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


