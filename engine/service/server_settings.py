"""Each server its own (issue 18): the settings a server's admins set with /settings, read through one place.

Every setting is a ``GameOptionSpec`` (engine/options.py): typed, bounded, and refused with what it allows.
A server stores only the values its admins set (table ``server_settings``); every other setting reads as
the process-wide default (``Settings``: UMPIRE_GM_ROLE, UMPIRE_REMINDER_HOURS). Each change is a row of
``server_setting_changes`` naming who made it. ``ServerSettingsStore.get`` caches a server's settings for
``ttl`` seconds (a change made by this process is seen at once; one made by another process within ``ttl``).

The settings:

- ``gm_role``: the id of the role whose members are GMs (Manage Server always counts); none: the role
  named UMPIRE_GM_ROLE.
- ``games_channel``: the id of the channel under which /game new opens its threads; none: the channel
  where /game new was typed.
- ``join``: who may /game join an open seat or the bot's: ``anyone``, ``role`` (members of ``join_role``)
  or ``invite`` (only members the game's opener invited with /game invite). GMs may always join.
- ``join_role``: the role of ``join: role``.
- ``level_<game>``: the bot's level when /game new names none, among the levels that game plays at.
- ``reminder_hours``: hours a player may leave a decision before being reminded.
- ``deadline_hours``: hours per decision given to each new game (0: none).
- ``dm_notices``: whether /game notify may send turn notices to players' DMs.
- ``open_games``: how many open games a member may hold a seat in on the server, and how many pending
  invitations he may have there: /game new is refused when the opener or the opponent is at it, /game
  invite when the member is (a flood of games against one opponent stops there). DM games: the default.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Text, delete, select, type_coerce, update
from sqlalchemy.engine import Connection, Engine

from engine import registry
from engine.errors import NotFound
from engine.options import BadOption, GameOptionSpec, parse_options

from .models import ServerSettingChange, ServerSettingsRecord, now
from .settings import Settings

log = logging.getLogger("umpire.settings")

JOIN_RULES = ("anyone", "role", "invite")
OPEN_GAMES = 10  # open games per member (and pending invitations), by default; a server chooses 1-100
MAX_OPEN_GAMES = 100
MAX_HOURS = 720.0
CACHE_SECONDS = 30.0
_SNOWFLAKE_DIGITS = (15, 21)


def _snowflake(name: str) -> Any:
    def check(value: Any) -> str | None:
        if value is None or str(value).strip().lower() in ("", "none"):
            return None
        text = str(value).strip()
        if not (text.isdigit() and _SNOWFLAKE_DIGITS[0] <= len(text) <= _SNOWFLAKE_DIGITS[1]):
            raise BadOption(f"Setting {name} is a Discord id (a role or channel) or none, not '{text[:40]}'")
        return text
    return check


def game_levels() -> dict[str, tuple[tuple[str, ...], str]]:
    """The levels each game that loads plays at, and its default (registry.get(game).levels, .default_level)."""
    out = {}
    for key in registry.GAME_PACKAGES:
        try:
            rules = registry.get(key)
        except Exception:  # a game that does not load has no level to set
            continue
        if rules.levels:
            out[key] = (tuple(rules.levels), rules.default_level)
    return out


def specs(settings: Settings) -> list[GameOptionSpec]:
    """Every server setting, with the process-wide values as defaults."""
    reminder = float(settings.umpire_reminder_hours)  # the range holds the process-wide value, whatever it is
    out = [
        GameOptionSpec("gm_role", None, "The role whose members are GMs (Manage Server always counts)",
                       kind="table", check=_snowflake("gm_role")),
        GameOptionSpec("games_channel", None, "The channel under which /game new opens its threads",
                       kind="table", check=_snowflake("games_channel")),
        GameOptionSpec("join", "anyone", "Who may /game join an open seat", kind="choice", choices=JOIN_RULES),
        GameOptionSpec("join_role", None, "The role that may join when join is 'role'", kind="table",
                       check=_snowflake("join_role")),
    ]
    for key, (levels, default) in game_levels().items():
        out.append(GameOptionSpec(f"level_{key}", default, f"The bot's default level in {key}",
                                  kind="choice", choices=levels))
    out += [
        GameOptionSpec("reminder_hours", reminder, "Idle hours before a player is reminded", kind="float",
                       minimum=min(1.0, reminder), maximum=max(MAX_HOURS, reminder)),
        GameOptionSpec("deadline_hours", 0.0, "Hours per decision for each new game (0: none)", kind="float",
                       minimum=0.0, maximum=MAX_HOURS),
        GameOptionSpec("dm_notices", True, "Whether players may have their turn notices sent to their DMs"),
        GameOptionSpec("open_games", OPEN_GAMES, "Open games (and pending invitations) a member may have at once",
                       kind="int", minimum=1, maximum=MAX_OPEN_GAMES),
    ]
    return out


@dataclass(frozen=True)
class ServerConfig:
    """A server's settings, every one with a value (its own or the default)."""

    guild_id: str | None
    values: dict[str, Any]
    own: frozenset[str] = field(default_factory=frozenset)  # the settings the server set itself
    gm_role_name: str = "GM"  # the process-wide role name, when gm_role is none

    @property
    def gm_role(self) -> str | None:
        return self.values.get("gm_role")

    @property
    def games_channel(self) -> str | None:
        return self.values.get("games_channel")

    @property
    def join(self) -> str:
        return str(self.values.get("join", "anyone"))

    @property
    def join_role(self) -> str | None:
        return self.values.get("join_role")

    @property
    def reminder_hours(self) -> float:
        return float(self.values["reminder_hours"])

    @property
    def deadline_hours(self) -> float | None:
        hours = float(self.values.get("deadline_hours") or 0)
        return hours or None

    @property
    def dm_notices(self) -> bool:
        return bool(self.values.get("dm_notices", True))

    @property
    def open_games(self) -> int:
        return int(self.values.get("open_games", OPEN_GAMES))

    def level(self, game: str) -> str:
        """The bot's default level in ``game``: always one that game plays at."""
        rules = registry.get(game)
        chosen = self.values.get(f"level_{game}")
        return chosen if chosen in rules.levels else rules.default_level


