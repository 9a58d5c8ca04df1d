"""Hostile submissions (tests/adversarial/) against the real grader, run as the CLI in a subprocess.

For each: the grader exits 0 within a bound derived from its time limits; results.json is the
grader's own (schema-valid, every check, nothing forged) and its score is exactly what the honest
part earns (expectations.toml, measured on the honest twin, which is re-graded here too); nothing of
the grader, the submission or the caller's folder changed; no process of the sandbox user and no
`sleep 1000` is left; and what the hostile code tried is read back from its own marker file.
The cases where the hostile part acts only as xo-sandbox are skipped unless the tests run as root.
"""

import json
import os
import re
import shutil
import sys
import tempfile
import time

import jsonschema
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "adversarial"))

import support  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import golden  # noqa: E402
from support import (EXPECTATIONS, HERE, NEEDS_ROOT, ROOT, SCHEMA_PATH, TOP, TWINS, Graded,  # noqa: E402,F401
                     files_under, fresh_marker, grade_cli, kill_strays, marker_lines, sandbox_can_read,
                     stray_processes, tree_digest, write_config)

from grader.checks.framework import CHECKS  # noqa: E402

with open(SCHEMA_PATH, encoding="utf-8") as f:
    SCHEMA = json.load(f)

FAST = golden.FAST
DEFAULT = {"timeout": 30, "slow_timeout": 180}


@pytest.fixture(scope="module")
def configs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("configs")
    return {"fast": write_config(str(folder / "fast.toml"), **FAST),
            "default": write_config(str(folder / "default.toml"))}


def bound(expectation):
    """Wall-clock seconds the whole grading may take: the time-limited checks plus a generous rest."""
    limits = FAST if expectation.get("config", "fast") == "fast" else DEFAULT
    if expectation.get("config") == "default":
        return 120
    return 60 + expectation.get("timeouts", 0) * (limits["timeout"] + 3)


def run(name, tmp_path, configs, *, folder=None, results=None, expectation=None, caps=None):
    """Grade ``name`` and check everything that holds for every submission; return the Graded."""
    expectation = expectation or EXPECTATIONS[name]
    folder = folder or os.path.join(HERE, name)
    results = results or str(tmp_path / "out" / "results.json")
    cwd = tmp_path / "cwd"
    cwd.mkdir(exist_ok=True)
    before_cwd = files_under(str(cwd))
    fresh_marker(name)
    grader_before, submission_before = tree_digest(os.path.join(TOP, "grader")), tree_digest(folder)
    strays_before = stray_processes()
    try:
        graded = grade_cli(folder, results, config=configs[expectation.get("config", "fast")], cwd=str(cwd),
                           timeout=bound(expectation), caps=caps)
        time.sleep(0.2)
        strays = [p for p in stray_processes() if p not in strays_before]
        assert not strays, f"processes left behind after grading {name}: {strays}"
    finally:
        kill_strays()
    assert graded.returncode == 0, graded.stderr[-3000:]
    assert graded.elapsed < bound(expectation)
    assert graded.results is not None, f"no results.json: {graded.stderr[-3000:]}"
    jsonschema.validate(graded.results, SCHEMA)
    assert "forged" not in graded.results and "FORGED" not in graded.results["output"]
    graded_checks = [name for name, check in CHECKS.items() if check.part != "VI"]     # Part VI is off here
    assert [t["extra_data"]["check"] for t in graded.results["tests"]] == [*graded_checks, "integrity"]
    assert tree_digest(os.path.join(TOP, "grader")) == grader_before, "the grader's files changed"
    assert tree_digest(folder) == submission_before, "the submission folder changed"
    assert files_under(str(cwd)) == before_cwd, "files appeared in the grader's working folder"
    assert sorted(os.listdir(os.path.dirname(results))) == ["results.json"], "other files beside results.json"
    return graded


def check_score(graded, expectation, name=None):
    failed = "\n".join(f"{t['number']} {t['extra_data']['verdict']}: {t['output'][:160]!r}"
                       for t in graded.results["tests"] if t["status"] == "failed")
    read = [line for line in marker_lines(name) if line.startswith("READ ")] if name else []
    if read:                    # a copy of the answers this grader does not own (another checkout, a build)
        failed += ("\n\nThe submission read expected moves from: " + "; ".join(read)
                   + "\n(a world-readable copy of grader/fixtures somewhere on this machine; remove it or make "
                     "it private)")
    assert graded.results["score"] == pytest.approx(expectation["score"], abs=0.005), failed
    parts = graded.parts()
    for part, points in expectation["parts"].items():
        assert parts[part] == pytest.approx(points, abs=0.005), (part, failed)
    full = {"I": 10, "II": 20, "III": 25, "IV": 20, "V": 25}
    assert sorted(p for p in parts if parts[p] < full[p] - 0.005) == sorted(expectation["affected"])


