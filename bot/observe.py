"""What an operator can see of a running bot: one log line per command, a health check, metrics.

- Every slash command: one log line ``command name=... outcome=ok|refused|fault ms=...`` (with the game's
  channel and guild ids, never a user's name), and the same in the metrics.
- Health: with UMPIRE_HEALTH_PORT, ``http://127.0.0.1:PORT/healthz`` answers 200 while the bot is
  connected, its database answers and its schema is the newest (else 503, naming what differs); with UMPIRE_HEARTBEAT_FILE, that file is touched
  every 15 s while the bot is connected (``umpire health`` checks either: a container's HEALTHCHECK).
- Metrics: ``/metrics`` on the same port, in Prometheus' format, when prometheus-client is installed
  (``pip install umpire[metrics]``): ``umpire_commands_total{command,outcome}``,
  ``umpire_command_seconds`` (a histogram), ``umpire_refusals_total``, ``umpire_faults_total``,
  ``umpire_queue_depth`` (service calls waiting for a worker thread), ``umpire_ready``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.service.settings import Settings

if TYPE_CHECKING:
    from bot.discord_app import UmpireBot

log = logging.getLogger("umpire.commands")
HEARTBEAT_SECONDS = 15.0
STALE_SECONDS = 60.0
SCHEMA_CHECK_SECONDS = 600.0


class _Prometheus:
    def __init__(self) -> None:
        from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

        self.registry = CollectorRegistry()
        self.commands = Counter("umpire_commands", "Slash commands answered", ["command", "outcome"],
                                registry=self.registry)
        self.refusals = Counter("umpire_refusals", "Commands refused (the player's mistake, the rules)",
                                registry=self.registry)
        self.faults = Counter("umpire_faults", "Internal faults (Umpire's side)", registry=self.registry)
        self.latency = Histogram("umpire_command_seconds", "Time to answer a slash command",
                                 buckets=(0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10), registry=self.registry)
        self.queue = Gauge("umpire_queue_depth", "Service calls waiting for a worker thread", registry=self.registry)
        self.ready = Gauge("umpire_ready", "1 while the bot is connected to Discord", registry=self.registry)

    def render(self) -> bytes:
        from prometheus_client import generate_latest

        return bytes(generate_latest(self.registry))


def prometheus() -> _Prometheus | None:
    try:
        return _Prometheus()
    except ImportError:
        return None


class Observer:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.metrics = prometheus()
        self.counts: dict[str, int] = {"ok": 0, "refused": 0, "fault": 0}
        self._bot: UmpireBot | None = None
        self._runner: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self.port: int | None = None
        self._schema: tuple[float, list[str]] | None = None  # (when, what differs) of the last schema check

    # --- commands ---------------------------------------------------------------------------------
    def command(self, name: str, outcome: str, seconds: float, interaction: Any = None) -> None:
        self.counts[outcome] = self.counts.get(outcome, 0) + 1
        fields: dict[str, Any] = {"event": "command", "command": name, "outcome": outcome,
                                  "ms": round(seconds * 1000, 1)}
        if interaction is not None:
            fields["guild"] = str(interaction.guild_id) if interaction.guild_id else "dm"
            fields["channel"] = str(interaction.channel_id)
        level = logging.ERROR if outcome == "fault" else logging.INFO
        log.log(level, "command /%s %s in %.0f ms", name, outcome, seconds * 1000, extra={"fields": fields})
        if self.metrics is not None:
            self.metrics.commands.labels(name, outcome).inc()
            self.metrics.latency.observe(seconds)
            if outcome == "refused":
                self.metrics.refusals.inc()
            elif outcome == "fault":
                self.metrics.faults.inc()

    def queue_depth(self) -> int:
        executor = getattr(asyncio.get_running_loop(), "_default_executor", None)
        queue = getattr(executor, "_work_queue", None)
        return int(queue.qsize()) if queue is not None else 0

    # --- health -----------------------------------------------------------------------------------
    def db_ok(self) -> bool:
        from sqlalchemy import text

        if self._bot is None:
            return False
        try:
            with self._bot.service.engine.connect() as conn:
                conn.execute(text("SELECT 1"))
            return True
        except Exception:  # noqa: BLE001  (unhealthy, not a crash)
            return False

    def schema_differs(self) -> list[str]:
        """How the database's schema differs from the newest (engine.service.schema), looked at once every
        SCHEMA_CHECK_SECONDS (the comparison reflects every table): a revision alone said "current" while
        a skipped migration left tables missing (issue 25)."""
        from engine.service.schema import check

        if self._bot is None:
            return []
        at = time.monotonic()
        if self._schema is None or at - self._schema[0] > SCHEMA_CHECK_SECONDS:
            try:
                self._schema = (at, check(self._bot.service.engine)[:20])
            except Exception:  # noqa: BLE001  (the database answers nothing: db_ok says so)
                return []
        return self._schema[1]

    async def healthy(self) -> tuple[bool, dict[str, Any]]:
        bot = self._bot
        ready = bot is not None and bot.is_ready() and not bot.is_closed() and not bot.stopping
        db = await asyncio.to_thread(self.db_ok) if ready else False
        schema = await asyncio.to_thread(self.schema_differs) if db else []
        body = {"ready": ready, "database": db, "queue_depth": self.queue_depth(), **self.counts}
        if schema:
            body["schema_differs"] = schema
        return ready and db and not schema, body

    async def start(self, bot: UmpireBot) -> None:
        """Called when the bot is ready (again: a reconnect calls it once more and nothing is doubled)."""
        self._bot = bot
        if self._tasks:
            return
        if self.settings.umpire_heartbeat_file is not None:
            self._tasks.append(asyncio.create_task(self._heartbeat(self.settings.umpire_heartbeat_file)))
        if self.metrics is not None:
            self._tasks.append(asyncio.create_task(self._gauges()))
        if self.settings.umpire_health_port is not None:
            await self._serve(self.settings.umpire_health_port)

    async def stop(self) -> None:
        for t in self._tasks:
            t.cancel()
        self._tasks = []
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        path = self.settings.umpire_heartbeat_file
        if path is not None:
            Path(path).unlink(missing_ok=True)

    async def _heartbeat(self, path: Path) -> None:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        while True:
            healthy, _ = await self.healthy()
            if healthy:
                path.write_text(f"{time.time():.0f}\n", encoding="utf-8")
            await asyncio.sleep(HEARTBEAT_SECONDS)

    async def _gauges(self) -> None:
        assert self.metrics is not None
        while True:
            self.metrics.queue.set(self.queue_depth())
            bot = self._bot
            self.metrics.ready.set(1 if bot is not None and bot.is_ready() and not bot.is_closed() else 0)
            await asyncio.sleep(5)

    async def _serve(self, port: int) -> None:
        import json

        from aiohttp import web

        async def healthz(_request: web.Request) -> web.Response:
            healthy, body = await self.healthy()
            return web.Response(status=200 if healthy else 503, text=json.dumps(body),
                                content_type="application/json")

        async def metrics(_request: web.Request) -> web.Response:
            if self.metrics is None:
                return web.Response(status=404, text="prometheus-client is not installed\n")
            self.metrics.queue.set(self.queue_depth())
            return web.Response(body=self.metrics.render(), content_type="text/plain")

        app = web.Application()
        app.router.add_get("/healthz", healthz)
        app.router.add_get("/metrics", metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)  # loopback only: never a public port
        await site.start()
        server = getattr(site, "_server", None)
        sockets = getattr(server, "sockets", None) or []
        self.port = sockets[0].getsockname()[1] if sockets else port
        log.info("health check on http://127.0.0.1:%s/healthz", self.port)


def check_health(settings: Settings) -> tuple[bool, str]:
    """``umpire health``: the heartbeat file's age, else GET /healthz on the loopback port."""
    path = settings.umpire_heartbeat_file
    if path is not None:
        try:
            age = time.time() - Path(path).stat().st_mtime
        except OSError:
            return False, f"no heartbeat file {path}: the bot is not connected"
        return age < STALE_SECONDS, f"heartbeat {age:.0f} s old"
    if settings.umpire_health_port:
        import urllib.error
        import urllib.request

        url = f"http://127.0.0.1:{settings.umpire_health_port}/healthz"
        try:
            with urllib.request.urlopen(url, timeout=5) as resp:  # noqa: S310  (loopback)
                return resp.status == 200, resp.read().decode()
        except urllib.error.HTTPError as exc:
            return False, exc.read().decode(errors="replace")
        except OSError as exc:
            return False, f"{url}: {exc}"
    return False, "set UMPIRE_HEARTBEAT_FILE or UMPIRE_HEALTH_PORT to check the bot's health"
