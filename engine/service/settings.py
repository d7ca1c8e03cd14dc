"""Umpire's one set of settings: the environment, then an env file, then the defaults (pydantic-settings).

Every ``umpire`` command, the bot, the systemd unit and the cron backup read this class the same way,
so ``DATABASE_URL`` and ``UMPIRE_DATA_DIR`` in the env file are those of ``umpire db ...`` by hand as
much as of the bot. Keys are case-insensitive; the file is read by python-dotenv (``export KEY=...``,
quotes and ``# comments`` are understood). The token is a ``SecretStr``: it never appears in a repr,
a log line or an error message; a database URL is shown only through ``redact.redact_url``.

The env file: ``UMPIRE_ENV_FILE`` names it (``none`` reads no file; a named file that does not exist
or cannot be read is an error, not silence); unset, ``./.env`` if there is one, else
``/etc/umpire/umpire.env`` (the systemd install's) if there is one. Every value is checked when it is
read: a malformed one is a ``ConfigError`` (or pydantic's ValidationError), one line naming the setting.
"""

from __future__ import annotations

import os
from ipaddress import IPv4Network, IPv6Network, ip_network
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# Threads that run the service and the rules for the bot (the executor behind asyncio.to_thread).
# Orders compute under the GIL, so a few threads per core keep the database busy while more would only
# queue for the GIL and serve the waiting orders in a less fair order (docs/scale.md).
DEFAULT_WORKERS = 4
# Threads that draw maps, apart from the service's: an order never waits behind someone's picture.
DEFAULT_RENDER_WORKERS = 2
# Threads that read and replay whole games (replay frames, exports, log pages), apart from the orders'.
DEFAULT_HEAVY_WORKERS = 2


