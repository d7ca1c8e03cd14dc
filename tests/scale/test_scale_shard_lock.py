"""A lock that means it (issue 25): one lock per set of guilds, whatever the shard settings say; impossible
settings refused at start; a holder that loses its Postgres session (ended, or the server restarted)
knows it, stops taking orders, and re-takes the lock or exits.

The restart runs on a private Postgres server started here in a temporary folder from Debian's binaries
(never the shared one other tests use); without the binaries that test skips and says why.
"""

from __future__ import annotations

import asyncio
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from bot.shard_guard import ShardGuard
from engine.service.database import make_bare_engine
from engine.service.shard_lock import (
    ShardLayout,
    ShardLock,
    ShardLockHeld,
    ShardSettingsInvalid,
    acquire_shard_locks,
    shard_layout,
)

ALL = ShardLayout(1, (0,))


def test_every_layout_that_covers_every_guild_is_one_layout() -> None:
    assert shard_layout(None, None) == ALL
    assert shard_layout(None, 1) == shard_layout("0", 1) == ALL
    assert shard_layout("0,1", 2) == shard_layout("1, 0", 2) == shard_layout(None, 2) == ALL
    assert shard_layout("0,2", 4) == ShardLayout(2, (0,))  # shards 0 and 2 of 4 are the even shards of 2
    assert shard_layout("1", 2) == ShardLayout(2, (1,))
    assert shard_layout("0,1", 4) == ShardLayout(4, (0, 1))


@pytest.mark.parametrize(("ids", "count", "names"), [
    ("5", 2, "UMPIRE_SHARD_IDS names shard 5, but with UMPIRE_SHARD_COUNT=2 the shards are 0 to 1"),
    ("0", None, "UMPIRE_SHARD_IDS is set without UMPIRE_SHARD_COUNT"),
    ("0", 0, "UMPIRE_SHARD_COUNT=0 is not a shard count"),
    ("0", 99999, "UMPIRE_SHARD_COUNT=99999 is not a shard count"),
    ("one,two", 2, "UMPIRE_SHARD_IDS='one,two' is not a list of shard numbers"),
    ("1,1", 2, "UMPIRE_SHARD_IDS names a shard twice"),
    ("-1", 2, "UMPIRE_SHARD_IDS='-1' is not a list of shard numbers"),
])
def test_impossible_shard_settings_are_refused_naming_the_setting(ids: str, count: int | None, names: str) -> None:
    with pytest.raises(ShardSettingsInvalid) as caught:
        shard_layout(ids, count)
    message = caught.value.message
    assert message.startswith("UMPIRE_SHARD_") and names in message and "\n" not in message


def test_the_bot_refuses_impossible_shard_settings_at_start_in_one_line(tmp_path: Any, monkeypatch: Any,
                                                                       capsys: Any) -> None:
    """Shard 5 of 2 (it was accepted): `umpire bot` stops at once, one line naming the setting, exit 2 (the
    settings refuse it as they are read; the bot's own check in UmpireBot.__init__ stays for callers that
    build Settings by other means)."""
    from bot.cli import main

    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'u.db'}")
    monkeypatch.setenv("UMPIRE_SHARD_COUNT", "2")
    monkeypatch.setenv("UMPIRE_SHARD_IDS", "5")
    monkeypatch.setenv("UMPIRE_ENV_FILE", "")
    assert main(["bot"]) == 2
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0 and "UMPIRE_SHARD_IDS" in err and "5" in err, err
    from engine.service.shard_lock import shard_layout

    with pytest.raises(Exception, match="UMPIRE_SHARD_IDS names shard 5"):
        shard_layout("5", 2)


# layouts that cover a guild in common (refused) and that do not (both run)
CONFLICTS = [
    ((None, None), (None, 1)), ((None, None), ("0,1", 2)), (("0,1", 2), (None, 1)), ((None, None), ("1", 2)),
    (("0", 2), ("2", 4)), (("1", 2), ("0", 3)), (("0,1", 4), ("1", 4)), (("3", 4), ("1", 2)),
]
APART = [(("0", 2), ("1", 2)), (("0", 2), ("1", 4)), (("0,1", 4), ("2,3", 4)), (("0", 4), ("2", 8))]


@pytest.mark.parametrize(("first", "second"), CONFLICTS)
def test_a_second_holder_of_any_overlapping_layout_is_refused(db_url: str, first: Any, second: Any) -> None:
    engines = [make_bare_engine(db_url) for _ in range(2)]
    from engine.service.database import upgrade

    upgrade(engines[0], backup=False)
    held = acquire_shard_locks(engines[0], shard_layout(*first))
    try:
        with pytest.raises(ShardLockHeld, match="Umpire is already running"):
            acquire_shard_locks(engines[1], shard_layout(*second))
        for lock in held:
            assert lock.verify() is None
    finally:
        for lock in held:
            lock.release()
    again = acquire_shard_locks(engines[1], shard_layout(*second))  # released: the other one starts
    for lock in again:
        lock.release()
    for engine in engines:
        engine.dispose()


