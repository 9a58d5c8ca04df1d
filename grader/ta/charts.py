"""The class report's charts, drawn by matplotlib as SVG to inline in the page (no file beside it, nothing
fetched): the score distributions, each check's pass rate, the mistakes by diagnosis and the time per submission.

Each chart is a function of plain numbers, drawn on a ``Figure`` of its own (no pyplot: no global state, so
gradings in threads never share one), and the same numbers give the same bytes (``svg.hashsalt`` fixed, no
date), so that a class merged from shards gets the very page a single run writes.
"""

import io
import re

import matplotlib

matplotlib.use("Agg")                    # no display: the SVG backend only draws to a file

from matplotlib.figure import Figure  # noqa: E402  (after the backend is chosen)

STYLE = {"svg.hashsalt": "xo-kit class report", "svg.fonttype": "none", "font.size": 9,
         "axes.spines.top": False, "axes.spines.right": False}
"""Deterministic SVG with its text as text (searchable, and smaller than glyph outlines)."""

PASSED, FAILED, OTHER, BAR = "#1a7f37", "#cf222e", "#b0b7bf", "#0969da"
"""Green and red for passed and failed (told apart by their place in the bar too), grey for checks that did not
run, blue for counts."""


def svg(figure):
    """The figure as an ``<svg>`` element to inline (the XML prologue and DOCTYPE dropped)."""
    out = io.StringIO()
    with matplotlib.rc_context(STYLE):
        figure.savefig(out, format="svg", metadata={"Date": None, "Creator": None}, bbox_inches="tight")
    text = out.getvalue()
    return text[text.index("<svg"):].replace("\n", " ") if "<svg" in text else text


def _figure(width, height):
    with matplotlib.rc_context(STYLE):
        figure = Figure(figsize=(width, height))
        axes = figure.add_subplot()
    return figure, axes


def histogram(values, most, *, title, xlabel, bins=20):
    """A histogram of ``values`` from 0 to ``most`` in ``bins`` equal bins (the last one closed)."""
    with matplotlib.rc_context(STYLE):
        figure, axes = _figure(6.4, 2.6)
        top = most if most > 0 else 1
        edges = [top * k / bins for k in range(bins + 1)]
        axes.hist([min(max(v, 0), top) for v in values], bins=edges, color=BAR, edgecolor="white")
        axes.set_xlim(0, top)
        axes.set_title(title, loc="left")
        axes.set_xlabel(xlabel)
        axes.set_ylabel("submissions")
        axes.yaxis.get_major_locator().set_params(integer=True)
    return svg(figure)


def pass_rates(rows):
    """Stacked horizontal bars, one per check (``rows``: ``(label, passed, failed, not run)``), in order."""
    with matplotlib.rc_context(STYLE):
        figure, axes = _figure(7.2, 0.6 + 0.19 * max(len(rows), 1))
        labels = [label for label, *_ in rows]
        y = list(range(len(rows)))
        passed = [p for _, p, _, _ in rows]
        failed = [f for _, _, f, _ in rows]
        other = [o for _, _, _, o in rows]
        axes.barh(y, passed, color=PASSED, label="passed")
        axes.barh(y, failed, left=passed, color=FAILED, label="failed")
        axes.barh(y, other, left=[p + f for p, f in zip(passed, failed)], color=OTHER, label="did not run")
        axes.set_yticks(y, labels, fontsize=7)
        axes.invert_yaxis()
        axes.set_xlabel("submissions")
        axes.legend(loc="lower right", fontsize=7, frameon=False, ncols=3, bbox_to_anchor=(1, 1))
    return svg(figure)


def counts(rows, *, xlabel):
    """Horizontal bars, one per row (``(label, count)``), the largest first as given."""
    with matplotlib.rc_context(STYLE):
        figure, axes = _figure(7.2, 0.6 + 0.28 * max(len(rows), 1))
        labels = [_short(label) for label, _ in rows]
        axes.barh(range(len(rows)), [count for _, count in rows], color=BAR)
        axes.set_yticks(range(len(rows)), labels, fontsize=8)
        axes.invert_yaxis()
        axes.set_xlabel(xlabel)
        axes.xaxis.get_major_locator().set_params(integer=True)
    return svg(figure)


def _short(label, most=70):
    """A label on one line, at most ``most`` characters; its ``[rules]`` kept, as they name the row."""
    label = re.sub(r"\s+", " ", label)
    return label if len(label) <= most else label[:most - 1] + "…"
