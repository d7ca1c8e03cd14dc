"""Start-up: settings, `umpire sync` against the fake Discord, the configured gateway, sharding."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from fake_discord import TOKEN, FakeDiscord, make_settings, wait_ready

from bot.discord_app import UmpireBot, run_bot
from bot.settings import Settings
from cogs.notices import Notices
from engine.service import GameInfo


def test_settings_hide_the_token_and_read_shards(tmp_path: Path) -> None:
    s = Settings(_env_file=None, discord_token="s3cret-token", umpire_shard_count=4, umpire_shard_ids="1, 3")
    assert "s3cret-token" not in repr(s) and "s3cret-token" not in str(s.model_dump())
    assert s.token == "s3cret-token" and s.shard_ids == [1, 3] and s.gm_role == "GM"


def test_run_bot_without_a_token_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.setenv("DISCORD_TOKEN", "")
    assert run_bot(sync_only=True) == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err


async def test_umpire_sync_logs_in_syncs_and_exits_without_logging_the_token(
        fake: FakeDiscord, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'sync.db'}")
    monkeypatch.setenv("UMPIRE_DISCORD_API_BASE", fake.api_base)
    with caplog.at_level(logging.DEBUG):
        code = await asyncio.wait_for(asyncio.to_thread(run_bot, True), timeout=20)
    out = capsys.readouterr()
    assert code == 0 and "Synced" in out.out
    assert {c["name"] for c in fake.commands} >= {"game", "peiper", "gm"}
    assert not fake.identifies, "sync never opens the gateway"
    assert TOKEN not in caplog.text and TOKEN not in out.out + out.err


async def test_the_configured_gateway_wins_over_the_announced_one(fake: FakeDiscord, settings: Settings) -> None:
    fake.announced_gateway = "ws://127.0.0.1:9/nowhere"
    bot = UmpireBot(settings, guild_ready_timeout=0.05, chunk_guilds_at_startup=False)  # with the background task
    task = asyncio.create_task(bot.start(TOKEN))
    try:
        await wait_ready(bot, task)
        assert fake.identifies
        assert bot.get_cog("Notices") is not None
    finally:
        await bot.close()
        await asyncio.wait_for(task, timeout=5)


def test_a_process_answers_only_for_its_shards(fake: FakeDiscord, tmp_path: Path) -> None:
    settings = make_settings(fake, tmp_path, umpire_shard_count=2, umpire_shard_ids="1")
    bot = UmpireBot(settings, background=False)
    assert bot.shard_count == 2 and bot.shard_ids == [1]
    notices = Notices(bot)

    def game(guild: str | None) -> GameInfo:
        return GameInfo(1, "peiper", "historical", "", 0, "active", None, {}, guild, None, None, "", "")

    odd = str((123 << 22) | 5)  # shard (id >> 22) % 2 == 1
    even = str((124 << 22) | 5)
    assert notices.handles(game(odd)) and not notices.handles(game(even))
    assert not notices.handles(game(None)), "DM games belong to the process that runs shard 0"


async def test_service_calls_run_on_the_bots_own_worker_threads(rest_bot: UmpireBot) -> None:
    """asyncio.to_thread (every service call of the cogs) uses the pool of UMPIRE_WORKERS threads."""
    import threading

    names = {await asyncio.to_thread(lambda: threading.current_thread().name) for _ in range(8)}
    assert names and all(n.startswith("umpire-service") for n in names)
    assert len(names) <= rest_bot.settings.umpire_workers
    drawn_on = await rest_bot.draw(lambda: threading.current_thread().name)
    assert drawn_on.startswith("umpire-render")  # pictures never hold up the service threads
