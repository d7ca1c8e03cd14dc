# Umpire: a fresh machine needs only Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SRC := $(wildcard bot cogs engine images tests tools)

.PHONY: run test test-slow lint install bench selfplay clean lock wheel-check vendor-sdk

# requirements.lock: runtime + dev + metrics; requirements-runtime.lock: what deploy/install.sh installs.
# Both are generated with hashes (`make lock`) and installed with --require-hashes.
$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

install: $(STAMP)

# The Discord bot when DISCORD_TOKEN is set (environment or .env); the local table otherwise.
run: $(STAMP)
	$(BIN)/umpire

# Regenerate both hashed locks after a change of pyproject.toml's dependencies (uv, from PyPI).
LOCK_FLAGS := --generate-hashes --universal --python-version 3.11 --quiet
lock: $(STAMP)
	$(BIN)/python -m pip install --quiet uv
	$(BIN)/uv pip compile pyproject.toml $(LOCK_FLAGS) -o requirements-runtime.lock
	$(BIN)/uv pip compile pyproject.toml --extra dev --extra metrics $(LOCK_FLAGS) -o requirements.lock

# The wheel, installed by deploy/install.sh in a clean venv, plays a scripted game from another folder.
wheel-check:
	PYTHON=$(PYTHON) bash deploy/wheel_check.sh

# Discord's Embedded App SDK for the board's Activity (docs/discord.md): npm ci of the pinned lock, bundled
# into bot/board/static/vendor/ (committed; CHECK=1 only compares). Needs node and the npm registry.
vendor-sdk:
	CHECK=$(CHECK) bash tools/vendor_sdk.sh

# The Postgres variants run against UMPIRE_TEST_POSTGRES_URL if set (.ci/run sets it), else against a
# throwaway server tools/test_postgres.py starts where PostgreSQL's server programs are installed.
test: $(STAMP)
	$(BIN)/python -m ruff check $(SRC)
	$(BIN)/python -m mypy engine
	$(BIN)/lint-imports --no-cache
	$(BIN)/python tools/test_postgres.py $(BIN)/python -m pytest

# The long variants: every game and scenario played to its end under the conformance checks.
test-slow: $(STAMP)
	$(BIN)/python tools/test_postgres.py $(BIN)/python -m pytest -m slow

lint: $(STAMP)
	$(BIN)/python -m ruff check $(SRC)
	$(BIN)/python -m ruff format --check $(SRC) || true
	$(BIN)/python -m mypy engine
	$(BIN)/lint-imports --no-cache

bench: $(STAMP)
	$(BIN)/umpire bench render --json

selfplay: $(STAMP)
	$(BIN)/umpire selfplay peiper --games 200 --seed 1 --json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