def default_data_dir() -> Path:
    """``$XDG_DATA_HOME/umpire`` (``~/.local/share/umpire``): the same folder from any working directory."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "umpire"


MAX_TRUSTED_PROXIES = 64
Networks = tuple[IPv4Network | IPv6Network, ...]


def trusted_networks(text: str) -> Networks:
    """``UMPIRE_BOARD_TRUSTED_PROXIES``: addresses or CIDRs split by commas or spaces (``""``: none).
    A ValueError names the entry that is not one, or says there are too many."""
    parts = [p for p in text.replace(",", " ").split() if p]
    if len(parts) > MAX_TRUSTED_PROXIES:
        raise ValueError(f"{len(parts)} trusted proxies: at most {MAX_TRUSTED_PROXIES}")
    networks: list[IPv4Network | IPv6Network] = []
    for part in parts:
        try:
            networks.append(ip_network(part, strict=False))
        except ValueError:
            raise ValueError(f"{part[:60]!r} is not an address or a network (such as 10.0.0.1 or "
                             f"10.0.0.0/8)") from None
    return tuple(networks)


SYSTEM_ENV_FILE = Path("/etc/umpire/umpire.env")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
DATABASE_SCHEMES = ("sqlite", "postgres", "postgresql", "postgresql+psycopg")


class ConfigError(ValueError):
    """A setting that cannot be used: one line that names it and says why (never its secret)."""


def _readable(path: Path, how: str) -> str:
    try:
        with open(path, "rb"):
            pass
    except OSError as exc:
        raise ConfigError(f"{how} {path} cannot be read: {exc.strerror or type(exc).__name__} "
                          "(run as the user the bot runs as, or fix its permissions)") from None
    return str(path)


def env_file() -> str | None:
    """The env file every command reads (see the module's doc); raises ConfigError for a named one missing."""
    name = os.environ.get("UMPIRE_ENV_FILE")
    if name is not None:
        if name.strip().lower() in ("", "none"):
            return None
        path = Path(name).expanduser()
        if not path.is_file():
            raise ConfigError(f"UMPIRE_ENV_FILE names {path}, which does not exist or is not a file")
        return _readable(path, "UMPIRE_ENV_FILE")
    if Path(".env").is_file():
        return _readable(Path(".env"), "the env file")
    if SYSTEM_ENV_FILE.is_file():
        return _readable(SYSTEM_ENV_FILE, "the env file")
    return None


def check_database_url(url: str) -> str:
    """The URL's scheme, host and port make sense, and its password is written so a parser reads it
    whole; the message never holds the password (``redact_url``)."""
    from sqlalchemy.engine import make_url

    from .redact import redact_url

    shown = redact_url(url)
    scheme = url.split("://", 1)[0].lower() if "://" in url else ""
    if scheme not in DATABASE_SCHEMES:
        raise ValueError(f"{shown!r} is not a database URL Umpire uses: it starts sqlite:/// (a file) or "
                         "postgresql:// (user:password@host:port/database)")
    if scheme == "sqlite":
        return url
    try:
        parsed = make_url(url.replace(url.split("://", 1)[0], "postgresql+psycopg", 1))
        port = parsed.port
    except ValueError:
        raise ValueError(f"{shown!r}: the port is not a number") from None
    except Exception:  # noqa: BLE001  (sqlalchemy's ArgumentError and kin)
        raise ValueError(f"{shown!r} cannot be parsed as a Postgres URL") from None
    if not parsed.host:
        raise ValueError(f"{shown!r} names no host (postgresql://user:password@host:5432/database)")
    if "@" in parsed.host:  # a raw '@' in the password: the parser took its tail for the host
        raise ValueError(f"{shown!r}: the password holds a raw '@': percent-encode it (@ is %40)")
    if port is not None and not 0 < port < 65536:
        raise ValueError(f"{shown!r}: the port {port} is out of range (1-65535)")
    return url


class Settings(BaseSettings):
    # an empty value (``KEY=`` in the env file, compose's ``${KEY:-}``) means "not set": the default
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore",
                                      case_sensitive=False, env_ignore_empty=True)

    discord_token: SecretStr = SecretStr("")
    # Where games live; None: a SQLite file in the data folder.
    database_url: str | None = None
    # The data folder: the default SQLite database, its backups, the heartbeat file.
    umpire_data_dir: Path = Field(default_factory=default_data_dir)
    # DEBUG, INFO, WARNING, ERROR; and text or json lines.
    umpire_log_level: str = "INFO"
    umpire_log_format: Literal["text", "json"] = "text"
    # Members with this role (or Manage Server) may use /gm in a guild.
    umpire_gm_role: str = "GM"
    # The guild (server id) where the owner's /admin commands are registered; none: /admin is not registered.
    umpire_owner_guild: int | None = None
    # A REST proxy or a test server: replaces discord.http.Route.BASE (for example http://127.0.0.1:8080/api/v10).
    umpire_discord_api_base: str | None = None
    # A gateway URL (ws:// or wss://) used instead of the one Discord announces.
    umpire_discord_gateway: str | None = None
    umpire_shard_count: int | None = Field(default=None, ge=1, le=10_000)
    umpire_shard_ids: str | None = None  # "0,1": the shards this process runs (needs UMPIRE_SHARD_COUNT)
    # Turn reminders: after this many idle hours the player to act is reminded once per decision.
    umpire_reminder_hours: float = Field(default=12.0, gt=0)
    # How often the background task looks for idle games and passed deadlines.
    umpire_check_minutes: float = Field(default=5.0, gt=0)
    # Days a server's games keep their players' ids and names after the bot leaves it (then forgotten).
    umpire_left_guild_days: float = Field(default=30.0, ge=0)
    # Worker threads for the service (asyncio.to_thread); see DEFAULT_WORKERS.
    umpire_workers: int = Field(default=DEFAULT_WORKERS, ge=1, le=64)
    # Threads that draw maps and replays; see DEFAULT_RENDER_WORKERS.
    umpire_render_workers: int = Field(default=DEFAULT_RENDER_WORKERS, ge=1, le=16)
    # Threads for the heavy reads (replay, export, the log): never the order threads'. At most
    # umpire_heavy_queue such reads wait or run at once; more are refused ("busy, try again").
    umpire_heavy_workers: int = Field(default=DEFAULT_HEAVY_WORKERS, ge=1, le=16)
    umpire_heavy_queue: int = Field(default=8, ge=1, le=1000)
    # Threads for autocomplete (cogs/orders.py): its own few, so a flood of it never holds an order.
    umpire_complete_workers: int = Field(default=2, ge=1, le=16)
    # Postgres: connections kept per process, and how many more under a burst (docs/scale.md).
    umpire_db_pool: int = Field(default=10, ge=1)
    umpire_db_overflow: int = Field(default=50, ge=0)
    # Behind PgBouncer (or another pooler) in transaction mode: no server-side prepared statements.
    umpire_db_transaction_pooler: bool = False
    # SQLite: FULL makes every acknowledged order survive a power cut (NORMAL: a process kill only).
    umpire_sqlite_synchronous: Literal["FULL", "NORMAL"] = "FULL"
    # A backup of the database before each schema migration (SQLite's online backup; pg_dump for Postgres).
    umpire_backup_before_migrate: bool = True
    # 127.0.0.1:PORT/healthz (and /metrics with prometheus-client) when set.
    umpire_health_port: int | None = Field(default=None, ge=0, le=65535)
    # The address /healthz and /metrics listen on: the loopback unless told (a container: 0.0.0.0, with
    # the port published to the host's loopback only, deploy/compose.yaml).
    umpire_health_host: str = Field(default="127.0.0.1", min_length=1, max_length=255)
    # Logging in to Discord at start: attempts, and the longest wait between two (bot/connect.py).
    umpire_discord_retries: int = Field(default=8, ge=1, le=100)
    umpire_discord_retry_max_seconds: float = Field(default=60.0, gt=0, le=3600)
    # Retention (umpire db prune, and the bot's daily pass): finished games whose last move is older than
    # this many days are deleted; backups in the data folder's backups/ older than this many days are
    # deleted (the newest is always kept). None: kept for ever.
    umpire_keep_finished_days: float | None = Field(default=None, ge=1, le=36_500)
    umpire_keep_backup_days: float | None = Field(default=None, ge=1, le=36_500)
    # A file touched while the bot is connected (a container's health check reads its age).
    umpire_heartbeat_file: Path | None = None
    # Seconds the bot waits, when stopped, for the answers it is giving to finish.
    umpire_shutdown_grace: float = Field(default=20.0, ge=0)
    # the live board (bot/board): where it listens, and the public base URL its links start with (behind the
    # operator's reverse proxy; empty: links are made from the bind address). A bind of "" or "off": no board.
    umpire_board_bind: str = "127.0.0.1:8787"
    umpire_board_url: str = ""
    umpire_board_rate: float = Field(default=4.0, gt=0, le=10_000)  # requests a second per address (burst: 15 s)
    umpire_board_streams_per_address: int = Field(default=20, ge=1, le=10_000)  # open live pages per address
    # the board's connections (issue 43): a request's headers and body within this many seconds, an idle
    # keep-alive connection closed after this many, open connections in all and per address (past them a
    # connection is refused at once; the total is fitted under the process's limit of open files)
    umpire_board_request_seconds: float = Field(default=10.0, ge=1, le=300)
    umpire_board_keepalive_seconds: float = Field(default=30.0, ge=1, le=3600)
    umpire_board_connections: int = Field(default=512, ge=8, le=1_000_000)
    umpire_board_connections_per_address: int = Field(default=32, ge=2, le=100_000)
    # reverse proxies whose X-Forwarded-For names the visitor (addresses or CIDRs; issue 38): empty, none
    umpire_board_trusted_proxies: str = Field(default="", max_length=4000)
    # The board as a Discord Activity (issue 39, docs/discord.md): the application's OAuth2 client id and
    # secret (Developer Portal, OAuth2). Either empty: the Activity is off and all else works. The secret
    # is a SecretStr: never in a repr, a log line or a reply. The API its sign-in calls (Discord's own; the
    # tests' fake Discord), and how long a signed-in page's session lasts.
    umpire_activity_client_id: str = Field(default="", max_length=20, pattern=r"^[0-9]*$")
    umpire_activity_client_secret: SecretStr = SecretStr("")
    umpire_activity_api: str = Field(default="https://discord.com/api/v10", min_length=8, max_length=200)
    umpire_activity_session_minutes: float = Field(default=20.0, ge=1, le=120)

    @field_validator("database_url")
    @classmethod
    def _database_url(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        return check_database_url(value.strip())

    @field_validator("umpire_board_trusted_proxies")
    @classmethod
    def _trusted_proxies(cls, value: str) -> str:
        return ", ".join(str(n) for n in trusted_networks(value))

    @model_validator(mode="after")
    def _board_connections(self) -> Settings:
        per, streams = self.umpire_board_connections_per_address, self.umpire_board_streams_per_address
        if per <= streams:
            raise ValueError(f"UMPIRE_BOARD_CONNECTIONS_PER_ADDRESS ({per}) must be more than "
                             f"UMPIRE_BOARD_STREAMS_PER_ADDRESS ({streams}): each live page holds a connection")
        if per > self.umpire_board_connections:
            raise ValueError(f"UMPIRE_BOARD_CONNECTIONS_PER_ADDRESS ({per}) is more than "
                             f"UMPIRE_BOARD_CONNECTIONS ({self.umpire_board_connections})")
        return self

    @field_validator("umpire_log_level")
    @classmethod
    def _log_level(cls, value: str) -> str:
        if value.strip().upper() not in LOG_LEVELS:
            raise ValueError(f"{value[:20]!r} is not a level: one of {', '.join(LOG_LEVELS)}")
        return value.strip().upper()

    @field_validator("umpire_discord_api_base", "umpire_discord_gateway")
    @classmethod
    def _endpoint(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        if not value.strip().lower().startswith(("http://", "https://", "ws://", "wss://")):
            raise ValueError(f"{value[:60]!r} is not an http(s):// or ws(s):// URL")
        return value.strip()

    @field_validator("umpire_activity_api")
    @classmethod
    def _activity_api(cls, value: str) -> str:
        if not value.strip().lower().startswith(("http://", "https://")):
            raise ValueError(f"{value[:60]!r} is not an http(s):// URL")
        return value.strip().rstrip("/")

    @model_validator(mode="after")
    def _shards(self) -> Settings:
        raw = self.umpire_shard_ids
        if not raw or not raw.strip():
            return self
        parts = [p for p in raw.replace(" ", "").split(",") if p]
        if not all(p.isdigit() for p in parts) or not parts:
            raise ValueError(f"UMPIRE_SHARD_IDS {raw[:40]!r} is not a list of shard numbers (such as 0,1)")
        if self.umpire_shard_count is None:
            raise ValueError("UMPIRE_SHARD_IDS needs UMPIRE_SHARD_COUNT (the number of shards in all)")
        wrong = [p for p in parts if int(p) >= self.umpire_shard_count]
        if wrong:
            raise ValueError(f"UMPIRE_SHARD_IDS {','.join(wrong)} not below UMPIRE_SHARD_COUNT "
                             f"{self.umpire_shard_count}")
        return self

    def __init__(self, **values: Any) -> None:
        if "_env_file" not in values:
            values["_env_file"] = env_file()
        super().__init__(**values)

    @property
    def token(self) -> str:
        return self.discord_token.get_secret_value().strip()

    @property
    def gm_role(self) -> str:
        return self.umpire_gm_role

    @property
    def shard_ids(self) -> list[int] | None:
        if not self.umpire_shard_ids:
            return None
        return [int(p) for p in self.umpire_shard_ids.replace(" ", "").split(",") if p]

    @property
    def data_dir(self) -> Path:
        return self.umpire_data_dir.expanduser()

    @property
    def db_url(self) -> str:
        """DATABASE_URL, else ``sqlite:///<data dir>/umpire.db`` (an absolute path)."""
        if self.database_url and self.database_url.strip():
            return self.database_url.strip()
        return f"sqlite:///{(self.data_dir / 'umpire.db').resolve()}"


def load_settings(**overrides: Any) -> Settings:
    return Settings(**overrides)
