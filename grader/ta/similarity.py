"""``python -m grader similarity EXPORT --html report.html``: which submissions of a class look copied.

EXPORT is what ``batch`` grades: a Gradescope "Export Submissions" zip or
folder, or a folder of submission folders.  Each submission's three files
(found as the grader finds them) are joined into one document, and every pair
of documents is compared by copydetect (winnowed fingerprints of the token
stream, so renamed variables and moved whitespace do not hide a copy).  Each
submission is also matched against sources that are not the class's: the
reference solution (``xo/``; a submission that is the reference is flagged)
and any past terms' exports given (``--past``; past submissions are never
compared with each other).  The starter kit's skeleton is boilerplate: what
every student was given counts for nothing.  Pairs are ranked by the larger of
their two shares of copied code.  The page (``--html``) is written here, not
by copydetect: students named as the export names them, a matrix labelled
with those names, the flags, then each pair side by side with the shared code
marked; it fetches nothing from the web.

A TA's tool, run from the repository (it builds the skeleton from ``xo/``
and needs the ``ta`` extra: ``pip install -e '.[ta]'``); never shipped.
"""

import os
import sys
import tempfile
from dataclasses import dataclass

from .. import ROOT
from ..submission.locate import locate
from . import class_parser, existing_class
from .batch import find_submissions
from .export import ExportError, class_folder

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
    source: str = ""         # "" for two of the class; else what ``first`` was matched against (``second``
                             # is then the reference, or a past term's submission), flagged apart

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


REFERENCE = "the reference solution (xo/)"
"""How the reference is named wherever a submission is matched against it."""

IS_REFERENCE = 0.9
"""A submission with at least this share of its code (the skeleton left out) in the reference solution is
flagged as being the reference: no independent solution comes near it (the corpus' correct ones share well
under half); a copy with renamed variables still does."""

PAGE_PAIRS = 100
"""Pairs the page shows side by side, the highest first; the others get a line each (a class of honest
solutions has many pairs just above the threshold, and each pair's code would make the page huge)."""

MATRIX_MOST = 80
"""Submissions the page's matrix shows at most: beyond that, only those in a pair above the threshold."""


@dataclass
class Report:
    """What ``similarity`` found: the pairs ranked (the class's own, then those with a source), the
    submissions that could not be compared, and the matrix (share of each row's code found in each column)."""
    pairs: list
    problems: list
    names: list                          # the class's submissions, as the export names them
    columns: list                        # the same, then the reference (when used)
    matrix: dict                         # (row, column) -> share of row's code found in column

    def __iter__(self):                  # ``pairs, problems = similarity(…)``, as before there was a matrix
        return iter((self.pairs, self.problems))


def _documents(folder, into, prefix, names, problems, term=None):
    """Write one document per submission of ``folder`` into ``into`` (named ``prefix``NNNN.py, never the
    student's text: the names are kept in ``names``); return how many."""
    _, _, found = find_submissions(folder)
    written = 0
    for number, (name, path, meta) in enumerate(found):
        people = "; ".join(str(p.get("name") or "") for p in (meta.get("submitters") or []) if p.get("name"))
        label = f"{name} ({people})" if people else name
        if term:
            label = f"{term}: {label}"
        located = locate(path)
        if not located.files:
            problems.append(f"{label}: no deque.py, board.py or game.py found")
            continue
        stem = f"{prefix}{number:05d}"
        names[stem] = label
        with open(os.path.join(into, stem + ".py"), "w", encoding="utf-8") as f:
            f.write(document(located.files))
        written += 1
    return written


def reference_document():
    """The reference's three files, as one document."""
    return document({name: os.path.join(TOP, "xo", f"{name}.py") for name in MODULES})


