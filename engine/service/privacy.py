"""Forgetting a user: their Discord id and names replaced by a pseudonym everywhere Umpire keeps them.

Every place a user's id or name can land is listed in ``PLACES`` (and in PRIVACY.md, which
``tests/security/test_forget_everywhere.py`` checks against every column of every table):

- ``seats``: the user's seats become open (no id, the name "(forgotten)"), so another player may join;
- ``games.owner_id`` (who opened the game) and ``log.actor`` / ``server_setting_changes.actor`` (who gave
  an entry or changed a setting) name a tombstone (``forgotten-<random>``) that says nothing of them;
- free texts (a game's title, a log entry's reason and rule, its events, a GM's typed ``result``, a
  setting change's old and new values, other seats' names): the user's id, ``<@id>`` mentions and the
  names they were shown under are replaced by "(forgotten)";
- ``games.pending``: their invitations and their agreements to a proposed deadline go;
- stored states and snapshots: a state holds a name only where the rules copied a GM's typed text (a
  ``/gm end`` result), so a game whose states still name the user after the log was scrubbed has its
  state and every snapshot rebuilt by replaying the scrubbed log from the seed. The rules never see who
  gave an order, so every game still replays from its seed and log to the same state.

Every game forgetting touched moves to a new version in the same transaction (``move_versions``), so
nothing kept by version in any process (a board's answers, the service's cached seats) outlives the
forget, and the pages open on those games are sent the game as it now reads.

Afterwards the database is compacted (``compact``): a SQLite file is checkpointed and vacuumed, so the
freed pages and the write-ahead log no longer hold the old rows; Postgres tables are vacuumed.

``forget_guild`` does the same for every player of a server's games (the retention rule when the bot
has left a server for UMPIRE_LEFT_GUILD_DAYS); ``expire_departures`` then deletes the server's own
settings and the log of who changed them (engine/service/server_settings.py).
"""

from __future__ import annotations

import json
import logging
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import String, Table, cast, delete, or_, select, text, update
from sqlalchemy.engine import Connection, Engine

from . import moves
from .models import (
    GameRecord,
    GuildDeparture,
    LogEntry,
    ReminderRecord,
    SeatRecord,
    ServerSettingChange,
    SnapshotRecord,
    now,
)
from .server_settings import forget_actor, forget_server

log = logging.getLogger("umpire.privacy")

FORGOTTEN_NAME = "(forgotten)"
# the arguments of a logged order that are a person's free text (a GM's /gm end result); every other
# argument is the rules' vocabulary (units, hexes, choices), which a forget must not rewrite
FREE_TEXT_ARGS = ("result", "reason", "text", "note", "message", "title")
MAX_EXTRA_NAMES = 20
MIN_WIDE_NAME = 4  # a name shorter than this is scrubbed only in the games the user took part in

# Every column that can hold a user's id or name, and what forgetting does to it (PRIVACY.md lists the same).
PLACES: dict[str, dict[str, str]] = {
    "games": {"owner_id": "tombstone", "title": "scrubbed", "pending": "invitations and agreements dropped",
              "state": "rebuilt by replay when it names the user"},
    "seats": {"user_id": "emptied (the seat opens)", "user_name": "(forgotten); others' names scrubbed"},
    "log": {"actor": "tombstone", "actor_name": "(forgotten), else scrubbed", "reason": "scrubbed",
            "rule": "scrubbed", "events": "scrubbed", "action": "free-text arguments scrubbed"},
    "snapshots": {"state": "rebuilt by replay when it names the user"},
    "server_setting_changes": {"actor": "tombstone", "actor_name": "(forgotten)", "old": "scrubbed",
                               "new": "scrubbed"},
}


@dataclass
class Forgotten:
    tombstone: str
    games: set[int] = field(default_factory=set)
    seats: int = 0
    entries: int = 0
    rows: int = 0  # every row rewritten, of any table
    rebuilt: set[int] = field(default_factory=set)  # games whose states were rebuilt by replay
    compacted: bool = True  # False: another connection kept SQLite from truncating its write-ahead log


