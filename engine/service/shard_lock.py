"""One process per set of guilds (issue 25): the shard lock, and the shard settings it is named by.

A guild is on shard ``(guild_id >> 22) % UMPIRE_SHARD_COUNT``. A process runs UMPIRE_SHARD_IDS of them
(all without the setting). Two processes that run any guild in common would answer its commands
twice, so a process holds a lock for its layout, and a second one whose guilds overlap refuses to start.

- **One name per guild set.** The layout is normalised before it names a lock: no settings, count 1
  (ids 0) and count 2 with ids 0,1 all cover every guild and are the one layout ``1:{0}``; count 4
  with ids 0,2 is ``2:{0}``. Layouts of different counts overlap when an id of one and an id of the
  other are equal modulo the greatest common divisor of the counts (the Chinese remainder theorem):
  a process checks every live holder's layout against its own before it takes its locks, while it
  holds a registration lock, so two processes starting at once cannot both pass.
- **Impossible settings are refused at start** (``shard_layout``), one line naming the setting:
  ids outside 0..count-1, repeated ids, ids without a count, a count below 1 or above MAX_SHARDS.
- **Postgres**: one session advisory lock per (count, id) of the normalised layout, two-key form
  (the schema's key, ``count << 16 | id``), on a connection kept for the process's life; the live
  holders are read from ``pg_locks``. The lock lives as long as that session: when Postgres restarts
  or the session is ended (``pg_terminate_backend``), it is gone. ``verify`` asks the server whether
  this session still holds every key (one cheap query); the bot calls it periodically and before it
  takes an order (bot/shard_guard.py), stops taking orders the moment it fails, and re-takes the
  lock (``reacquire``) or exits.
- **SQLite**: an exclusive ``flock`` on ``<database>.shard-<count>-<id>.lock`` per key, beside the
  file (freed by the kernel when the process dies), the registration on ``<database>.shards.lock``.
  ``verify`` checks the file is still the one locked. An in-memory database needs none.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import threading
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import gcd
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

from engine.errors import UmpireError

MAX_SHARDS = 16384  # far above any bot's shard count; keeps count << 16 | id inside a positive int4
SHARD_LOCK_SPACE = 0x756D70  # "ump": mixed into the first key of the shard locks
REGISTRATION = 0  # the second key of the registration lock (a layout key is at least 1 << 16)


class ShardLockHeld(UmpireError):
    """Another process already runs some of these guilds on this database."""


class ShardSettingsInvalid(UmpireError):
    """UMPIRE_SHARD_COUNT / UMPIRE_SHARD_IDS name shards that cannot exist."""


@dataclass(frozen=True)
class ShardLayout:
    """Which guilds a process runs: those whose shard modulo ``count`` is in ``ids`` (normalised)."""

    count: int
    ids: tuple[int, ...]

    @property
    def keys(self) -> list[int]:
        return [self.count << 16 | i for i in self.ids]

    def overlaps(self, other: ShardLayout) -> bool:
        g = gcd(self.count, other.count)
        return bool({i % g for i in self.ids} & {j % g for j in other.ids})

    def describe(self) -> str:
        if self.count == 1:
            return "shards all"
        if len(self.ids) == 1:
            return f"shard {self.ids[0]} of {self.count}"
        return f"shards {', '.join(map(str, self.ids))} of {self.count}"


def normalise(count: int, ids: Iterable[int]) -> ShardLayout:
    """The smallest count that describes the same guilds: the ids as whole residue classes of a divisor."""
    wanted = sorted(set(ids))
    for d in range(1, count + 1):
        if count % d:
            continue
        residues = {i % d for i in wanted}
        if len(residues) * (count // d) == len(wanted):  # every id of each residue class is there
            return ShardLayout(d, tuple(sorted(residues)))
    raise AssertionError("unreachable: d == count always describes the ids")


def _key_layout(key: int) -> ShardLayout:
    return ShardLayout(key >> 16, (key & 0xFFFF,))


def shard_layout(shard_ids: str | Sequence[int] | None, shard_count: int | None) -> ShardLayout:
    """The normalised layout of the settings, or ShardSettingsInvalid naming the setting that cannot be."""
    if isinstance(shard_ids, str):
        parts = [p for p in shard_ids.replace(" ", "").split(",") if p]
        if not all(re.fullmatch(r"\d{1,6}", p) for p in parts):
            raise ShardSettingsInvalid(f"UMPIRE_SHARD_IDS={shard_ids[:60]!r} is not a list of shard numbers "
                                       "such as 0,1")
        ids: list[int] | None = [int(p) for p in parts] if parts else None
    else:
        ids = list(shard_ids) if shard_ids is not None else None
    if shard_count is None:
        if ids is not None:
            raise ShardSettingsInvalid("UMPIRE_SHARD_IDS is set without UMPIRE_SHARD_COUNT: set how many shards "
                                       "the bot has in all")
        return ShardLayout(1, (0,))
    if not 1 <= shard_count <= MAX_SHARDS:
        raise ShardSettingsInvalid(f"UMPIRE_SHARD_COUNT={shard_count} is not a shard count (1 to {MAX_SHARDS})")
    if ids is None:
        return ShardLayout(1, (0,))
    if not ids:
        raise ShardSettingsInvalid("UMPIRE_SHARD_IDS names no shard")
    bad = sorted({i for i in ids if not 0 <= i < shard_count})
    if bad:
        raise ShardSettingsInvalid(f"UMPIRE_SHARD_IDS names shard {', '.join(map(str, bad[:5]))}, but with "
                                   f"UMPIRE_SHARD_COUNT={shard_count} the shards are 0 to {shard_count - 1}")
    if len(set(ids)) != len(ids):
        raise ShardSettingsInvalid(f"UMPIRE_SHARD_IDS names a shard twice ({','.join(map(str, ids))})")
    return normalise(shard_count, ids)


class ShardLock:
    """The lock of one process's guilds on one database (see the module's docstring)."""

    def __init__(self, engine: Engine, layout: ShardLayout, pinned: bool = False) -> None:
        self.engine = engine
        self.layout = layout
        # Behind PgBouncer in transaction mode a session lock would stay on whichever server connection
        # took it: pinned, the lock's connection keeps one transaction open for its life (PgBouncer then
        # keeps it on one server connection), and the registration is a session lock released by hand.
        self.pinned = pinned
        self.name = layout.describe()
        self._conn: Connection | None = None
        self._files: list[Any] = []
        self._space: int | None = None
        self._verify_lock = threading.Lock()  # the watchdog and the order path share one connection

    # --- taking it ------------------------------------------------------------------------------
    def acquire(self) -> ShardLock:
        url = str(self.engine.url)
        if url.startswith("sqlite"):
            from .urls import is_memory, sqlite_path

            if not is_memory(url):
                self._acquire_files(sqlite_path(self.engine))
            return self
        conn = self.engine.connect()
        try:
            self._space = _space(conn)
            # one process at a time looks at the holders and takes its keys
            registration = "pg_advisory_lock" if self.pinned else "pg_advisory_xact_lock"  # xact: freed at commit
            conn.execute(text(f"SELECT {registration}(:a, :b)"), {"a": self._space, "b": REGISTRATION})
            try:
                self._refuse_overlaps(_pg_holders(conn, self._space),
                                      "holds its advisory lock on this Postgres database")
                for key in self.layout.keys:
                    got = conn.execute(text("SELECT pg_try_advisory_lock(:a, :b)"),
                                       {"a": self._space, "b": key}).scalar()
                    if not got:  # (the registration makes this unreachable; kept as the last word)
                        raise ShardLockHeld(self._refusal(_key_layout(key), "holds its advisory lock"))
            finally:
                if self.pinned:
                    conn.execute(text("SELECT pg_advisory_unlock(:a, :b)"), {"a": self._space, "b": REGISTRATION})
            if not self.pinned:
                conn.commit()
        except BaseException:
            conn.close()
            raise
        self._conn = conn
        return self

    def _refuse_overlaps(self, holders: Iterable[ShardLayout], how: str) -> None:
        for other in holders:
            if other.overlaps(self.layout):
                raise ShardLockHeld(self._refusal(other, how))

    def _acquire_files(self, path: str) -> None:
        import fcntl

        registration = open(path + ".shards.lock", "a")  # noqa: SIM115
        try:
            fcntl.flock(registration, fcntl.LOCK_EX)
            for layout, holder, name in _file_holders(path):
                if layout.overlaps(self.layout):
                    raise ShardLockHeld(self._refusal(layout, f"({holder or 'unknown'}) holds the lock file "
                                                      f"{name} next to the database"))
            for key in self.layout.keys:
                lk = _key_layout(key)
                fh = open(f"{path}.shard-{lk.count}-{lk.ids[0]}.lock", "a+")  # noqa: SIM115  (kept open)
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)  # free: the registration made sure
                fh.seek(0)
                fh.truncate()
                fh.write(f"pid {os.getpid()} on {socket.gethostname()}")
                fh.flush()
                self._files.append(fh)
        finally:
            fcntl.flock(registration, fcntl.LOCK_UN)
            registration.close()

    def _refusal(self, other: ShardLayout, how: str) -> str:
        mine = "" if other == self.layout or other.count == 1 else f" (this process: {self.layout.describe()})"
        return (f"Umpire is already running {other.describe()}{mine}: another process {how}. Two processes on "
                "one guild would answer every command twice; stop the other process first (a deploy stops the "
                "old process before it starts the new one), or give this one other UMPIRE_SHARD_IDS.")

    # --- keeping it -----------------------------------------------------------------------------
    def verify(self) -> str | None:
        """None while this process holds its lock; else why it no longer does (one line)."""
        with self._verify_lock:
            if self._files:
                for fh in self._files:
                    try:
                        if os.stat(fh.name).st_ino != os.fstat(fh.fileno()).st_ino:
                            return f"the lock file {Path(fh.name).name} was replaced"
                    except OSError:
                        return f"the lock file {Path(fh.name).name} was removed"
                return None
            if self._conn is None:
                return None if self._space is None else "the lock was released"
            try:
                held = self._conn.execute(text(
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND granted "
                    "AND pid = pg_backend_pid() AND classid = CAST(:a AS bigint)::oid "
                    "AND objid::bigint IN :keys").bindparams(_expanding("keys")),
                    {"a": self._space, "keys": self.layout.keys}).scalar()
                if not self.pinned:
                    self._conn.rollback()
            except Exception as exc:  # noqa: BLE001  (the session is gone: that is the answer)
                self._drop_connection()
                first = (str(getattr(exc, "orig", exc)).strip().splitlines() or [type(exc).__name__])[0]
                return f"the database session that held the shard lock ended ({first[:160]})"
            if held != len(self.layout.keys):
                return "the database session no longer holds the shard lock"
            return None

    def reacquire(self) -> ShardLock:
        """Take the lock again after it was lost (the same checks as at start: ShardLockHeld if another
        process took these guilds meanwhile)."""
        self.release()
        return self.acquire()

    def _drop_connection(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.invalidate()  # never back into the pool: it is dead

    def release(self) -> None:
        if self._conn is not None:
            try:
                for key in self.layout.keys:
                    self._conn.execute(text("SELECT pg_advisory_unlock(:a, :b)"), {"a": self._space, "b": key})
                self._conn.commit()
                self._conn.close()
            except Exception:  # noqa: BLE001  (a dead session holds nothing)
                self._drop_connection()
            self._conn = None
        if self._files:
            import fcntl

            for fh in self._files:
                fcntl.flock(fh, fcntl.LOCK_UN)
                fh.close()
            self._files = []


def _space(conn: Connection) -> int:
    """The first key of this schema's shard locks (deployments sharing a database use schemas)."""
    schema = conn.execute(text("SELECT current_schema()")).scalar()
    return (zlib.crc32(f"umpire-shards/{schema}".encode()) ^ SHARD_LOCK_SPACE) & 0x7FFFFFFF