def similarity(folder, *, html=None, display=DISPLAY, reference=True, past=()):
    """Compare every pair of submissions under ``folder``, and each of them with the reference solution
    (``reference``) and with every submission of the past terms' folders in ``past`` ({label: folder});
    return a ``Report`` (it unpacks as ``pairs, problems``).

    A pair's ``source`` is "" between two of the class, else what the first was matched against (the
    reference, or a past term); ``problems`` names the submissions that could not be compared.  With
    ``html``, also write the page (``page``): the matrix labelled with the students' names, the submissions
    that are the reference flagged, each pair side by side with the shared code marked.
    """
    os.environ.setdefault("MPLBACKEND", "Agg")          # copydetect imports matplotlib
    from copydetect import CopyDetector

    problems = []
    with tempfile.TemporaryDirectory(prefix="xo-similarity-") as work:
        klass, sources, boiler = (os.path.join(work, d) for d in ("class", "sources", "boilerplate"))
        for d in (klass, sources, boiler):
            os.makedirs(d)
        names = {}
        count = _documents(folder, klass, "s", names, problems)
        if reference:
            names["reference"] = REFERENCE
            with open(os.path.join(sources, "reference.py"), "w", encoding="utf-8") as f:
                f.write(reference_document())
        for number, (term, path) in enumerate(sorted(dict(past).items())):
            _documents(path, sources, f"p{number:02d}_", names, problems, term=f"past term {term}")
        with open(os.path.join(boiler, "skeleton.py"), "w", encoding="utf-8") as f:
            f.write(skeleton())
        refs = [klass] + ([sources] if os.listdir(sources) else [])
        if count < 2 and len(refs) == 1:
            return Report([], problems + ["fewer than two submissions to compare"], [], [], {})
        detector = CopyDetector(test_dirs=[klass], ref_dirs=refs, boilerplate_dirs=[boiler],
                                extensions=["py"], display_t=display, autoopen=False, silent=True,
                                out_file=os.path.join(work, "unused.html"))
        detector.run()
        stem = lambda path: os.path.splitext(os.path.basename(path))[0]
        own = lambda path: os.path.dirname(os.path.abspath(path)) == os.path.abspath(klass)
        pairs, seen, shown = [], set(), []
        for share_a, share_b, file_a, file_b, code_a, code_b, tokens in detector.get_copied_code_list():
            a, b = names[stem(file_a)], names[stem(file_b)]
            source = "" if own(file_b) else (b if stem(file_b) == "reference" else b.split(":")[0])
            if not source and a > b:
                a, b, share_a, share_b, code_a, code_b = b, a, share_b, share_a, code_b, code_a
            if (a, b) in seen:
                continue
            seen.add((a, b))
            pair = Pair(a, b, float(share_a), float(share_b), int(tokens), source)
            pairs.append(pair)
            shown.append((pair, code_a, code_b))
        class_names = sorted(names[stem(f)] for f in detector.test_files if stem(f) in names)
        columns = class_names + ([REFERENCE] if reference else [])
        index = {names[stem(f)]: i for i, f in enumerate(detector.ref_files) if stem(f) in names}
        matrix = {}
        for i, test in enumerate(detector.test_files):
            row = names.get(stem(test))
            for column in columns:
                j = index.get(column)
                if row is not None and j is not None and row != column:
                    share = float(detector.similarity_matrix[i, j, 0])
                    if share >= 0:
                        matrix[(row, column)] = share
    pairs.sort(key=lambda p: (p.source != "", -p.score, p.first, p.second))
    report = Report(pairs, problems, class_names, columns, matrix)
    if html:
        order = {id(p): k for k, p in enumerate(pairs)}
        shown.sort(key=lambda item: order[id(item[0])])
        with open(html, "w", encoding="utf-8") as f:
            f.write(page(report, shown, display))
    return report