def tombstone() -> str:
    """A fresh id that says nothing of the user: distinct users stay distinct within a game."""
    return f"forgotten-{secrets.token_hex(4)}"


class Scrubber:
    """Replaces a user's id, ``<@id>`` mentions and names in texts, as whole words."""

    def __init__(self, user_id: str, names: Iterable[str]) -> None:
        self.user_id = user_id
        self.words = sorted({w for w in (user_id, *names) if w and w.strip() and w != FORGOTTEN_NAME},
                            key=len, reverse=True)
        mention = rf"<@!?{re.escape(user_id)}>"
        alternatives = "|".join(re.escape(w) for w in self.words)
        self.pattern = re.compile(rf"{mention}|(?<!\w)(?:{alternatives})(?!\w)")

    def text(self, value: str) -> str:
        return self.pattern.sub(FORGOTTEN_NAME, value) if value else value

    def json(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            return [self.json(v) for v in value]
        if isinstance(value, dict):
            return {k: self.json(v) for k, v in value.items()}
        return value

    def action(self, action: Any) -> Any:
        if not isinstance(action, dict) or not isinstance(action.get("args"), dict):
            return action
        args = {k: self.json(v) if k in FREE_TEXT_ARGS else v for k, v in action["args"].items()}
        return {**action, "args": args}

    def names(self, value: Any) -> bool:
        """Whether a value (a text, or JSON) still holds the id or a name."""
        found = self.text(value) != value if isinstance(value, str) else self.json(value) != value
        return bool(found)

    def like(self, column: Any) -> Any:
        """A SQL filter for rows whose column may hold a word (a superset: the exact test is in Python).
        JSON columns hold non-ASCII letters escaped, so the escaped spelling is looked for too."""
        forms = {w for w in self.words} | {json.dumps(w)[1:-1] for w in self.words}
        return or_(*(cast(column, String).contains(f, autoescape=True) for f in sorted(forms)))


def _tables() -> dict[str, Table]:
    models: tuple[Any, ...] = (GameRecord, SeatRecord, LogEntry, SnapshotRecord, ServerSettingChange)
    return {m.__tablename__: m.__table__ for m in models}


def known_names(conn: Connection, user_id: str) -> set[str]:
    """The names the user was shown under: on their seats, their log entries, their setting changes."""
    t = _tables()
    names = {r[0] for r in conn.execute(select(t["seats"].c.user_name).where(t["seats"].c.user_id == user_id))}
    names |= {r[0] for r in conn.execute(select(t["log"].c.actor_name).where(t["log"].c.actor == user_id)
                                         .distinct())}
    changes = t["server_setting_changes"]
    names |= {r[0] for r in conn.execute(select(changes.c.actor_name).where(changes.c.actor == user_id))}
    return {n for n in names if n and n != FORGOTTEN_NAME}


def forget_user(engine: Engine, user_id: str, names: Iterable[str] = (), compact_after: bool = True) -> Forgotten:
    """Forget a user everywhere (one transaction), then compact the database so the old bytes are gone.

    ``names``: more names to scrub from texts (what the user was called where Umpire did not record it)."""
    with engine.begin() as conn:
        done = _forget(conn, str(user_id), names)
    if compact_after and done.rows:
        done.compacted = _compact_after_forget(engine)
    return done


def _compact_after_forget(engine: Engine) -> bool:
    try:
        return compact(engine)
    except Exception as exc:  # noqa: BLE001  (the forget is committed; only the old bytes may linger)
        log.warning("compacting the database after a forget failed: %s", type(exc).__name__)
        return False


def _forget(conn: Connection, user_id: str, extra: Iterable[str] = ()) -> Forgotten:
    t = _tables()
    games, seats, entries, snaps = t["games"], t["seats"], t["log"], t["snapshots"]
    done = Forgotten(tombstone())
    names = known_names(conn, user_id) | {n.strip() for n in list(extra)[:MAX_EXTRA_NAMES]}
    # in the games they took part in, every name they went by; elsewhere only the names long enough not to
    # be someone else's word (a player called "Al" must not blank out every "Al" in other people's games)
    full = Scrubber(user_id, names)
    wide = Scrubber(user_id, {n for n in names if len(n) >= MIN_WIDE_NAME})
    # the ids: the seat opens (a tombstone there would be pinged as if it were a user); the rest name a tombstone
    for row in conn.execute(select(seats.c.game_id).where(seats.c.user_id == user_id)):
        done.games.add(row.game_id)
    for row in conn.execute(select(entries.c.game_id).where(entries.c.actor == user_id).distinct()):
        done.games.add(row.game_id)
    done.seats = conn.execute(update(seats).where(seats.c.user_id == user_id)
                              .values(user_id=None, user_name=FORGOTTEN_NAME)).rowcount or 0
    done.entries = conn.execute(update(entries).where(entries.c.actor == user_id)
                                .values(actor=done.tombstone, actor_name=FORGOTTEN_NAME)).rowcount or 0
    owned = [r[0] for r in conn.execute(select(games.c.id).where(games.c.owner_id == user_id))]
    conn.execute(update(games).where(games.c.owner_id == user_id).values(owner_id=done.tombstone))
    changed = forget_actor(conn, user_id, done.tombstone, FORGOTTEN_NAME)  # /settings changes they made
    done.games |= set(owned)
    done.rows = done.seats + done.entries + len(owned) + changed
    done.games |= _forget_pending(conn, user_id)
    # the texts: every row that may name the user, wherever it is (then, with every name, in their games)
    for scrub, only in ((wide, None), (full, set(done.games))):
        if only is not None and full.words == wide.words:
            break
        done.rows += _scrub_rows(conn, games, ("title",), (), scrub, done.games, only)
        done.rows += _scrub_rows(conn, seats, ("user_name",), (), scrub, done.games, only)
        done.rows += _scrub_rows(conn, entries, ("actor_name", "reason", "rule"), ("events", "action"), scrub,
                                 done.games, only)
    done.rows += _scrub_rows(conn, t["server_setting_changes"], ("actor_name", "old", "new"), (), wide, None)
    # the states: rebuilt from the scrubbed log where one still names the user
    stale = {r[0] for r in conn.execute(select(games.c.id).where(wide.like(games.c.state)))}
    stale |= {r[0] for r in conn.execute(select(snaps.c.game_id).where(wide.like(snaps.c.state)).distinct())}
    mine = sorted(done.games)
    stale |= {r[0] for r in conn.execute(select(games.c.id).where(games.c.id.in_(mine), full.like(games.c.state)))}
    stale |= {r[0] for r in conn.execute(select(snaps.c.game_id).where(snaps.c.game_id.in_(mine),
                                                                       full.like(snaps.c.state)).distinct())}
    for game_id in sorted(stale):
        scrub = full if game_id in done.games else wide
        if _states_name(conn, game_id, scrub):
            done.rows += rebuild_states(conn, game_id, scrub)
            done.rebuilt.add(game_id)
            done.games.add(game_id)
    move_versions(conn, done.games)
    return done


def move_versions(conn: Connection, game_ids: set[int]) -> None:
    """Each game's version moves on, in the forget's transaction: whatever was kept by version (a board's
    answers in any process, the service's cached rows and seats, a button drawn before) is stale, and the
    pages open on the game are sent the forgotten version (announced on Postgres: moves.py). A reminder
    already sent for the decision at hand stays sent."""
    if not game_ids:
        return
    t = _tables()
    games = t["games"]
    reminders = ReminderRecord.__table__  # type: ignore[attr-defined]
    ids = sorted(game_ids)
    for at in range(0, len(ids), 500):
        batch = ids[at:at + 500]
        current = select(games.c.version).where(games.c.id == reminders.c.game_id).scalar_subquery()
        conn.execute(update(reminders).where(reminders.c.game_id.in_(batch), reminders.c.version == current)
                     .values(version=reminders.c.version + 1))
        conn.execute(update(games).where(games.c.id.in_(batch)).values(version=games.c.version + 1))
        for game_id, version in conn.execute(select(games.c.id, games.c.version).where(games.c.id.in_(batch))):
            moves.announce(conn, game_id, version)


def _scrub_rows(conn: Connection, table: Table, texts: tuple[str, ...], jsons: tuple[str, ...], scrub: Scrubber,
                games: set[int] | None, only: set[int] | None = None) -> int:
    """Rewrite the rows whose texts name the user (of the games ``only``, if given); the games they belong
    to join ``games``."""
    columns = [table.c[n] for n in (*texts, *jsons)]
    owner = table.c.game_id if "game_id" in table.c else table.c.id
    query = select(table.c.id, owner.label("owner"), *columns).where(or_(*(scrub.like(c) for c in columns)))
    if only is not None:
        query = query.where(owner.in_(sorted(only)))
    rows = list(conn.execute(query))
    count = 0
    for row in rows:
        values: dict[str, Any] = {}
        for name in texts:
            new = scrub.text(getattr(row, name) or "")
            if new != (getattr(row, name) or ""):
                values[name] = new
        for name in jsons:
            old = getattr(row, name)
            new = scrub.action(old) if name == "action" else scrub.json(old)
            if new != old:
                values[name] = new
        if values:
            conn.execute(update(table).where(table.c.id == row.id).values(**values))
            count += 1
            if games is not None:
                games.add(row.owner)
    return count


def _forget_pending(conn: Connection, user_id: str) -> set[int]:
    """Their invitations to join a game (/game invite) and their agreements to a proposed deadline go."""
    games = GameRecord.__table__  # type: ignore[attr-defined]
    touched: set[int] = set()
    rows = list(conn.execute(select(games.c.id, games.c.pending).where(
        cast(games.c.pending, String).contains(user_id, autoescape=True))))
    for row in rows:
        pending = dict(row.pending or {})
        if isinstance(pending.get("invited"), list):
            pending["invited"] = [u for u in pending["invited"] if str(u) != user_id]
        deadline = pending.get("deadline")
        if isinstance(deadline, dict) and isinstance(deadline.get("agreed"), list):
            pending["deadline"] = dict(deadline, agreed=[u for u in deadline["agreed"] if str(u) != user_id])
        if pending != row.pending:
            conn.execute(update(games).where(games.c.id == row.id).values(pending=pending))
            touched.add(row.id)
    return touched


def _states_name(conn: Connection, game_id: int, scrub: Scrubber) -> bool:
    t = _tables()
    state = conn.execute(select(t["games"].c.state).where(t["games"].c.id == game_id)).scalar_one()
    if scrub.names(state):
        return True
    snaps = t["snapshots"]
    return any(scrub.names(s) for (s,) in conn.execute(select(snaps.c.state).where(
        snaps.c.game_id == game_id, scrub.like(snaps.c.state))))


def rebuild_states(conn: Connection, game_id: int, scrub: Scrubber) -> int:
    """The game's state and every snapshot recomputed from the seed and the (scrubbed) log: what the rules
    copied from a GM's typed text now reads as the scrubbed text does. Should the log not replay (a game
    stored by an older Umpire whose rules changed), the stored states' texts are scrubbed in place."""
    from engine import registry

    from .replay import apply_entries

    t = _tables()
    games, entries, snaps = t["games"], t["log"], t["snapshots"]
    rec = conn.execute(select(games).where(games.c.id == game_id)).mappings().one()
    at = {r.seq: r.id for r in conn.execute(select(snaps.c.seq, snaps.c.id).where(snaps.c.game_id == game_id))}
    dumps: dict[int, dict[str, Any]] = {}
    try:
        rules = registry.get(rec["game"])
        state = rules.new_state(rec["scenario"], rec["seed"], rules.upgrade_options(rec["options"] or {}))
        if 0 in at:
            dumps[at[0]] = rules.dump(state)
        reseeds = list(rec["reseeds"] or [])
        for row in conn.execute(select(entries).where(entries.c.game_id == game_id).order_by(entries.c.seq)):
            apply_entries(rules, state, [LogEntry(**dict(row._mapping))], reseeds)
            if row.seq in at and row.seq:
                dumps[at[row.seq]] = rules.dump(state)
        final = rules.dump(state)
    except Exception as exc:  # noqa: BLE001  (the game's texts are scrubbed all the same)
        log.warning("game #%s does not replay (%s): its stored states are scrubbed in place", game_id,
                    type(exc).__name__)
        final = scrub.json(rec["state"])
        dumps = {sid: scrub.json(s) for sid, s in conn.execute(select(snaps.c.id, snaps.c.state).where(
            snaps.c.game_id == game_id))}
    conn.execute(update(games).where(games.c.id == game_id).values(state=final))
    for sid, dumped in dumps.items():
        conn.execute(update(snaps).where(snaps.c.id == sid).values(state=dumped))
    return 1 + len(dumps)


def compact(engine: Engine) -> bool:
    """Make the freed bytes go: SQLite checkpoints its write-ahead log into the file, vacuums (every page
    rewritten, the free ones dropped) and truncates the log; Postgres vacuums the tables forgetting
    rewrote. Returns False when a reader kept SQLite from truncating its log (run it again when idle)."""
    complete = True
    if engine.dialect.name == "sqlite":
        if engine.url.database in (None, "", ":memory:"):
            return True
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.exec_driver_sql("VACUUM")
            busy = conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").first()
            complete = busy is None or not busy[0]
    elif engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            for name in PLACES:
                conn.execute(text(f'VACUUM "{name}"'))
    return complete


def users_of_guild(conn: Connection, guild_id: str) -> set[str]:
    seats, log_, games = SeatRecord.__table__, LogEntry.__table__, GameRecord.__table__  # type: ignore[attr-defined]
    ids = select(games.c.id).where(games.c.guild_id == guild_id)
    users = {r[0] for r in conn.execute(select(seats.c.user_id).where(seats.c.game_id.in_(ids),
                                                                      seats.c.user_id.is_not(None)))}
    users |= {r[0] for r in conn.execute(select(log_.c.actor).where(log_.c.game_id.in_(ids)))}
    users |= {r[0] for r in conn.execute(select(games.c.owner_id).where(games.c.guild_id == guild_id))}
    return {u for u in users if u and u.isdigit()}  # Discord ids; not "bot", "console", "deadline", tombstones


def forget_guild(engine: Engine, guild_id: str) -> int:
    """Forget every player of a server's games (their other games too: the user id is the person)."""
    with engine.begin() as conn:
        users = users_of_guild(conn, guild_id)
        for user in users:
            _forget(conn, user)
    if users:
        _compact_after_forget(engine)
    return len(users)


def left_guild(engine: Engine, guild_id: str, when: datetime | None = None) -> None:
    table = GuildDeparture.__table__  # type: ignore[attr-defined]
    with engine.begin() as conn:
        conn.execute(delete(table).where(table.c.guild_id == guild_id))
        conn.execute(table.insert().values(guild_id=guild_id, left_at=when or now()))


def rejoined_guild(engine: Engine, guild_id: str) -> None:
    table = GuildDeparture.__table__  # type: ignore[attr-defined]
    with engine.begin() as conn:
        conn.execute(delete(table).where(table.c.guild_id == guild_id))


def expire_departures(engine: Engine, days: float, when: datetime | None = None) -> list[str]:
    """Forget the players of servers left more than ``days`` ago; returns those servers' ids."""
    table = GuildDeparture.__table__  # type: ignore[attr-defined]
    cutoff = (when or now()) - timedelta(days=days)
    with engine.connect() as conn:
        due = [r[0] for r in conn.execute(select(table.c.guild_id).where(or_(table.c.left_at <= cutoff)))]
    for guild_id in due:
        forget_guild(engine, guild_id)
        with engine.begin() as conn:  # the server's own settings go with its players
            forget_server(conn, guild_id)
        rejoined_guild(engine, guild_id)  # done: the row is no longer needed
    return due
