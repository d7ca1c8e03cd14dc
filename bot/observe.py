"""What an operator can see of a running bot: one log line per command, a health check, metrics.

- Every slash command: one log line ``command name=... outcome=ok|refused|fault ms=...`` (with the game's
  channel and guild ids, never a user's name), and the same in the metrics.
- Health: with UMPIRE_HEALTH_PORT, ``http://UMPIRE_HEALTH_HOST:PORT/healthz`` (the loopback unless told)
  answers 200 while the bot is connected, its database answers, its schema is the newest and no
  background pass has been failing for longer than its interval; 503 otherwise. The body says which
  (naming what differs in the schema, and the version). With UMPIRE_HEARTBEAT_FILE, that file is
  touched every 15 s while healthy (``umpire health`` checks either: a container's HEALTHCHECK).
- Metrics: ``/metrics`` on the same port, in Prometheus' format, when prometheus-client is installed
  (``pip install umpire[metrics]``): ``umpire_commands_total{command,outcome}``,
  ``umpire_command_seconds`` (a histogram), ``umpire_refusals_total``, ``umpire_faults_total``,
  ``umpire_queue_depth`` (service calls waiting for a worker thread), ``umpire_ready``,
  ``umpire_build_info{version,python,discord_py}``, the process (``process_*``: CPU, memory, open
  files), the database pool (``umpire_db_pool_size``, ``_checked_out``, ``_overflow``) and each
  background pass (``umpire_pass_runs_total{pass}``, ``umpire_pass_failures_total{pass}``,
  ``umpire_pass_seconds{pass}``, ``umpire_pass_last_success_timestamp_seconds{pass}``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.board.guard import file_limit, open_files
from bot.version import build_info, version
from engine.service.settings import Settings

if TYPE_CHECKING:
    from cogs.host import Host

log = logging.getLogger("umpire.commands")
HEARTBEAT_SECONDS = 15.0
STALE_SECONDS = 60.0
SCHEMA_CHECK_SECONDS = 600.0


class _Prometheus:
    def __init__(self) -> None:
        from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, Info, ProcessCollector

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
        Info("umpire_build", "The running Umpire", registry=self.registry).info(build_info())
        ProcessCollector(registry=self.registry)
        self.pool_size = Gauge("umpire_db_pool_size", "Connections the database pool keeps", registry=self.registry)
        self.pool_out = Gauge("umpire_db_pool_checked_out", "Pool connections in use now", registry=self.registry)
        self.pool_overflow = Gauge("umpire_db_pool_overflow", "Connections open beyond the pool's size (negative: "
                                   "room left before the pool is full)", registry=self.registry)
        self.pass_runs = Counter("umpire_pass_runs", "Background passes run", ["pass"], registry=self.registry)
        self.pass_failures = Counter("umpire_pass_failures", "Background passes that failed", ["pass"],
                                     registry=self.registry)
        self.pass_seconds = Histogram("umpire_pass_seconds", "Time a background pass took", ["pass"],
                                      buckets=(0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300), registry=self.registry)
        self.pass_success = Gauge("umpire_pass_last_success_timestamp_seconds", "When a pass last succeeded (Unix)",
                                  ["pass"], registry=self.registry)

    def watch_pool(self, engine: Any) -> None:
        pool = engine.pool
        for gauge, name in ((self.pool_size, "size"), (self.pool_out, "checkedout"), (self.pool_overflow, "overflow")):
            read = getattr(pool, name, None)
            if callable(read):
                gauge.set_function(lambda read=read: float(read()))

    def render(self) -> bytes:
        from prometheus_client import generate_latest

        return bytes(generate_latest(self.registry))


@dataclass
class PassState:
    """One background pass: its interval, when it last succeeded, since when it has been failing."""

    interval: float
    runs: int = 0
    failures: int = 0
    last_success: float | None = None
    failing_since: float | None = None
    last_error: str = ""

    def red(self, now: float) -> bool:
        """Failing for longer than its interval: a round or more missed, not one bad moment."""
        return self.failing_since is not None and now - self.failing_since > self.interval

    def shown(self, now: float) -> dict[str, Any]:
        return {"runs": self.runs, "failures": self.failures, "healthy": not self.red(now),
                "last_success_s_ago": None if self.last_success is None else round(now - self.last_success, 1),
                **({"error": self.last_error} if self.failing_since is not None else {})}


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
        self._bot: Host | None = None
        self._runner: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self.port: int | None = None
        self._schema: tuple[float, list[str]] | None = None  # (when, what differs) of the last schema check
        self.passes: dict[str, PassState] = {}

    # --- background passes ------------------------------------------------------------------------
    @asynccontextmanager
    async def background_pass(self, name: str, interval: float) -> AsyncIterator[None]:
        """Around one round of a background pass: counted, timed, and its failures kept for /healthz.
        The exception goes on (the pass logs it)."""
        state = self.passes.setdefault(name, PassState(interval))
        state.interval = interval
        start = time.perf_counter()
        ok = False
        try:
            yield
            ok = True
        except Exception as exc:
            state.last_error = type(exc).__name__
            raise
        finally:
            seconds = time.perf_counter() - start
            state.runs += 1
            if ok:
                state.last_success, state.failing_since = time.time(), None
            else:
                state.failures += 1
                state.failing_since = state.failing_since or time.time()
            if self.metrics is not None:
                self.metrics.pass_runs.labels(name).inc()
                self.metrics.pass_seconds.labels(name).observe(seconds)
                if ok:
                    self.metrics.pass_success.labels(name).set(time.time())
                else:
                    self.metrics.pass_failures.labels(name).inc()

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
        now = time.time()
        passes_ok = not any(p.red(now) for p in self.passes.values())
        body: dict[str, Any] = {
            "ready": ready, "database": db, "passes_ok": passes_ok, "version": version(),
            "queue_depth": self.queue_depth(), "open_files": open_files(), "open_files_limit": file_limit(),
            **self.counts, "passes": {name: p.shown(now) for name, p in self.passes.items()}}
        if schema:
            body["schema_differs"] = schema
        return ready and db and passes_ok and not schema, body

    async def start(self, bot: Host) -> None:
        """Called when the bot is ready (again: a reconnect calls it once more and nothing is doubled)."""
        self._bot = bot
        if self._tasks:
            return
        if self.metrics is not None:
            self.metrics.watch_pool(bot.service.engine)
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
        host = self.settings.umpire_health_host  # the loopback unless told (a container publishes it there)
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        server = getattr(site, "_server", None)
        sockets = getattr(server, "sockets", None) or []
        self.port = sockets[0].getsockname()[1] if sockets else port
        log.info("health check on http://%s:%s/healthz", host, self.port)


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

        host = settings.umpire_health_host
        host = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host  # listening everywhere: ask the loopback
        url = f"http://{'[' + host + ']' if ':' in host else host}:{settings.umpire_health_port}/healthz"
        try:
            with urllib.request.urlopen(url, timeout=5) as resp:  # noqa: S310  (loopback)
                return resp.status == 200, resp.read().decode()
        except urllib.error.HTTPError as exc:
            return False, exc.read().decode(errors="replace")
        except OSError as exc:
            return False, f"{url}: {exc}"
    return False, "set UMPIRE_HEARTBEAT_FILE or UMPIRE_HEALTH_PORT to check the bot's health"
