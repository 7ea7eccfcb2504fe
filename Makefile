# The README's two commands: `make run` and `make test`.
# Both make the virtualenv (.venv) and install the pinned requirements first.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: run test test-js install bench bench-tables

install: $(VENV)/.installed

$(VENV)/.installed: requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

# A development server on http://127.0.0.1:$(PORT) with the demo data loaded.
# DEBUG is on unless the environment says otherwise.
run: export DEBUG := $(or $(DEBUG),1)
run: $(VENV)/.installed
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo_load
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# The whole test tree (the engine's tests and the service's) in one run.
# Honours DATABASE_URL and REDIS_URL; without them, SQLite and in-process tasks.
test: $(VENV)/.installed
	$(PY) -m pytest

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
