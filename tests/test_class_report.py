"""``batch``'s class report and its ``diagnosis`` column, on a class whose mistakes are known.

The synthetic class (``synthetic_class.py``: several copies of every corpus submission with a diagnosis, two
groups whose moves no rule explains, correct ones, mistakes of other Parts and broken uploads, under students'
names) is graded in three shards, each a process of its own, on the corpus' recorded observations, and merged
with ``python -m grader batch merge``: the report must count under each mistake exactly the students it was
planted in, group exactly the students who share an unexplained mistake, and open in a real browser.  The
corpus' own recorded results hold every diagnosis the class report reads (``test_every_corpus_…``).
"""

import csv
import glob
import json
import os
import re
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path[:0] = [os.path.join(HERE, "golden"), HERE]
import golden  # noqa: E402,F401  (the pinned configuration, for every process started)
import synthetic_class  # noqa: E402
from browser import WINDOW, chromium, decode_png, ink, run_chromium  # noqa: E402

from grader.grading.verdict import Grading, Named  # noqa: E402
from grader.render.gradescope import gradescope  # noqa: E402
from grader.ta.mistakes import counted, groups, mistakes_of  # noqa: E402
from grader.ta.shards import MergeError, read_partials  # noqa: E402

try:
    import tomllib
except ModuleNotFoundError:
    import tomli as tomllib

with open(os.path.join(HERE, "submissions", "expectations.toml"), "rb") as f:
    EXPECTED = tomllib.load(f)

