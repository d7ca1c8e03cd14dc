"""The first interaction after a start is acknowledged at once: a fresh bot process warms what is cold
(the games' rules and maps, the database, Pillow) before it connects (bot/warm.py), so its first
command is deferred as fast as later ones. Prints the figures (Discord's limit is 3 s)."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from fake_discord import FakeDiscord
from test_discord_shutdown import _env, _exited, _wait_for_text

DISCORD_LIMIT = 3.0


@pytest.mark.slow  # a real bot process (make test-slow; CI runs it)
async def test_the_first_command_of_a_fresh_process_is_acknowledged_at_once(fake: FakeDiscord,
                                                                             tmp_path: Path) -> None:
    env = _env(fake, f"sqlite:///{tmp_path / 'umpire.db'}")
    log = tmp_path / "bot.log"
    with open(log, "wb") as out:
        sync = subprocess.Popen([sys.executable, "-m", "bot", "sync"], cwd=tmp_path, env=env, stdout=out,
                                stderr=subprocess.STDOUT)
    assert await _exited(sync, log) == 0, log.read_text()
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "bot", "bot"], cwd=tmp_path, env=env, stdout=out,
                                stderr=subprocess.STDOUT)
    try:
        await _wait_for_text(proc, log, "logged in as")
        figures = {}
        for name, payload in (
                ("first /game new (pl)", fake.slash(fake.alice, "game new", fake.channel, game="pl")),
                ("second /game new (peiper)", fake.slash(fake.bob, "game new", fake.channel, game="peiper"))):
            iid = await fake.send_interaction(payload)
            await fake.wait_for(lambda iid=iid: iid in fake.callbacks, timeout=20.0)
            figures[name] = fake.callbacks[iid]["elapsed"]
            await fake.settle(quiet=0.3, timeout=60)
        proc.send_signal(signal.SIGTERM)
        assert await _exited(proc, log) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    warm = next((line for line in log.read_text(errors="replace").splitlines() if "warmed up in" in line), "")
    print(f"\n{warm.split(': ', 1)[-1]}")
    for name, seconds in figures.items():
        print(f"{name}: acknowledged in {seconds * 1000:.0f} ms")
    assert warm, "the bot warms up before it connects"
    assert all(s < DISCORD_LIMIT for s in figures.values()), figures
