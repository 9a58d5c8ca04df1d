"""Regenerate the handout's figures and tables from the reference, and render it for the configuration in force.

    python handout/build.py            # rewrite stale islands and figures, render build/handout/*.html
    python handout/build.py --check    # exit 1, listing them, if any island or figure is stale
    python handout/build.py --html-only  # only render build/handout/*.html, for the configuration in force

``handout/handout.md`` and ``handout/INSTRUCTORS.md`` are written by hand
except for their generated islands::

    <!-- BEGIN generated:NAME -->
    ...made by handout/figures.py (from xo/) or handout/notes.py (from grader/)...
    <!-- END generated:NAME -->

Never edit inside an island: change the generator and run ``make handout``.

Two configurations are at play.  The tracked files hold the islands of the kit's *shipped* configuration
(``notes.SHIPPED``), so that an instructor's edits to ``grader/config.toml`` never change them.  What a course
gets is made for the configuration *in force* (``notes.in_force``: ``$XO_CONFIG`` or ``grader/config.toml``):
``configured`` is the tracked text with the islands that quote the configuration made again for it, which the
zips ship (``ship/build.py``) and which ``build/handout/*.html`` renders.
The figures are SVG files in ``handout/figures/``, made by
``handout/svg.py``; the HTML pages are self-contained (CSS and every
figure inline, no script, nothing fetched).
"""

import argparse
import html
import os
import re
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, HERE)
if TOP not in sys.path:
    sys.path.insert(1, TOP)

import figures  # noqa: E402
import notes  # noqa: E402
import svg as drawings  # noqa: E402

DOCUMENTS = {"handout.md": "handout.html", "INSTRUCTORS.md": "INSTRUCTORS.html"}
FIGURE_DIR = os.path.join(HERE, drawings.FIGURES)
OUT = os.path.join(TOP, "build", "handout")

ISLAND = re.compile(r"<!-- BEGIN generated:(?P<name>[\w-]+) -->\n(?P<body>.*?)<!-- END generated:(?P=name) -->",
                    re.S)
MARKER = re.compile(r"<!-- (BEGIN|END) generated:([\w-]+) -->")


class IslandError(ValueError):
    """A document's islands do not match what the generators make."""


def islands():
    """Every island's Markdown, by document, for the shipped configuration (what the tracked files hold)."""
    return {"handout.md": {**figures.handout_islands(), **notes.handout_islands(notes.SHIPPED)},
            "INSTRUCTORS.md": {**figures.instructor_islands(), **notes.instructor_islands(notes.SHIPPED)}}


CONFIGURED = {"handout.md": notes.handout_islands, "INSTRUCTORS.md": notes.instructor_islands}
"""Per document, what makes its islands that quote a configuration (the others come from the reference alone)."""


def configured(path=None, documents=tuple(DOCUMENTS)):
    """The ``documents`` (names) as a course with the configuration file ``path`` gets them (``notes.in_force()``
    when None): the tracked text, its islands that quote the configuration made for that one, the reference's
    islands as they are."""
    path = path or notes.in_force()
    texts = {}
    for name in documents:
        text = read(os.path.join(HERE, name))
        current = {m.group("name"): m.group("body") for m in ISLAND.finditer(text)}
        texts[name] = fill(text, {**current, **CONFIGURED[name](path)}, name)
    return texts


def fill(text, generated, document="document"):
    """``text`` with every island's body replaced by ``generated[name]``.

    Raises ``IslandError`` for an island nobody generates, one generated but
    missing from the text, one that appears twice, or unbalanced markers.
    """
    names = [m.group("name") for m in ISLAND.finditer(text)]
    markers = MARKER.findall(text)
    if len(markers) != 2 * len(names):
        raise IslandError(f"{document}: unbalanced <!-- BEGIN/END generated:… --> markers")
    duplicated = sorted({n for n in names if names.count(n) > 1})
    unknown = sorted(set(names) - set(generated))
    missing = sorted(set(generated) - set(names))
    problems = []
    if duplicated:
        problems.append(f"islands appearing twice: {duplicated}")
    if unknown:
        problems.append(f"islands nothing generates: {unknown}")
    if missing:
        problems.append(f"generated islands missing from the text: {missing}")
    if problems:
        raise IslandError(f"{document}: " + "; ".join(problems))

    def body(match):
        name = match.group("name")
        return (f"<!-- BEGIN generated:{name} -->\n\n{generated[name].strip()}\n\n"
                f"<!-- END generated:{name} -->")
    return ISLAND.sub(body, text)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def expected():
    """(document name → its text with every island current, figure file name → SVG)."""
    generated = islands()
    texts = {name: fill(read(os.path.join(HERE, name)), generated[name], name) for name in DOCUMENTS}
    return texts, drawings.svg_files()


