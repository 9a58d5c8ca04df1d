"""``python -m grader similarity``: a copied pair and a pair with renamed variables are found among
independent submissions, the starter's skeleton counts for nothing, and the report is a page Chromium shows."""

import os
import re
import shutil
import subprocess
import sys

import pytest

pytest.importorskip("copydetect", reason="the similarity report needs the ta extra (copydetect)")

from browser import chromium, decode_png, run_chromium  # noqa: E402

from grader.ta.similarity import IS_REFERENCE, REFERENCE, similarity, text  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
CORRECT = os.path.join(HERE, "submissions", "correct")
EXPORT = os.path.join(HERE, "fixtures_export")


def rename(folder, names):
    """Rename identifiers in game.py and deque.py, as a student hiding a copy would."""
    for module in ("game", "deque"):
        path = folder / f"{module}.py"
        source = path.read_text()
        for old, new in names.items():
            source = re.sub(rf"\b{old}\b", new, source)
        path.write_text(source)


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    """A class: two independent-ish pairs planted among honest, unrelated submissions."""
    folder = tmp_path_factory.mktemp("class")
    for name, source in (("ada", "circular_deque"), ("bea", "circular_deque"), ("cy", "namedtuple_items"),
                         ("dan", "namedtuple_items"), ("eve", "linked_list_deque"), ("fay", "dataclass_match"),
                         ("gus", "functional_eager")):
        shutil.copytree(os.path.join(CORRECT, source), folder / name)
    rename(folder / "dan", {"scores": "marks", "best": "chosen", "board": "grid", "first": "opening", "q": "line"})
    return folder


def test_the_copied_and_the_renamed_pairs_rank_first(klass):
    pairs, problems = similarity(str(klass))
    assert not problems
    top = [{p.first, p.second} for p in pairs[:2]]
    assert {"ada", "bea"} in top and {"cy", "dan"} in top, pairs[:4]
    assert pairs[1].score > 0.9
    others = [p for p in pairs if {p.first, p.second} not in top]
    assert all(p.score < pairs[1].score - 0.3 for p in others), others


def test_the_skeleton_is_boilerplate(tmp_path):
    """Two submissions that only fill in the skeleton differently share nothing that counts."""
    for name in ("ann", "ben"):
        (tmp_path / name).mkdir()
    shutil.copytree(os.path.join(CORRECT, "circular_deque"), tmp_path / "ann", dirs_exist_ok=True)
    shutil.copytree(os.path.join(CORRECT, "dataclass_match"), tmp_path / "ben", dirs_exist_ok=True)
    pairs, _ = similarity(str(tmp_path))
    assert all(p.score < 0.5 for p in pairs), pairs


def test_a_gradescope_export_names_the_students(tmp_path):
    """The export's three submissions are one program (two with a nested folder): every pair is found, named
    with its students."""
    pairs, problems = similarity(EXPORT)
    assert not problems
    assert (pairs[0].first, pairs[0].second) == ("submission_1001 (Ada Lovelace)",
                                                 "submission_1002 (Grégoire O'Neil; Bea Tie)")
    own = [p for p in pairs if not p.source]
    assert len(own) == 3 and all(p.score > 0.9 for p in own)


