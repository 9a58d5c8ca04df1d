"""The docstring examples in the reference, the grader and what builds the course's files are tests too: every
module of ``xo/``, ``grader/`` and ``ship/`` that has one (found by reading the sources, so that a new module's
examples are never left out)."""

import doctest
import importlib
import os

import pytest

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ELSEWHERE = {"xo.judge", "xo.codequest", "xo.ninja", "xo.codingame", "ship.strip"}
"""Run by tests/test_partvi.py's TestDoctests, with the rest of Part VI, and by tests/test_ship.py."""


def modules_with_examples():
    found = []
    for package in ("xo", "grader", "ship"):
        for folder, subfolders, files in os.walk(os.path.join(TOP, package)):
            subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
            for name in sorted(files):
                if not name.endswith(".py"):
                    continue
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    if ">>> " not in f.read():
                        continue
                dotted = os.path.relpath(os.path.join(folder, name), TOP)[:-3].replace(os.sep, ".")
                found.append(dotted[:-len(".__init__")] if dotted.endswith(".__init__") else dotted)
    return [name for name in found if name not in ELSEWHERE]


MODULES = modules_with_examples()


def test_the_modules_known_to_have_examples_are_found():
    assert {"xo.game", "grader.checks", "grader.sandbox.encoding", "grader.grading.selection", "grader.commands.play",
            "ship.platforms", "ship.build"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no doctest examples"
    assert result.failed == 0
