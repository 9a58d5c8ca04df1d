"""``python -m grader similarity FOLDER --html report.html``: which submissions of a class look copied.

FOLDER is what ``batch`` grades: a Gradescope "Export Submissions" folder or a
folder of submission folders.  Each submission's three files (found as the
grader finds them) are joined into one document, and every pair of documents
is compared by copydetect (winnowed fingerprints of the token stream, so
renamed variables and moved whitespace do not hide a copy).  The starter
kit's skeleton is boilerplate: what every student was given counts for
nothing.  Pairs are ranked by the larger of their two shares of copied code;
the HTML report shows each pair side by side with the shared code marked.

A TA's tool, run from the repository (it builds the skeleton from ``xo/``
and needs the ``ta`` extra: ``pip install -e '.[ta]'``); never shipped.
"""

import os
import sys
import tempfile
from dataclasses import dataclass

from .. import ROOT
from . import class_parser

TOP = os.path.dirname(ROOT)
MODULES = ("board", "deque", "game")
DISPLAY = 0.25           # pairs below this share of copied code are left out of the report


@dataclass(frozen=True)
class Pair:
    """Two submissions and how much of each is code found in the other."""
    first: str               # the submission's folder, with its submitters' names when the export has them
    second: str
    share_first: float       # fraction of first's tokens that are also in second
    share_second: float
    tokens: int              # tokens the two share

    @property
    def score(self):
        return max(self.share_first, self.share_second)


def document(files):
    """One text of a submission's files, each under a header naming it (files: {module: path})."""
    parts = []
    for name in MODULES:
        if name in files:
            with open(files[name], encoding="utf-8", errors="replace") as f:
                parts.append(f"# ---- {name}.py ----\n{f.read()}\n")
    return "".join(parts)


def skeleton():
    """The starter kit's skeleton of the three files, as one document (the boilerplate)."""
    sys.path.insert(0, os.path.join(TOP, "ship"))
    try:
        from strip import strip
    finally:
        sys.path.pop(0)
    parts = []
    for name in MODULES:
        with open(os.path.join(TOP, "xo", f"{name}.py"), encoding="utf-8") as f:
            parts.append(f"# ---- {name}.py ----\n{strip(f.read())}\n")
    return "".join(parts)


def _safe(name):
    return "".join(c if c.isalnum() or c in "._-" else "_" for c in name) or "submission"


def similarity(folder, *, html=None, display=DISPLAY, progress=None):
    """Compare every pair of submissions under ``folder``; return (pairs ranked, problems).

    ``problems`` names the submissions that could not be compared (no file found).
    With ``html``, also write copydetect's side-by-side report there.
    """
    os.environ.setdefault("MPLBACKEND", "Agg")          # copydetect draws its charts with matplotlib
    from copydetect import CopyDetector

    from .batch import find_submissions
    from ..locate import locate

    _, _, found = find_submissions(folder)
    problems = []
    with tempfile.TemporaryDirectory(prefix="xo-similarity-") as work:
        students, boiler = os.path.join(work, "submissions"), os.path.join(work, "boilerplate")
        os.makedirs(students)
        os.makedirs(boiler)
        names = {}
        for name, path, meta in found:
            located = locate(path)
            if not located.files:
                problems.append(f"{name}: no deque.py, board.py or game.py found")
                continue
            who = "; ".join(str(p.get("name") or "") for p in (meta.get("submitters") or []))
            label = _safe(f"{name} ({who})" if who else name)
            names[label] = f"{name} ({who})" if who else name
            with open(os.path.join(students, label + ".py"), "w", encoding="utf-8") as f:
                f.write(document(located.files))
        with open(os.path.join(boiler, "skeleton.py"), "w", encoding="utf-8") as f:
            f.write(skeleton())
        if len(names) < 2:
            return [], problems + ["fewer than two submissions to compare"]
        detector = CopyDetector(test_dirs=[students], ref_dirs=[students], boilerplate_dirs=[boiler],
                                extensions=["py"], display_t=display, autoopen=False, silent=True,
                                out_file=os.path.abspath(html) if html else os.path.join(work, "report.html"))
        detector.run()
        pairs = []
        for share_a, share_b, file_a, file_b, _, _, tokens in detector.get_copied_code_list():
            a = names[os.path.splitext(os.path.basename(file_a))[0]]
            b = names[os.path.splitext(os.path.basename(file_b))[0]]
            if a > b:
                a, b, share_a, share_b = b, a, share_b, share_a
            pairs.append(Pair(a, b, float(share_a), float(share_b), int(tokens)))
        if html:
            detector.generate_html_report()
            with open(html, encoding="utf-8") as f:
                page = self_contained(f.read(), students)
            with open(html, "w", encoding="utf-8") as f:
                f.write(page)
    pairs.sort(key=lambda p: (-p.score, p.first, p.second))
    return pairs, problems


STYLE = """
    .row { display: flex; gap: 1em; }
    .col { flex: 1 1 0; min-width: 0; }
    .code-display { max-width: none; }
    pre { overflow-x: auto; border: 1px solid #ccc; padding: 0.5em; }
    button { display: none; }
    table { width: 100%; }
"""


def self_contained(page, folder):
    """copydetect's report made to stand alone: no stylesheet or script fetched from the web (every pair is
    shown open, side by side), and submissions named rather than given by the temporary path they had here.
    """
    import re
    page = re.sub(r'<link [^>]*href="https?://[^"]*"[^>]*>', "", page)
    page = re.sub(r'<script [^>]*src="https?://[^"]*"[^>]*>\s*</script>', "", page)
    page = page.replace("<style>", "<style>" + STYLE, 1)
    page = re.sub(re.escape(os.path.join(folder, "")) + r"([^<]*?)\.py", r"\1", page)
    page = page.replace(os.path.dirname(folder), "(the submissions' folder)")
    return page


def text(pairs, problems, top=20):
    """The ranked pairs as a plain table."""
    lines = [f"{len(pairs)} pair(s) share more than {DISPLAY:.0%} of their code (the starter's skeleton excluded)"]
    for pair in pairs[:top]:
        lines.append(f"  {pair.score:6.1%}  {pair.first}  <->  {pair.second}   "
                     f"({pair.share_first:.0%} / {pair.share_second:.0%}, {pair.tokens} tokens in common)")
    for problem in problems:
        lines.append(f"  not compared: {problem}")
    return "\n".join(lines)


def add_parser(commands):
    p = class_parser(commands, "similarity", "rank the pairs of submissions that share the most code")
    p.add_argument("--html", metavar="PATH", help="write the side-by-side report there")
    p.add_argument("--top", type=int, default=20, help="pairs printed (all of them go to --html)")
    p.set_defaults(run=run)
    return p


def run(args):
    try:
        import copydetect  # noqa: F401
    except ImportError:
        print("grader: the similarity report needs copydetect: pip install -e '.[ta]'", file=sys.stderr)
        return 2
    pairs, problems = similarity(args.folder, html=args.html)
    print(text(pairs, problems, top=args.top))
    if args.html:
        print(f"\nreport: {args.html}")
    return 0
