# Thin targets; each installs what it needs first.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
SUBMISSION ?= examples/submission
RESULTS    ?= build/results.json

.PHONY: install test grade bench fixtures handout clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

test: install
	$(PY) -m pytest

grade: install
	$(PY) -m grader grade $(SUBMISSION) --results $(RESULTS)

fixtures: install
	$(PY) -m grader fixtures

handout: install
	$(PY) handout/build.py

bench: install
	$(PY) bench/bfs.py

clean:
	rm -rf $(VENV) build dist *.egg-info