SHARDS = 3


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    """The synthetic class, graded in three shards at once (each its own process) and merged by the CLI:
    (the answer key, the merged outcome, the CSV's rows, the page's text, the merge's output, the folder)."""
    top = tmp_path_factory.mktemp("class")
    key = synthetic_class.build(str(top / "class"))
    csv_path = top / "grades.csv"
    shards = [subprocess.Popen([sys.executable, os.path.join(HERE, "synthetic_class.py"), "grade", str(top / "class"),
                                str(csv_path), "--shard", f"{k}/{SHARDS}"], cwd=TOP, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
              for k in range(1, SHARDS + 1)]
    for shard in shards:
        out, err = shard.communicate(timeout=900)
        assert shard.returncode == 0, err[-3000:]
    partials = sorted(glob.glob(str(top / "grades.shard-*-of-3.json")))
    assert len(partials) == SHARDS
    merged = subprocess.run([sys.executable, "-m", "grader", "batch", "merge", *partials, "--csv", str(csv_path)],
                            cwd=TOP, capture_output=True, text=True, timeout=300)
    assert merged.returncode == 0, merged.stderr
    with open(csv_path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    page = (top / "grades.html").read_text(encoding="utf-8")
    return key, read_partials(partials), rows, page, merged.stdout, top


def planted(key, what):
    return {name for name, entry in key.items() if entry["planted"] == what}


def test_each_mistake_counts_exactly_the_students_it_was_planted_in(klass):
    key, outcome, _, _, _, _ = klass
    by_rule = {}
    for row in counted(outcome["graded"]):
        assert len(row.named.rules) == 1, f"the corpus' mistakes are told apart: {row.named}"
        students = {entry.submission for entry in row.students}
        rule = row.named.rules[0]
        assert not students & by_rule.get(rule, set()), f"a student counted twice under {rule}"
        by_rule.setdefault(rule, set()).update(students)
    rules = {entry["planted"] for entry in key.values()} - {None, "unexplained"}
    rules = {r for r in rules if not r.startswith("upload:")}
    assert set(by_rule) == rules, "a mistake counted that was not planted, or one planted and not counted"
    for rule in rules:
        assert by_rule[rule] == planted(key, rule), rule          # no student counted under a mistake not theirs


def test_the_students_no_rule_explains_are_grouped_by_the_mistake_they_share(klass):
    key, outcome, _, page, _, _ = klass
    found = [{entry.submission for entry in group.students} for group in groups(outcome["graded"])]
    corpora = {entry["corpus"] for entry in key.values() if entry["planted"] == "unexplained"}
    expected = [{name for name, entry in key.items() if entry["corpus"] == corpus} for corpus in corpora]
    assert sorted(map(sorted, found)) == sorted(map(sorted, expected))
    for group in groups(outcome["graded"]):                    # what the page says of each, and its board
        assert f"{len(group.students)} students share a mistake that no model names; on this board all of them " \
               f"play {group.played}, where the rules give {group.expected}" in page
        assert group.played != group.expected and f'data-signature="{group.signature}"' in page


def test_the_page_and_the_csv_say_what_was_counted(klass):
    key, outcome, rows, page, said, _ = klass
    total = len(key)
    shown = sorted(re.findall(r'<tr class="mistake" data-rules="([^"]*)">\s*<td>(?:(?!</td>).)*</td>\s*'
                              r'<td class="num">(\d+) of (\d+)</td>', page, re.S))
    assert shown == sorted((",".join(row.named.rules), str(len(row.students)), str(total))
                           for row in counted(outcome["graded"]))
    for entry in rows:                                        # the diagnosis column: the rule planted, by name
        what = key[entry["submission"]]["planted"]
        if what is None or what.startswith("upload:"):
            assert entry["diagnosis"] == "", entry
        elif what == "unexplained":
            assert entry["diagnosis"].startswith("moves no rule explains") and "[unexplained " in entry["diagnosis"]
        else:
            assert entry["diagnosis"].endswith(f"[{what}]"), (what, entry["diagnosis"])
    problems = {entry["submission"]: entry["problems"] for entry in rows}
    for name, entry in key.items():                           # issue 40, item 5: the upload's problems, in words
        if entry["planted"] == "upload: misnamed":
            assert problems[name] == "game.py is missing from your submission: found Game.py instead; rename it to game.py."
        elif entry["planted"] == "upload: missing file":
            assert problems[name].startswith("deque.py is missing from your submission"), problems[name]
        elif entry["planted"] == "upload: syntax error":
            assert "game.py:" in problems[name] and "does not parse as Python" in problems[name], problems[name]
        else:
            assert problems[name] == "", (name, problems[name])
    top = said[said.index("most common mistakes, by diagnosis"):].splitlines()[1:6]
    assert len(top) == 5 and all(re.match(r"\s+\d+ x .*\[[a-z_]+( [0-9a-f]{8})?\]$", line) for line in top), top
    assert "Kim <b>Bold</b> & Co" not in page and "Kim &lt;b&gt;Bold&lt;/b&gt; &amp; Co" in page


PROBE = """
<script>
window.__errors = [];
window.addEventListener('error', function (e) { window.__errors.push(String(e.message || e.type)); }, true);
window.addEventListener('load', function () {
  var charts = Array.prototype.map.call(document.querySelectorAll('figure.chart'), function (figure) {
    var svg = figure.querySelector('svg'), r = svg ? svg.getBoundingClientRect() : {width: 0, height: 0};
    return {id: figure.id, width: r.width, height: r.height, y: r.top + window.scrollY,
            shapes: svg ? svg.querySelectorAll('path, rect, text, use').length : 0};
  });
  var report = {charts: charts, errors: window.__errors, title: document.title,
                resources: performance.getEntriesByType('resource').map(function (e) { return e.name; }),
                bold: document.querySelectorAll('b').length};
  var pre = document.createElement('pre');
  pre.id = 'xo-probe';
  pre.textContent = JSON.stringify(report);
  document.body.appendChild(pre);
});
</script>
"""


def test_the_page_opens_offline_in_chromium_with_every_chart(klass, tmp_path):
    if chromium() is None:
        pytest.skip("Debian's chromium is not installed (apt-get install chromium; .ci/run does it as root): the "
                    "class report was not opened in a browser")
    _, outcome, _, page, _, _ = klass
    probe = tmp_path / "probe.html"
    probe.write_text(page.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    dom = run_chromium(["--virtual-time-budget=5000", "--dump-dom", probe.as_uri()], tmp_path, "report-dom").stdout
    found = re.search(r'<pre id="xo-probe">(.*?)</pre>', dom, re.S)
    assert found, "the page's load event never ran"
    report = json.loads(found.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
                        .replace("&amp;", "&"))
    assert report["errors"] == [] and report["resources"] == [], report
    assert report["bold"] == 0                                  # a student's name is text, never markup
    charts = {chart["id"]: chart for chart in report["charts"]}
    expected = {"chart-total", *(f"chart-part-{p}" for p in outcome["most"]), "chart-checks", "chart-mistakes",
                "chart-time"}
    assert set(charts) == expected
    for chart in charts.values():
        assert chart["width"] > 250 and chart["height"] > 120 and chart["shapes"] > 20, chart
    shot, plain = tmp_path / "report.png", tmp_path / "page.html"
    plain.write_text(page, encoding="utf-8")
    run_chromium([f"--screenshot={shot}", plain.as_uri()], tmp_path, "report-shot")
    total = charts["chart-total"]
    assert total["y"] + total["height"] < WINDOW[1]
    width, _, rows = decode_png(shot, max_rows=int(total["y"] + total["height"]) + 1)
    assert ink(rows, 0, int(total["y"]), width, int(total["y"] + total["height"])) > 0.02, "the first chart is blank"


def test_every_corpus_submission_names_the_mistake_it_was_written_with():
    """The recorded results of the corpus: each buggy submission with a diagnosis names exactly that rule (as the
    class report counts it), "none" no rule but its moves' signature; a correct one names nothing."""
    for kind in ("correct", "buggy"):
        for name, expected in EXPECTED[kind].items():
            with open(golden.path_of(f"submissions/{kind}/{name}"), encoding="utf-8") as f:
                made = mistakes_of(Grading.from_results(json.load(f)).verdicts)
            if kind == "correct":
                assert made == [], name
            elif expected.get("diagnosis") == "none":
                assert len(made) == 1 and not made[0].explained and made[0].named.signature, (name, made)
            elif expected.get("diagnosis"):
                assert [m.named.rules for m in made] == [(expected["diagnosis"],)], (name, made)


def test_what_is_named_survives_results_json():
    """``Named`` is written into each failed check's extra_data and read back as it was; the upload's problems
    into the top-level extra_data (issue 40, item 5)."""
    from grader.grading.verdict import Failure, Status, Verdict
    from grader.game.rules import Tally
    failure = Failure("differs", tally=Tally("positions", 10, 3, (("one_based", 3),)))
    verdict = Verdict("ninja_everywhere", "6.9", "VI", "…", Status.FAILED, 0.0, 1.0, "visible", failure=failure)
    results = gradescope(Grading([verdict], upload=["game.py is missing from your submission."]))
    assert results["tests"][0]["extra_data"]["causes"] == ["one_based"]
    back = Grading.from_results(results)
    assert back.verdicts[0].named == Named(("one_based",)) and back.upload == ["game.py is missing from your submission."]
    assert "extra_data" not in gradescope(Grading([verdict]))


def test_partials_that_are_not_one_class_are_refused(klass, tmp_path):
    _, _, _, _, _, top = klass
    partials = sorted(glob.glob(str(top / "grades.shard-*-of-3.json")))
    with pytest.raises(MergeError, match=r"shard\(s\) 3/3 missing"):
        read_partials(partials[:2])
    with pytest.raises(MergeError, match="are both shard 1/3"):
        read_partials([partials[0], partials[0], partials[1]])
    other = json.loads(open(partials[2], encoding="utf-8").read())
    other["names"] = other["names"][:-1]
    (tmp_path / "other.json").write_text(json.dumps(other), encoding="utf-8")
    with pytest.raises(MergeError, match="not shards of one class"):
        read_partials([*partials[:2], str(tmp_path / "other.json")])
    (tmp_path / "notes.json").write_text("{}", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "grader", "batch", "merge", str(tmp_path / "notes.json"), "--csv",
                          str(tmp_path / "x.csv")], cwd=TOP, capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "not a partial result of `batch --shard`" in out.stderr and "Traceback" not in out.stderr
    assert not (tmp_path / "x.csv").exists()
