"""Gradings of check 3.7 under a CPU quota, for ``test_grader.TestCpuQuota``: each in a cgroup of its own held
to a tenth of a CPU, as Gradescope's container holds a grading to half of one.

Throttled, they mostly wait (list_pop0's 34 s of wall time are some 3 s of CPU).  Run inside the class's
fixture they kept one test process idle for those 34 s, so under pytest-xdist the suite's controller starts
them at once in the background (``start``, from conftest.py's ``pytest_configure``), where they wait beside
the other tests, and the fixture only collects what they wrote (``collect``).  Without xdist the fixture runs
them itself, the same way (``run``).

    python tests/quota.py FOLDER      # grade every case, write FOLDER/results.json, remove the cgroups
"""

import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
CORPUS = os.path.join(HERE, "submissions")
V2_CONTROLLERS = "/sys/fs/cgroup/cgroup.subtree_control"

CASES = {"correct/circular_deque": True, "correct/linked_list_deque": True,
         "correct/leaves_when_generated": True, "buggy/list_pop0": False}
"""The submissions timed, and whether each deque's timing must pass."""

TIME_THE_DEQUE = """
import json, sys
from grader.checks import CHECKS
from grader.grading.points import load
from grader.game.fixtures import load_fixtures
from grader.grading.run import about, run_checks
from grader.submission.locate import locate
from grader.render.gradescope import test_entry
needed, waiting = set(), ["deque_amortised_constant_time"]
while waiting:                      # the check and what it depends on, nothing else
    name = waiting.pop()
    if name not in needed:
        needed.add(name)
        waiting += CHECKS[name].depends
verdicts = run_checks(locate(sys.argv[1]), load(), fixtures=load_fixtures(), backend=None, only=needed)
print(json.dumps([test_entry(v, about()) for v in verdicts]))
"""

ENVIRONMENT = "XO_QUOTA_RUN"
"""Where the controller's background run writes (set for the test processes it starts)."""


class NoQuota(Exception):
    """No cgroup with a CPU quota can be made here: the reason, for a skip."""


def make_cpu_quota(name):
    """A cgroup holding its processes to a tenth of a CPU (cgroup v1's cpu controller or v2's cpu.max):
    (the folder, the path of the file a process joins it through); raises ``NoQuota``."""
    if os.geteuid() != 0:
        raise NoQuota("needs root to make a cgroup with a CPU quota")
    name = f"xo-test-quota-{os.getpid()}-{name}"
    if os.path.isfile("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"):
        folder = os.path.join("/sys/fs/cgroup/cpu", name)
        settings, join = {"cpu.cfs_period_us": "100000", "cpu.cfs_quota_us": "10000"}, "tasks"
    elif os.path.isfile(V2_CONTROLLERS) and "cpu" in open(V2_CONTROLLERS).read().split():
        folder = os.path.join("/sys/fs/cgroup", name)
        settings, join = {"cpu.max": "10000 100000"}, "cgroup.procs"
    else:
        raise NoQuota("no cgroup CPU controller to make a quota with")
    try:
        os.mkdir(folder)
        for key, value in settings.items():
            with open(os.path.join(folder, key), "w") as f:
                f.write(value)
    except OSError as error:
        raise NoQuota(f"cannot make a cgroup here: {error}") from None
    return folder, os.path.join(folder, join)


def remove_cgroup(folder):
    for _ in range(50):
        try:
            os.rmdir(folder)
            break
        except OSError:
            time.sleep(0.1)


def run():
    """Grade every case at once, each in its own quota: {case: (returncode, stdout, stderr)}; ``NoQuota``."""
    started = {}
    try:
        for name in CASES:
            folder, join = make_cpu_quota(name.replace("/", "-"))
            process = subprocess.Popen(["sh", "-c", 'echo $$ > "$0" && exec "$@"', join, sys.executable,
                                        "-c", TIME_THE_DEQUE, os.path.join(CORPUS, name)],
                                       cwd=TOP, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            started[name] = (folder, process)
        done = {}
        for name, (folder, process) in started.items():
            out, err = process.communicate(timeout=600)
            done[name] = (process.returncode, out, err)
        return done
    finally:
        for folder, process in started.values():
            if process.poll() is None:
                process.kill()
                process.wait()
            remove_cgroup(folder)


def start():
    """Start ``python tests/quota.py FOLDER`` in the background, in a session of its own; return FOLDER."""
    import tempfile
    folder = tempfile.mkdtemp(prefix="xo-quota-")
    subprocess.Popen([sys.executable, os.path.abspath(__file__), folder], cwd=TOP, stdin=subprocess.DEVNULL,
                     stdout=subprocess.DEVNULL, stderr=open(os.path.join(folder, "stderr"), "w"),
                     start_new_session=True, env=dict(os.environ, PYTHONPATH=TOP))
    return folder


def collect(folder, patience=900):
    """What the background run in ``folder`` wrote: as ``run`` returns it; ``NoQuota`` when it could not."""
    path = os.path.join(folder, "results.json")
    deadline = time.monotonic() + patience
    while not os.path.exists(path):
        if time.monotonic() > deadline:
            raise TimeoutError(f"the background gradings under a CPU quota wrote nothing in {patience} s "
                               f"({os.path.join(folder, 'stderr')})")
        time.sleep(0.5)
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    import shutil
    shutil.rmtree(folder, ignore_errors=True)
    if "no_quota" in data:
        raise NoQuota(data["no_quota"])
    return {name: tuple(value) for name, value in data["done"].items()}


def main(folder):
    try:
        data = {"done": run()}
    except NoQuota as why:
        data = {"no_quota": str(why)}
    temporary = os.path.join(folder, "results.json.tmp")
    with open(temporary, "w", encoding="utf-8") as f:
        json.dump(data, f)
    os.replace(temporary, os.path.join(folder, "results.json"))


if __name__ == "__main__":
    main(sys.argv[1])
