"""The Discord bot: an AutoShardedBot whose cogs are thin adapters over the GameService.

``umpire bot`` runs it; ``umpire sync`` only logs in, syncs the slash-command tree and exits (the
tree is never synced at start: Discord allows 200 command creates a day per guild).

Stopping: SIGTERM (Docker, systemd, Kubernetes) and SIGINT (Ctrl-C) both stop the bot the same way:
the answers in flight finish (up to UMPIRE_SHUTDOWN_GRACE seconds), the service threads finish their
writes, the connection closes, and the process exits 0 (``shutdown``).

Each slash command is logged as one line (``command``, ``outcome`` ok|refused|fault, ``ms``) and
counted in the metrics (bot/observe.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import discord
import yarl
from discord import app_commands
from discord.ext import commands

from cogs.host import Busy, Host, outcome_of
from cogs.late_maps import LateMaps
from engine.errors import UmpireError
from engine.service import GameService
from engine.service.database import ShardLockHeld, shard_layout
from engine.service.server_settings import ServerSettingsStore

from . import connect, passes
from .connect import DiscordUnreachable
from .drain import Drain
from .observe import Observer
from .settings import Settings
from .version import build_info

log = logging.getLogger("umpire.discord")
R = TypeVar("R")

EXTENSIONS = ("cogs.errors", "cogs.game", "cogs.orders", "cogs.gm", "cogs.rules", "cogs.help", "cogs.admin",
              "cogs.settings")
BACKGROUND = ("cogs.notices", "cogs.upgrade_notice")  # not loaded by `umpire sync` (they post)


def configure_endpoints(settings: Settings) -> None:
    """Point discord.py at a REST proxy or a test server. Call before the client starts."""
    if settings.umpire_discord_api_base:
        discord.http.Route.BASE = settings.umpire_discord_api_base.rstrip("/")
    if settings.umpire_discord_gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.umpire_discord_gateway)


class Bucket:
    """A per-user token bucket: ``capacity`` at once, then one every ``every`` seconds."""

    def __init__(self, capacity: float, every: float) -> None:
        self.capacity, self.every = capacity, every
        self._tokens: dict[int, tuple[float, float]] = {}  # user -> (tokens, when counted)

    def take(self, user_id: int, now: float | None = None) -> float:
        """0 when the user may go on (a token spent), else the seconds until the next token."""
        now = time.monotonic() if now is None else now
        tokens, then = self._tokens.get(user_id, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - then) / self.every)
        if tokens < 1:
            self._tokens[user_id] = (tokens, now)
            return (1 - tokens) * self.every
        self._tokens[user_id] = (tokens - 1, now)
        if len(self._tokens) > 10_000:  # forget those whose buckets are full again
            full = now - self.capacity * self.every
            self._tokens = {u: (t, w) for u, (t, w) in self._tokens.items() if w > full}
        return 0.0


COMPLETE_BURST, COMPLETE_EVERY = 10, 0.2  # a user's autocompletes: 10 at once, then 5 a second
COMPLETE_QUEUE = 8  # autocompletes waiting or running at once in this process; more answer nothing
COMPLETE_STALE = 2.0  # s: one that waited this long for a thread answers nothing (Discord gives 3 s)
MAPS_BURST, MAPS_EVERY = 5, 4.0  # a user's maps drawn after their orders and rulings: 5, then one per 4 s


class GameLocks:
    """One asyncio.Lock per game id: one game's commands run one at a time in this process."""

    def __init__(self) -> None:
        self._locks: dict[int, asyncio.Lock] = {}

    def __call__(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def held(self) -> list[int]:
        """The games a command is working on now (their lock held)."""
        return sorted(gid for gid, lock in self._locks.items() if lock.locked())


IN_FLIGHT = ("CommandTree-invoker", "discord-ui-view-dispatch", "discord-ui-dynamic-item", "discord-ui-modal")


async def _no_choices(interaction: discord.Interaction[Any]) -> None:
    with contextlib.suppress(discord.HTTPException):  # expired or already answered: nothing to tell anyone
        await interaction.response.autocomplete([])


class UmpireTree(app_commands.CommandTree):  # type: ignore[type-arg]
    """The command tree, plus one log line and the metrics for each slash command."""

    def _from_interaction(self, interaction: discord.Interaction[Any]) -> None:
        client = self.client
        if interaction.type is discord.InteractionType.autocomplete and isinstance(client, UmpireBot) \
                and client.complete_rate.take(interaction.user.id):
            # past the user's rate: no choices at once, before the tree parses the options or runs anything;
            # past twice that, not even an answer (each costs a request: Discord tells the flooder that
            # loading the options failed)
            if not client.complete_refusals.take(interaction.user.id):
                self.client.loop.create_task(_no_choices(interaction), name="CommandTree-autocomplete-refused")
            return

        async def wrapper() -> None:
            start = time.perf_counter()
            error: BaseException | None = None
            try:
                await self._call(interaction)
            except app_commands.AppCommandError as exc:
                error = exc
                await self._dispatch_error(interaction, exc)
            finally:
                if interaction.type is discord.InteractionType.application_command:
                    name = interaction.command.qualified_name if interaction.command else "?"
                    outcome = "refused" if error is None and interaction.command_failed else outcome_of(error)
                    client = self.client
                    if isinstance(client, UmpireBot):
                        client.observer.command(name, outcome, time.perf_counter() - start, interaction)

        self.client.loop.create_task(wrapper(), name="CommandTree-invoker")


class UmpireBot(Host):
    def __init__(self, settings: Settings, service: GameService | None = None, *, background: bool = True,
                 shard_lock: bool = True, **kwargs: Any) -> None:
        # Slash commands and buttons arrive as interactions, which need no intent: the guilds intent
        # keeps the servers and threads in the cache (and tells the bot when it leaves a server).
        intents = discord.Intents.none()
        intents.guilds = True
        # impossible shard settings stop here, one line naming the setting (shard 5 of 2 was accepted)
        shard_layout(settings.umpire_shard_ids, settings.umpire_shard_count)
        if settings.umpire_shard_count is not None:
            kwargs.setdefault("shard_count", settings.umpire_shard_count)
            if settings.shard_ids is not None:
                kwargs.setdefault("shard_ids", settings.shard_ids)
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents, help_command=None, tree_cls=UmpireTree,
            # nobody is pinged unless a message names the players it means (cogs.replies.mentions_of)
            allowed_mentions=discord.AllowedMentions.none(),
            **kwargs,
        )
        self.settings = settings
        self.service = service or GameService(settings.db_url)
        # each server's own settings (/settings), the process-wide values as defaults
        self.server_settings = ServerSettingsStore(self.service.engine, settings)
        self.locks = GameLocks()
        self.observer = Observer(settings)
        self.stopping = False
        self.drain = Drain(self)
        self.drain.install()  # while stopping, interactions are answered "restarting", not dispatched
        self._announced = False
        self._announcer: asyncio.Task[int] | None = None
        self._retention: asyncio.Task[None] | None = None
        # maps and replays are drawn here, never on the service's threads (see bot/settings.py)
        self.render_pool = ThreadPoolExecutor(settings.umpire_render_workers, thread_name_prefix="umpire-render")
        # replays, exports and log pages: a bounded pool and queue of their own, so orders and status
        # (the default pool) never wait behind them; each user waits a little between two of a kind
        self.heavy_pool = ThreadPoolExecutor(settings.umpire_heavy_workers, thread_name_prefix="umpire-heavy")
        self.heavy_slots = asyncio.Semaphore(settings.umpire_heavy_queue)
        # the maps answers post (cogs.maps.answer_maps): rebuilt and drawn on the render threads, as
        # many waiting at once as heavy reads
        self.answer_slots = asyncio.Semaphore(settings.umpire_heavy_queue)
        self.cooldowns: dict[tuple[int, str], float] = {}
        # autocomplete: a small pool of its own, a bounded queue and a per-user rate (``complete``)
        self.complete_pool = ThreadPoolExecutor(settings.umpire_complete_workers, thread_name_prefix="umpire-complete")
        self.complete_waiting = 0
        self.complete_rate = Bucket(COMPLETE_BURST, COMPLETE_EVERY)
        self.complete_refusals = Bucket(COMPLETE_BURST, COMPLETE_EVERY)  # empty answers past the rate
        # the maps an order or a ruling posts are charged to whoever gave it (cogs.play.show)
        self.map_rate = Bucket(MAPS_BURST, MAPS_EVERY)
        self.late_maps = LateMaps()  # the maps held back by map_rate, posted when it allows (issue 41)
        self.background = background
        self.shard_lock = shard_lock  # `umpire sync` runs no shard: it takes none
        self.shard_locks: list[Any] = []
        self.shard_guard: Any = None  # bot/shard_guard.py: checks the lock, answers "restarting" once it is lost
        self.exit_reason: str | None = None  # set when the bot stops itself (the shard lock lost): exit 2
        self.board: Any = None  # bot/board's server, started in setup_hook (UMPIRE_BOARD_BIND)
        self.board_port = 0
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
        async with self.heavy_slot():
            return await self.on_heavy(function, *args)

    @asynccontextmanager
    async def heavy_slot(self) -> AsyncIterator[None]:
        """One of the UMPIRE_HEAVY_QUEUE places for a heavy read (a replay and the drawing of its maps);
        ``Busy`` at once when all are taken."""
        if self.heavy_slots.locked():
            raise Busy("Umpire is busy with other maps, replays and exports right now: ask again in a minute")
        async with self.heavy_slots:
            yield

    @asynccontextmanager
    async def answer_slot(self) -> AsyncIterator[None]:
        """One of the places for the maps an answer posts; ``Busy`` at once when all are taken."""
        if self.answer_slots.locked():
            raise Busy("Umpire is busy drawing other maps right now")
        async with self.answer_slots:
            yield

    async def on_heavy(self, function: Callable[..., R], *args: Any) -> R:
        """Run on the heavy threads (inside a ``heavy_slot``)."""
        return await asyncio.get_running_loop().run_in_executor(self.heavy_pool, function, *args)

    async def complete(self, user_id: int, function: Callable[..., R], *args: Any) -> R | None:
        """An autocomplete's work on its own threads; None (answer nothing) when COMPLETE_QUEUE are waiting
        already, or when it waited past COMPLETE_STALE for a thread. The answer comes within 2.5 s or not
        at all. (One asked faster than the user's rate, COMPLETE_BURST then one per COMPLETE_EVERY, is
        answered with no choices before it gets here: ``UmpireTree._from_interaction``.)"""
        del user_id  # the user's rate is checked first, in UmpireTree._from_interaction
        if self.complete_waiting >= COMPLETE_QUEUE:
            return None
        asked = time.monotonic()

        def fresh() -> R | None:
            return None if time.monotonic() - asked > COMPLETE_STALE else function(*args)

        self.complete_waiting += 1
        try:
            return await asyncio.wait_for(asyncio.get_running_loop().run_in_executor(self.complete_pool, fresh),
                                          timeout=2.5)
        finally:
            self.complete_waiting -= 1

    async def draw(self, function: Callable[..., R], *args: Any) -> R:
        """Run a drawing function on the render threads."""
        return await asyncio.get_running_loop().run_in_executor(self.render_pool, function, *args)

    async def setup_hook(self) -> None:
        from cogs.board import BoardLaunch
        from cogs.buttons import ChoiceButton
        from engine.service.database import acquire_shard_locks

        from .shard_guard import ShardGuard

        if self.shard_lock:  # before the gateway: a second process for these guilds stops here, saying why
            layout = shard_layout(self.settings.umpire_shard_ids, self.settings.umpire_shard_count)
            self.shard_locks = await asyncio.to_thread(acquire_shard_locks, self.service.engine, layout,
                                                       self.settings.umpire_db_transaction_pooler)
            self.shard_guard = ShardGuard(self, self.shard_locks)
            self.shard_guard.install()

        # every service call goes through asyncio.to_thread: a small pool serves them first come, first
        # served (bot/bench_load.py measures this arrangement)
        asyncio.get_running_loop().set_default_executor(
            ThreadPoolExecutor(self.settings.umpire_workers, thread_name_prefix="umpire-service"))

        for ext in EXTENSIONS + (BACKGROUND if self.background else ()):
            await self.load_extension(ext)
        self.add_dynamic_items(ChoiceButton, BoardLaunch)
        if self.shard_lock:  # a bot that will answer (not `umpire sync`): nothing cold for the first command
            from .warm import warm

            await asyncio.to_thread(warm, self)
        if self.shard_lock and self.background:
            await self._start_board()

    async def _start_board(self) -> None:
        """The live board in this process (bot/board), unless UMPIRE_BOARD_BIND is empty or "off"; one
        that cannot listen is a WARNING and the bot plays on without it."""
        from .board.desks import discord_desk
        from .board.server import BoardServer, Limits, parse_bind

        bind = self.settings.umpire_board_bind.strip()
        if bind.lower() in ("", "off"):
            return
        try:
            host, port = parse_bind(bind)
            server = BoardServer(self.service, self.settings.umpire_board_url, Limits.from_settings(self.settings))
            server.desk = discord_desk(self, server)  # a side's page gives its orders as a typed order goes
            if self.application_id:  # the page inside Discord's Activity frame posts from the app's proxy
                server.origins.add(f"https://{self.application_id}.discordsays.com")
            port = await server.start(host, port)
        except (ValueError, OSError) as exc:
            log.warning("the live board cannot listen on %s (%s): the bot runs without it", bind[:60], exc)
            return
        if not server.base_url:
            server.base_url = f"http://{'[' + host + ']' if ':' in host else host}:{port}"
        from .board.activity import attach, bot_members, from_settings

        attach(server, from_settings(self.settings, bot_members(self)))  # the Discord Activity, when set
        self.board, self.board_port = server, port
        log.info("live board on %s:%s (links: %s; Discord Activity %s)", host, port,
                 self.settings.umpire_board_url or "none given out", "on" if server.activity else "off")

    async def sync_commands(self) -> list[discord.app_commands.AppCommand]:
        from .entry_point import sync_global

        synced = await sync_global(self)  # the Activity's Entry Point command, if any, kept
        log.info("synced %d global commands", len(synced))
        if self.settings.umpire_owner_guild:  # /admin lives only in the owner's server
            owner = await self.tree.sync(guild=discord.Object(self.settings.umpire_owner_guild))
            log.info("synced %d commands in the owner's server", len(owner))
            synced += owner
        return synced

    def in_flight(self) -> list[asyncio.Task[Any]]:
        """The commands and button clicks being answered now."""
        me = asyncio.current_task()
        return [t for t in asyncio.all_tasks() if t is not me and not t.done() and t.get_name().startswith(IN_FLIGHT)]

    async def shutdown(self, reason: str = "stopping") -> None:
        """Drain (bot/drain.py): refuse new interactions, let the answers in flight finish (up to
        UMPIRE_SHUTDOWN_GRACE s, recording the games of any cut short), then close. Idempotent."""
        if self.stopping:
            return
        self.stopping = True
        await self.drain.run(reason)
        await self.close()

    async def close(self) -> None:
        """Close whatever state the connections are in: a database restarted meanwhile, a lost gateway
        (each step is logged if it fails; none stops the others or makes the exit fail)."""
        self.stopping = True
        if self._retention is not None:
            self._retention.cancel()
        self.late_maps.cancel()
        for ext in list(self.extensions):  # stops the background task before the connection closes
            try:
                await self.unload_extension(ext)
            except Exception:  # noqa: BLE001
                log.exception("unloading %s failed", ext)
        await super().close()
        self.render_pool.shutdown(wait=False, cancel_futures=True)
        self.heavy_pool.shutdown(wait=False, cancel_futures=True)
        self.complete_pool.shutdown(wait=False, cancel_futures=True)
        if self.board is not None:
            try:
                await self.board.stop()
            except Exception:  # noqa: BLE001
                log.exception("stopping the live board failed")
            self.board = None
        if self.shard_guard is not None:
            self.shard_guard.stop()
        for lock in self.shard_locks:
            try:
                lock.release()
            except Exception as exc:  # noqa: BLE001  (its connection died with the database: freed by the server)
                log.warning("releasing the %s lock failed (%s): the database frees it with the connection",
                            lock.name, type(exc).__name__)
        self.shard_locks = []
        try:
            await self.observer.stop()
        except Exception:  # noqa: BLE001
            log.exception("stopping the health check failed")

    async def on_ready(self) -> None:
        log.info("logged in as %s (shards %s of %s)", self.user, self.shard_ids or "all", self.shard_count)
        await self.observer.start(self)
        if not self._announced:  # once per process: the games a previous stop left unannounced
            self._announced = True
            self._announcer = asyncio.create_task(self.drain.announce_recorded(), name="umpire-announce-recorded")
            if self.background and passes.wants_retention(self):
                self._retention = asyncio.create_task(passes.retention_loop(self), name="umpire-retention")


