"""Umpire's one set of settings: the environment, then a ``.env`` file, then the defaults (pydantic-settings).

Every ``umpire`` command, the bot and the game service read this class, so ``DATABASE_URL`` in ``.env``
is the database of ``umpire db ...`` as much as of the bot. Keys are case-insensitive; ``.env`` is
read by python-dotenv (``export KEY=...``, quotes and ``# comments`` are understood). The token is a
``SecretStr``: it never appears in a repr, a log line or an error message.

``UMPIRE_ENV_FILE`` names another file than ``./.env`` (``none`` reads no file).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SecretStr
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


def env_file() -> str | None:
    name = os.environ.get("UMPIRE_ENV_FILE", ".env")
    return None if name.lower() in ("", "none") else name


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore",
                                      case_sensitive=False)

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
    umpire_shard_count: int | None = None
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
