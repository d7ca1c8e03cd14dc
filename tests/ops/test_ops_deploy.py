"""The deployment files say what is tested: they install with deploy/install.sh (which CI runs in
``make wheel-check``), every setting is documented, the locks are hashed, logs can be JSON, and
``umpire health`` reads the heartbeat."""

from __future__ import annotations

import io
import json
import logging
import os
import re
import time
from pathlib import Path

import pytest
import yaml

from bot.cli import main
from bot.logs import configure_logging
from engine.service.settings import Settings

REPO = Path(__file__).resolve().parents[2]


def test_every_setting_is_in_the_docs_table() -> None:
    table = (REPO / "docs" / "discord.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([A-Z_]+)`(?:, `([A-Z_]+)`)?", table, re.M))
    names = {n for pair in documented for n in pair if n}
    missing = {f.upper() for f in Settings.model_fields} - names
    assert not missing, f"settings missing from docs/discord.md: {sorted(missing)}"


def test_the_container_and_the_unit_install_with_the_tested_script() -> None:
    docker = (REPO / "Dockerfile").read_text(encoding="utf-8")
    assert "deploy/install.sh" in docker and "FROM python:3.11-slim" in docker
    assert re.search(r"^USER umpire$", docker, re.M) and 'VOLUME ["/data"]' in docker
    assert 'CMD ["umpire", "bot"]' in docker and "fonts-dejavu-core" in docker and "HEALTHCHECK" in docker
    unit = (REPO / "deploy" / "umpire.service").read_text(encoding="utf-8")
    assert "ExecStart=/opt/umpire/bin/umpire bot" in unit and "deploy/install.sh" in unit
    assert "umpire db upgrade" in unit and "KillSignal=SIGTERM" in unit
    install = (REPO / "deploy" / "install.sh").read_text(encoding="utf-8")
    assert "--require-hashes" in install and os.access(REPO / "deploy" / "install.sh", os.X_OK)
    assert "deploy/wheel_check.sh" in (REPO / "Makefile").read_text() and "wheel-check" in (REPO / ".ci" / "run").read_text()


def test_compose_runs_postgres_with_a_health_check_volumes_and_a_one_shot_migration() -> None:
    compose = yaml.safe_load((REPO / "deploy" / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert "healthcheck" in services["postgres"] and set(compose["volumes"]) == {"postgres-data", "umpire-data"}
    assert services["migrate"]["command"] == ["umpire", "db", "upgrade"] and services["migrate"]["restart"] == "no"
    bot = services["bot"]
    assert bot["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert bot["environment"]["DATABASE_URL"].startswith("postgresql://")


@pytest.mark.parametrize("lock", ["requirements.lock", "requirements-runtime.lock"])
def test_the_locks_are_hashed_and_generated(lock: str) -> None:
    text = (REPO / lock).read_text(encoding="utf-8")
    pins = re.findall(r"^([A-Za-z0-9_.-]+)==\S+", text, re.M)
    assert pins and text.count("--hash=sha256:") >= len(pins)
    assert "uv pip compile" in text.splitlines()[1]
    runtime = {p.lower() for p in pins}
    if lock == "requirements-runtime.lock":
        assert "sqlalchemy" in runtime and not runtime & {"pytest", "mypy", "ruff", "hypothesis"}


def test_json_logs_are_one_object_a_line_and_alembic_is_quiet() -> None:
    out = io.StringIO()
    configure_logging(Settings(_env_file=None, umpire_log_format="json"), stream=out)
    try:
        logging.getLogger("umpire.commands").info("command /x ok", extra={"fields": {"outcome": "ok", "ms": 3}})
        logging.getLogger("alembic.runtime.migration").info("Context impl SQLiteImpl.")
        logging.getLogger("discord.client").warning("PyNaCl is not installed, voice will NOT be supported")
    finally:
        configure_logging(Settings(_env_file=None))
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines == [{**lines[0], "msg": "command /x ok", "outcome": "ok", "ms": 3, "level": "INFO"}]


def test_umpire_health_reads_the_heartbeat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    beat = tmp_path / "beat"
    monkeypatch.setenv("UMPIRE_HEARTBEAT_FILE", str(beat))
    assert main(["health"]) == 1
    beat.write_text("1\n")
    assert main(["health"]) == 0
    old = time.time() - 3600
    os.utime(beat, (old, old))
    assert main(["health"]) == 1