async def _sync(settings: Settings) -> int:
    bot = UmpireBot(settings, background=False, shard_lock=False)
    async with bot:
        await bot.login(settings.token)
        synced = await bot.sync_commands()
    print(f"Synced {len(synced)} commands: {', '.join(sorted(c.name for c in synced))}")
    return 0


async def serve(settings: Settings, bot: UmpireBot | None = None) -> int:
    """Run the bot until Discord closes it or SIGTERM/SIGINT arrives; then ``shutdown``. Returns 0."""
    bot = bot or UmpireBot(settings)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    received: list[str] = []

    def on_signal(sig: signal.Signals) -> None:
        received.append(sig.name)
        stop.set()

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, on_signal, sig)
    try:
        async with bot:
            runner = asyncio.create_task(connect.start(bot, settings.token), name="umpire-bot")
            stopper = asyncio.create_task(stop.wait(), name="umpire-stop")
            done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
            if runner in done:
                stopper.cancel()
                runner.result()  # LoginFailure and other start-up errors
            else:
                await bot.shutdown(f"{received[0]} received")
                if not bot.is_ready():  # stopped while still logging in (a retry's wait): nothing to finish
                    runner.cancel()
                with contextlib.suppress(asyncio.CancelledError, DiscordUnreachable):
                    await runner
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
    log.info("closed cleanly", extra={"fields": {"event": "closed"}})
    return 2 if bot.exit_reason else 0


