"""Shared by tests/test_adversarial.py and tests/test_isolation.py: grade a folder with the CLI as a
subprocess, and look at what it left behind (files, processes, the hostile code's own notes)."""

import contextlib
import fcntl
import hashlib
import json
import os
import pwd
import re
import shutil
import signal
import subprocess
import sys
import time

try:
    import tomllib
except ModuleNotFoundError:
    import tomli as tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
GRADER = os.path.join(TOP, "grader")
FIXTURES = os.path.join(GRADER, "fixtures", "positions.json")
SCHEMA_PATH = os.path.join(GRADER, "schema", "results.schema.json")
SANDBOX_USER = "xo-sandbox"
ROOT = os.geteuid() == 0
NEEDS_ROOT = "needs root: the grader drops to xo-sandbox only when it runs as root, and this submission acts only then"

with open(os.path.join(HERE, "expectations.toml"), "rb") as f:
    EXPECTATIONS = tomllib.load(f)
TWINS = EXPECTATIONS.pop("twins")


def marker_path(name):
    return f"/dev/shm/xo-adversarial-marker-{name}"


def fresh_marker(name):
    """The hostile code's side channel: an empty file every user may append to (never created by it)."""
    path = marker_path(name)
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666)
    os.close(fd)
    os.chmod(path, 0o666)
    return path


def marker_lines(name):
    try:
        with open(marker_path(name), encoding="utf-8", errors="replace") as f:
            return f.read().splitlines()
    except FileNotFoundError:
        return []


def write_config(path, **limits):
    """A copy of the grader's config.toml with other [limits]."""
    with open(os.path.join(GRADER, "config.toml"), encoding="utf-8") as f:
        text = f.read()
    for key, value in limits.items():
        text, count = re.subn(rf"(?m)^{key} = .*$", f"{key} = {value}", text)
        assert count == 1, key
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def tree_digest(folder):
    """Names and contents of every file under ``folder`` (modes left out: the grader chmods its fixtures)."""
    digest = hashlib.sha256()
    for base, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            path = os.path.join(base, name)
            digest.update(os.path.relpath(path, folder).encode() + b"\0")
            with open(path, "rb") as f:
                digest.update(hashlib.sha256(f.read()).digest())
    return digest.hexdigest()


def sandbox_uid():
    """uid of slot 0's user (the only one a single grading uses), or None."""
    try:
        return pwd.getpwnam(SANDBOX_USER).pw_uid
    except KeyError:
        return None


def is_sandbox_user(name):
    """``xo-sandbox`` or ``xo-sandbox-K``: the grader's users, one per grading running at once."""
    slot = name[len(SANDBOX_USER) + 1:]
    return name == SANDBOX_USER or (name.startswith(SANDBOX_USER + "-") and slot.isascii() and slot.isdigit())


def sandbox_uids():
    """uids of every sandbox user on this machine (``xo-sandbox`` and each ``xo-sandbox-K``)."""
    return {entry.pw_uid for entry in pwd.getpwall() if is_sandbox_user(entry.pw_name)}


def _cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return [a.decode("utf-8", "replace") for a in f.read().split(b"\0") if a]
    except OSError:
        return None


def _state(pid):
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read().decode("ascii", "replace")
        return stat[stat.rindex(")") + 2:].split()[0]
    except (OSError, ValueError):
        return None


def _exiting(pid):
    """A process that has released its memory (no VmSize): on its way out, killed already."""
    try:
        with open(f"/proc/{pid}/status", "rb") as f:
            return b"VmSize:" not in f.read()
    except OSError:
        return True