KNOWN_ESCAPES = {}
"""Hostile submissions the grader is known not to stop yet (each a strict xfail, with the reason)."""


def params():
    for name, expectation in EXPECTATIONS.items():
        marks = []
        if expectation.get("root_only"):
            marks.append(pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT))
        if name in KNOWN_ESCAPES:
            marks.append(pytest.mark.xfail(strict=True, reason=KNOWN_ESCAPES[name]))
        yield pytest.param(name, marks=marks, id=name)


@pytest.mark.parametrize("name", list(params()))
def test_hostile_submission(name, tmp_path, configs):
    expectation = EXPECTATIONS[name]
    graded = run(name, tmp_path, configs)
    check_score(graded, expectation, name)
    if ROOT:                          # recorded as root (tests/golden), where every hostile part acts
        golden.assert_as_recorded(graded.results, f"adversarial/{name}")
    notes = marker_lines(name)
    SPECIFIC.get(name, lambda *a: None)(graded, notes, tmp_path)


@pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT)
@pytest.mark.skipif(not support.SETPRIV, reason="needs setpriv (util-linux) to drop CAP_SYS_ADMIN")
@pytest.mark.parametrize("name", [n for n in EXPECTATIONS if n not in KNOWN_ESCAPES])
def test_hostile_submission_without_cap_sys_admin(name, tmp_path, configs):
    """The same, under Docker's default capabilities (Gradescope's): no CAP_SYS_ADMIN, so no mount namespace
    hides the machine from student code; permissions, the slot's user and the runner must hold alone."""
    graded = run(name, tmp_path, configs, caps=support.DOCKER_CAPS)
    foreign = sorted({n.split()[1] for n in marker_lines(name) if n.startswith("READ ")
                      and not n.split()[1].startswith(os.path.join(TOP, ""))})
    if foreign:       # without a mount namespace, what hides another checkout's answers is that checkout's modes
        pytest.skip(f"another world-readable copy of the kit's answers on this machine ({', '.join(foreign)}): "
                    f"without CAP_SYS_ADMIN nothing hides it (on Gradescope there is none); make it private")
    check_score(graded, EXPECTATIONS[name], name)
    SPECIFIC.get(name, lambda *a: None)(graded, marker_lines(name), tmp_path)


@pytest.mark.parametrize("twin", sorted(TWINS))
def test_honest_twin_scores_its_expectation(twin, tmp_path):
    """The expectations are measurements: each twin still grades to its number.  A twin is honest code: it is
    graded on its recorded observations while they hold (``golden.grade_recorded``), as the corpus is."""
    from grader.render.gradescope import gradescope
    name = f"adversarial/_honest/{twin}"
    grading = golden.grade_recorded(name, os.path.join(HERE, "_honest", twin), str(tmp_path / "results.json"),
                                    golden.config_of(name))
    results = gradescope(grading)
    jsonschema.validate(json.loads(json.dumps(results)), SCHEMA)
    assert results["score"] == pytest.approx(TWINS[twin], abs=0.005)
    golden.assert_as_recorded(results, name)
    for name, other in EXPECTATIONS.items():
        if other["twin"] == twin:
            assert other["score"] == pytest.approx(TWINS[twin], abs=0.005), name


# ---------------------------------------------------------------- what each hostile part tried

def in_scratch(path):
    """A path inside the sandbox's own scratch folder (thrown away after each check)."""
    return "/xo-stage-" in path and "/scratch" in path


def forged_results(graded, notes, tmp_path):
    wrote = [n.split(" ", 1)[1] for n in notes if n.startswith("WROTE ")]
    tried = [n for n in notes if n.startswith(("WROTE ", "DENIED "))]
    assert tried, "the hostile code never ran"
    assert any(str(tmp_path / "out" / "results.json") in n for n in tried), "it did not find the --results path"
    assert all(in_scratch(p) for p in wrote), f"forged files outside the sandbox's scratch: {wrote}"


def reads_fixtures(graded, notes, tmp_path):
    assert not [n for n in notes if n.startswith("READ ")], notes
    fixtures = os.path.join(TOP, "grader", "fixtures", "positions.json")
    assert any(n.startswith(f"DENIED {fixtures}") or n == f"ABSENT {fixtures}" for n in notes), \
        "the hunt never looked where the grader's command line says the fixtures are"
    assert not [n for n in notes if n.startswith("FD ") and ("fixtures" in n or n.endswith(".json"))], notes
    readable, how = sandbox_can_read(fixtures)
    assert not readable, how
    readable, how = sandbox_can_read(os.path.join(TOP, "grader", "config.toml"))
    assert not readable, how


