"""Start-up against a Discord that is not there yet: the login is retried with back-off (bounded,
logged); after the last attempt the bot stops with one line and exit 1; the first log line names the
version."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import discord
import pytest
from fake_discord import TOKEN, FakeDiscord, make_settings, wait_ready

from bot.connect import delays
from bot.connect import start as connect_start
from bot.discord_app import UmpireBot, run_bot
from bot.version import version


def test_the_waits_double_and_are_capped() -> None:
    assert delays(1, 60) == []
    assert delays(8, 60) == [1, 2, 4, 8, 16, 32, 60]
    assert delays(4, 1.5) == [1, 1.5, 1.5]


def test_an_unreachable_discord_is_retried_then_one_line_and_exit_1(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    fake: Any = type("Nowhere", (), {"api_base": "http://127.0.0.1:9/api/v10", "gateway_url": "ws://127.0.0.1:9/",
                                     "guild_id": "1"})()
    settings = make_settings(fake, tmp_path, umpire_discord_retries=3, umpire_discord_retry_max_seconds=0.05)
    with caplog.at_level(logging.INFO, logger="umpire"):
        assert run_bot(settings=settings) == 1
    err = capsys.readouterr().err
    said = [line for line in err.splitlines() if line.startswith("umpire")]  # (log lines may share stderr)
    assert len(said) == 1 and "could not be reached after 3 attempts" in said[0], err
    assert "Traceback" not in err
    retries = [r for r in caplog.records if "Discord unreachable" in r.getMessage()]
    assert [r.fields["attempt"] for r in retries] == [1, 2]  # type: ignore[attr-defined]
    first = next(r for r in caplog.records if r.name == "umpire.discord")
    assert f"Umpire {version()} starting" in first.getMessage()


async def test_a_discord_that_comes_back_is_logged_in_to(fake: FakeDiscord, tmp_path: Path,
                                                        settings: Any) -> None:
    settings.umpire_discord_retry_max_seconds = 0.05
    bot = UmpireBot(settings, background=False, guild_ready_timeout=0.05, chunk_guilds_at_startup=False)
    real = bot.http.static_login
    failures = [OSError("Connection refused"), discord.DiscordServerError(
        type("R", (), {"status": 502, "reason": "Bad Gateway"})(), "bad gateway")]

    async def flaky(token: str) -> Any:
        if failures:
            raise failures.pop(0)
        return await real(token)

    bot.http.static_login = flaky  # type: ignore[method-assign]
    task = asyncio.create_task(connect_start(bot, TOKEN))
    try:
        await wait_ready(bot, task)
        assert not failures and fake.identifies
    finally:
        await bot.close()
        await asyncio.wait_for(task, timeout=5)