def busy_uids():
    """uids of the sandbox users whose slot a grading holds now (its lock taken: another test's grading, run
    at the same time by another pytest-xdist worker, or another checkout's): their processes are that
    grading's, alive as they should be, and its own cleaning is its test's to check."""
    import fcntl

    from grader.sandbox.isolation import SLOTS, slot_user
    busy = set()
    try:
        names = os.listdir(SLOTS)
    except OSError:
        return busy
    for name in names:
        if not (name.startswith("slot-") and name.endswith(".lock")):
            continue
        try:
            fd = os.open(os.path.join(SLOTS, name), os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            try:
                busy.add(pwd.getpwnam(slot_user(int(name[5:-5]))).pw_uid)
            except (KeyError, ValueError):
                pass
        finally:
            os.close(fd)
    return busy


PROBE_LOCK = os.path.join("/tmp", "xo-kit-suite-probes.lock")
"""Held by ``sandbox_can_read`` while it claims a slot and its probe runs as that slot's user, and by
``stray_processes`` while it looks: the two run on different xdist workers at once, and a scan once found
another worker's probe, a live process of a sandbox user, and blamed it on the submission it had just graded
(CI, forged_results)."""


@contextlib.contextmanager
def probe_lock():
    fd = os.open(PROBE_LOCK, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def stray_processes():
    """Live processes of any sandbox user, and `sleep 1000` processes of anyone, but those of a grading
    still running (``busy_uids``, ``_of_a_live_grading``): (pid, uid, cmdline)."""
    with probe_lock():
        return _stray_processes()


def _stray_processes():
    uids = sandbox_uids()
    busy = busy_uids()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        pid = int(entry)
        try:
            owner = os.stat(f"/proc/{pid}").st_uid
        except OSError:
            continue
        args = _cmdline(pid)
        if args is None or _state(pid) in (None, "Z", "X") or (not args and _exiting(pid)):
            continue
        if owner in uids or args[:2] == ["sleep", "1000"]:
            if owner in busy or _of_a_live_grading(args):
                continue
            found.append((pid, owner, " ".join(args)[:200]))
    return found


def _of_a_live_grading(args):
    """A zygote or child whose stage still exists belongs to a grading still running (another test's, another
    checkout's on this machine): a grading removes its stage when it ends, so its own leftovers name a stage
    that is gone."""
    stages = [a for a in args if "/xo-stage-" in a]
    return bool(stages) and all(os.path.exists(a) for a in stages)


def kill_strays():
    """Clean up after a failed test, so that one escape does not spoil the next test."""
    for _ in range(50):
        strays = stray_processes()
        if not strays:
            return
        for pid, _, _ in strays:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.05)


class Graded:
    def __init__(self, returncode, stdout, stderr, elapsed, results, ended):
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr
        self.elapsed = elapsed
        self.results = results
        self.ended = ended            # time.time() when the grader had exited

    def parts(self):
        totals = {}
        for test in self.results["tests"]:
            part = test["extra_data"]["part"]
            if part is None:                  # the Integrity report: no Part, no points
                continue
            totals[part] = round(totals.get(part, 0.0) + test["score"], 4)
        return totals


DOCKER_CAPS = ("-all,+chown,+dac_override,+fowner,+fsetid,+kill,+setgid,+setuid,+setpcap,+net_bind_service,"
               "+net_raw,+sys_chroot,+mknod,+audit_write,+setfcap")
"""Docker's default capability set (no CAP_SYS_ADMIN): what Gradescope's container runs with."""

SETPRIV = shutil.which("setpriv")


def grade_cli(submission, results_path, *, config=None, cwd, timeout, extra=(), caps=None):
    """``python -m grader grade SUBMISSION --results PATH --quiet`` as a subprocess, within ``timeout`` s;
    with ``caps``, under ``setpriv --bounding-set caps`` (as root: Gradescope's capabilities)."""
    command = [sys.executable, "-m", "grader", "grade", submission, "--results", results_path, "--quiet", *extra]
    if config:
        command += ["--config", config]
    if caps:
        command = [SETPRIV, "--bounding-set", caps, *command]
    env = dict(os.environ, PYTHONPATH=TOP)
    started = time.monotonic()
    process = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    elapsed = time.monotonic() - started
    results = None
    if os.path.isfile(results_path):
        with open(results_path, encoding="utf-8") as f:
            results = json.load(f)
    return Graded(process.returncode, process.stdout, process.stderr, elapsed, results, time.time())


def files_under(folder):
    return sorted(os.path.relpath(os.path.join(b, n), folder) for b, _, names in os.walk(folder) for n in names)


def sandbox_can_read(path):
    """Whether a sandbox user can open ``path`` for reading (root only: runs a probe as one).

    The probe runs as the user of a slot it claims with the grader's own ``claim_slot``, and holds for as long
    as it runs: a slot no grading held was fair game for every other worker's grading, which sweeps the free
    slots as it starts (``sweep_free_slots``) and once killed a probe run as xo-sandbox part way (it printed
    nothing); and no scan for stray processes runs meanwhile (``PROBE_LOCK``).  Every slot's user has the same
    rights: none but its own stage's."""
    from grader.sandbox.isolation import claim_slot
    with probe_lock():
        _, (uid, gid), lock = claim_slot()
        try:
            probe = subprocess.run(["/usr/bin/python3", "-I", "-S", "-c",
                                    "import sys\ntry:\n open(sys.argv[1], 'rb').read(1)\nexcept OSError as e:\n"
                                    " print(type(e).__name__)\nelse:\n print('READABLE')", path],
                                   user=uid, group=gid, extra_groups=[], cwd="/", capture_output=True, text=True,
                                   timeout=30)
        finally:
            os.close(lock)
    return probe.stdout.strip() == "READABLE", probe.stdout.strip() + probe.stderr.strip()