def _pg_holders(conn: Connection, space: int) -> list[ShardLayout]:
    """The keys other sessions hold in this schema's space (pg_locks: every session of the server)."""
    held = conn.execute(text(
        "SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND granted "
        "AND classid = CAST(:a AS bigint)::oid AND objid <> 0 AND pid <> pg_backend_pid() "
        "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"),
        {"a": space}).scalars().all()
    return [_key_layout(int(k)) for k in held]


def _file_holders(path: str) -> list[tuple[ShardLayout, str, str]]:
    """(layout, who, file) of each lock file beside a SQLite database that a live process holds."""
    import fcntl

    found = []
    pattern = re.compile(re.escape(Path(path).name) + r"\.shard-(\d+)-(\d+)\.lock$")
    for other in sorted(Path(path).parent.iterdir()):
        m = pattern.match(other.name)
        if m is None:
            continue
        with open(other, "a+") as probe:
            try:
                fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)  # free: a holder that died
                fcntl.flock(probe, fcntl.LOCK_UN)
            except OSError:
                probe.seek(0)
                found.append((ShardLayout(int(m.group(1)), (int(m.group(2)),)), probe.read().strip()[:80], other.name))
    return found


def live_holders(engine: Engine) -> list[str]:
    """Who runs a bot on this database now ("shards all (pid 12 on host)"); [] when nobody does."""
    url = str(engine.url)
    if url.startswith("sqlite"):
        from .urls import is_memory, sqlite_path

        if is_memory(url):
            return []
        return [f"{layout.describe()} ({who or 'unknown'})" for layout, who, _ in _file_holders(sqlite_path(engine))]
    with engine.connect() as conn:
        layouts = _pg_holders(conn, _space(conn))
    return [layout.describe() for layout in layouts]


