"""The bot's settings, from the environment or a ``.env`` file (pydantic-settings).

The token is a ``SecretStr``: it never appears in a repr, a log line or an error message.
"""

from __future__ import annotations

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


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore",
                                      case_sensitive=False)

    discord_token: SecretStr = SecretStr("")
    database_url: str | None = None
    # Members with this role (or Manage Server) may use /gm in a guild.
    umpire_gm_role: str = "GM"
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
    # Worker threads for the service (asyncio.to_thread); see DEFAULT_WORKERS.
    umpire_workers: int = Field(default=DEFAULT_WORKERS, ge=1, le=64)
    # Threads that draw maps and replays; see DEFAULT_RENDER_WORKERS.
    umpire_render_workers: int = Field(default=DEFAULT_RENDER_WORKERS, ge=1, le=16)
    # Threads for the heavy reads (replay, export, the log): never the order threads'. At most
    # umpire_heavy_queue such reads wait or run at once; more are refused ("busy, try again").
    umpire_heavy_workers: int = Field(default=DEFAULT_HEAVY_WORKERS, ge=1, le=16)
    umpire_heavy_queue: int = Field(default=8, ge=1, le=1000)

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
