# Umpire: a fresh machine needs only Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SRC := $(wildcard bot cogs engine images tests tools)

.PHONY: run test lint install bench selfplay clean

$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

install: $(STAMP)

# The Discord bot when DISCORD_TOKEN is set (environment or .env); the local table otherwise.
run: $(STAMP)
	$(BIN)/umpire

test: $(STAMP)
	$(BIN)/python -m ruff check $(SRC)
	$(BIN)/python -m mypy engine
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/python -m ruff check $(SRC)
	$(BIN)/python -m ruff format --check $(SRC) || true
	$(BIN)/python -m mypy engine

bench: $(STAMP)
	$(BIN)/umpire bench render --json

selfplay: $(STAMP)
	$(BIN)/umpire selfplay peiper --games 200 --seed 1 --json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