def _expanding(name: str) -> Any:
    from sqlalchemy import bindparam

    return bindparam(name, expanding=True)


_NAME = re.compile(r"shard-(\d+)-of-(\d+)$")


def shard_lock_names(shard_ids: list[int] | None, shard_count: int | None) -> list[str]:
    """The shards of the settings as names ("shard-0-of-2"; "shards-all"): kept for callers of the first
    lock; ``acquire_shard_locks`` normalises them into one layout."""
    if shard_count is None:
        return ["shards-all"]
    ids = shard_ids if shard_ids is not None else list(range(shard_count))
    return [f"shard-{i}-of-{shard_count}" for i in ids]


def layout_of_names(names: Sequence[str]) -> ShardLayout:
    if not names or "shards-all" in names:
        return ShardLayout(1, (0,))
    parsed = [_NAME.match(n) for n in names]
    if any(m is None for m in parsed):
        raise ShardSettingsInvalid(f"not a shard: {', '.join(names)[:80]}")
    counts = {int(m.group(2)) for m in parsed if m}
    if len(counts) != 1:
        raise ShardSettingsInvalid("the shards of one process have one shard count")
    return shard_layout([int(m.group(1)) for m in parsed if m], counts.pop())


def acquire_shard_locks(engine: Engine, what: Sequence[str] | ShardLayout, pinned: bool = False) -> list[ShardLock]:
    """The lock of a layout (or of the shard names of ``shard_lock_names``), or ShardLockHeld. ``pinned``:
    behind a transaction pooler (UMPIRE_DB_TRANSACTION_POOLER)."""
    layout = what if isinstance(what, ShardLayout) else layout_of_names(what)
    return [ShardLock(engine, layout, pinned).acquire()]