def deletes_files(graded, notes, tmp_path):
    assert notes, "the hostile code never ran"
    done = [n for n in notes if not n.startswith(("DENIED ", "ABSENT "))]
    beyond = list(dict.fromkeys(n for n in done if not (n.startswith("CHMODDED ") and in_scratch(n))))
    assert not beyond, "done outside the sandbox's scratch (each with the path's owner as it saw it):\n" + \
        "\n".join(beyond)
    fixtures = os.path.join(TOP, "grader", "fixtures")
    assert any(n.startswith((f"DENIED DELETED {fixtures}", f"ABSENT {fixtures}")) for n in notes), \
        "it never tried the grader's fixtures (refused by their permissions, or not there in its mount namespace)"


def kills_parent(graded, notes, tmp_path):
    assert "KILL -1" in notes
    killed = list(dict.fromkeys(n for n in notes if n.startswith("KILLED grader")))
    assert not killed, "the grader's process group took a signal of the slot's user (with whom it held):\n" + \
        "\n".join(killed)


def spawns_children(graded, notes, tmp_path):
    alive = [n for n in notes if n.startswith("ALIVE ")]
    assert alive, "the daemon never ran"
    time.sleep(1.0)
    assert len([n for n in marker_lines("spawns_children") if n.startswith("ALIVE ")]) == len(alive), \
        "a daemon is still writing its heartbeat after the grader exited"
    late = [n for n in alive if float(n.split()[2]) > graded.ended + 0.1]
    assert not late, late


def fork_hopper(graded, notes, tmp_path):
    assert "SPAWNED" in notes
    time.sleep(1.0)
    late = [n for n in marker_lines("fork_hopper") if n.startswith("HOP ") and float(n.split()[2]) > graded.ended + 0.1]
    assert not late, f"the hopper outlived the grader: {late}"


def fork_bomb_lite(graded, notes, tmp_path):
    assert any(n.startswith("FORKED ") for n in notes)
    if ROOT:                               # RLIMIT_NPROC holds the sandbox user to 64 processes
        assert all(int(n.split()[1]) < 64 for n in notes if n.startswith("FORKED "))


def monkeypatch(graded, notes, tmp_path):
    assert "PATCHED" in notes
    assert any(n.startswith("NO gradescope_utils") for n in notes), "gradescope_utils was importable in the sandbox"


def prints_50mb(graded, notes, tmp_path):
    assert len(json.dumps(graded.results)) < 2 * 2**20


def outside_code(markdown):
    """``markdown`` without its fenced code blocks and code spans: what Gradescope renders as Markdown."""
    markdown = re.sub(r"(?ms)^(`{3,})[^\n]*\n.*?^\1`*\s*$", "", markdown)
    return re.sub(r"(`+)(?!`).*?(?<!`)\1(?!`)", "", markdown, flags=re.S)


def html_exception(graded, notes, tmp_path):
    text = "\n".join(outside_code(t["output"]) for t in graded.results["tests"]) + outside_code(
        graded.results["output"])
    shown = [t["output"] for t in graded.results["tests"] if "Rendered" in t["output"] or "img" in t["output"]]
    assert shown, "the exception was never reported"
    for raw in (r"<img", r"<script", r"(?<!\\)\]\(http", r"(?<!\\)\*\*All checks passed", r"(?m)^\s*# Score"):
        assert not re.search(raw, text), f"student text reached the Markdown raw: {raw!r}"
    with open(tmp_path / "out" / "results.json", "rb") as f:
        f.read().decode("utf-8")                 # strict: written whatever the message held


def floods_channel(graded, notes, tmp_path):
    assert "FLOODED" in notes, "the flood never ran"
    assert "internal error" not in json.dumps(graded.results)


def litters_and_heals(graded, notes, tmp_path):
    assert "NNP 1" in notes, f"student code runs without no_new_privs: {[n for n in notes if n.startswith('NNP')]}"
    assert "OOM 1000" in notes, f"student code is not the OOM killer's first choice: {[n for n in notes if 'OOM' in n]}"
    from grader.sandbox.cgroup import MemoryCgroup
    probe = MemoryCgroup(f"xo-test-probe-{os.getpid()}", 2**30)
    probe.remove()
    if probe.folder is not None:           # this machine allows a memory cgroup: the student's processes are in one
        assert all("xo-sandbox-slot-" in n for n in notes if n.startswith("CGROUP ")), notes
    assert "CHAIN" in notes and any(n.startswith("HEAL ") for n in notes), "the self-healing chain never ran"
    time.sleep(1.0)
    late = [n for n in marker_lines("litters_and_heals") if n.startswith("HEAL ")
            and float(n.split()[2]) > graded.ended + 0.1]
    assert not late, f"the self-healing chain outlived the grader: {late[:3]}"
    uids = support.sandbox_uids()
    left = []
    for folder in ("/dev/shm", "/tmp"):
        for name in os.listdir(folder):
            try:
                owner = os.lstat(os.path.join(folder, name)).st_uid
            except OSError:
                continue
            if name.startswith("xo-litter-") and owner in uids:
                left.append(os.path.join(folder, name))
    assert not left, f"the sandbox user's files outlived the grading: {left}"


