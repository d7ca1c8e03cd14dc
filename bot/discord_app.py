"""The Discord bot: an AutoShardedBot whose cogs are thin adapters over the GameService.

``umpire bot`` runs it; ``umpire sync`` only logs in, syncs the slash-command tree and exits (the
tree is never synced at start: Discord allows 200 command creates a day per guild).
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import discord
import yarl
from discord.ext import commands

from engine.errors import UmpireError
from engine.service import GameService
from engine.service.database import ShardLockHeld

from .settings import Settings

log = logging.getLogger("umpire.discord")
R = TypeVar("R")

EXTENSIONS = ("cogs.errors", "cogs.game", "cogs.orders", "cogs.gm", "cogs.rules", "cogs.help", "cogs.admin")
BACKGROUND = ("cogs.notices",)  # not loaded by `umpire sync`


def configure_endpoints(settings: Settings) -> None:
    """Point discord.py at a REST proxy or a test server. Call before the client starts."""
    if settings.umpire_discord_api_base:
        discord.http.Route.BASE = settings.umpire_discord_api_base.rstrip("/")
    if settings.umpire_discord_gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.umpire_discord_gateway)


class Busy(UmpireError):
    """A bounded queue is full: the request is refused, not queued without end."""


class GameLocks:
    """One asyncio.Lock per game id: one game's commands run one at a time in this process."""

    def __init__(self) -> None:
        self._locks: dict[int, asyncio.Lock] = {}

    def __call__(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock


class UmpireBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, service: GameService | None = None, *, background: bool = True,
                 shard_lock: bool = True, **kwargs: Any) -> None:
        intents = discord.Intents.default()  # guilds and DMs; no message content, no members
        if settings.umpire_shard_count is not None:
            kwargs.setdefault("shard_count", settings.umpire_shard_count)
            if settings.shard_ids is not None:
                kwargs.setdefault("shard_ids", settings.shard_ids)
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents, help_command=None,
            # nobody is pinged unless a message names the players it means (cogs.common.mentions_of)
            allowed_mentions=discord.AllowedMentions.none(),
            **kwargs,
        )
        self.settings = settings
        self.service = service or GameService(settings.database_url)
        self.locks = GameLocks()
        # maps and replays are drawn here, never on the service's threads (see bot/settings.py)
        self.render_pool = ThreadPoolExecutor(settings.umpire_render_workers, thread_name_prefix="umpire-render")
        # replays, exports and log pages: a bounded pool and queue of their own, so orders and status
        # (the default pool) never wait behind them; each user waits a little between two of a kind
        self.heavy_pool = ThreadPoolExecutor(settings.umpire_heavy_workers, thread_name_prefix="umpire-heavy")
        self.heavy_slots = asyncio.Semaphore(settings.umpire_heavy_queue)
        self.cooldowns: dict[tuple[int, str], float] = {}
        self.background = background
        self.shard_lock = shard_lock  # `umpire sync` runs no shard: it takes none
        self.shard_locks: list[Any] = []
        if settings.umpire_discord_gateway:
            self._use_configured_gateway(yarl.URL(settings.umpire_discord_gateway))

    def _use_configured_gateway(self, url: yarl.URL) -> None:
        """AutoShardedBot asks GET /gateway/bot for the URL: keep its shard count, use ours."""
        original: Callable[..., Awaitable[tuple[int, str, Any]]] = self.http.get_bot_gateway

        async def get_bot_gateway(*args: Any, **kw: Any) -> tuple[int, str, Any]:
            shards, _url, limits = await original(*args, **kw)
            return shards, str(url), limits

        self.http.get_bot_gateway = get_bot_gateway  # type: ignore[method-assign]

    async def heavy(self, function: Callable[..., R], *args: Any) -> R:
        """Run a heavy read on its own threads; refused at once when the queue is full."""
        if self.heavy_slots.locked():
            raise Busy("Umpire is busy with other replays and exports right now: ask again in a minute")
        async with self.heavy_slots:
            return await asyncio.get_running_loop().run_in_executor(self.heavy_pool, function, *args)

    async def draw(self, function: Callable[..., R], *args: Any) -> R:
        """Run a drawing function on the render threads."""
        return await asyncio.get_running_loop().run_in_executor(self.render_pool, function, *args)

    async def setup_hook(self) -> None:
        from cogs.buttons import ChoiceButton
        from engine.service.database import acquire_shard_locks, shard_lock_names

        if self.shard_lock:  # before the gateway: a second process for these shards stops here, saying why
            names = shard_lock_names(self.settings.shard_ids, self.settings.umpire_shard_count)
            self.shard_locks = await asyncio.to_thread(acquire_shard_locks, self.service.engine, names)

        # every service call goes through asyncio.to_thread: a small pool serves them first come, first
        # served (bot/bench_load.py measures this arrangement)
        asyncio.get_running_loop().set_default_executor(
            ThreadPoolExecutor(self.settings.umpire_workers, thread_name_prefix="umpire-service"))

        for ext in EXTENSIONS + (BACKGROUND if self.background else ()):
            await self.load_extension(ext)
        self.add_dynamic_items(ChoiceButton)

    async def sync_commands(self) -> list[discord.app_commands.AppCommand]:
        synced = await self.tree.sync()
        log.info("synced %d global commands", len(synced))
        return synced

    async def close(self) -> None:
        for ext in list(self.extensions):  # stops the background task before the connection closes
            try:
                await self.unload_extension(ext)
            except commands.ExtensionError:
                log.exception("unloading %s failed", ext)
        await super().close()
        self.render_pool.shutdown(wait=False, cancel_futures=True)
        self.heavy_pool.shutdown(wait=False, cancel_futures=True)
        for lock in self.shard_locks:
            lock.release()
        self.shard_locks = []

    async def on_ready(self) -> None:
        log.info("logged in as %s (shards %s of %s)", self.user, self.shard_ids or "all", self.shard_count)


async def _sync(settings: Settings) -> int:
    bot = UmpireBot(settings, background=False, shard_lock=False)
    async with bot:
        await bot.login(settings.token)
        synced = await bot.sync_commands()
    print(f"Synced {len(synced)} commands: {', '.join(sorted(c.name for c in synced))}")
    return 0


def run_bot(sync_only: bool = False) -> int:
    settings = Settings()
    if not settings.token:
        print("DISCORD_TOKEN is not set (environment or .env): see docs/discord.md", file=sys.stderr)
        return 2
    configure_endpoints(settings)
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        if sync_only:
            return asyncio.run(_sync(settings))
        bot = UmpireBot(settings)
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print("Discord refused the token (LoginFailure): check DISCORD_TOKEN", file=sys.stderr)
        return 2
    except ShardLockHeld as exc:
        print(f"umpire bot: {exc.message}", file=sys.stderr)
        return 2
    return 0