STYLE = """
    body { font-family: system-ui, sans-serif; margin: 1.5em; color: #111; }
    h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 1.6em; }
    table.matrix { border-collapse: collapse; font-size: 0.8em; }
    table.matrix th, table.matrix td { border: 1px solid #ccc; padding: 2px 4px; text-align: right; }
    table.matrix thead th { writing-mode: vertical-rl; transform: rotate(180deg); text-align: left;
                            vertical-align: bottom; max-height: 16em; }
    table.matrix tbody th { text-align: left; white-space: nowrap; }
    .flag { background: #fde2e1; border-left: 4px solid #c62828; padding: 0.4em 0.8em; margin: 0.3em 0; }
    .pair { border-top: 1px solid #999; margin-top: 1.2em; padding-top: 0.6em; }
    .row { display: flex; gap: 1em; }
    .col { flex: 1 1 0; min-width: 0; }
    pre { overflow-x: auto; border: 1px solid #ccc; padding: 0.5em; font-size: 0.8em; }
    .highlight-red { background: #ffc9c9; } .highlight-green { background: #c9f2c9; }
"""


def _cell(share):
    """A matrix cell: the share as a whole percentage, its background darker the higher it is."""
    if share is None:
        return '<td class="none">&#8211;</td>'
    level = int(255 - 155 * min(max(share, 0.0), 1.0))
    return f'<td style="background: rgb(255,{level},{level})">{share:.0%}</td>'


def page(report, shown, display=DISPLAY):
    """The report as one self-contained HTML page (nothing fetched from the web): flags, the labelled
    matrix, then each pair side by side.  Every name is escaped (students choose their names' spelling)."""
    from html import escape
    parts = [f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Copy Detection Report"
             f"</title><style>{STYLE}</style></head><body>",
             f"<h1>Copy Detection Report</h1><p>{len(report.names)} submission(s) compared pairwise"
             f"{' and with ' + escape(REFERENCE) if REFERENCE in report.columns else ''}"
             f"{' and the past terms given' if any(p.source.startswith('past term') for p in report.pairs) else ''}"
             f"; the starter's skeleton counts for nothing. Pairs sharing more than {display:.0%} of their code "
             f"are shown.</p>"]
    flagged = [p for p in report.pairs if p.source == REFERENCE and p.share_first >= IS_REFERENCE]
    matches = [p for p in report.pairs if p.source]
    parts.append("<h2>Matches with the reference and past terms</h2>")
    if not matches:
        parts.append("<p>None above the threshold.</p>")
    for p in matches:
        what = "IS the reference solution" if p in flagged else f"matches {escape(p.second)}"
        parts.append(f'<p class="{"flag" if p in flagged else ""}"><b>{escape(p.first)}</b> {what}: '
                     f"{p.share_first:.0%} of its code is found there ({p.tokens} tokens).</p>")
    rows = report.names
    if len(rows) > MATRIX_MOST:
        involved = {n for p in report.pairs for n in (p.first, p.second)}
        rows = [n for n in rows if n in involved][:MATRIX_MOST]
    columns = [c for c in report.columns if c in rows or c == REFERENCE]
    parts.append("<h2>Similarity matrix</h2><p>Each cell: the share of the <b>row</b>'s code (the skeleton left "
                 "out) that is also in the <b>column</b>'s"
                 + (f"; of the {len(report.names)} submissions, only {len(rows)} in a pair above the threshold are "
                    f"shown (at most {MATRIX_MOST})" if rows != report.names else "")
                 + ".</p>")
    head = "".join(f'<th scope="col">{escape(c)}</th>' for c in columns)
    body = "".join(f'<tr><th scope="row">{escape(r)}</th>' + "".join(
        _cell(report.matrix.get((r, c))) for c in columns) + "</tr>" for r in rows)
    parts.append(f'<table class="matrix"><caption>share of the row\'s code found in the column</caption>'
                 f'<thead><tr><th scope="col">submission</th>{head}</tr></thead><tbody>{body}</tbody></table>')
    parts.append(f"<h2>Pairs ({len(shown)})</h2>"
                 + (f"<p>The first {PAGE_PAIRS} side by side; the others after them, a line each.</p>"
                    if len(shown) > PAGE_PAIRS else ""))
    for k, (p, code_a, code_b) in enumerate(shown[:PAGE_PAIRS], 1):
        parts.append(f'<div class="pair" id="pair-{k}"><p><b>{k}.</b> <b>{escape(p.first)}</b> '
                     f"({p.share_first:.0%} of its code in the other) and <b>{escape(p.second)}</b> "
                     f"({p.share_second:.0%}); {p.tokens} tokens in common.</p>"
                     f'<div class="row"><div class="col"><pre><code>{code_a}</code></pre></div>'
                     f'<div class="col"><pre><code>{code_b}</code></pre></div></div></div>')
    rest = shown[PAGE_PAIRS:]
    if rest:
        parts.append("<ol start=\"%d\">" % (PAGE_PAIRS + 1) + "".join(
            f"<li><b>{escape(p.first)}</b> ({p.share_first:.0%}) and <b>{escape(p.second)}</b> "
            f"({p.share_second:.0%}); {p.tokens} tokens in common</li>" for p, _, _ in rest) + "</ol>")
    parts.append("</body></html>\n")
    return "".join(parts)