def stale():
    """What is out of date: 'handout.md: island NAME', 'figures/NAME.svg', ..."""
    texts, svgs = expected()
    out = []
    for name, text in texts.items():
        now = read(os.path.join(HERE, name))
        if now != text:
            old = {m.group("name"): m.group("body") for m in ISLAND.finditer(now)}
            new = {m.group("name"): m.group("body") for m in ISLAND.finditer(text)}
            out += [f"{name}: island {n}" for n in new if old.get(n) != new[n]] or [name]
    for name, svg in svgs.items():
        path = os.path.join(FIGURE_DIR, name)
        if not os.path.exists(path) or read(path) != svg:
            out.append(f"{drawings.FIGURES}/{name}")
    if os.path.isdir(FIGURE_DIR):
        out += [f"{drawings.FIGURES}/{n} (no longer generated)" for n in sorted(os.listdir(FIGURE_DIR))
                if n.endswith(".svg") and n not in svgs]
    return out


def write_if_changed(path, text):
    if os.path.exists(path) and read(path) == text:
        return False
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    return True


def regenerate():
    """Rewrite every stale island and figure; return the paths changed."""
    texts, svgs = expected()
    changed = []
    for name, text in texts.items():
        if write_if_changed(os.path.join(HERE, name), text):
            changed.append(name)
    for name, svg in svgs.items():
        if write_if_changed(os.path.join(FIGURE_DIR, name), svg):
            changed.append(f"{drawings.FIGURES}/{name}")
    for name in sorted(os.listdir(FIGURE_DIR)):
        if name.endswith(".svg") and name not in svgs:
            os.remove(os.path.join(FIGURE_DIR, name))
            changed.append(f"{drawings.FIGURES}/{name} (removed)")
    return changed


# ---------------------------------------------------------------- HTML

CSS = """
:root { --ink: #1d1d1f; --muted: #5a5a60; --rule: #d9d9de; --code: #f5f5f7; --accent: #2166ac; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--ink); background: #fff;
       font: 16px/1.6 "DejaVu Sans", "Segoe UI", Verdana, Arial, sans-serif; }
main { max-width: 56rem; margin: 0 auto; padding: 2rem 1.5rem 4rem; }
h1 { font-size: 2rem; line-height: 1.2; margin: 0 0 .5rem; }
h2 { font-size: 1.45rem; margin: 2.4rem 0 .6rem; padding-bottom: .2rem; border-bottom: 2px solid var(--rule); }
h3 { font-size: 1.15rem; margin: 1.8rem 0 .4rem; }
a { color: var(--accent); }
p, li { max-width: 48rem; }
code { font: .9em/1.4 "DejaVu Sans Mono", Menlo, Consolas, monospace; background: var(--code);
       padding: .05em .3em; border-radius: 3px; }
pre { background: var(--code); border: 1px solid var(--rule); border-radius: 6px; padding: .8rem 1rem;
      overflow-x: auto; line-height: 1.4; }
pre code { background: none; padding: 0; font-size: .86em; white-space: pre; }
table { border-collapse: collapse; margin: 1rem 0; font-size: .92em; display: block; overflow-x: auto;
        max-width: 100%; }
th, td { border: 1px solid var(--rule); padding: .3rem .6rem; text-align: left; vertical-align: top; }
th { background: #eef1f6; }
tr:nth-child(even) td { background: #fafafa; }
td:not(:first-child), th:not(:first-child) { font-variant-numeric: tabular-nums; }
figure { margin: 1.4rem 0; text-align: center; }
figure svg { max-width: 100%; height: auto; display: inline-block; }
figcaption { color: var(--muted); font-size: .9em; margin-top: .4rem; }
nav.toc { background: #f8f9fb; border: 1px solid var(--rule); border-radius: 6px; padding: .6rem 1.2rem;
          margin: 1.2rem 0 2rem; font-size: .95em; }
nav.toc ul { margin: .2rem 0; padding-left: 1.2rem; }
nav.toc > ul { padding-left: 0; list-style: none; }
blockquote { margin: 1rem 0; padding: .4rem 1rem; border-left: 4px solid #f0c05a; background: #fffaf0; }
.generated-note { color: var(--muted); font-size: .85em; }
"""

IMAGE = re.compile(r'<p>\s*<img alt="(?P<alt>[^"]*)" src="(?P<src>figures/[\w.-]+\.svg)"'
                   r'(?: title="(?P<title>[^"]*)")?\s*/?>\s*</p>')


