"""Cleaning after the student's processes: every file of the slot's user in the shared temporary folders
(``remove_user_files``, hard links made during the grading too), its System V IPC objects
(``remove_user_ipc``), its keyrings (``clear_user_keys``), and stages a killed grading left
(``remove_stale_stages``).  Nothing here knows what is being graded."""

import ctypes
import os
import stat
import tempfile

from .processes import become

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
GET_KEYRING_ID, JOIN_SESSION_KEYRING, CLEAR, READ, GET_PERSISTENT = 0, 1, 7, 11, 22
USER_KEYRING, USER_SESSION_KEYRING, SESSION_KEYRING = -4, -5, -3
"""The keyctl(2) system call's number, by machine (Python has no binding of its own)."""


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