def show(spec: GameOptionSpec, value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


class ServerSettingsStore:
    """Reads, caches and changes the servers' settings."""

    def __init__(self, engine: Engine, settings: Settings, ttl: float = CACHE_SECONDS) -> None:
        self.engine = engine
        self.settings = settings
        self.ttl = ttl
        self.specs = {s.name: s for s in specs(settings)}
        self._cache: dict[str, tuple[float, ServerConfig]] = {}
        self._lock = threading.Lock()

    def defaults(self, guild_id: str | None = None) -> ServerConfig:
        return ServerConfig(guild_id, {n: s.default for n, s in self.specs.items()},
                            gm_role_name=self.settings.gm_role)

    def _config(self, guild_id: str, stored: dict[str, Any]) -> ServerConfig:
        """The settings a stored row gives: each value that no longer reads is logged and its default
        applies (one bad value, or one bad row, harms that server's one setting, never the others)."""
        values = {n: s.default for n, s in self.specs.items()}
        own = set()
        for name, value in (stored or {}).items():
            spec = self.specs.get(name)
            if spec is None:
                continue  # a setting of an older or newer Umpire: ignored
            try:
                values[name] = spec.parse(value)
                own.add(name)
            except Exception:  # BadOption, or a value of a type no spec expects (a list, a dict)
                log.warning("server %s: the stored %s no longer reads (%.80r): the default applies", guild_id,
                            name, value)
        return ServerConfig(guild_id, values, frozenset(own), self.settings.gm_role)

    def _read(self, conn: Connection, guild_id: str) -> tuple[bool, dict[str, Any]]:
        """(whether the server has a row, its settings); a row that does not read as a JSON object is
        logged and read as no setting at all."""
        table = ServerSettingsRecord.__table__  # type: ignore[attr-defined]
        row = conn.execute(select(type_coerce(table.c.settings, Text)).where(table.c.guild_id == guild_id)).first()
        if row is None:
            return False, {}
        return True, stored_settings(guild_id, row[0])

    def get(self, guild_id: str | int | None) -> ServerConfig:
        """The server's settings (in a DM: the defaults); cached for ``ttl`` seconds."""
        if guild_id is None:
            return self.defaults()
        gid = str(guild_id)
        clock = time.monotonic()
        with self._lock:
            hit = self._cache.get(gid)
        if hit is not None and clock - hit[0] < self.ttl:
            return hit[1]
        try:
            with self.engine.connect() as conn:
                stored = self._read(conn, gid)[1]
        except Exception:  # the database itself failed: say so, and answer with the defaults this once
            log.exception("server %s: its settings could not be read: the defaults apply", gid)
            return self.defaults(gid)
        config = self._config(gid, stored)
        with self._lock:
            if len(self._cache) > 10_000:
                self._cache.clear()
            self._cache[gid] = (clock, config)
        return config

    def parse(self, name: str, value: Any) -> Any:
        """The typed value of a setting, or a BadOption naming what it allows."""
        key = name.strip().lower()
        if key not in self.specs:
            raise NotFound(f"No setting '{key[:40]}': the settings are {', '.join(self.specs)}")
        return parse_options("This server", [self.specs[key]], {key: value})[key]

    def set(self, guild_id: str | int, name: str, value: Any, actor: str, actor_name: str = "") -> tuple[Any, Any]:
        """Set (value None with a default of None, or the default: back to the default) and log who did it.
        Returns (old, new)."""
        gid = str(guild_id)
        key = name.strip().lower()
        new = self.parse(key, value)
        spec = self.specs[key]
        table = ServerSettingsRecord.__table__  # type: ignore[attr-defined]
        with self.engine.begin() as conn:
            exists, values = self._read(conn, gid)  # a row that did not read is written afresh
            old = self._config(gid, values).values[key]
            if new == spec.default:
                values.pop(key, None)
            else:
                values[key] = new
            if exists:
                conn.execute(update(table).where(table.c.guild_id == gid).values(settings=values, updated_at=now()))
            else:
                conn.execute(table.insert().values(guild_id=gid, settings=values, updated_at=now()))
            conn.execute(ServerSettingChange.__table__.insert().values(  # type: ignore[attr-defined]
                guild_id=gid, name=key, old=show(spec, old), new=show(spec, new), actor=str(actor),
                actor_name=actor_name[:32], at=now()))
        self.drop(gid)
        # who changed it is in server_setting_changes, which forgetting reaches; a log line kept elsewhere is not
        log.info("server %s: %s set from %s to %s", gid, key, show(spec, old), show(spec, new),
                 extra={"fields": {"event": "server_setting", "guild": gid, "setting": key}})
        return old, new

    def changes(self, guild_id: str | int, limit: int = 5) -> list[ServerSettingChange]:
        """The server's latest changes, newest first."""
        table = ServerSettingChange.__table__  # type: ignore[attr-defined]
        with self.engine.connect() as conn:
            rows = conn.execute(select(table).where(table.c.guild_id == str(guild_id))
                                .order_by(table.c.id.desc()).limit(limit)).mappings().all()
        return [ServerSettingChange(**dict(r)) for r in rows]

    def shortest_reminder(self) -> float:
        """The fewest idle hours after which any server reminds (the background check's first filter)."""
        table = ServerSettingsRecord.__table__  # type: ignore[attr-defined]
        spec = self.specs["reminder_hours"]
        hours = [float(spec.default)]
        with self.engine.connect() as conn:
            for gid, raw in conn.execute(select(table.c.guild_id, type_coerce(table.c.settings, Text))):
                value = stored_settings(gid, raw).get("reminder_hours")
                if value is None:
                    continue
                try:
                    hours.append(float(spec.parse(value)))
                except Exception:  # logged when the server's settings are read: its default applies
                    continue
        return min(hours)

    def told(self, guild_id: str | int) -> frozenset[str]:
        """The notices (``cogs.upgrade_notice``) this server was already given: kept beside its settings, under
        ``TOLD`` (no setting, so /settings never shows or takes it; forgotten with the server's row)."""
        with self.engine.connect() as conn:
            return frozenset(_told(self._read(conn, str(guild_id))[1]))

    def stored(self, guild_id: str | int) -> bool:
        """Whether the server ever stored a setting (the notices it was told aside)."""
        with self.engine.connect() as conn:
            return any(key != TOLD for key in self._read(conn, str(guild_id))[1])

    def mark_told(self, guild_id: str | int, notice: str, told: bool = True) -> bool:
        """Record (or, ``told=False``, take back) that the server was given ``notice``; True if that changed
        anything, so of two processes racing to tell a server only one does."""
        gid = str(guild_id)
        table = ServerSettingsRecord.__table__  # type: ignore[attr-defined]
        with self.engine.begin() as conn:
            exists, values = self._read(conn, gid)
            before = _told(values)
            after = sorted(set(before) | {notice}) if told else [n for n in before if n != notice]
            if after == before:
                return False
            values[TOLD] = after[:MAX_TOLD]
            if exists:
                conn.execute(update(table).where(table.c.guild_id == gid).values(settings=values, updated_at=now()))
            else:
                conn.execute(table.insert().values(guild_id=gid, settings=values, updated_at=now()))
        return True

    def drop(self, guild_id: str | int) -> None:
        with self._lock:
            self._cache.pop(str(guild_id), None)


TOLD = "_told"  # the key of the notices a server was given, beside its settings
MAX_TOLD = 50


def _told(values: dict[str, Any]) -> list[str]:
    raw = values.get(TOLD)
    return sorted(str(n)[:40] for n in raw)[:MAX_TOLD] if isinstance(raw, list) else []


def stored_settings(guild_id: str, raw: Any) -> dict[str, Any]:
    """A stored settings value as a dict: the JSON text (SQLite) or the value the driver decoded
    (Postgres); anything but a JSON object is logged with the server's id and read as no setting."""
    value = raw
    if isinstance(raw, bytes | str):
        try:
            value = json.loads(raw)
        except ValueError:
            value = raw
    if value is None:
        return {}
    if not isinstance(value, dict):
        log.warning("server %s: its settings row is not a JSON object (%.80r): the defaults apply", guild_id, raw,
                    extra={"fields": {"event": "bad_settings_row", "guild": guild_id}})
        return {}
    return value


def forget_server(conn: Connection, guild_id: str) -> None:
    """A server's settings and their log go (the retention rule once its players are forgotten)."""
    conn.execute(delete(ServerSettingsRecord.__table__).where(  # type: ignore[attr-defined]
        ServerSettingsRecord.__table__.c.guild_id == guild_id))  # type: ignore[attr-defined]
    conn.execute(delete(ServerSettingChange.__table__).where(  # type: ignore[attr-defined]
        ServerSettingChange.__table__.c.guild_id == guild_id))  # type: ignore[attr-defined]


def forget_actor(conn: Connection, user_id: str, tombstone: str, name: str) -> int:
    """A forgotten user no longer named as the maker of a server's setting change."""
    table = ServerSettingChange.__table__  # type: ignore[attr-defined]
    return int(conn.execute(update(table).where(table.c.actor == user_id)
                            .values(actor=tombstone, actor_name=name)).rowcount or 0)
