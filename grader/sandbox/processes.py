"""The processes of the sandbox: the grader as subreaper of what the student's processes orphan
(``make_subreaper``, ``reap_orphans``), a user's processes found and killed (``user_processes``,
``kill_user``), the zygote and the grader kept out of the OOM killer's and the student's way, and a process's
CPU time read from the kernel (``cpu_seconds``).  Nothing here knows what is being graded."""

import ctypes
import os
import signal
import time


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
    """Make this (forked, root) process ``uid`` and ``gid`` for good, with no other group, in a session of its
    own: left in the grader's process group, a helper of the slot's user would make that group one the
    student's code may signal, and ``killpg`` of it would succeed (killing the helper) though the grader
    itself is out of reach."""
    os.setsid()
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
