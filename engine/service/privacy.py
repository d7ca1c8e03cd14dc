"""Forgetting a user: their Discord id and names replaced by a tombstone everywhere Umpire keeps them.

What is kept about a user (PRIVACY.md): the id and display name on a seat (``seats``), the id and name
of whoever gave each logged entry (``log.actor``, ``log.actor_name``), and the names inside texts made
from them (a game's title, a seat change's reason, a ``<@id>`` mention). ``forget_user`` rewrites all
of these in one transaction: the user's seats become open (no id, the name "(forgotten)"), their log
entries name a tombstone (``forgotten-<random>``) that says nothing of them. The rules never see who gave an order, so every game still replays from
its seed and log to the same state.

``forget_guild`` does the same for every player of a server's games (the retention rule when the bot
has left a server for UMPIRE_LEFT_GUILD_DAYS); ``expire_departures`` then deletes the server's own
settings and the log of who changed them (engine/service/server_settings.py). A forgotten user is no
longer named as the maker of any setting change.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import String, cast, delete, or_, select, update
from sqlalchemy.engine import Connection, Engine

from .models import GameRecord, GuildDeparture, LogEntry, SeatRecord, now
from .server_settings import forget_actor, forget_server

FORGOTTEN_NAME = "(forgotten)"


@dataclass
class Forgotten:
    tombstone: str
    games: set[int] = field(default_factory=set)
    seats: int = 0
    entries: int = 0


def tombstone() -> str:
    """A fresh id that says nothing of the user: distinct users stay distinct within a game."""
    return f"forgotten-{secrets.token_hex(4)}"


def _scrub(text: str, words: set[str], replacement: str) -> str:
    for w in sorted(words, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(w)}(?!\w)", replacement, text)
    return text


def _scrub_json(value: Any, words: set[str], replacement: str) -> Any:
    if isinstance(value, str):
        return _scrub(value, words, replacement)
    if isinstance(value, list):
        return [_scrub_json(v, words, replacement) for v in value]
    if isinstance(value, dict):
        return {k: _scrub_json(v, words, replacement) for k, v in value.items()}
    return value


def forget_user(engine: Engine, user_id: str) -> Forgotten:
    with engine.begin() as conn:
        return _forget(conn, str(user_id))


def _forget(conn: Connection, user_id: str) -> Forgotten:
    seats, log, games = SeatRecord.__table__, LogEntry.__table__, GameRecord.__table__  # type: ignore[attr-defined]
    done = Forgotten(tombstone())
    forget_actor(conn, user_id, done.tombstone, FORGOTTEN_NAME)  # /settings changes they made
    _forget_pending(conn, user_id)  # invitations to join, agreements to a proposed deadline
    names: set[str] = set()
    for row in conn.execute(select(seats.c.game_id, seats.c.user_name).where(seats.c.user_id == user_id)):
        done.games.add(row.game_id)
        if row.user_name:
            names.add(row.user_name)
    for row in conn.execute(select(log.c.game_id, log.c.actor_name).where(log.c.actor == user_id)):
        done.games.add(row.game_id)
        if row.actor_name:
            names.add(row.actor_name)
    if not done.games:
        return done
    # ids in mentions and as bare words; the names the user was shown under
    words = {user_id, *names}
    mention = re.compile(rf"<@!?{re.escape(user_id)}>")
    # the seat becomes open (/game join): a tombstone there would be pinged as if it were a user
    done.seats = conn.execute(update(seats).where(seats.c.user_id == user_id)
                              .values(user_id=None, user_name=FORGOTTEN_NAME)).rowcount
    done.entries = conn.execute(update(log).where(log.c.actor == user_id)
                                .values(actor=done.tombstone, actor_name=FORGOTTEN_NAME)).rowcount
    ids = sorted(done.games)
    for row in list(conn.execute(select(games.c.id, games.c.title).where(games.c.id.in_(ids)))):
        title = _scrub(mention.sub(FORGOTTEN_NAME, row.title or ""), words, FORGOTTEN_NAME)
        if title != row.title:
            conn.execute(update(games).where(games.c.id == row.id).values(title=title))
    for row in list(conn.execute(select(log.c.id, log.c.reason, log.c.events, log.c.actor_name).where(
            log.c.game_id.in_(ids)))):
        reason = _scrub(mention.sub(FORGOTTEN_NAME, row.reason or ""), words, FORGOTTEN_NAME)
        events = _scrub_json(row.events, {user_id}, FORGOTTEN_NAME)  # the rules' texts hold no names
        actor_name = _scrub(row.actor_name or "", words, FORGOTTEN_NAME)
        if reason != row.reason or events != row.events or actor_name != row.actor_name:
            conn.execute(update(log).where(log.c.id == row.id).values(reason=reason, events=events,
                                                                      actor_name=actor_name))
    return done


def _forget_pending(conn: Connection, user_id: str) -> None:
    games = GameRecord.__table__  # type: ignore[attr-defined]
    rows = list(conn.execute(select(games.c.id, games.c.pending).where(
        cast(games.c.pending, String).contains(user_id))))
    for row in rows:
        pending = dict(row.pending or {})
        if isinstance(pending.get("invited"), list):
            pending["invited"] = [u for u in pending["invited"] if str(u) != user_id]
        deadline = pending.get("deadline")
        if isinstance(deadline, dict) and isinstance(deadline.get("agreed"), list):
            pending["deadline"] = dict(deadline, agreed=[u for u in deadline["agreed"] if str(u) != user_id])
        if pending != row.pending:
            conn.execute(update(games).where(games.c.id == row.id).values(pending=pending))


def users_of_guild(conn: Connection, guild_id: str) -> set[str]:
    seats, log, games = SeatRecord.__table__, LogEntry.__table__, GameRecord.__table__  # type: ignore[attr-defined]
    ids = select(games.c.id).where(games.c.guild_id == guild_id)
    users = {r[0] for r in conn.execute(select(seats.c.user_id).where(seats.c.game_id.in_(ids),
                                                                      seats.c.user_id.is_not(None)))}
    users |= {r[0] for r in conn.execute(select(log.c.actor).where(log.c.game_id.in_(ids)))}
    return {u for u in users if u and u.isdigit()}  # Discord ids; not "bot", "console", "deadline", tombstones


def forget_guild(engine: Engine, guild_id: str) -> int:
    """Forget every player of a server's games (their other games too: the user id is the person)."""
    with engine.begin() as conn:
        users = users_of_guild(conn, guild_id)
        for user in users:
            _forget(conn, user)
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
