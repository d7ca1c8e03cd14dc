"""Real bot processes and the shard lock (issue 25): a second bot for the same guilds, named by other
settings, never runs beside the first, and neither does one started while the first has lost its
Postgres session. One ``/help`` then drew three to five answers; here every interaction is answered once.

Postgres only (the lock lives on a database session); marked slow (three bot processes, ~30 s).
"""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from sharded_discord import ShardedFakeDiscord
from sqlalchemy import create_engine, text
from test_scale_shards import _env, _start, _wait_for, processes  # noqa: F401  (the fixture)

from engine.service.database import make_bare_engine

pytestmark = pytest.mark.parametrize("db_kind", ["postgres"], indirect=True)


class CountingFake(ShardedFakeDiscord):
    """Records every process that tried to answer each interaction (the fake accepts only the first)."""

    def __init__(self, shard_count: int) -> None:
        super().__init__(shard_count)
        self.attempts: dict[str, list[int]] = {}

    async def _process_rest(self, request: web.Request) -> web.Response:
        m = re.fullmatch(r"interactions/(\d+)/[^/]+/callback", request.match_info["tail"])
        if m:
            self.attempts.setdefault(m[1], []).append(int(request.match_info["proc"]))
        return await super()._process_rest(request)


@pytest.fixture
async def fake() -> Any:
    server = CountingFake(2)
    await server.start()
    yield server
    await server.stop()


async def _exits(proc: Any, timeout: float) -> int | None:
    end = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < end:
        await asyncio.sleep(0.1)
    return proc.poll()


def _end_lock_session(db_url: str) -> int:
    """pg_terminate_backend on the session that holds the bot's shard lock (only that one)."""
    app = re.search(r"application_name=([^&]+)", db_url)
    assert app is not None
    admin = create_engine(make_bare_engine(db_url).url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        pids = conn.execute(text(
            "SELECT DISTINCT l.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE "
            "l.locktype = 'advisory' AND l.objsubid = 2 AND l.objid <> 0 AND a.application_name = :app"),
            {"app": app[1]}).scalars().all()
        for pid in pids:
            conn.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid})
    admin.dispose()
    return len(pids)


async def _help_once(fake: CountingFake, timeout: float = 15.0) -> tuple[str, list[int]]:
    guild = fake.guilds[0]
    iid = await fake.send_interaction(fake.slash(fake.alice, "help", guild.channel))
    await fake.wait_for(lambda: iid in fake.callbacks, timeout=timeout)
    await asyncio.sleep(1.5)  # a second holder's answer would come now
    return iid, fake.attempts.get(iid, [])


@pytest.mark.slow
async def test_no_second_bot_runs_beside_the_first_whatever_its_settings_or_a_lost_session(
        fake: CountingFake, db_url: str, tmp_path: Path, processes: list[Any]) -> None:  # noqa: F811
    sync = _start(processes, tmp_path, "sync", "sync", _env(fake, 9, "sqlite://", None))
    await _wait_for(sync[0], sync[1], "Synced ")
    first_env = _env(fake, 0, db_url, None)
    first_env.update(UMPIRE_SHARD_COUNT="2")  # every guild: count 2, no ids
    first = _start(processes, tmp_path, "first", "bot", first_env)
    await _wait_for(*first, "logged in as")
    _iid, attempts = await _help_once(fake)
    assert attempts == [0]

    # the same guilds named otherwise, and an overlapping part of them: both refused at start
    for name, ids, proc_no in (("second", "0,1", 1), ("third", "1", 2)):
        proc, log = _start(processes, tmp_path, name, "bot", _env(fake, proc_no, db_url, ids))
        assert await _exits(proc, 40) == 2, log.read_text()[-2000:]
        assert "Umpire is already running shards all" in log.read_text()

    # the lock's session is ended under the running holder: it stops taking orders at once
    assert _end_lock_session(db_url) == 1
    iid, attempts = await _help_once(fake)
    assert attempts == [0] and "restarting" in str(fake.callbacks[iid]["data"]).lower()

    # a second bot for the same guilds starts now: whichever gets the lock, only one runs and answers
    second = _start(processes, tmp_path, "fourth", "bot", _env(fake, 3, db_url, "0,1"))
    end = time.monotonic() + 60
    while first[0].poll() is None and second[0].poll() is None and time.monotonic() < end:
        await asyncio.sleep(0.2)
    assert (first[0].poll() is None) != (second[0].poll() is None), "exactly one of the two runs"
    survivor, survivor_no = (first, 0) if first[0].poll() is None else (second, 3)
    print(f"after the lost session the {'first bot re-took' if survivor_no == 0 else 'second bot took'} the lock")
    if survivor_no == 0:
        assert "Umpire is already running shards all" in second[1].read_text()
        await _wait_for(*survivor, "shard lock re-taken")
    else:
        assert first[0].returncode == 2 and "another process took these guilds" in first[1].read_text()
        await _wait_for(*survivor, "logged in as")
    for _ in range(3):
        _iid, attempts = await _help_once(fake)
        assert attempts == [survivor_no], f"answered by {attempts}"
