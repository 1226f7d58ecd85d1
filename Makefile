# Kinetic: the two commands are `make run` and `make test` (see README.md).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test fuzz lint policy-scan protos check-protos bench bench-quick install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall only when the dependency pins or the project metadata change.
$(STAMP): $(BIN)/python pyproject.toml constraints.txt
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

## Start the four services and the edge on this machine (SQLite under ./var, demo account).
run: $(STAMP)
	$(BIN)/python -m kinetic.launcher

## Run the whole test suite (unit, integration on SQLite and PostgreSQL, end to end): all but the
## end-to-end tests on two workers (every test owns its ports, PostgreSQL schema and data directory),
## then the end-to-end tests alone: each runs up to ten real processes on one SQLite store, and
## next to another worker's load the machine is no longer the one decision 0044 measured.
test: $(STAMP)
	scripts/ensure_chromium.sh
	$(BIN)/python -m pytest -n 2 -m "not e2e"
	$(BIN)/python -m pytest -m e2e

## Thousands of generated and hostile calls per MCP tool and REST operation, on SQLite and PostgreSQL
## (make test runs the same suite with 25 per tool; docs/decisions/0032-text-and-number-inputs.md).
KINETIC_FUZZ_EXAMPLES ?= 1000
fuzz: $(STAMP)
	KINETIC_FUZZ_EXAMPLES=$(KINETIC_FUZZ_EXAMPLES) $(BIN)/python -m pytest -q tests/fuzz

lint: $(STAMP) check-protos
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy .
	$(BIN)/buf format --diff --exit-code
	$(BIN)/buf lint
	$(BIN)/buf breaking --against '.git#branch=main'

# checkov lives in a virtual environment of its own: its dependencies are not Kinetic's.
CHECKOV_VENV := .venv-checkov
$(CHECKOV_VENV)/bin/checkov:
	$(PYTHON) -m venv $(CHECKOV_VENV)
	$(CHECKOV_VENV)/bin/python -m pip install --quiet --disable-pip-version-check checkov==3.3.30

## Policy scan of the rendered Kubernetes manifests (checkov; exceptions justified inline).
policy-scan: $(STAMP) $(CHECKOV_VENV)/bin/checkov
	CHECKOV=$(CHECKOV_VENV)/bin/checkov scripts/policy_scan.sh

protos: $(STAMP)
	PYTHON=$(BIN)/python scripts/gen_protos.sh

# Regenerate the committed stubs and fail if they differ from what is committed.
check-protos: $(STAMP)
	PYTHON=$(BIN)/python scripts/gen_protos.sh
	@test -z "$$(git status --porcelain -- kinetic/auth/v1 kinetic/training/v1 kinetic/sessions/v1 kinetic/analytics/v1)" || (git status --short -- kinetic/*/v1; echo "generated stubs differ from the committed ones: run make protos and commit"; exit 1)

## Benchmarks, one after the other; benchmarks/README.md says what each measures and prints.
bench: $(STAMP)
	$(BIN)/python -m benchmarks.training_library
	$(BIN)/python -m benchmarks.edge_vs_inprocess
	$(BIN)/python -m benchmarks.session_logging
	$(BIN)/python -m benchmarks.session_statements
	$(BIN)/python -m benchmarks.analytics_service
	$(BIN)/python -m benchmarks.analytics_points
	$(BIN)/python -m benchmarks.hostile_callers

## Under 2 minutes: the exercise search and the 93-day calendar through the edge beside one in-process
## server, each target's ratio with PASS or FAIL (exit status 1 on FAIL). Run it after any change on
## the request path (docs/decisions/0031-edge-performance.md).
bench-quick: $(STAMP)
	$(BIN)/python -m benchmarks.edge_vs_inprocess --quick

clean:
	rm -rf $(VENV)
