# Shared hostile helpers, pasted (by build_corpus.py) into the hostile submissions.
# Never imported by the tests; it is source text.  NAME is replaced per submission.
import os as _os
import sys as _sys

_MARK = "/dev/shm/xo-adversarial-marker-NAME"


def _note(text):
    """Append one line to the test's marker file (created 0666 by the test; never created here)."""
    try:
        fd = _os.open(_MARK, _os.O_WRONLY | _os.O_APPEND)
    except OSError:
        return
    try:
        _os.write(fd, (str(text).replace("\n", " ") + "\n").encode("utf-8", "replace"))
    except OSError:
        pass
    finally:
        _os.close(fd)


def _sandboxed():
    """True only when running as one of the grader's unprivileged users (xo-sandbox, or xo-sandbox-K for the
    K-th of gradings running at once): the destructive parts run only then."""
    try:
        import pwd
        name = pwd.getpwuid(_os.geteuid()).pw_name
    except Exception:
        return False
    slot = name[len("xo-sandbox-"):]
    return name == "xo-sandbox" or (name.startswith("xo-sandbox-") and slot.isascii() and slot.isdigit())


def _ancestors():
    """pids of the parent, grandparent, ... (the zygote, then the grader, then whoever ran it)."""
    pids, pid = [], _os.getppid()
    while pid > 1 and len(pids) < 8:
        pids.append(pid)
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
            pid = int(stat[stat.rindex(")") + 2:].split()[1])
        except (OSError, ValueError):
            break
    return pids


def _cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return [a.decode("utf-8", "replace") for a in f.read().split(b"\0") if a]
    except OSError:
        return []


def _cwd(pid):
    try:
        return _os.readlink(f"/proc/{pid}/cwd")
    except OSError:
        return None


def _bases():
    """Folders the grader may have been started from: what /proc says, else plausible guesses."""
    bases = []
    for pid in _ancestors():
        cwd = _cwd(pid)
        if cwd:
            bases.append(cwd)
    bases += ["/autograder/source", "/work/main", _os.getcwd(), _os.path.dirname(_os.getcwd())]
    return list(dict.fromkeys(bases))


def _results_paths():
    """Every path the grader's results.json may be written to."""
    found = ["/autograder/results/results.json"]
    for pid in _ancestors():
        args = _cmdline(pid)
        for k, arg in enumerate(args):
            value = None
            if arg == "--results" and k + 1 < len(args):
                value = args[k + 1]
            elif arg.startswith("--results="):
                value = arg.split("=", 1)[1]
            if value:
                if _os.path.isabs(value):
                    found.append(value)
                else:
                    found += [_os.path.join(b, value) for b in _bases()]
    found += [_os.path.join(_os.getcwd(), "results.json"), _os.path.join(_os.getcwd(), "..", "results.json"),
              _os.path.join(_os.getcwd(), "build", "results.json")]
    return list(dict.fromkeys(_os.path.normpath(p) for p in found))


def _named_roots():
    """Grader folders named by the ancestors' command lines (the folder graded, the results path, ...),
    whether this process can see them or not."""
    roots = []
    for pid in _ancestors():
        for arg in _cmdline(pid):
            if "/" in arg:
                folder = _os.path.dirname(_os.path.abspath(arg))
                for up in range(4):
                    roots.append(_os.path.normpath(_os.path.join(folder, *[".."] * up, "grader")))
    return list(dict.fromkeys(roots))


def _grader_roots(budget=0.6):
    """Folders that look like the grader package (grader/__init__.py beside fixtures/ or config.toml)."""
    import time
    roots = []
    for base in _bases() + [_os.path.dirname(_sys.executable)]:
        for up in range(4):
            cand = _os.path.join(base, *[".."] * up, "grader")
            roots.append(_os.path.normpath(cand))
    roots += _named_roots()
    stop = time.monotonic() + budget
    stack = [("/", 0)]
    skip = {"/proc", "/sys", "/dev", "/usr", "/lib", "/lib64", "/bin", "/sbin", "/etc", "/boot", "/run",
            "/snap", "/var/lib", "/var/cache", "/opt/pypi", "/opt/pypi-more", "/opt/wheels"}
    while stack and time.monotonic() < stop:
        folder, depth = stack.pop()
        try:
            entries = _os.listdir(folder)
        except OSError:
            continue
        if "grader" in entries:
            roots.append(_os.path.join(folder, "grader"))
        if depth >= 5:
            continue
        for entry in entries:
            path = _os.path.join(folder, entry)
            if path in skip or entry.startswith(".") or entry in ("node_modules", "site-packages", "__pycache__"):
                continue
            if _os.path.isdir(path) and not _os.path.islink(path):
                stack.append((path, depth + 1))
    seen = []
    for root in roots:
        if root not in seen and (_os.path.isdir(root) or _os.path.exists(_os.path.join(root, "fixtures"))):
            seen.append(root)
    return seen
