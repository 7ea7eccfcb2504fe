# The README's two commands: `make run` and `make test`.
# Both make the virtualenv (.venv) and install the pinned requirements first.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
PUSH_PORT ?= 8001

.PHONY: run test test-fast test-js lint typecheck layers screenshots install bench bench-tables pyodide engine-fast

install: $(VENV)/.installed engine-fast

# The rules engine compiled by mypyc (docs/engine-api.md, "The compiled
# build"): a copy of scoring/*.py and its compiled modules in build/engine/,
# which config/engine_build.py puts first on sys.path while it matches the
# sources. scoring/ stays the pure-Python reference. Where no C compiler is
# found the service runs the pure engine: make says so and goes on.
# Not compiled: __main__ (run as a script) and simulate, the random games of
# the tests and benchmarks, which the property tests patch (a compiled class
# cannot be patched).
ENGINE := build/engine
ENGINE_PURE := scoring/__main__.py scoring/simulate.py

engine-fast: $(VENV)/.installed
	@if command -v cc >/dev/null; then $(MAKE) -s --no-print-directory $(ENGINE)/.built; \
	else echo "no C compiler (cc): the engine runs pure Python (make engine-fast)"; fi

$(ENGINE)/.built: $(wildcard scoring/*.py) Makefile $(VENV)/.installed
	rm -rf $(ENGINE) && mkdir -p $(ENGINE)/scoring
	cp scoring/*.py scoring/py.typed $(ENGINE)/scoring/
	cd $(ENGINE) && $(CURDIR)/$(VENV)/bin/mypyc --config-file= \
		$(filter-out $(ENGINE_PURE),$(wildcard scoring/*.py)) >mypyc.log 2>&1 \
		|| { tail -n 20 mypyc.log; exit 1; }
	rm -rf $(ENGINE)/build
	touch $@

# The pad's engine offline (docs/pad.md, "The engine in the browser"): the
# Pyodide npm package pinned by package-lock.json, whose runtime files are
# copied to vendor/pyodide/VERSION/ for the static files to serve. Where npm
# is missing the pad works as before, online only: make says so and goes on.
PYODIDE := vendor/pyodide
PYODIDE_FILES := pyodide.mjs pyodide.mjs.map pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json

pyodide:
	@if command -v npm >/dev/null; then $(MAKE) -s --no-print-directory $(PYODIDE)/.installed; \
	else echo "npm not found: the pad will not judge moves offline (make pyodide)"; fi

$(PYODIDE)/.installed: package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	rm -rf $(PYODIDE)
	version=$$(node -p 'require("./node_modules/pyodide/package.json").version') && \
	mkdir -p $(PYODIDE)/$$version && \
	cp $(addprefix node_modules/pyodide/,$(PYODIDE_FILES)) $(PYODIDE)/$$version/
	touch $@

$(VENV)/.installed: requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

# A development server on http://127.0.0.1:$(PORT) with the demo data loaded,
# whose spectators' pages follow the games over the push streams on
# $(PUSH_PORT) (docs/operations.md, "The push process"). Without REDIS_URL,
# one process serves the pages and the streams on both ports, feeding the
# streams in memory (config/run_asgi.py, under uvicorn), restarted on a
# change to the code as runserver is. With REDIS_URL, runserver, and beside
# it the push process, stopped with it (a Celery worker publishes the games).
# DEBUG is on unless the environment says otherwise.
run: export DEBUG := $(or $(DEBUG),1)
run: export PUSH_URL := $(or $(PUSH_URL),http://127.0.0.1:$(PUSH_PORT)/push)
run: $(VENV)/.installed pyodide engine-fast
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo_load
ifeq ($(REDIS_URL),)
	$(PY) -m config.run_server 127.0.0.1:$(PORT) $(PUSH_PORT)
else
	$(PY) -m uvicorn config.push_asgi:app --host 127.0.0.1 --port $(PUSH_PORT) --log-level warning \
		--timeout-graceful-shutdown 1 & push=$$!; trap 'kill $$push 2>/dev/null' EXIT; \
	$(PY) manage.py runserver 127.0.0.1:$(PORT)
endif

# pytest keeps the test modules it rewrites for its asserts in __pycache__,
# and rewrites every one on every run where Python may not write bytecode:
# the test targets let it, whatever the environment says.
test test-fast screenshots: export PYTHONDONTWRITEBYTECODE :=

# The whole test tree in one run: the engine's tests, the service's, the
# browser tests (on the compiled engine where it is built), then the engine's
# tests again on the pure-Python one, then the pad's JavaScript tests where
# Node is installed. Spread over the machine's cores (pytest-xdist): each
# worker has its own test database, live server and browser, and the static
# files and the demo league are built once for all of them (tests/conftest.py).
# pytest's last line says how long it took, the slowest tests are listed.
# Honours DATABASE_URL and REDIS_URL (without them, SQLite and in-process
# tasks) and SCORING_BUILD for the first run.
#
# `make test COVERAGE=1` (what CI runs) also measures branch coverage of the
# project's packages and fails below the floor in .coveragerc.
COVERAGE ?=
COVERAGE_ARGS := $(if $(COVERAGE),--cov --cov-report=)

test: $(VENV)/.installed pyodide engine-fast
	$(PY) -m pytest -n auto --durations=5 $(COVERAGE_ARGS)
	SCORING_BUILD=pure $(PY) -m pytest -n auto -q tests/scoring
	@if command -v node >/dev/null; then $(MAKE) --no-print-directory test-js; \
	else echo "node not found: the pad's JavaScript tests (make test-js) did not run"; fi

# Quick feedback while working: the engine's and the service's tests without
# the browser tests and those marked slow (the big property runs, whole games
# played through the API, the demo league, a real worker), spread over the
# machine's cores. Each property test (Hypothesis) tries a quarter of the
# examples it names, at least five, and 25 where it names none rather than
# Hypothesis's 100 (tests/property_examples.py); `make test` tries them all.
test-fast: $(VENV)/.installed pyodide
	$(PY) -m pytest -n auto -m "not slow and not browser" --ignore=tests/e2e

# ruff over the whole checkout (ruff.toml): pyflakes, bugbear, import order,
# the Django and pytest rules.
lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .

# The layers' contracts in .importlinter (import-linter): which package may
# import which. tests/league/test_layering.py checks what it cannot see.
layers: $(VENV)/.installed
	$(VENV)/bin/lint-imports

# mypy --strict over scoring, cups, league and config (see mypy.ini).
typecheck: $(VENV)/.installed
	$(VENV)/bin/mypy

# Refreshes the README's pictures in docs/screenshots from the browser tests
# that take them (make test writes its screenshots to a temporary folder).
screenshots: $(VENV)/.installed
	SCREENSHOTS_DIR=$(CURDIR)/docs/screenshots $(PY) -m pytest -q tests/e2e/test_pad_screens.py tests/e2e/test_public_screens.py \
		tests/e2e/test_night_tv.py tests/e2e/test_secretary_squads_and_invites.py

# The pad's JavaScript unit tests (tests/js/): Node 20.19 or newer, no packages.
test-js:
	node --test tests/js/

# The API benchmark (needs DATABASE_URL on PostgreSQL; see benchmarks/api.py).
bench: $(VENV)/.installed
	$(PY) benchmarks/api.py

# The tables benchmark: full and incremental rebuilds beside the SQL floor
# (needs the local PostgreSQL; see benchmarks/tables.py).
bench-tables: $(VENV)/.installed
	$(PY) benchmarks/tables.py
