"""The starter kit says nothing the handout does not, and the handout cites only what the starter kit holds.

* every docstring and comment of the skeleton (``xo/`` in ``dist/starter.zip``: the reference stripped, and the
  template ``__init__.py``) quotes the students' handout, paragraph by paragraph, and each of its ``>>>`` examples
  is one of the handout's (``ship/quotes.py``); the reference's docstrings are the same text, so a change to the
  handout that a docstring no longer quotes fails here, naming the docstring;
* every file the students' handout names is in the starter kit, or is one the student writes or ``make test``
  writes, or the handout says, where it names it, that the starter kit does not include it.
"""

import os
import re
import sys
import zipfile

import pytest

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, TOP)

from ship import build, quotes  # noqa: E402


@pytest.fixture(scope="module")
def starter(tmp_path_factory):
    """The starter kit as students get it: {name inside its folder: text}."""
    path = build.build_starter(str(tmp_path_factory.mktemp("starter") / "starter.zip"))
    with zipfile.ZipFile(path) as z:
        prefix = build.STARTER_FOLDER + "/"
        return {n[len(prefix):]: z.read(n).decode("utf-8", "replace") for n in z.namelist() if n.startswith(prefix)}


def skeleton_files(starter):
    return sorted(name for name in starter if name.startswith("xo/") and name.endswith(".py"))


def test_the_starter_holds_the_handout_and_the_skeleton(starter):
    assert "handout.md" in starter
    assert {f"xo/{n}.py" for n in build.STUDENT_FILES + build.PART_VI_FILES} | {"xo/__init__.py"} \
        == set(skeleton_files(starter))


@pytest.mark.parametrize("name", ["xo/__init__.py"] + [f"xo/{n}.py" for n in build.STUDENT_FILES + build.PART_VI_FILES])
def test_every_docstring_and_comment_of_the_skeleton_quotes_the_handout(starter, name):
    found = quotes.unquoted(starter[name], starter["handout.md"])
    assert not found, f"{name} says what the handout does not (quote it, or leave it out):\n" + "\n".join(
        f"  {u.where} ({u.kind}): {u.text[:160]}" for u in found)
    assert quotes.docstrings(starter[name]), f"{name} has no docstring"


def test_the_skeleton_s_examples_are_the_handout_s(starter):
    """Every function a student writes keeps a docstring, and the skeleton still shows examples: the handout's."""
    shown = [e for name in skeleton_files(starter) for _, doc in quotes.docstrings(starter[name])
             for e in quotes.examples(doc)]
    assert len(shown) > 40 and set(shown) <= set(quotes.examples(starter["handout.md"]))


OLD_WORDS = {
    "deque.py": '"""Write it as an array-backed circular buffer or as a doubly linked list, never with\n'
                '``collections.deque``: every operation must be amortised O(1)."""\n',
    "codingame.py": '"""One that is won or full and whose counts also say it is not the engine\'s turn breaks two rules at '
                    'once: the handout accepts either answer, written back unchanged or refused (the course\'s solution '
                    'refuses it)."""\n',
    "an example": '"""The empty board.\n\n>>> XO().makeOptimalMove()\n4\n"""\n',
    "a comment": 'from .game import XO  # noqa: F401 -- the engine: an XO game of the board, then its minimaxValues()\n',
}
"""What the skeleton said before issue 41 (two docstrings a fourth clean room found saying more than the handout, and
a comment), and an example whose output the handout does not give."""


@pytest.mark.parametrize("what", OLD_WORDS)
def test_words_the_handout_does_not_have_are_found(starter, what):
    found = quotes.unquoted(OLD_WORDS[what], starter["handout.md"])
    assert found and all(u.text for u in found)


# ---------------------------------------------------------------- what the handout cites

FILE = re.compile(r"^(?:[\w.-]+/)*[\w.-]+\.(?:py|md|txt|html|toml|json|zip|svg)$|^(?:[\w.-]+/)+$")

WRITTEN = {
    "build/feedback.md": "make test writes the full feedback there",
    "boards.txt": "an input file of the student's own, in an example command",
    "helpers.py": "a fourth file of the student's own, which the handout says the grader does not have",
}
"""Files the handout names that the starter kit does not hold, and why that is right."""

ELSEWHERE = "the starter kit does not include"
"""What the handout says where it names a file of the course's kit that students do not have."""


def cited_files(text):
    """Each file or folder the Markdown ``text`` names in code (``bench/grade.py``, ``xo/``), with the paragraph
    naming it."""
    found = []
    for paragraph in re.split(r"\n\s*\n", text):
        for span in re.findall(r"`([^`]+)`", paragraph):
            for word in re.split(r"[\s<>|]+", span):
                if FILE.match(word):
                    found.append((word, " ".join(paragraph.split())))
    return found


def test_the_handout_cites_only_what_the_starter_kit_holds(starter):
    cited = cited_files(starter["handout.md"])
    assert {"xo/", "handout.md", "build/feedback.md", "bench/grade.py"} <= {word for word, _ in cited}
    student = {f"{n}.py" for n in build.STUDENT_FILES + build.PART_VI_FILES}
    for word, paragraph in cited:
        held = word in starter or any(name.startswith(word) for name in starter if word.endswith("/"))
        if held or word in student or f"xo/{word}" in starter or word in WRITTEN:
            continue
        assert ELSEWHERE in paragraph, f"the handout names {word}, which the starter kit does not hold: {paragraph}"
    public = starter["tests/test_public.py"]                     # what writes build/feedback.md
    assert 'os.path.join(KIT, "build")' in public and 'os.path.join(BUILD, "feedback.md")' in public


def test_make_starter_refuses_a_skeleton_the_handout_does_not_say(tmp_path, monkeypatch, capsys):
    """A handout changed under the skeleton's docstrings (the deque's forms, say): ``make starter`` names the
    docstring and writes nothing."""
    changed = tmp_path / "handout.md"
    with open(build.HANDOUT_SOURCE, encoding="utf-8") as f:
        text = f.read()
    assert "as a doubly linked list. Any other form" in " ".join(text.split())
    changed.write_text(re.sub(r"as a doubly linked list\.\s+Any other form", "as a doubly linked list. No other form",
                              text), encoding="utf-8")
    monkeypatch.setattr(build, "HANDOUT_SOURCE", str(changed))
    out = tmp_path / "starter.zip"
    assert build.main(["starter", "--output", str(out)]) == 2
    said = capsys.readouterr().err
    assert "xo/deque.py, module: a docstring the handout does not have: The deque is yours" in said, said
    assert not out.exists()