def _env_file_name() -> str:
    from engine.service.settings import env_file

    try:
        return env_file() or "none"
    except ValueError:
        return "?"


def run_bot(sync_only: bool = False, settings: Settings | None = None) -> int:
    settings = settings or Settings()
    if not settings.token:
        print("DISCORD_TOKEN is not set (environment or .env): see docs/discord.md", file=sys.stderr)
        return 2
    configure_endpoints(settings)
    if not logging.getLogger().handlers:
        from .logs import configure_logging

        configure_logging(settings)
    from engine.service.database import shown

    info = build_info()
    log.info("Umpire %s starting (Python %s, discord.py %s); database %s; data folder %s", info["version"],
             info["python"], info["discord_py"], shown(settings.db_url), settings.data_dir,
             extra={"fields": {"event": "start", **info, "env_file": _env_file_name()}})
    try:
        if sync_only:
            return asyncio.run(_sync(settings))
        return asyncio.run(serve(settings))
    except discord.LoginFailure:
        print("Discord refused the token (LoginFailure): check DISCORD_TOKEN", file=sys.stderr)
        return 2
    except DiscordUnreachable as exc:  # retried with back-off already: exit 1, so systemd tries again later
        print(f"umpire bot: {exc}", file=sys.stderr)
        return 1
    except ShardLockHeld as exc:
        print(f"umpire bot: {exc.message}", file=sys.stderr)
        return 2
    except UmpireError as exc:  # the database cannot be reached: one line, not a traceback
        print(f"umpire: {exc}", file=sys.stderr)
        return 2
    return 0