def inline_figures(body, svgs):
    """Replace each ``<p><img src="figures/…svg"></p>`` by a ``<figure>`` holding the SVG itself."""
    def figure(match):
        name = match.group("src").split("/", 1)[1]
        if name not in svgs:
            raise IslandError(f"the text links to {match.group('src')}, which no generator makes")
        svg = svgs[name].strip()
        alt = match.group("alt")
        svg = svg.replace('role="img"', f'role="img" aria-label="{alt}"', 1)
        caption = match.group("title")
        return (f'<figure class="xo" data-figure="{html.escape(name)}">\n{svg}\n'
                + (f"<figcaption>{caption}</figcaption>\n" if caption else "") + "</figure>")
    return IMAGE.sub(figure, body)


def to_html(markdown_text, svgs, title):
    import markdown
    md = markdown.Markdown(extensions=["tables", "fenced_code", "toc"],
                           extension_configs={"toc": {"toc_depth": "2-3"}})
    body = md.convert(markdown_text)
    body = inline_figures(body, svgs)
    body = re.sub(r"\n+</code></pre>", "\n</code></pre>", body)     # doctest's blank line before the fence
    leftover = re.findall(r"<img\b[^>]*>", body)
    if leftover:
        raise IslandError(f"images that could not be inlined: {leftover}")
    # Links between the two documents point at their HTML.
    body = re.sub(r'href="(handout|INSTRUCTORS)\.md(#[^"]*)?"', lambda m: f'href="{m.group(1)}.html{m.group(2) or ""}"',
                  body)
    toc = md.toc if "<li>" in md.toc else ""
    if toc:
        toc = toc.replace('<div class="toc">', '<nav class="toc" aria-label="Contents"><strong>Contents</strong>', 1)
        toc = toc[: toc.rfind("</div>")] + "</nav>"
        # after the first heading (the title) and its first paragraph
        at = body.find("</h1>")
        body = body[: at + 5] + "\n" + toc + body[at + 5:] if at >= 0 else toc + body
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{html.escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n<main>\n"
            f"{body}\n</main>\n</body>\n</html>\n")


def title_of(markdown_text):
    for line in markdown_text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return "Project 5"


def figure_files():
    """Every figure as it is in ``handout/figures``: file name → SVG."""
    return {name: read(os.path.join(FIGURE_DIR, name)) for name in os.listdir(FIGURE_DIR) if name.endswith(".svg")}


def render(out=OUT, texts=None, svgs=None):
    """Write the self-contained HTML of both documents into ``out``; return their paths.  ``texts``: the documents'
    Markdown by name (default: ``configured()``, for the configuration in force)."""
    if texts is None:
        texts = configured()
    if svgs is None:
        svgs = figure_files()
    os.makedirs(out, exist_ok=True)
    paths = []
    for name, target in DOCUMENTS.items():
        page = to_html(texts[name], svgs, title_of(texts[name]))
        path = os.path.join(out, target)
        write_if_changed(path, page)
        paths.append(path)
    return paths


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python handout/build.py", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1, listing them, if any island or figure is stale")
    parser.add_argument("--html-only", action="store_true",
                        help="render the HTML for the configuration in force, regenerating nothing tracked")
    parser.add_argument("--out", default=OUT, help=f"where to write the HTML (default: {os.path.relpath(OUT)})")
    args = parser.parse_args(argv)
    try:
        from grader.settings.config import ConfigError  # here: the handout builds without the grader too
    except Exception:                                # noqa: BLE001 -- the grader not installed
        ConfigError = IslandError                    # noqa: N806
    where = notes.shown(notes.in_force())
    try:
        notes.load_config(notes.in_force())
    except ConfigError as error:                     # the grader's own words: one line per problem, no traceback
        for line in getattr(error, "problems", [str(error)]):
            print(f"error: {line}", file=sys.stderr)
        print(f"error: the handout quotes {where}: fix it, then run `make handout` again", file=sys.stderr)
        return 2
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            if args.check:
                found = stale()
            elif not args.html_only:
                changed = regenerate()
            if not args.check:
                written = render(args.out)
        except IslandError as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
    for warning in caught:
        print(f"warning: {warning.message}", file=sys.stderr)
    if args.check:
        if found:
            print("stale (run `make handout`):\n  " + "\n  ".join(found), file=sys.stderr)
            return 1
        print("handout: every island and figure is current")
        return 0
    for path in [] if args.html_only else changed:
        print(f"regenerated handout/{path} (the kit's shipped configuration)")
    for path in written:
        print(f"wrote {os.path.relpath(path)} (for {where})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
