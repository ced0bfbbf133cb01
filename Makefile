# Backprop Lab: `make serve` to work on the site, `make test` to check everything.
# Every target installs what it needs first, so both work on a fresh clone.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup build serve serve-static test test-fast test-js test-under-load check-labs check-lab lint bench bench-browser bench-labs audit-a11y chromium update-screenshots clean

setup: $(PY_STAMP) $(NODE_STAMP)

$(PY_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

build: setup
	$(BIN)/mkdocs build --strict

serve: setup
	$(BIN)/mkdocs serve --strict --dev-addr 127.0.0.1:8000

# The built site on a plain static server, with no special headers (as most static hosts are).
serve-static: build
	$(BIN)/python -m http.server 8000 --bind 127.0.0.1 --directory build/site

chromium: setup
	@$(BIN)/python tests/chromium.py --install

# Python with ruff, the front end's JavaScript with Biome (biome.json).
lint: setup
	$(BIN)/ruff check .
	node_modules/.bin/biome lint

# The front end's pure modules (no page needed) under Node's own test runner.
test-js: setup
	node --test tests/js/*.test.js

check-labs: setup
	$(BIN)/pytest -q tests/lab_checks

# One lab's contract on seeds 1-3 (`make build` proves seed 0), e.g. `make check-lab LAB=value-ops`.
check-lab: setup
	@test -n "$(LAB)" || { echo "usage: make check-lab LAB=<lab id>"; exit 2; }
	LAB=$(LAB) $(BIN)/pytest -q tests/lab_checks/test_contract.py

# Two processes (two cores here), each with its own browser and servers; a module's tests stay in one
# process, so a page its tests share starts Python once. The slowest tests are listed at the end.
# (--dist loadgroup would balance better, but pytest-xdist 3.8 ignores the groups under pytest 9.)
PYTEST_PARALLEL := -n 2 --dist loadscope

test: setup chromium build lint test-js
	$(BIN)/pytest -q $(PYTEST_PARALLEL) --durations=15

# The whole suite 3 times in a row while a busy loop (started and stopped by tests/load.py) takes one core.
test-under-load: setup chromium build
	$(BIN)/python tests/load.py --runs 3 -- $(PYTEST_PARALLEL) --durations=15

# Everything that needs neither a browser nor long: under a minute.
test-fast: setup build test-js
	$(BIN)/pytest -q -n 2 --dist load -m "not browser and not slow"

update-screenshots: setup chromium build
	$(BIN)/pytest -q tests/visual --update-screenshots

bench: setup
	$(BIN)/python bench/engine_vs_micrograd.py
	$(BIN)/python bench/gpt_step.py
	$(BIN)/python bench/my_engine.py

# axe-core's WCAG 2.2 AA rules on every built page at 1280 px light and dark and at 390 px (a minute or two).
audit-a11y: setup chromium build
	$(BIN)/python bench/a11y_audit.py

bench-browser: setup chromium build
	$(BIN)/python bench/browser_load.py
	$(BIN)/python bench/check_latency.py
	$(BIN)/python bench/gpt_browser.py
	$(BIN)/python bench/my_engine.py --page

# Click Check -> verdict in Chromium, Python already loaded (target < 300 ms).
bench-labs: setup chromium build
	$(BIN)/python bench/check_latency.py

clean:
	rm -rf build
