# Backprop Lab: `make serve` to work on the site, `make test` to check everything.
# Every target installs what it needs first, so both work on a fresh clone.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup build serve serve-static test test-fast check-labs check-lab lint bench bench-browser bench-labs chromium update-screenshots clean

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

lint: setup
	$(BIN)/ruff check .

check-labs: setup
	$(BIN)/pytest -q tests/lab_checks

# One lab's contract on 4 seeds, e.g. `make check-lab LAB=value-ops` (seconds).
check-lab: setup
	@test -n "$(LAB)" || { echo "usage: make check-lab LAB=<lab id>"; exit 2; }
	LAB=$(LAB) $(BIN)/pytest -q tests/lab_checks/test_contract.py

test: setup chromium build lint
	$(BIN)/pytest -q

test-fast: setup
	$(BIN)/pytest -q tests/engine tests/lab_checks

update-screenshots: setup chromium build
	$(BIN)/pytest -q tests/visual --update-screenshots

bench: setup
	$(BIN)/python bench/engine_vs_micrograd.py
	$(BIN)/python bench/gpt_step.py

bench-browser: setup chromium build
	$(BIN)/python bench/browser_load.py
	$(BIN)/python bench/check_latency.py

# Click Check -> verdict in Chromium, Python already loaded (target < 300 ms).
bench-labs: setup chromium build
	$(BIN)/python bench/check_latency.py

clean:
	rm -rf build
