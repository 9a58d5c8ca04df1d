"""``python -m grader batch``: a Gradescope export folder graded into the expected
CSV, names carried over from submission_metadata.yml; a broken or hanging
submission costs only its own row."""

import csv
import json
import os
import shutil
import subprocess
import sys

import golden  # noqa: E402  (tests/golden: the pinned configuration)
import pytest

from grader.ta.batch import COLUMNS
from grader.ta.roster import find_submissions, parse_metadata

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
EXPORT = os.path.join(HERE, "fixtures_export")


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def batch(folder, csv_path, *extra):
    return subprocess.run([sys.executable, "-m", "grader", "batch", str(folder), "--csv", str(csv_path), *extra],
                          cwd=TOP, capture_output=True, text=True, timeout=600)


def test_metadata_in_gradescopes_format_is_read():
    with open(os.path.join(EXPORT, "submission_metadata.yml"), encoding="utf-8") as f:
        meta = parse_metadata(f.read())
    assert sorted(meta) == ["submission_1001", "submission_1002", "submission_1003"]
    assert meta["submission_1001"]["submitters"] == [{"name": "Ada Lovelace", "sid": "1001", "email": "ada@example.edu"}]
    assert [s["name"] for s in meta["submission_1002"]["submitters"]] == ["Grégoire O'Neil", "Bea Tie"]
    assert meta["submission_1002"]["score"] == "91.5"
    assert meta["submission_1003"]["created_at"] == "2024-03-03 23:59:59.000000000 -08:00"


def test_one_row_per_submitter_keyed_by_sid_and_email(tmp_path):
    """A group submission gives each member a row of their own, with the group's scores."""
    got = rows(os.path.join(EXPORT, "expected.csv"))
    assert [(r["sid"], r["email"], r["submission"]) for r in got] == [
        ("1001", "ada@example.edu", "submission_1001"), ("1002", "greg@example.edu", "submission_1002"),
        ("1003", "bea@example.edu", "submission_1002"), ("1004", "cy@example.edu", "submission_1003")]
    group = [r for r in got if r["submission"] == "submission_1002"]
    assert group[0]["name"] == "Grégoire O'Neil" and group[0]["total"] == group[1]["total"]


def test_gradescopes_score_and_the_difference(tmp_path):
    got = {r["sid"]: r for r in rows(os.path.join(EXPORT, "expected.csv"))}
    assert got["1002"]["gradescope_score"] == "91.50"
    assert float(got["1002"]["difference"]) == round(float(got["1002"]["total"]) - 91.5, 2)


