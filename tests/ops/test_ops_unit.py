"""One configuration under systemd: the unit names the env file and nothing else (every setting is in
it, read by Umpire's own parser, as by `umpire db ...` by hand and the cron backup); files are created
0600 (UMask); the unit is hardened (`systemd-analyze security`: OK or better where systemd-analyze is
installed); the compose file publishes the health port on the host's loopback only."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from engine.service.settings import SYSTEM_ENV_FILE, Settings

REPO = Path(__file__).resolve().parents[2]
UNIT = REPO / "deploy" / "umpire.service"


def _directives(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        if "=" in line and not line.lstrip().startswith(("#", "[")):
            key, value = line.split("=", 1)
            out.setdefault(key.strip(), []).append(value.strip())
    return out


def test_the_unit_reads_the_one_env_file_and_creates_private_files() -> None:
    unit = _directives(UNIT.read_text(encoding="utf-8"))
    assert unit["Environment"] == [f"UMPIRE_ENV_FILE={SYSTEM_ENV_FILE}"], "every other setting is in the env file"
    assert "EnvironmentFile" not in unit, "systemd's parser would read the file otherwise than Umpire's"
    assert unit["UMask"] == ["0077"] and unit["StateDirectoryMode"] == ["0700"]
    assert unit["RestartPreventExitStatus"] == ["2"], "a configuration error is not restarted in a loop"
    assert unit["ExecStartPre"] == ["/opt/umpire/bin/umpire db upgrade"]
    timeout = float(unit["TimeoutStopSec"][0])
    assert timeout > Settings(_env_file=None).umpire_shutdown_grace + 10, "room for the drain and the close"


def test_the_env_example_holds_only_real_settings_and_the_data_folder() -> None:
    text = (REPO / "deploy" / "env.example").read_text(encoding="utf-8")
    keys = set(re.findall(r"^#?\s*([A-Z][A-Z0-9_]+)=", text, re.M))
    known = {f.upper() for f in Settings.model_fields} | {"POSTGRES_PASSWORD"}
    assert keys <= known, sorted(keys - known)
    assert re.search(r"^UMPIRE_DATA_DIR=/var/lib/umpire$", text, re.M), "the unit's state folder, for every command"


def test_compose_publishes_health_on_the_loopback_only() -> None:
    compose = yaml.safe_load((REPO / "deploy" / "compose.yaml").read_text(encoding="utf-8"))
    bot = compose["services"]["bot"]
    assert bot["ports"] and all(str(p).startswith("127.0.0.1:") for p in bot["ports"])
    assert bot["environment"]["UMPIRE_HEALTH_HOST"] == "0.0.0.0"
    assert not any("ports" in s for name, s in compose["services"].items() if name != "bot")


def test_systemd_rates_the_unit_ok_or_better() -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (apt-get install systemd): the rating is not checked here")
    proc = subprocess.run([analyze, "security", "--offline=true", "--no-pager", str(UNIT)], capture_output=True,
                          text=True, timeout=120)
    found = re.search(r"Overall exposure level for umpire\.service: ([0-9.]+) (\w+)", proc.stdout)
    if found is None and "offline" in proc.stderr:
        pytest.skip(f"this systemd-analyze cannot rate a unit file offline: {proc.stderr.strip()[:200]}")
    assert found, proc.stdout[-2000:] + proc.stderr[-2000:]
    level, word = float(found.group(1)), found.group(2)
    print(f"systemd-analyze security: {level} {word}")
    assert word in ("OK", "SAFE") and level < 5.0, proc.stdout[-3000:]
