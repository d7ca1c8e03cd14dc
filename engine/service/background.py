"""What the bot's background check needs from the database, and nothing more.

``due_games`` selects, in SQL, the active games of this process's shards that may need a reminder or
have a deadline: idle past the reminder time and not yet reminded of their current decision, or with
a deadline set. It reads a few columns of the games row (no state) through the index on
``games.status``; only the games it returns are loaded. ``mark_reminded`` remembers a reminder in
the ``reminders`` table, so a restart does not send it again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    BigInteger,
    Integer,
    String,
    and_,
    case,
    cast,
    delete,
    literal,
    or_,
    select,
    type_coerce,
)
from sqlalchemy.engine import Engine
from sqlalchemy.sql.elements import ColumnElement

from .models import GameRecord, ReminderRecord, now

log = logging.getLogger("umpire.background")

GAMES = GameRecord.__table__  # type: ignore[attr-defined]
REMINDERS = ReminderRecord.__table__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Due:
    game_id: int
    version: int
    guild_id: str | None
    deadline_hours: float | None
    last_action_at: datetime
    reminded_version: int | None

    def idle_hours(self, at: datetime) -> float:
        last = self.last_action_at
        if last.tzinfo is None:  # SQLite drops the zone; the service writes UTC
            last = last.replace(tzinfo=UTC)
        return (at - last).total_seconds() / 3600


def in_shards(shard_count: int, shard_ids: list[int] | None) -> ColumnElement[bool] | None:
    """The games whose guild is on one of ``shard_ids`` (DM games: shard 0); None when all are ours."""
    if shard_ids is None or shard_count <= 1 or set(range(shard_count)) <= set(shard_ids):
        return None
    guild = cast(GAMES.c.guild_id, BigInteger)
    # Postgres has bigint >> integer (not bigint >> bigint): the shift count is an INTEGER literal
    shifted = guild.op(">>", return_type=BigInteger)(literal(22, Integer))
    shard = case((GAMES.c.guild_id.is_(None), literal(0, BigInteger)), else_=shifted % literal(shard_count, BigInteger))
    return shard.in_(shard_ids)


def due_games(engine: Engine, reminder_hours: float, shard_count: int = 1, shard_ids: list[int] | None = None,
              at: datetime | None = None) -> list[Due]:
    at = at or now()
    cutoff = at - timedelta(hours=reminder_hours)
    not_reminded = or_(REMINDERS.c.version.is_(None), REMINDERS.c.version != GAMES.c.version)
    # the columns come back as the driver gives them and are read row by row (``_due``): one row that does
    # not read (a time SQLite cannot parse, a deadline that is not a number) is skipped and logged, the rest go on
    query = (
        select(GAMES.c.id, GAMES.c.version, GAMES.c.guild_id, type_coerce(GAMES.c.deadline_hours, String),
               type_coerce(GAMES.c.last_action_at, String).label("last_action_at"),
               REMINDERS.c.version.label("reminded"))
        .select_from(GAMES.outerjoin(REMINDERS, REMINDERS.c.game_id == GAMES.c.id))
        .where(GAMES.c.status == "active")
        .where(or_(GAMES.c.deadline_hours.is_not(None), and_(GAMES.c.last_action_at <= cutoff, not_reminded)))
        .order_by(GAMES.c.id)
    )
    mine = in_shards(shard_count, shard_ids)
    if mine is not None:
        query = query.where(mine)
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    out = []
    for row in rows:
        try:
            out.append(_due(row))
        except Exception as exc:
            log.warning("game %s: its row does not read (%s): skipped by this background pass", row[0], exc,
                        extra={"fields": {"event": "bad_game_row", "game": row[0]}})
    return out


def _due(row: Any) -> Due:
    game_id, version, guild_id, deadline, last, reminded = tuple(row)
    if isinstance(last, str):
        last = datetime.fromisoformat(last)
    if not isinstance(last, datetime):
        raise ValueError(f"last action at {last!r}")
    hours = None if deadline is None else float(deadline)
    if hours is not None and not 0 <= hours < 1e6:
        raise ValueError(f"deadline of {hours!r} hours")
    return Due(int(game_id), int(version), None if guild_id is None else str(guild_id), hours, last,
               None if reminded is None else int(reminded))


def mark_reminded(engine: Engine, game_id: int, version: int) -> None:
    with engine.begin() as conn:
        conn.execute(delete(REMINDERS).where(REMINDERS.c.game_id == game_id))
        conn.execute(REMINDERS.insert().values(game_id=game_id, version=version, sent_at=now()))