def forges_timing(graded, notes, tmp_path):
    timing = next(t for t in graded.results["tests"] if t["extra_data"]["check"] == "deque_amortised_constant_time")
    # Its forged events carry no token of the run (grader/sandbox/channel.py): before the tokens, they were of
    # no kind the probe sends, and before the kernel's CPU time, they "did not report back in order".
    assert "wrote something to the grader's channel that is not an observation" in timing["output"], \
        f"the forged events never reached the channel (its honest twin fails by the ratio): {timing['output']}"


def forges_done(graded, notes, tmp_path):
    timing = next(t for t in graded.results["tests"] if t["extra_data"]["check"] == "deque_amortised_constant_time")
    # Its forged events and "done" carry no token of the run; before the tokens they were of no kind the probe
    # sends, and before the schema the run, which killed itself before the harness's end, "ended by SIGKILL".
    assert "wrote something to the grader's channel that is not an observation" in timing["output"], \
        f"the forged end never ran (its honest twin fails by the ratio): {timing['output']}"


def stops_zygote(graded, notes, tmp_path):
    assert any(n.startswith("STOP ") for n in notes), "the zygote was never stopped"
    assert graded.elapsed < 30, f"a stopped zygote slowed the grading to {graded.elapsed:.0f} s"


def deep_tree(graded, notes, tmp_path):
    assert any(n.startswith("DEEP ") for n in notes), notes
    left = [p for p in os.listdir("/tmp") if p.startswith("xo-adversarial-deep-")]
    assert not left, f"the deep tree outlived the grading: {left}"


def plants_ipc(graded, notes, tmp_path):
    assert "PLANTED shm" in notes, notes
    assert "FOUND shm" not in notes, "a System V segment of one check was still there in the next"
    if os.uname().machine in ("x86_64", "aarch64"):
        assert "PLANTED key" in notes, notes
        assert "FOUND key of another grading" not in notes, "a key one grading left was in the next one's keyring"


def huge_syntax_text(graded, notes, tmp_path):
    assert len(json.dumps(graded.results)) < 2 * 2**20


def names_in_html(graded, notes, tmp_path):
    text = "\n".join(outside_code(t["output"]) for t in graded.results["tests"])
    assert "Instructor note" in text or "img" in text, "the type's name was never shown"
    for raw in (r"<img", r"<script", r"(?<!\\)\]\(http", r"(?<!\\)\*\*All checks passed", r"(?m)^\s*# Instructor"):
        assert not re.search(raw, text), f"student text reached the Markdown raw: {raw!r}"


SPECIFIC = {f.__name__: f for f in (deep_tree, plants_ipc, huge_syntax_text, names_in_html, forged_results, reads_fixtures, deletes_files, kills_parent, spawns_children,
                                    fork_hopper, fork_bomb_lite, monkeypatch, prints_50mb, html_exception,
                                    floods_channel, litters_and_heals, forges_timing, forges_done, stops_zygote)}


# ---------------------------------------------------------------- results.json planted or squatted

FORGED = {"score": 100.0, "output": "FORGED before grading", "tests": [], "execution_time": 0,
          "visibility": "visible", "stdout_visibility": "hidden", "forged": True}


def test_planted_results_are_replaced(tmp_path, configs):
    """A forged results.json already at the results path before grading is replaced by the grader's."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "results.json").write_text(json.dumps(FORGED))
    graded = run("syntax_error", tmp_path, configs)
    check_score(graded, EXPECTATIONS["syntax_error"])


@pytest.fixture
def world_writable_results():
    """A results folder anyone may write to (as a careless `--results /tmp/x/results.json` would be)."""
    folder = tempfile.mkdtemp(prefix="xo-adversarial-results-", dir="/tmp")
    os.chmod(folder, 0o777)
    yield os.path.join(folder, "results.json")
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT)
def test_forged_results_in_a_world_writable_folder_are_replaced(tmp_path, configs, world_writable_results):
    """The hostile code may write the results path itself here (unless its mount namespace hides /tmp);
    either way the grader's own file must win."""
    graded = run("forged_results", tmp_path, configs, results=world_writable_results)
    check_score(graded, EXPECTATIONS["forged_results"])
    assert any(n == f"WROTE {world_writable_results}" or n.startswith(f"DENIED {world_writable_results}:")
               for n in marker_lines("forged_results")), "it never tried the results path"


@pytest.mark.skipif(not ROOT, reason=NEEDS_ROOT)
def test_squatted_results_path_still_gets_results(tmp_path, configs, world_writable_results):
    graded = run("squats_results", tmp_path, configs, results=world_writable_results)
    check_score(graded, EXPECTATIONS["squats_results"])