def text(pairs, problems, top=20):
    """The ranked pairs as a plain table: submissions that are the reference first, then the class's pairs,
    then the other matches with the reference and past terms."""
    own = [p for p in pairs if not p.source]
    flagged = [p for p in pairs if p.source == REFERENCE and p.share_first >= IS_REFERENCE]
    others = [p for p in pairs if p.source and p not in flagged]
    lines = [f"  !! {p.first} IS {REFERENCE}: {p.share_first:.0%} of its code is the reference's" for p in flagged]
    lines.append(f"{len(own)} pair(s) share more than {DISPLAY:.0%} of their code (the starter's skeleton excluded)")
    for pair in own[:top]:
        lines.append(f"  {pair.score:6.1%}  {pair.first}  <->  {pair.second}   "
                     f"({pair.share_first:.0%} / {pair.share_second:.0%}, {pair.tokens} tokens in common)")
    if others:
        lines.append(f"{len(others)} match(es) with the reference or a past term")
        for pair in others[:top]:
            lines.append(f"  {pair.share_first:6.1%}  {pair.first}  ->  {pair.second}   ({pair.tokens} tokens in common)")
    for problem in problems:
        lines.append(f"  not compared: {problem}")
    return "\n".join(lines)


def add_parser(commands):
    p = class_parser(commands, "similarity", "rank the pairs of submissions that share the most code")
    p.add_argument("--html", metavar="PATH", help="write the page: flags, the labelled matrix, each pair side by side")
    p.add_argument("--top", type=int, default=20, help="pairs printed (all of them go to --html)")
    p.add_argument("--no-reference", dest="reference", action="store_false",
                   help="do not match the submissions against the reference solution (xo/)")
    p.add_argument("--past", metavar="EXPORT", action="append", default=[], type=existing_class,
                   help="a past term's export (zip or folder) to match the submissions against (repeatable)")
    p.set_defaults(run=run)
    return p


def run(args):
    try:
        import copydetect  # noqa: F401
    except ImportError:
        print("grader: the similarity report needs copydetect: pip install -e '.[ta]'", file=sys.stderr)
        return 2
    from contextlib import ExitStack

    say = lambda line: print(f"grader: {line}", file=sys.stderr)
    try:
        with ExitStack() as stack:
            folder, _ = stack.enter_context(class_folder(args.folder, report=say))
            past = {}
            for path in args.past:
                term = os.path.basename(os.path.normpath(path))
                term = term[:-4] if term.lower().endswith(".zip") else term
                past[term if term not in past else path] = stack.enter_context(class_folder(path, report=say))[0]
            pairs, problems = similarity(folder, html=args.html, reference=args.reference, past=past)
    except ExportError as error:
        say(str(error))
        return 2
    print(text(pairs, problems, top=args.top))
    if args.html:
        print(f"\nreport: {args.html}")
    return 0