@pytest.mark.parametrize(("first", "second"), APART)
def test_layouts_without_a_guild_in_common_run_side_by_side(db_url: str, first: Any, second: Any) -> None:
    engines = [make_bare_engine(db_url) for _ in range(2)]
    held = acquire_shard_locks(engines[0], shard_layout(*first)) + acquire_shard_locks(engines[1], shard_layout(*second))
    for lock in held:
        assert lock.verify() is None
        lock.release()
    for engine in engines:
        engine.dispose()


def _terminate(db_url: str, lock: ShardLock) -> None:
    """End the lock's session from outside, as an operator's pg_terminate_backend or a failover does."""
    assert lock._conn is not None
    pid = lock._conn.execute(text("SELECT pg_backend_pid()")).scalar()
    lock._conn.rollback()
    admin = create_engine(make_bare_engine(db_url).url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        assert conn.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid}).scalar()
    admin.dispose()


def test_an_ended_lock_session_is_noticed_and_the_lock_re_taken_or_refused(db_url: str, db_kind: str) -> None:
    if db_kind != "postgres":
        pytest.skip("SQLite's lock is a file lock held by the process itself: no session to end")
    first, second = make_bare_engine(db_url), make_bare_engine(db_url)
    lock = acquire_shard_locks(first, shard_layout("0", 2))[0]
    assert lock.verify() is None
    _terminate(db_url, lock)
    reason = lock.verify()
    assert reason is not None and "session that held the shard lock ended" in reason
    other = acquire_shard_locks(second, shard_layout("0,2", 4))[0]  # the same guilds, named otherwise
    with pytest.raises(ShardLockHeld, match="already running shard 0 of 2"):
        lock.reacquire()  # the second holder has them now: the first must not run on
    other.release()
    lock.reacquire()
    assert lock.verify() is None
    with pytest.raises(ShardLockHeld):
        acquire_shard_locks(second, shard_layout(None, None))
    lock.release()
    first.dispose()
    second.dispose()


def test_a_removed_lock_file_is_noticed_on_sqlite(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'u.db'}"
    engine = make_bare_engine(url)
    lock = acquire_shard_locks(engine, shard_layout(None, None))[0]
    assert lock.verify() is None
    for path in glob.glob(str(tmp_path / "u.db.shard-*.lock")):
        os.unlink(path)
    assert "removed" in (lock.verify() or "")
    lock.release()
    engine.dispose()


# --- the guard in front of the bot's interactions ------------------------------------------------
class _Bot:
    def __init__(self) -> None:
        self.dispatched: list[Any] = []
        self._connection = SimpleNamespace(parsers={"INTERACTION_CREATE": self.dispatched.append})
        self.exit_reason: str | None = None
        self.stopped: list[str] = []

    async def shutdown(self, reason: str) -> None:
        self.stopped.append(reason)


async def _deliver(guard: ShardGuard, bot: _Bot, n: int) -> None:
    """n interactions from the gateway; returns once each was taken or refused (the check runs in a thread)."""
    before = len(bot.dispatched) + guard.refused
    for i in range(n):
        bot._connection.parsers["INTERACTION_CREATE"]({"id": str(i)})
    for _ in range(200):
        if len(bot.dispatched) + guard.refused >= before + n:
            return
        await asyncio.sleep(0.025)
    raise AssertionError("an interaction was neither taken nor refused")


@pytest.mark.parametrize("pinned", [False, True], ids=["direct", "pinned"])
def test_the_guard_stops_orders_when_the_session_ends_and_takes_them_again(db_url: str, db_kind: str,
                                                                           pinned: bool) -> None:
    """Also pinned (behind a transaction pooler: the lock's connection keeps one transaction open)."""
    if db_kind != "postgres":
        pytest.skip("Postgres only: the session lock")
    engine = make_bare_engine(db_url)
    lock = acquire_shard_locks(engine, shard_layout(None, None), pinned=pinned)[0]
    if pinned:
        with pytest.raises(ShardLockHeld):  # the registration was let go: another process is told, not kept waiting
            acquire_shard_locks(make_bare_engine(db_url), shard_layout("1", 2))
    bot, refused = _Bot(), []

    async def run() -> None:
        guard = ShardGuard(bot, [lock], every=0.1, fresh=0.0, attempts=5, pause=0.2,  # type: ignore[arg-type]
                           answer=refused.append)
        guard.install()
        await _deliver(guard, bot, 3)
        assert len(bot.dispatched) == 3 and not refused
        _terminate(db_url, lock)
        await _deliver(guard, bot, 2)  # checked before each is taken: refused at once, none dispatched
        assert len(bot.dispatched) == 3 and len(refused) == 2 and guard.lost
        for _ in range(50):
            await asyncio.sleep(0.1)
            if guard.lost is None:
                break
        assert guard.lost is None, "re-taken once the session could be opened again"
        await _deliver(guard, bot, 1)
        assert len(bot.dispatched) == 4 and not bot.stopped
        guard.stop()

    asyncio.run(run())
    lock.release()
    engine.dispose()


