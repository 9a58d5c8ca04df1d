"""The docstring examples in the reference and the grader are tests too."""

import doctest
import importlib

import pytest

MODULES = ["xo", "xo.board", "xo.deque", "xo.game", "xo.analysis", "xo.examples", "grader.models",
           "grader.config", "grader.feedback", "grader.locate", "grader.checks", "grader.positions",
           "grader.checks.part1", "grader.checks.part3", "grader.checks.part6", "grader.checks.schema", "grader.rules", "grader.sandbox.child", "grader.sandbox.channel",
           "grader.sandbox.isolation",
           "grader.verdict", "grader.results", "grader.integrity", "grader.observations", "grader.ta.batch",
           "grader.ta.export", "grader.ta.regrade"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no doctest examples"
    assert result.failed == 0