def test_excel_csv_has_a_byte_order_mark_and_the_summary_uses_the_given_config(tmp_path):
    """``--excel`` writes UTF-8 with a BOM (Excel then reads "é" right); the class summary's maxima are the
    points of ``--config``, not of the default configuration."""
    one = tmp_path / "export"
    shutil.copytree(EXPORT, one)
    shutil.rmtree(one / "submission_1001")
    shutil.rmtree(one / "submission_1003")
    config = _quick_config(tmp_path).read_text().replace("I = 10\n", "I = 30\n").replace("V = 25\n", "V = 5\n")
    (tmp_path / "config.toml").write_text(config)
    out = batch(one, tmp_path / "grades.csv", "--excel", "--config", str(tmp_path / "config.toml"))
    assert out.returncode == 0, out.stderr
    data = (tmp_path / "grades.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and "Grégoire".encode() in data
    part_i = next(line for line in out.stdout.splitlines() if line.strip().startswith("Part I "))
    assert "/ 30" in part_i, out.stdout


def test_unzipped_export_and_plain_folders_are_found(tmp_path):
    shutil.copytree(EXPORT, tmp_path / "assignment_42_export")
    folder, gradescope, found = find_submissions(str(tmp_path))
    assert gradescope and folder.endswith("assignment_42_export")
    assert [name for name, _, _ in found] == ["submission_1001", "submission_1002", "submission_1003"]
    plain = tmp_path / "plain"
    for name in ("bob", "alice", ".hidden", "__MACOSX"):
        (plain / name).mkdir(parents=True)
    folder, gradescope, found = find_submissions(str(plain))
    assert not gradescope and [name for name, _, _ in found] == ["alice", "bob"]


def test_a_crashing_or_hanging_submission_costs_only_its_own_score(tmp_path):
    folder = tmp_path / "class"
    good = folder / "good"
    good.mkdir(parents=True)
    for module in ("board", "deque", "game"):
        shutil.copy(os.path.join(TOP, "xo", f"{module}.py"), good)
    hang = folder / "hang"
    shutil.copytree(good, hang)
    (hang / "board.py").write_text("while True:\n    pass\n")
    dies = folder / "dies"
    shutil.copytree(good, dies)
    (dies / "board.py").write_text("import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\nos._exit(1)\n")
    out = batch(folder, tmp_path / "grades.csv", "--jobs", "2", "--config", str(_quick_config(tmp_path)))
    assert out.returncode == 0, out.stderr
    got = {r["submission"]: r for r in rows(tmp_path / "grades.csv")}
    assert list(got) == ["dies", "good", "hang"] and list(got["good"]) == [c for c in COLUMNS if c != "part_VI"]
    assert got["good"]["sid"] == "" and got["good"]["gradescope_score"] == ""
    assert got["good"]["total"] == "100.00"
    assert got["good"]["integrity"] == ""                              # the reference: no integrity finding
    assert "os.kill" in got["dies"]["integrity"] and "board.py:2" in got["dies"]["integrity"]
    assert float(got["hang"]["total"]) < 100 and float(got["dies"]["total"]) < 100


def _quick_config(tmp_path):
    """The grader's configuration with short time limits (the hanging submission waits out each one)."""
    with open(golden.PINNED_CONFIG, encoding="utf-8") as f:
        text = f.read()
    text = text.replace("timeout = 30", "timeout = 3")
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


# ---------------------------------------------------------------- the export's zip, regrade notes, problems

def export_zip(path, top="assignment_42_export"):
    """The fixture export zipped as Gradescope's "Export Submissions" gives it: one folder holding the
    metadata and a folder per submission."""
    import zipfile
    with zipfile.ZipFile(path, "w") as z:
        for folder, _, files in os.walk(EXPORT):
            for name in files:
                full = os.path.join(folder, name)
                if name != "expected.csv":
                    z.write(full, os.path.join(top, os.path.relpath(full, EXPORT)))
    return path


def test_the_export_zip_gives_regrade_notes_per_student(tmp_path):
    """``batch EXPORT.zip --compare``: the export graded into the expected CSV (the zip is graded as its folder is:
    a folder given on the command line is graded by the tests above and below), unpacked in a temporary
    folder that is gone afterwards; each submission gets regrade.txt naming its students, with the hidden checks'
    details (``--compare`` grades with ``--reveal``) and, where a move check failed, the positions that differ."""
    import glob
    import tempfile

    from grader.grading.run import REVEALED
    unpacked = lambda: set(glob.glob(os.path.join(tempfile.gettempdir(), "xo-export-*")))
    before = unpacked()
    zipped = export_zip(tmp_path / "export.zip")
    out = batch(zipped, tmp_path / "grades.csv", "--jobs", "2", "--compare", "--compare-sample", "200")
    assert out.returncode == 0, out.stderr
    got = rows(tmp_path / "grades.csv")
    assert got == rows(os.path.join(EXPORT, "expected.csv"))    # every column, the timing check's verdict included
    assert list(got[0]) == [c for c in COLUMNS if c != "part_VI"]   # Part VI is off: no column for it
    assert "Part IV" in out.stdout and "most failed checks" in out.stdout
    assert f"from {zipped} (Gradescope export)" in out.stdout and "xo-export-" not in out.stdout
    assert unpacked() <= before                                       # the temporary folder is gone
    assert "regrade notes submission_1002 (Grégoire O'Neil; Bea Tie): " in out.stderr
    results = tmp_path / "grades-results"
    for name in ("submission_1001", "submission_1002", "submission_1003"):
        assert json.loads((results / name / "results.json").read_text())["tests"]
    revealed = json.loads((results / "submission_1002" / "results.json").read_text())
    assert revealed["output"].startswith(REVEALED)
    notes = (results / "submission_1002" / "regrade.txt").read_text()
    assert "Students: Grégoire O'Neil <greg@example.edu>, SID 1002; Bea Tie <bea@example.edu>, SID 1003" in notes
    assert "Gradescope gave 91.50" in notes
    hidden = notes[notes.index("-- 4.7 part4_more_positions (withheld"):]
    assert "expected:" in hidden.split("\n-- ")[0]                      # the hidden check's details, revealed
    assert "== lowest_cell:" in notes and "== Every difference, one line each" in notes
    report = json.loads((results / "submission_1002" / "compare.json").read_text())
    assert report["positions"] == 200 and report["differences"] > 0 and report["submission"] == "submission_1002"
    assert "xo-export-" not in notes                                   # the temporary folder is named nowhere
    assert notes.count("[lowest_cell]") == report["differences"]          # every differing position, one line each
    good = (results / "submission_1001" / "regrade.txt").read_text()
    assert "Ada Lovelace" in good and "Checks failed: 0" in good and "not compared" in good
    assert not (results / "submission_1001" / "compare.json").exists()
    broken = (results / "submission_1003" / "regrade.txt").read_text()
    assert "could not run" in broken and "waits for game_imports" in broken and "not compared" in broken


def test_a_syntax_error_is_a_problem_not_an_integrity_finding(tmp_path):
    folder = tmp_path / "class" / "typo"
    folder.mkdir(parents=True)
    for module in ("board", "deque", "game"):
        shutil.copy(os.path.join(TOP, "xo", f"{module}.py"), folder)
    (folder / "game.py").write_text((folder / "game.py").read_text() + "\ndef broken(:\n    pass\n")
    out = batch(tmp_path / "class", tmp_path / "grades.csv", "--jobs", "1", "--config", str(_quick_config(tmp_path)))
    assert out.returncode == 0, out.stderr
    (row,) = rows(tmp_path / "grades.csv")
    assert "game.py:" in row["problems"] and "does not parse as Python (SyntaxError)" in row["problems"]
    assert row["integrity"] == ""


def test_bad_input_is_refused_with_its_name_and_nothing_written(tmp_path):
    (tmp_path / "notes.txt").write_text("not a zip")
    (tmp_path / "broken.zip").write_bytes(b"PK\x03\x04 truncated")
    for given, says in (("missing.zip", "does not exist"), ("notes.txt", "neither a folder nor a zip file"),
                        ("broken.zip", "neither a folder nor a zip file")):
        out = batch(tmp_path / given, tmp_path / "grades.csv")
        assert out.returncode == 2 and str(tmp_path / given) in out.stderr and says in out.stderr, out.stderr
        assert "Traceback" not in out.stderr
    out = batch(EXPORT, tmp_path / "grades.csv", "--compare-sample", "5")           # without --compare
    assert out.returncode == 2 and "--compare-sample 5" in out.stderr and "with --compare" in out.stderr
    assert not (tmp_path / "grades.csv").exists() and not (tmp_path / "grades-results").exists()


def test_the_zip_is_unpacked_safely(tmp_path):
    """Names that climb out or are absolute, links and devices are left out (and said so); a zip that unpacks to
    more than the bound, whatever its headers claim, is refused; the temporary folder goes in every case."""
    import stat
    import zipfile

    from grader.ta.export import ExportError, class_folder, unpack
    path = tmp_path / "hostile.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("export/submission_1/game.py", "x = 1\n")
        z.writestr("../escaped.py", "x = 1\n")
        z.writestr("/tmp/absolute.py", "x = 1\n")
        z.writestr("export/..\\..\\windows.py", "x = 1\n")
        link = zipfile.ZipInfo("export/submission_1/board.py")
        link.create_system = 3
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        z.writestr(link, "/etc/passwd")
    target = tmp_path / "out"
    target.mkdir()
    record = unpack(str(path), str(target))
    made = sorted(str(p.relative_to(target)) for p in target.rglob("*"))
    assert made == ["export", "export/submission_1", "export/submission_1/game.py"], made
    assert len(record.left_out) == 4 and all("left" not in line for line in record.left_out)
    assert not (tmp_path / "escaped.py").exists() and not os.path.exists("/tmp/absolute.py")
    bomb = tmp_path / "bomb.zip"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("export/big.py", b"0" * (3 << 20))          # 3 MiB, a few KiB zipped
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    import tempfile

    import grader.ta.export as export
    saved = export.MAX_BYTES, tempfile.tempdir
    try:
        export.MAX_BYTES, tempfile.tempdir = 1 << 20, str(scratch)
        with pytest.raises(ExportError, match="unpacks to more than 1 MiB"):
            with class_folder(str(bomb)):
                raise AssertionError("a zip over the bound was unpacked")
        with class_folder(str(path)) as (folder, label):
            assert label == str(path) and os.path.isfile(os.path.join(folder, "export", "submission_1", "game.py"))
    finally:
        export.MAX_BYTES, tempfile.tempdir = saved
    assert list(scratch.iterdir()) == []                        # removed, after a failure as after a success


# ---------------------------------------------------------------- shards

def test_three_shards_merged_are_a_single_run(tmp_path):
    """``batch --shard K/3``, three processes (one after another, beside a single run of the same class: two gradings
    at a time, as ``--jobs 2`` grades), then ``batch merge``: the CSV the single run writes, byte for byte, and its
    class report but for the times measured (its "Time per submission" section)."""
    import re

    def command(csv_path, *extra):
        return [sys.executable, "-m", "grader", "batch", str(EXPORT), "--csv", str(csv_path), "--jobs", "1", "--quiet",
                *extra]

    single = subprocess.Popen(command(tmp_path / "single" / "grades.csv"), cwd=TOP, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    for k in (1, 2, 3):
        shard = subprocess.run(command(tmp_path / "merged" / "grades.csv", "--shard", f"{k}/3"), cwd=TOP,
                               capture_output=True, text=True, timeout=600)
        assert shard.returncode == 0, shard.stderr
        assert f"shard {k}/3: 1 of the class's 3 submission(s)" in shard.stdout, shard.stdout
        assert not (tmp_path / "merged" / "grades.csv").exists()          # a shard writes its partial only
    out, err = single.communicate(timeout=600)
    assert single.returncode == 0, err
    partials = sorted(str(p) for p in (tmp_path / "merged").glob("grades.shard-*-of-3.json"))
    merged = subprocess.run([sys.executable, "-m", "grader", "batch", "merge", *partials, "--csv",
                             str(tmp_path / "merged" / "grades.csv")], cwd=TOP, capture_output=True, text=True, timeout=300)
    assert merged.returncode == 0, merged.stderr
    csv_single = (tmp_path / "single" / "grades.csv").read_bytes()
    assert (tmp_path / "merged" / "grades.csv").read_bytes() == csv_single
    assert rows(tmp_path / "single" / "grades.csv") == rows(os.path.join(EXPORT, "expected.csv"))
    untimed = lambda path: re.sub(r'<section id="time">.*?</section>', "", path.read_text(encoding="utf-8"), flags=re.S)
    page = untimed(tmp_path / "single" / "grades.html")
    assert "Bea Tie" in page and "Cy Nodeque" in page and 'data-rules="lowest_cell"' in page    # a mistake, a problem
    assert untimed(tmp_path / "merged" / "grades.html") == page
    assert merged.stdout.split("\n\nmerged")[0] == out.split("\n\nCSV:")[0]     # the same summary on the console
