"""Stopping under load loses no answer (bot/drain.py): after the stop, new interactions are answered
"restarting" and change nothing; the answers in flight finish with their notices; an answer cut short
by the grace is recorded and its game announced at the next start."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fake_discord import TOKEN, FakeDiscord, make_settings, wait_ready

from bot.discord_app import UmpireBot
from bot.drain import RESTARTING, Outbox, outbox_for
from tests.scale.conftest import db_kind, db_url, postgres_base  # noqa: F401  (the SQLite and Postgres fixtures)

GAMES = 6


async def _start(settings: Any) -> tuple[UmpireBot, asyncio.Task[None]]:
    bot = UmpireBot(settings, background=False, guild_ready_timeout=0.05, chunk_guilds_at_startup=False)
    task = asyncio.create_task(bot.start(TOKEN))
    await wait_ready(bot, task)
    return bot, task


async def _new_games(fake: FakeDiscord, bot: UmpireBot, n: int) -> list[tuple[int, dict[str, Any]]]:
    await bot.tree.sync()
    games = []
    for _ in range(n):
        await fake.run(fake.slash(fake.alice, "game new", fake.channel, game="peiper", side="us"))
        info = bot.service.list_games()[-1]
        games.append((info.id, fake.channels[info.channel_id or ""]))
    return games


def _answered(fake: FakeDiscord, iid: str) -> list[str]:
    """What the bot answered to one interaction (its deferral's "thinking..." excluded)."""
    return [s.text() for s in fake.sent if s.interaction_id == iid and s.text()]


async def test_a_stop_under_load_finishes_every_order_in_flight_and_refuses_the_rest(
        fake: FakeDiscord, live_bot: UmpireBot) -> None:
    games = await _new_games(fake, live_bot, GAMES)
    versions = {gid: live_bot.service.info(gid).version for gid, _ in games}
    submit = live_bot.service.submit

    def slow_submit(*args: Any, **kwargs: Any) -> Any:  # each order takes a while: all are in flight at the stop
        time.sleep(0.3)
        return submit(*args, **kwargs)

    live_bot.service.submit = slow_submit  # type: ignore[method-assign]
    orders = [await fake.send_interaction(fake.slash(fake.alice, "peiper ready", thread)) for _, thread in games]
    await fake.wait_for(lambda: len(live_bot.locks.held()) >= 1, timeout=10)
    before = len(fake.sent)
    stopping = asyncio.create_task(live_bot.shutdown("SIGTERM received"))
    await fake.wait_for(lambda: live_bot.stopping, timeout=5)
    late = [await fake.send_interaction(fake.slash(fake.alice, "peiper ready", thread)) for _, thread in games]
    opening = next(m for m in fake.sent[:before] if m.custom_ids)  # a button of a notice posted before the stop
    late.append(await fake.send_interaction(fake.click(fake.alice, opening, opening.custom_ids[0])))
    await asyncio.wait_for(stopping, timeout=30)

    for iid in late:  # answered at once, privately, and nothing applied
        assert fake.callbacks[iid]["type"] == 4, fake.callbacks[iid]
        assert fake.callbacks[iid]["data"]["content"] == RESTARTING
        assert int(fake.callbacks[iid]["data"]["flags"]) & 64, "the refusal is ephemeral"
    for (gid, thread), iid in zip(games, orders, strict=True):
        info = live_bot.service.info(gid)
        assert info.version > versions[gid], f"game {gid}: the order in flight was applied"
        readies = [e for e in live_bot.service.log(gid) if e.action["kind"] == "ready" and e.side == "us"]
        assert len(readies) == 1, f"game {gid}: the order sent after the stop was not applied"
        assert any("`/peiper ready`" in a for a in _answered(fake, iid)), f"game {gid} got no answer"
        notices = [s for s in fake.sent[before:] if s.channel_id == thread["id"] and s.custom_ids]
        assert notices, f"game {gid}: the next decision's notice (with its buttons) was posted"
    assert not outbox_for(live_bot).path.exists(), "nothing was cut short, so nothing is recorded"
    assert live_bot.drain.refused == len(late)


async def test_an_answer_cut_short_by_the_grace_is_announced_at_the_next_start(
        fake: FakeDiscord, tmp_path: Path, settings: Any) -> None:
    settings.umpire_shutdown_grace = 0.2
    bot, task = await _start(settings)
    [(gid, thread)] = await _new_games(fake, bot, 1)
    entered, release = threading.Event(), threading.Event()
    submit = bot.service.submit

    def stuck_submit(*args: Any, **kwargs: Any) -> Any:  # applied only after the grace has run out
        entered.set()
        release.wait(30)
        return submit(*args, **kwargs)

    bot.service.submit = stuck_submit  # type: ignore[method-assign]
    await fake.send_interaction(fake.slash(fake.alice, "peiper ready", thread))
    await fake.wait_for(entered.is_set, timeout=10)
    version = bot.service.info(gid).version
    stop = asyncio.create_task(bot.shutdown("SIGTERM received"))
    await fake.wait_for(lambda: outbox_for(bot).path.exists(), timeout=10)
    release.set()  # the service thread finishes its write after the answer was cancelled
    await asyncio.wait_for(stop, timeout=20)
    await asyncio.wait_for(task, timeout=5)
    record = outbox_for(bot).path
    assert json.loads(record.read_text())["games"] == [gid]
    assert record.stat().st_mode & 0o777 == 0o600
    await fake.wait_for(lambda: bot.service.info(gid).version > version, timeout=10)
    before = len(fake.sent)

    again, task2 = await _start(make_settings(fake, tmp_path))
    try:
        await fake.wait_for(lambda: not record.exists(), timeout=20)
        here = [s for s in fake.sent[before:] if s.channel_id == thread["id"]]
        assert any("Umpire restarted before it had announced" in s.text() for s in here), [s.text() for s in here]
        assert any(s.custom_ids for s in here), "the next decision's notice, with its buttons"
        assert any(s.files for s in here), "the map now"
    finally:
        await again.close()
        await asyncio.wait_for(task2, timeout=5)


def test_the_record_is_bounded_and_a_bad_file_is_ignored(tmp_path: Path) -> None:
    box = Outbox(tmp_path / "unannounced-shards-all.json")
    assert box.read() == []
    box.add([3, 1, 3])
    assert box.read() == [1, 3]
    box.remove(1)
    assert box.read() == [3]
    box.remove(3)
    assert not box.path.exists()
    box.path.write_text("{not json")
    assert box.read() == []
    box.path.write_text(json.dumps({"games": ["x", -1, 2, True]}))
    assert box.read() == [2]


async def test_a_stop_after_the_database_restarted_closes_cleanly(
        fake: FakeDiscord, settings: Any, db_kind: str, db_url: str, caplog: pytest.LogCaptureFixture) -> None:  # noqa: F811
    """The shard lock's connection died with the server (a Postgres restart): the stop still closes, logs
    it in one line, and raises nothing (it used to end in a traceback and exit 1)."""
    if db_kind != "postgres":
        pytest.skip("the shard lock holds a Postgres connection of its own")
    from sqlalchemy import create_engine, text

    bot, task = await _start(settings.model_copy(update={"database_url": db_url}))
    [lock] = bot.shard_locks
    conn: Any = lock._conn
    pid = conn.connection.driver_connection.info.backend_pid
    base = postgres_base()
    assert base is not None
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        assert c.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid}).scalar()
    admin.dispose()
    await asyncio.wait_for(bot.shutdown("SIGTERM received"), timeout=30)
    await asyncio.wait_for(task, timeout=5)
    assert bot.is_closed() and bot.shard_locks == []
    # the lock's own release notices the dead connection (engine/service/shard_lock.py) or close() logs
    # one WARNING line for it: either way no traceback, and the server freed the lock with the connection
    assert "Traceback" not in caplog.text and not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")
                                                    and "lock" in r.getMessage().lower()]
