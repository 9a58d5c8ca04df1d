"""Every reading the handout allows is taken by a correct submission of the corpus.

Where the handout leaves a question to the student ("either is accepted"), each of its readings is listed here
with the corpus submissions that take it.  Each is run here as the grader runs it (its files as the package
``xo``, the program as ``python -m xo.NAME`` on standard input, the function called), to show that it takes
that reading; and each is a ``[correct.NAME]`` of ``tests/submissions/expectations.toml``, so the corpus tests
hold it to full marks in every Part, graded as recorded in ``tests/golden``.  The questions are the third clean
room's (issue 27) and the fourth's (issue 41); ``test_handout.py`` holds the handout's answer to each, and
``test_partvi.py`` the grader's judging of each reading on the inputs it sends.
"""

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "submissions")


@dataclass(frozen=True)
class Ran:
    """How a run ended: a program's exit status and output, or a function's value (``value``, JSON) or the name
    of the exception it raised (``raised``)."""
    status: int = 0
    stdout: str = ""
    stderr: str = ""
    value: object = None
    raised: str = ""


@dataclass(frozen=True)
class Program:
    """``python -m xo.MODULE`` with ``data`` on standard input."""
    module: str
    data: bytes

    def run(self, package):
        # The kit is installed in the venv (editable): a module missing from the package would be the reference's.
        assert os.path.exists(os.path.join(package, "xo", f"{self.module}.py")), (package, self.module)
        done = subprocess.run([sys.executable, "-m", f"xo.{self.module}"], input=self.data, cwd=package,
                              capture_output=True, timeout=120)
        return Ran(done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"))


@dataclass(frozen=True)
class Call:
    """``code``, a Python expression on the student's module ``module`` (imported as ``m``, with ``XO`` from
    ``xo.game``), evaluated: its value, or what it raised (``ValueError`` and its subclasses are ``ValueError``)."""
    module: str
    code: str

    def run(self, package):
        script = ("import importlib, json, sys\nsys.path.insert(0, sys.argv[1])\n"
                  "m = importlib.import_module('xo.' + sys.argv[2])\nfrom xo.game import XO\n"
                  "assert all(x.__file__.startswith(sys.argv[1]) for x in (m, sys.modules['xo.game'])), m.__file__\n"
                  "try:\n    print(json.dumps({'value': %s}))\n"
                  "except ValueError:\n    print(json.dumps({'raised': 'ValueError'}))\n") % self.code
        done = subprocess.run([sys.executable, "-I", "-c", script, package, self.module], capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        answer = json.loads(done.stdout)
        return Ran(value=answer.get("value"), raised=answer.get("raised", ""))


def refused(ran):
    """Bad input refused as the handout asks: exit status 2, one line on standard error, nothing on standard
    output, no traceback."""
    return (ran.status == 2 and ran.stdout == "" and ran.stderr.count("\n") == 1
            and "Traceback" not in ran.stderr)


def wrote(text):
    return lambda ran: ran.status == 0 and ran.stdout == text and ran.stderr == ""


def naming(predicate):
    """Refused, the one line naming input lines as ``predicate`` wants them (the numbers after "line"/"lines")."""
    def named(ran):
        named = re.findall(r"\blines?\s+(\d+)(?:\s*-\s*(\d+))?", ran.stderr)
        return refused(ran) and predicate({int(n) for pair in named for n in pair if n})
    return named


def raised(ran):
    return ran.raised == "ValueError"


def value(expected):
    return lambda ran: not ran.raised and ran.value == expected


PLAYED = "(lambda g: (g.makeMove(%s, 4), g.getBoard().state[4])[1])(XO())"
"""The marker a player given as ``%s`` puts on the centre of a blank game."""

PLAYED_6 = "XOX\nOX*\nXO*\n"
"""Code Quest's answer to the handout's board ``XOX``, ``OX*``, ``*O*`` (a win at once on cell 6): a small tree,
where the empty board's would cost seconds of every run."""

NOT_UTF8 = Program("codequest", b"1\n***\n*\xff*\n***\n")        # the bad byte on line 3

READINGS = {
    # -- issue 41
    "CodinGame: a full board on which the player to move already has three in a row": (
        Program("codingame", b"O\nXOX\nXOX\nOOX\n"), {
            "written back unchanged": (wrote("XOX\nXOX\nOOX\n"), ["partvi_other_readings"]),
            "refused": (refused, ["partvi_cr_strict", "partvi_complete"])}),
    "Code Quest: a count of 0": (
        Program("codequest", b"0\n"), {
            "nothing written, exit status 0": (lambda ran: ran.status == 0 and not ran.stdout.strip() and not ran.stderr,
                                              ["partvi_cr_strict", "partvi_complete"]),
            "refused": (refused, ["partvi_other_readings"])}),
    "a last line without its \\n": (
        Program("codequest", b"1\nXOX\nOX*\n*O*"), {
            "read as a line": (wrote(PLAYED_6), ["partvi_cr_strict", "partvi_cr_lenient"]),
            "refused": (refused, ["partvi_other_readings"])}),
    "-1.0 as a player": (
        Call("game", PLAYED % "-1.0"), {
            "taken as X": (value(-1), ["cr_players_as_o", "partvi_other_readings"]),
            "refused": (raised, ["circular_deque", "partvi_complete"])}),
    "which line an error names for bytes that are not UTF-8 text": (
        NOT_UTF8, {
            "the line that holds them": (naming(lambda lines: lines == {3}), ["partvi_cr_splitlines"]),
            "another line": (naming(lambda lines: bool(lines) and 3 not in lines), ["partvi_cr_strict"]),
            "none": (naming(lambda lines: not lines), ["partvi_other_readings"])}),
    "Coding Ninjas: a list row whose items are not one character": (
        Call("ninja", "m.findTheWinner([['XOX'], ['OOX'], ['___']])"), {
            "read as the row its items make when joined": (value([1, 3, 3]),
                                                          ["partvi_other_readings", "partvi_complete"]),
            "refused": (raised, ["partvi_cr_strict", "partvi_cr_lenient"])}),
    # -- issue 27
    "True as a player": (
        Call("game", PLAYED % "True"), {
            "taken as O": (value(1), ["cr_players_as_o", "partvi_cr_strict"]),
            "refused": (raised, ["circular_deque", "partvi_other_readings"])}),
    "1.0 as a player": (
        Call("game", PLAYED % "1.0"), {
            "taken as O": (value(1), ["cr_players_as_o", "partvi_other_readings"]),
            "refused": (raised, ["circular_deque", "partvi_complete"])}),
    "\\r\\n line ends": (
        Program("codequest", b"1\r\nXOX\r\nOX*\r\n*O*\r\n"), {
            "read past": (wrote(PLAYED_6), ["partvi_cr_lenient"]),
            "refused": (refused, ["partvi_cr_strict", "partvi_other_readings"])}),
    "a blank line after the last board": (
        Program("ninja", b"XOX\nOOX\n___\n\n"), {
            "the end of the input": (wrote("1 3 3\n"), ["partvi_cr_lenient"]),
            "more input, refused": (refused, ["partvi_cr_strict", "partvi_other_readings"])}),
    "Code Quest's count written '01'": (
        Program("codequest", b"01\nXOX\nOX*\n*O*\n"), {
            "read as the number": (wrote(PLAYED_6), ["partvi_cr_lenient", "partvi_other_readings"]),
            "refused": (refused, ["partvi_cr_strict"])}),
    "CodinGame: a won board out of turn": (
        Program("codingame", b"X\nXXX\nOO.\n...\n"), {
            "written back unchanged": (wrote("XXX\nOO.\n...\n"), ["partvi_other_readings"]),
            "refused": (refused, ["partvi_cr_strict"])}),
    "which line an error names for a whole board": (
        Program("codequest", b"1\nX**\n***\n***\n"), {
            "all of the board's lines": (naming(lambda lines: lines == {2, 4}), ["partvi_cr_lenient"]),
            "none": (naming(lambda lines: not lines), ["partvi_cr_strict"])}),
}
"""Each question: what asks it, and each reading the handout allows, (what shows it, the corpus submissions that
take it)."""

CASES = [(question, reading, name) for question, (_, readings) in READINGS.items()
         for reading, (_, names) in readings.items() for name in names]


def expectations():
    import tomllib
    with open(os.path.join(CORPUS, "expectations.toml"), "rb") as f:
        return tomllib.load(f)


@pytest.fixture(scope="module")
def packages(tmp_path_factory):
    """Each listed submission's files as the package ``xo`` in a folder of its own: {name: folder}."""
    made = {}
    for name in sorted({name for _, _, name in CASES}):
        folder = tmp_path_factory.mktemp(name)
        shutil.copytree(os.path.join(CORPUS, "correct", name), folder / "xo")
        (folder / "xo" / "__init__.py").write_text("")
        made[name] = str(folder)
    return made


@pytest.mark.parametrize("question, reading, name", CASES)
def test_a_correct_submission_takes_each_reading(packages, question, reading, name):
    ask, readings = READINGS[question]
    takes, _ = readings[reading]
    ran = ask.run(packages[name])
    assert takes(ran), f"{name} does not take the reading {reading!r} of {question!r}: {ran}"
    others = [other for other, (shows, _) in readings.items() if other != reading and shows(ran)]
    assert not others, f"{name}'s run takes {reading!r} and {others} of {question!r} at once: {ran}"


@pytest.mark.parametrize("question", READINGS)
def test_each_question_has_two_readings_each_taken_by_a_correct_submission(question):
    _, readings = READINGS[question]
    correct = expectations()["correct"]
    assert len(readings) >= 2
    for reading, (_, names) in readings.items():
        assert names, (question, reading)
        for name in names:
            assert name in correct and "lose" not in correct[name], (question, reading, name)

