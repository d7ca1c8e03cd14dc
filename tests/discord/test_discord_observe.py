"""What an operator watches: /healthz with the version and each background pass (red once a pass has
been failing for longer than its interval), /metrics with the build, the process, the database pool
and each pass, and the health address from the settings."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fake_discord import TOKEN, FakeDiscord, wait_ready

from bot.discord_app import UmpireBot
from bot.version import version
from cogs.notices import Notices


def _get(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:  # noqa: S310
            return r.status, r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


async def _boom() -> None:
    raise RuntimeError("the database went away")


async def test_health_and_metrics_show_the_build_the_pool_and_each_pass(fake: FakeDiscord, settings: Any,
                                                                       tmp_path: Path) -> None:
    settings = settings.model_copy(update={"umpire_health_port": 0, "umpire_health_host": "127.0.0.1"})
    bot = UmpireBot(settings, background=True, guild_ready_timeout=0.05, chunk_guilds_at_startup=False)
    task = asyncio.create_task(bot.start(TOKEN))
    try:
        await wait_ready(bot, task)
        await fake.wait_for(lambda: bot.observer.port is not None, timeout=10)
        port = bot.observer.port
        assert port is not None
        notices: Any = bot.get_cog("Notices")  # load_extension's own copy of cogs.notices
        assert notices is not None
        await notices._tick()  # one round of the reminders pass, counted
        status, body = await asyncio.to_thread(_get, port, "/healthz")
        health = json.loads(body)
        assert status == 200 and health["version"] == version() and health["passes"]["notices"]["runs"] >= 1
        assert 0 < health["open_files"] < health["open_files_limit"]  # the process's files against its limit
        status, text = await asyncio.to_thread(_get, port, "/metrics")
        assert status == 200
        assert 'umpire_build_info{discord_py="' in text and f'version="{version()}"' in text
        assert "process_resident_memory_bytes" in text and "process_cpu_seconds_total" in text
        assert "umpire_db_pool_size" in text and "umpire_db_pool_checked_out" in text
        assert "umpire_db_pool_overflow" in text
        assert 'umpire_pass_runs_total{pass="notices"}' in text
        assert 'umpire_pass_last_success_timestamp_seconds{pass="notices"}' in text

        # a pass that fails: still green for one interval (one bad round), red once it has failed longer
        for _ in range(2):
            with pytest.raises(RuntimeError):
                async with bot.observer.background_pass("flaky", 0.3):
                    await _boom()
        assert (await asyncio.to_thread(_get, port, "/healthz"))[0] == 200
        await asyncio.sleep(0.4)
        with pytest.raises(RuntimeError):
            async with bot.observer.background_pass("flaky", 0.3):
                await _boom()
        status, body = await asyncio.to_thread(_get, port, "/healthz")
        assert status == 503 and json.loads(body)["passes"]["flaky"] == {
            "runs": 3, "failures": 3, "healthy": False, "last_success_s_ago": None, "error": "RuntimeError"}
        _status, text = await asyncio.to_thread(_get, port, "/metrics")
        assert 'umpire_pass_failures_total{pass="flaky"} 3.0' in text
        async with bot.observer.background_pass("flaky", 0.3):
            pass
        assert (await asyncio.to_thread(_get, port, "/healthz"))[0] == 200, "a success turns it green again"
    finally:
        await bot.close()
        await asyncio.wait_for(task, timeout=5)


async def test_the_notices_pass_counts_a_failed_round(fake: FakeDiscord, rest_bot: UmpireBot,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    notices = Notices(rest_bot)
    monkeypatch.setattr(notices, "check_games", _boom)
    rest_bot._connection._ready_state = None  # type: ignore[attr-defined]
    rest_bot._ready.set()  # type: ignore[attr-defined]
    start = time.time()
    await notices._tick()  # logged, not raised: the loop goes on
    state = rest_bot.observer.passes["notices"]
    assert state.failures == 1 and state.failing_since is not None and state.failing_since >= start


async def test_the_bots_retention_pass_applies_the_settings_and_is_counted(fake: FakeDiscord,
                                                                            rest_bot: UmpireBot) -> None:
    from datetime import UTC, datetime, timedelta

    from sqlmodel import Session

    from bot import passes
    from engine.service import Seat
    from engine.service.models import GameRecord

    assert not passes.wants_retention(rest_bot)
    rest_bot.settings.umpire_keep_finished_days = 30
    assert passes.wants_retention(rest_bot)
    gid = rest_bot.service.create_game("peiper", seed=1, seats={"us": Seat("bot", None, "Umpire"),
                                                               "ge": Seat("bot", None, "Umpire")}).id
    with Session(rest_bot.service.engine) as s:
        rec = s.get(GameRecord, gid)
        assert rec is not None
        rec.status, rec.last_action_at = "over", datetime.now(UTC) - timedelta(days=31)
        s.add(rec)
        s.commit()
    await passes.retention_round(rest_bot)
    assert rest_bot.service.list_games() == [] or all(g.id != gid for g in rest_bot.service.list_games())
    assert rest_bot.observer.passes["retention"].runs == 1
    assert rest_bot.observer.passes["retention"].failures == 0
