"""The feedback renders the same everywhere (issue 13).

Gradescope promises only "basic" Markdown.  Every results.json the test corpora record (``tests/golden``) is
rendered here with a strict CommonMark renderer (markdown-it-py's ``commonmark`` preset: no tables, no
extensions): no table syntax may be left for a renderer to guess at, and every note is a paragraph of its
own.  Then two of them, the misnamed-file case and a Part V failure, are drawn by headless Chromium and the
screenshot is read back.
"""

import glob
import html
import json
import os
import re

import pytest
from browser import WINDOW, browser, decode_png, ink, run_chromium  # noqa: F401 (browser: a fixture)
from markdown_it import MarkdownIt

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = sorted(glob.glob(os.path.join(HERE, "golden", "**", "*.json"), recursive=True))
STRICT = MarkdownIt("commonmark")


def texts(results):
    """Every Markdown text of a results.json: the overview, then each test's output, with a label."""
    yield "output", results.get("output", "")
    for test in results.get("tests", []):
        yield test.get("name", "?"), test.get("output", "")


def outside_code(rendered):
    """The rendered HTML without its code blocks and code spans (where any text is inert and shown as is)."""
    return re.sub(r"<pre>.*?</pre>|<code>.*?</code>", "", rendered, flags=re.S)


def test_the_corpora_are_there():
    assert len(GOLDEN) >= 90, "tests/golden holds the results.json of every corpus submission"


@pytest.mark.parametrize("path", GOLDEN, ids=[os.path.relpath(p, HERE) for p in GOLDEN])
def test_every_results_json_renders_in_strict_commonmark(path):
    with open(path, encoding="utf-8") as f:
        results = json.load(f)
    for label, text in texts(results):
        rendered = STRICT.render(text)
        plain = outside_code(rendered)
        assert "|---" not in plain and not re.search(r"(?m)^\|", html.unescape(re.sub(r"<[^>]+>", "", plain))), \
            f"{label}: table syntax that plain CommonMark shows as text:\n{text[:600]}"
        for paragraph in re.findall(r"<p>(.*?)</p>", rendered, flags=re.S):
            bold = paragraph.count("<strong>")
            assert bold <= 1 or "\n" not in paragraph, f"{label}: two notes run together in one paragraph"


OVERVIEW = os.path.join(HERE, "golden", "submissions", "buggy")


def page(results, title):
    """A results.json as a student reads it on Gradescope, drawn with strict CommonMark."""
    parts = [f"<h1>{html.escape(title)}</h1>", '<section id="overview">', STRICT.render(results["output"]),
             "</section>"]
    for test in results["tests"]:
        if test["status"] == "failed" and test["visibility"] == "visible":
            parts += [f'<section class="test"><h2>{html.escape(test["name"])}</h2>', STRICT.render(test["output"]),
                      "</section>"]
    return ("<!doctype html><html><head><meta charset='utf-8'><title>feedback</title><style>"
            "body{font-family:sans-serif;max-width:1100px;margin:20px} pre{background:#f4f4f4;padding:8px}"
            "</style></head><body>" + "\n".join(parts) + "</body></html>")


CASES = {"misnamed-file": "submissions/buggy/misnamed_game.json", "part5-failure": "submissions/buggy/part4_only.json"}
"""The two pages the issue asks to see rendered: a file uploaded under the wrong name, and a Part V failure."""


@pytest.mark.parametrize("case", sorted(CASES))
def test_chromium_draws_the_feedback(browser, tmp_path, case):
    with open(os.path.join(HERE, "golden", CASES[case]), encoding="utf-8") as f:
        results = json.load(f)
    source = tmp_path / f"{case}.html"
    source.write_text(page(results, case), encoding="utf-8")
    dom = run_chromium(["--dump-dom", source.as_uri()], tmp_path, "dom").stdout
    overview = re.search(r'<section id="overview">(.*?)</section>', dom, re.S).group(1)
    grid = re.search(r"<pre><code[^>]*>(.*?)</code></pre>", overview, re.S)
    assert grid and "Part" in grid.group(1) and "total" in grid.group(1), "the per-Part table is not one block"
    notes = re.findall(r"<p>(.*?)</p>", overview, re.S)
    if case == "misnamed-file":
        assert any("Game.py" in n and "rename it to" in n for n in notes), notes
    else:
        assert "Part V" in dom and "<pre><code" in dom.split('<section class="test">', 1)[1]

    shot = tmp_path / f"{case}.png"
    run_chromium([f"--screenshot={shot}", source.as_uri()], tmp_path, "screenshot")
    width, height, rows = decode_png(shot, max_rows=900)
    assert (width, height) == WINDOW
    assert ink(rows, 0, 0, width, 900) > 0.01, "the page is blank"
    os.makedirs(os.path.join(os.path.dirname(HERE), "build", "rendered"), exist_ok=True)
    for made in (source, shot):        # kept for people to look at: build/rendered/
        with open(os.path.join(os.path.dirname(HERE), "build", "rendered", made.name), "wb") as out:
            out.write(made.read_bytes())
