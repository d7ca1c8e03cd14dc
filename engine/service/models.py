"""The database tables: games, seats, the append-only log, snapshots, reminders sent, servers left."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Column, Index, UniqueConstraint
from sqlmodel import Field, SQLModel


def now() -> datetime:
    return datetime.now(UTC)


class GameRecord(SQLModel, table=True):
    __tablename__ = "games"
    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(index=True)
    scenario: str
    seed: int = Field(sa_column=Column(BigInteger, nullable=False))  # 63-bit seeds need BIGINT on Postgres
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    title: str = ""
    guild_id: str | None = Field(default=None, index=True)
    channel_id: str | None = Field(default=None, index=True)
    version: int = 0  # bumped by every applied entry; buttons carry it
    seq: int = 0  # the last log entry's number
    status: str = Field(default="active", index=True)  # active | over (the background check filters on it)
    winner: str | None = None
    state: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    deadline_hours: float | None = None
    last_action_at: datetime = Field(default_factory=now)
    created_at: datetime = Field(default_factory=now)
    # the seed's commitment is sha256("umpire-seed:<salt>:<seed>"): a chosen small seed cannot be found
    seed_salt: str | None = None
    # fresh seeds ({"seed", "salt"}) drawn when a revealed game came back into play (log entries rng="seed:<n>")
    reseeds: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON))
    owner_id: str | None = None  # who opened the game: in a DM game, its only GM
    pending: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))  # proposals (a deadline)


class SeatRecord(SQLModel, table=True):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "side"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    side: str
    kind: str = "human"  # human | bot
    user_id: str | None = Field(default=None, index=True)
    user_name: str = ""
    level: str = "normal"  # the bot's level
    notify: str = "channel"  # channel | dm


class LogEntry(SQLModel, table=True):
    """One entry of a game's append-only log. Entries are never deleted; undone ones are marked."""

    __tablename__ = "log"
    __table_args__ = (UniqueConstraint("game_id", "seq"), Index("ix_log_game_kind_seq", "game_id", "kind", "seq"))
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    seq: int
    kind: str  # action | gm | undo | revert | reroll | rewind | seat
    side: str | None = None
    actor: str = ""  # a user id, "bot", "console"
    actor_name: str = ""
    action: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    events: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON))
    reason: str = ""  # a GM's reason, a bot's one-line reason
    rule: str = ""  # a GM's rule reference
    refers_to: int | None = None  # the entry an undo, revert or reroll acts on
    salt: int | None = None  # a GM re-roll forks the RNG with this
    undone: bool = False
    undone_by: int | None = None
    random: bool = False  # revealed hidden information (a card, a die)
    version: int = 0  # the game's version after this entry
    created_at: datetime = Field(default_factory=now)
    # the Discord interaction that made this entry: a second delivery is answered from it, not applied again
    interaction_id: str | None = Field(default=None, unique=True, index=True)
    # how the random generator moved here: None (salt, if any, forks it), "redraw" (forked, then the undrawn
    # piles reshuffled: a re-rolled card draw), "seed:<n>" (after this entry, the game's n-th fresh seed)
    rng: str | None = None


class SnapshotRecord(SQLModel, table=True):
    """The state after entry ``seq``, so undo and replay need not start from the seed."""

    __tablename__ = "snapshots"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    seq: int
    state: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))


class ReminderRecord(SQLModel, table=True):
    """The decision (the game's version) a player was last reminded of: a restart does not remind again."""

    __tablename__ = "reminders"
    game_id: int = Field(foreign_key="games.id", primary_key=True)
    version: int
    sent_at: datetime = Field(default_factory=now)


class GuildDeparture(SQLModel, table=True):
    """A server the bot left: its games' players are forgotten after UMPIRE_LEFT_GUILD_DAYS (PRIVACY.md)."""

    __tablename__ = "guild_departures"
    guild_id: str = Field(primary_key=True)
    left_at: datetime = Field(default_factory=now)


class ServerSettingsRecord(SQLModel, table=True):
    """A server's own settings (engine/service/server_settings.py): only the values its admins set;
    every other setting reads as the process-wide default."""

    __tablename__ = "server_settings"
    guild_id: str = Field(primary_key=True)
    settings: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON))
    updated_at: datetime = Field(default_factory=now)


class ServerSettingChange(SQLModel, table=True):
    """Who changed a server's setting, when, from what to what (shown by /settings show)."""

    __tablename__ = "server_setting_changes"
    id: int | None = Field(default=None, primary_key=True)
    guild_id: str = Field(index=True)
    name: str
    old: str = ""
    new: str = ""
    actor: str = ""  # the member's Discord id
    actor_name: str = ""
    at: datetime = Field(default_factory=now)


class BoardLinkRecord(SQLModel, table=True):
    """A game's board-link secret (bot/board): every link is an HMAC over game, viewer and this secret, so
    a new secret (``generation`` + 1) revokes every link given out before."""

    __tablename__ = "board_links"
    game_id: int = Field(foreign_key="games.id", primary_key=True)
    secret: str  # 64 hex digits from secrets.token_hex(32)
    generation: int = 1
    created_at: datetime = Field(default_factory=now)
