"""Stopping the bot: SIGTERM (Docker, systemd, Kubernetes) and SIGINT close it cleanly and it exits 0;
an answer in flight when the stop arrives is finished first."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fake_discord import TOKEN, FakeDiscord

from bot.discord_app import UmpireBot

REPO = Path(__file__).resolve().parents[2]


def _env(fake: FakeDiscord, db: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("UMPIRE_", "DISCORD_", "DATABASE_"))}
    env.update(PYTHONPATH=str(REPO), DISCORD_TOKEN=TOKEN, DATABASE_URL=db, UMPIRE_ENV_FILE="none",
               UMPIRE_DISCORD_API_BASE=fake.api_base, UMPIRE_DISCORD_GATEWAY=fake.gateway_url)
    return env


async def _exited(proc: subprocess.Popen[bytes], log: Path, timeout: float = 40.0) -> int:
    """Wait for the process without blocking the event loop (it serves the fake Discord)."""
    end = time.monotonic() + timeout
    while proc.poll() is None:
        if time.monotonic() > end:
            proc.kill()
            raise TimeoutError(f"the bot did not exit:\n{log.read_text(errors='replace')[-3000:]}")
        await asyncio.sleep(0.05)
    return int(proc.returncode)


async def _wait_for_text(proc: subprocess.Popen[bytes], log: Path, text: str, timeout: float = 40.0) -> None:
    end = time.monotonic() + timeout
    while text not in log.read_text(errors="replace"):
        if proc.poll() is not None or time.monotonic() > end:
            proc.kill()
            raise AssertionError(f"no '{text}' (exit {proc.poll()}):\n{log.read_text(errors='replace')[-3000:]}")
        await asyncio.sleep(0.05)


@pytest.mark.slow  # a real bot process per signal (make test-slow; CI runs it)
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_a_signal_closes_the_bot_process_cleanly_and_it_exits_0(fake: FakeDiscord, tmp_path: Path,
                                                                       sig: signal.Signals) -> None:
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
        iid = await fake.send_interaction(fake.slash(fake.alice, "game new", fake.channel, game="peiper",
                                                     side="us", opponent=fake.bob))
        await fake.wait_for(lambda: iid in fake.callbacks, timeout=20.0)  # deferred: the answer is under way
        proc.send_signal(sig)
        code = await _exited(proc, log)
    finally:
        if proc.poll() is None:
            proc.kill()
    text = log.read_text(errors="replace")
    assert code == 0, text[-3000:]
    assert f"{sig.name} received" in text and "closed cleanly" in text, text[-3000:]
    assert "Traceback" not in text, text[-3000:]
    answers = [s.text() for s in fake.sent if s.interaction_id == iid]
    assert any("Game #1 opened" in a for a in answers), answers


async def test_an_answer_in_flight_finishes_before_the_bot_closes(fake: FakeDiscord, live_bot: UmpireBot) -> None:
    await live_bot.tree.sync()
    entered, release = threading.Event(), threading.Event()
    create = live_bot.service.create_game

    def slow_create(*args: Any, **kwargs: Any) -> Any:
        entered.set()
        assert release.wait(30), "the test never released the order"
        return create(*args, **kwargs)

    live_bot.service.create_game = slow_create  # type: ignore[method-assign]
    iid = await fake.send_interaction(fake.slash(fake.alice, "game new", fake.channel, game="peiper", side="us"))
    await fake.wait_for(entered.is_set, timeout=10.0)
    stopping = asyncio.create_task(live_bot.shutdown("SIGTERM received"))
    await asyncio.sleep(0.2)
    assert not stopping.done() and not live_bot.is_closed(), "the bot closed with an answer in flight"
    release.set()
    await asyncio.wait_for(stopping, timeout=20)
    assert live_bot.is_closed()
    answers = [s.text() for s in fake.sent if s.interaction_id == iid]
    assert any("Game #1 opened" in a for a in answers), answers
    assert live_bot.service.info(1).game == "peiper"


async def test_the_shutdown_grace_bounds_the_wait(fake: FakeDiscord, live_bot: UmpireBot) -> None:
    await live_bot.tree.sync()
    live_bot.settings.umpire_shutdown_grace = 0.0
    release = threading.Event()
    create = live_bot.service.create_game

    def stuck(*args: Any, **kwargs: Any) -> Any:
        release.wait(30)
        return create(*args, **kwargs)

    live_bot.service.create_game = stuck  # type: ignore[method-assign]
    await fake.send_interaction(fake.slash(fake.alice, "game new", fake.channel, game="peiper", side="us"))
    await fake.wait_for(lambda: bool(live_bot.in_flight()), timeout=10.0)
    await asyncio.wait_for(live_bot.shutdown(), timeout=20)
    assert live_bot.is_closed()
    release.set()