def test_the_command_line_prints_the_ranking_and_writes_a_page_chromium_shows(klass, tmp_path):
    page = tmp_path / "report.html"
    out = subprocess.run([sys.executable, "-m", "grader", "similarity", str(klass), "--html", str(page)],
                         cwd=TOP, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    first = out.stdout.splitlines()[1]
    assert "ada" in first and "bea" in first, out.stdout
    html = page.read_text()
    assert "http://" not in html and "https://" not in html.replace("https://github.com", "")
    assert "xo-similarity" not in html and "highlight-red" in html
    if chromium() is None:
        pytest.skip("Debian's chromium is not installed: the page was not opened in a browser")
    dom = run_chromium(["--headless", "--dump-dom", page.as_uri()], tmp_path, "similarity-dom").stdout
    assert "Copy Detection Report" in dom and "ada" in dom and "bea" in dom
    shot = tmp_path / "similarity.png"
    run_chromium(["--headless", f"--screenshot={shot}", page.as_uri()], tmp_path, "similarity-shot")
    width, height, rows = decode_png(shot)
    dark = sum(1 for row in rows for k in range(0, len(row), 3) if sum(row[k:k + 3]) < 200)
    assert width > 0 and height > 0 and dark > 500, "the screenshot shows no text"


def test_a_submission_that_is_the_reference_is_flagged_and_honest_ones_are_not(klass):
    """The export's submissions are the reference (one with its tie-break changed, one with deque.py missing):
    each is flagged; the class of independent solutions has none near it."""
    pairs, _ = similarity(EXPORT)
    flagged = {p.first for p in pairs if p.source == REFERENCE and p.share_first >= IS_REFERENCE}
    assert flagged == {"submission_1001 (Ada Lovelace)", "submission_1002 (Grégoire O'Neil; Bea Tie)",
                       "submission_1003 (Cy Nodeque)"}
    assert text(pairs, []).startswith("  !! submission_1001 (Ada Lovelace) IS the reference solution (xo/)")
    honest, _ = similarity(str(klass))
    assert all(p.share_first < 0.5 for p in honest if p.source == REFERENCE), honest
    none, _ = similarity(EXPORT, reference=False)
    assert none and not [p for p in none if p.source]


def test_past_terms_are_sources_to_match_against(tmp_path):
    """A submission copied from a past term's is found, named with the term; past submissions are never
    compared with each other."""
    now, before = tmp_path / "now", tmp_path / "2023-fall"
    shutil.copytree(os.path.join(CORRECT, "circular_deque"), now / "zed")
    shutil.copytree(os.path.join(CORRECT, "dataclass_match"), now / "yan")
    shutil.copytree(os.path.join(CORRECT, "circular_deque"), before / "old")
    shutil.copytree(os.path.join(CORRECT, "circular_deque"), before / "older")
    pairs, _ = similarity(str(now), reference=False, past={"2023-fall": str(before)})
    past = [p for p in pairs if p.source]
    assert {(p.first, p.second) for p in past} == {("zed", "past term 2023-fall: old"),
                                                   ("zed", "past term 2023-fall: older")}
    assert all(p.source == "past term 2023-fall" and p.share_first > 0.9 for p in past)
    assert not [p for p in pairs if not p.source and p.score > 0.5]


def test_the_page_names_students_as_the_export_does_and_labels_its_matrix(tmp_path):
    """From the export's zip: names as submission_metadata.yml spells them (escaped, never mangled), the
    matrix's rows and columns labelled, the reference flagged; a name made of HTML stays text."""
    import zipfile
    export = tmp_path / "export"
    shutil.copytree(EXPORT, export)
    meta = export / "submission_metadata.yml"
    meta.write_text(meta.read_text(encoding="utf-8").replace("Cy Nodeque", "<b>Cy</b>"), encoding="utf-8")
    zipped = tmp_path / "export.zip"
    with zipfile.ZipFile(zipped, "w") as z:
        for path in export.rglob("*"):
            z.write(path, "assignment_7_export/" + str(path.relative_to(export)))
    page = tmp_path / "report.html"
    out = subprocess.run([sys.executable, "-m", "grader", "similarity", str(zipped), "--html", str(page),
                          "--past", str(EXPORT)], cwd=TOP, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "IS the reference solution" in out.stdout and "past term fixtures_export: submission_1001" in out.stdout
    html = page.read_text(encoding="utf-8")
    assert '<th scope="row">submission_1002 (Grégoire O&#x27;Neil; Bea Tie)</th>' in html
    assert '<th scope="col">submission_1001 (Ada Lovelace)</th>' in html
    assert f'<th scope="col">{REFERENCE}</th>' in html and "share of the row" in html
    assert "<b>Cy</b>" not in html and "&lt;b&gt;Cy&lt;/b&gt;" in html
    assert "__" not in html.split("<h2>Pairs")[0] and "xo-similarity" not in html and "xo-export" not in html
    assert html.count('class="flag"') == 3
    assert "http://" not in html and "https://" not in html


def test_the_page_stays_small_for_a_big_class():
    """Only the first PAGE_PAIRS pairs carry their code; the others get a line each, every one still named."""
    from grader.ta.similarity import PAGE_PAIRS, Pair, Report, page
    names = [f"s{k:03d}" for k in range(40)]
    pairs = [Pair(a, b, 0.5, 0.5, 100) for i, a in enumerate(names) for b in names[i + 1:]][:PAGE_PAIRS + 50]
    shown = [(p, "x = 1" * 1000, "x = 1" * 1000) for p in pairs]
    html = page(Report(pairs, [], names, names, {}), shown)
    assert html.count('class="pair"') == PAGE_PAIRS and html.count("<li>") == 50
    assert len(html) < PAGE_PAIRS * 2 * 6000 + 200_000
