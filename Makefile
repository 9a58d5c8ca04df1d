# Thin targets; each installs what it needs first.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
SUBMISSION ?= examples/submission
RESULTS    ?= build/results.json
# Test processes (pytest-xdist): one per core.  tests/conftest.py keeps together what must not run at once.
JOBS       ?= auto
PYTEST     := $(PY) -m pytest -n $(JOBS) --dist loadgroup

.PHONY: install test test-quick check grade play bench fixtures handout autograder starter prairielearn mutants clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

test: install
	$(PYTEST)

# The reference, the checks judged on the corpus' recorded observations, and the doctests: no hostile code,
# no sandbox but where a recording no longer holds.
test-quick: install
	$(PYTEST) -m quick

# The instructor's check of their own grader/config.toml: both zips built, the reference and a few corpus
# submissions graded through run_autograder, the starter's claims checked (ship/check.py; a few minutes).
check: install
	$(PY) ship/check.py

grade: install
	$(PY) -m grader grade $(SUBMISSION) --results $(RESULTS) $(if $(PART),--part $(PART)) $(if $(CHECK),--check $(CHECK))

# A game in the terminal against SUBMISSION's AI (AI=X or O, the side it plays; FIRST=X or O).
AI    ?= O
FIRST ?= X

play: install
	$(PY) -m grader play $(SUBMISSION) --ai $(AI) --first $(FIRST)

fixtures: install
	$(PY) -m grader fixtures

handout: install
	$(PY) handout/build.py

autograder: install
	$(PY) ship/build.py autograder

# Both make the handout they ship for the configuration themselves (ship/build.py: handout_files).
starter: install
	$(PY) ship/build.py starter

prairielearn: install
	$(PY) ship/build.py prairielearn

bench: install
	$(PY) bench/bfs.py

# The whole reference mutated (cosmic-ray's operators), every mutant graded by the checks: the record
# tests/golden/mutation.json.xz, which make test holds to the sources (tests/mutation/campaign.py; about an hour).
mutants: install
	$(PY) tests/mutation/campaign.py --jobs $(if $(filter auto,$(JOBS)),2,$(JOBS))

clean:
	rm -rf $(VENV) build dist *.egg-info
