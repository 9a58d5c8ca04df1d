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

import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import time

from . import child
from .cgroup import MemoryCgroup
from .channel import Bounded, Channel, Outcome, run_token, zygote_status
from .cleaning import (clear_user_keys, linked_entries, remove_stale_stages, remove_tree, remove_user_files,
                       remove_user_ipc)
from .closing import HARNESS_FILES, Closing, Staged, child_python, stage_joined
from .isolation import (CGROUP_MARGIN_MIB, FILE_LIMIT, PROCESS_LIMIT, claim_slot, copy_regular, protect, slot_cgroup,
                        sweep_free_slots, write_all)
from .processes import kill_user, make_subreaper, prepare_zygote, protect_grader, reap_orphans, user_processes

GRACE = 0.05                        # seconds to drain pipes after the child exits
ZYGOTE_WAIT = 3.0                   # seconds to wait for the zygote's word once the child is gone or killed



class Sandbox(Closing):
    """Runs probes against one submission, each in a fresh child process."""

    def __init__(self, files, limits, *, probes, package, protected=(), drop=None):
        """``files`` maps the student's module names to their paths (missing ones absent); they are imported
        as the package ``package``.  ``probes`` are the files of probes the child runs, in order, as one (``child.load_probes``);
        ``protected``, files of the grader's that no other user may read (made root-only before anything
        of the student's runs)."""
        self.files = dict(files)
        self.limits = limits
        self.probes, self.package, self.protected = probes, package, list(protected)
        self.drop = (os.geteuid() == 0) if drop is None else drop
        self.user = self.slot = self.lock = self.stage = self.zygote = self.control = self.cgroup = None
        self.links = None
        self.enclosed = None    # "yes", or "no: <why>", once a zygote has started (see child.enclose)
        if self.drop:
            self.slot, self.user, self.lock = claim_slot()
            protect_grader()
            kill_user(*self.user)            # whatever an earlier grading in this slot may have left
            remove_user_files(self.user[0])
            remove_user_ipc(*self.user)
            clear_user_keys(*self.user)
            self.links = linked_entries()       # the files there now: a new name for one of them is removed
            remove_stale_stages(self.user[1])   # before this grading's own stage exists
            for line in sweep_free_slots(self.slot):      # what killed gradings left in other slots
                print(f"grader: cleaned what a killed grading left: {line}", file=sys.stderr)
            self.cgroup = MemoryCgroup(slot_cgroup(self.slot), (limits["memory_mib"] + CGROUP_MARGIN_MIB) * 2**20)
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
            protect(self.protected)
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
        # The child's own code and the probes, compiled once by the child's interpreter: each check then
        # starts without compiling them (half of a small check's time otherwise).
        self.child = self._stage_compiled(HARNESS_FILES, "child")
        self.staged_probes = self._stage_compiled(self.probes, "probes")
        self.scratch = os.path.join(self.stage, "scratch")
        self.cache = os.path.join(self.stage, "compiled")
        self._precompile()

    def _stage_compiled(self, paths, name):
        """Write the files ``paths`` into the stage as one, ``name``.py (``closing.joined``), compile it there
        with the child's interpreter; return the bytecode's path (both readable by the slot's user only)."""
        source, compiled = os.path.join(self.stage, f"{name}.py"), os.path.join(self.stage, f"{name}.pyc")
        stage_joined(paths, source)
        subprocess.run([self.python, "-I", "-S", "-c",
                        "import py_compile, sys; py_compile.compile(sys.argv[1], cfile=sys.argv[2], doraise=True)",
                        source, compiled], check=True)
        for staged in (source, compiled):
            self._share(staged)
        return compiled

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
        and whatever that user left in the temporary folders, then give the slot back.  Each step runs
        whatever the one before it met, and none raises: a grading's verdicts never depend on its cleaning."""
        steps = [self._stop_zygote]
        if self.user:
            steps.append(lambda: kill_user(*self.user))
        steps.append(lambda: reap_orphans(self.session))
        if self.stage:
            steps.append(lambda: remove_tree(self.stage))
        if self.user:
            steps += [lambda: remove_user_files(self.user[0], links_before=self.links),
                      lambda: remove_user_ipc(*self.user),
                      lambda: clear_user_keys(*self.user)]
        if self.cgroup is not None:
            steps.append(self.cgroup.remove)
        for step in steps:
            try:
                step()
            except Exception as error:   # noqa: BLE001  the next step must still run
                print(f"grader: cleaning the sandbox: {error!r}", file=sys.stderr)
        lock, self.lock = self.lock, None
        if lock is not None:
            os.close(lock)

    def _fresh_scratch(self):
        remove_tree(self.scratch)
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
                start_new_session=True, umask=0o077, preexec_fn=prepare_zygote)
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
                   "probe": probe, "args": args, "limits": limits, "probes": self.staged_probes,
                   "package": self.package, "names": sorted(self.files), "token": run_token()}
        pipes = [os.pipe() for _ in range(4)]          # request, stdout, stderr, channel
        (request_r, request_w), (out_r, out_w), (err_r, err_w), (channel_r, channel_w) = pipes
        started = time.monotonic()
        try:
            pid = self._fork([request_r, out_w, err_w, channel_w])
        finally:
            for fd in (request_r, out_w, err_w, channel_w):
                os.close(fd)
        try:
            write_all(request_w, (repr(request) + "\n").encode())
        except OSError:
            pass
        os.close(request_w)                  # the child reads its request and hears nothing more from here
        channel = Channel(request["token"])
        out, err = Bounded(self.limits["output_chars"]), Bounded(self.limits["output_chars"])
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
                        returncode, cpu = zygote_status(line)
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
                else:
                    channel.feed(data)
        selector.close()
        returncode, cpu = self._kill(pid, returncode, cpu)
        elapsed = time.monotonic() - started
        for fd in (out_r, err_r, channel_r):
            os.close(fd)
        channel.close()
        return Outcome(channel.events, out.text(), err.text(), status or channel.status(returncode), returncode,
                       elapsed, timeout, limits, cpu, forged=channel.forged)

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
                returncode, cpu = zygote_status(line)
            else:
                self._stop_zygote()
        if self.user:                    # as root: nothing of the slot's user but its zygote survives a check
            zygote = self._zygote_pid()
            if [p for p in user_processes(self.user[0]) if p != zygote]:
                self._stop_zygote()      # kill(-1) takes the zygote too: the next run starts a new one
                kill_user(*self.user)
            # /dev/shm is memory: what one check left must not starve the next
            remove_user_files(self.user[0], links_before=self.links)
            remove_user_ipc(*self.user)
        reap_orphans(self.session, keep=self._zygote_pid())
        return returncode, cpu

    def _zygote_pid(self):
        return self.zygote.pid if self.zygote is not None else None


class InProcess(Staged):
    """The same probes run inside the grader's own process: no isolation at all.

    For measuring the cost of isolation (``bench/grade.py``) only; never used
    to grade students.
    """

    prefix = "xo-inproc-"
    guard = False                        # an audit hook cannot be removed: it would stay in the grader's process

    def __init__(self, files, limits, **options):
        super().__init__(files, limits, **options)
        self.child = child

    def _students(self, name):
        return name in self.files or name == self.package or name.startswith(self.package + ".")

    def run(self, probe, args, modules, timeout):
        saved = {k: v for k, v in sys.modules.items() if self._students(k)}
        events = []
        started = time.monotonic()
        cwd = os.getcwd()
        try:
            self.child.serve(self.request(probe, args, modules),
                             lambda event: events.append({**json.loads(json.dumps(event)),
                                                          "arrived": time.monotonic()}))
        finally:
            os.chdir(cwd)
            for name in [k for k in sys.modules if self._students(k)]:
                del sys.modules[name]
            sys.modules.update(saved)
            sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, self.child._FlatAlias)]
        events.append({"done": True})
        return Outcome(events, "", "", "done", 0, time.monotonic() - started, timeout)