def test_the_guard_exits_saying_why_when_another_process_took_the_guilds(db_url: str, db_kind: str) -> None:
    if db_kind != "postgres":
        pytest.skip("Postgres only: the session lock")
    engine, other_engine = make_bare_engine(db_url), make_bare_engine(db_url)
    lock = acquire_shard_locks(engine, shard_layout("1", 2))[0]
    bot, refused = _Bot(), []
    taken: list[ShardLock] = []

    async def run() -> None:
        guard = ShardGuard(bot, [lock], every=0.05, fresh=0.0, attempts=3, pause=0.3,  # type: ignore[arg-type]
                           answer=refused.append)
        guard.install()
        _terminate(db_url, lock)
        for _ in range(40):  # the watchdog finds it lost without any order arriving
            await asyncio.sleep(0.05)
            if guard.lost:
                break
        assert guard.lost
        taken.extend(acquire_shard_locks(other_engine, shard_layout("1,3", 4)))  # a second bot starts
        for _ in range(60):
            await asyncio.sleep(0.05)
            if bot.stopped:
                break
        assert bot.stopped and "another process took these guilds" in bot.stopped[0]
        assert bot.exit_reason == bot.stopped[0]
        await _deliver(guard, bot, 2)
        assert not bot.dispatched and len(refused) == 2  # and it never took an order meanwhile
        guard.stop()

    asyncio.run(run())
    for held in taken:
        held.release()
    lock.release()
    engine.dispose()
    other_engine.dispose()


# --- a Postgres restart under a running holder (a private server) --------------------------------
def _pg_bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=lambda p: int(p.split("/")[4])
                   if p.split("/")[4].isdigit() else 0)
    return found[-1] if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def private_postgres() -> Iterator[tuple[str, Any]]:
    """(URL, restart) of a Postgres server of this test's own, in a temporary folder, stopped afterwards."""
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip("no PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb, pg_ctl): "
                    "install Debian's postgresql to run the restart test")
    as_postgres: list[str] = []
    if os.geteuid() == 0:
        if shutil.which("runuser") is None:
            pytest.skip("running as root without runuser: cannot start Postgres as the postgres user")
        as_postgres = ["runuser", "-u", "postgres", "--"]
    folder = tempfile.mkdtemp(prefix="umpire-pg-")
    os.chmod(folder, 0o755)
    data = os.path.join(folder, "data")
    if as_postgres:
        shutil.chown(folder, "postgres")
    port = _free_port()

    def run(*args: str) -> None:
        subprocess.run(as_postgres + list(args), check=True, capture_output=True, timeout=120)

    try:
        run(initdb, "-D", data, "-A", "trust", "-U", "umpire", "--no-sync")
        run(pg_ctl, "-D", data, "-l", os.path.join(folder, "log"), "-w", "-o",
            f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off", "start")

        def restart() -> None:
            run(pg_ctl, "-D", data, "-l", os.path.join(folder, "log"), "-m", "fast", "-w", "restart")

        yield f"postgresql+psycopg://umpire@127.0.0.1:{port}/postgres", restart
    finally:
        subprocess.run(as_postgres + [pg_ctl or "pg_ctl", "-D", data, "-m", "immediate", "stop"],
                       capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


def test_a_postgres_restart_under_a_running_holder_is_noticed_and_survived(private_postgres: Any) -> None:
    url, restart = private_postgres
    holder, second = make_bare_engine(url), make_bare_engine(url)
    lock = acquire_shard_locks(holder, shard_layout(None, None))[0]
    bot, refused = _Bot(), []

    async def run() -> None:
        guard = ShardGuard(bot, [lock], every=0.2, fresh=0.0, attempts=20, pause=0.5,  # type: ignore[arg-type]
                           answer=refused.append)
        guard.install()
        await _deliver(guard, bot, 2)
        assert len(bot.dispatched) == 2
        await asyncio.to_thread(restart)  # the server ends every session, the lock's too
        await _deliver(guard, bot, 1)
        assert len(bot.dispatched) == 2 and len(refused) == 1, "no order taken without the lock"
        for _ in range(100):
            await asyncio.sleep(0.1)
            if guard.lost is None:
                break
        assert guard.lost is None and not bot.stopped
        # the lock is the holder's again: a second bot for the same guilds, named otherwise, is refused
        with pytest.raises(ShardLockHeld):
            await asyncio.to_thread(acquire_shard_locks, second, shard_layout("0,1", 2))
        await _deliver(guard, bot, 1)
        assert len(bot.dispatched) == 3
        guard.stop()

    t0 = time.monotonic()
    asyncio.run(run())
    print(f"restart noticed and lock re-taken in {time.monotonic() - t0:.1f} s (whole test body)")
    lock.release()
    holder.dispose()
    second.dispose()
