"""The board server: every game at a link, live (issue 26), on aiohttp's web server.

Routes (GET and HEAD; POST for a side's orders only; anything else is 405):

- ``/b/<game>/<viewer>/<token>/``: the page (one static shell; it reads its data by relative URLs, so
  it works behind a reverse proxy's path and inside Discord's Activity frame);
- ``.../data``: the game as that viewer may see it (``bot.board.data.game_payload``);
- ``.../map``: the ground of the game's map;
- ``.../phase/<n>``: the map of closed phase n;
- ``.../events``: server-sent events: the same data again each time the game's version moves, and
  ``closed`` (then the end of the stream) when the link is revoked (bot/board/live.py);
- ``.../orders/<version>?unit=ID``: a side's page: that unit's orders now, with their odds or cost;
- POST ``.../order`` and ``.../undo``: a side's page gives an order (``bot.board.ordering``): the page's
  own token in ``X-Umpire-Token``, an Origin of the board's own, a body of the version, the listed
  order's index and a nonce (one order per nonce); at most ``order_burst`` then ``order_per_second``;
- ``/static/<file>``: the page's script and style (a fixed list).
- ``/``, ``/activity/...`` and ``/a/<game>/<viewer>/<session>/...``: the board as a Discord Activity, signed
  in (``bot.board.activity``; 404 while it is off), the same page and routes with a session for a token.

Every game route checks the token first (``engine.service.board_links``): a wrong, tampered or revoked
token is 403 and nothing of the game is read. Requests are rate-limited per address and per token
(token buckets), open streams per address and in all; service calls run on the board's own small
thread pool, so a crowd of pages never waits on, or holds up, an order. Strict Content-Security-Policy
(no inline script, no third-party origin), no referrer (the token is in the URL), no caching of data.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from aiohttp import web

from engine.errors import Forbidden, NotFound, StaleVersion, UmpireError
from engine.service import GameService
from engine.service import board_links as links
from engine.service.board_links import SPECTATOR

from . import activity as discord_activity
from . import data
from .guard import Guard, GuardedSite, GuardLimits, secure
from .live import CLOSED, ENDED, Live, event
from .notify import MoveListener
from .order_routes import OrderRoutes
from .ordering import Desk
from .proxy import address_key

log = logging.getLogger("umpire.board")

STATIC = {"board.js": "text/javascript", "board.css": "text/css", "board.html": "text/html",
          "activity.js": "text/javascript", "activity.css": "text/css"}
MAX_GAME_ID = 2**63 - 1
CACHE_SIZE = 256  # answers kept (data and odds, per game, viewer and version)


@dataclass
class Limits:
    """How much one address or token may ask (token buckets: a burst, then a steady rate)."""

    burst: int = 60
    per_second: float = 4.0
    streams_per_address: int = 20
    streams_total: int = 2000
    poll_seconds: float = 0.25  # how often a watched game's version is read (SQLite; Postgres while not listening)
    listen_poll_seconds: float = 30.0  # Postgres, listening to moves: a look this often all the same
    listen: bool = True  # Postgres: LISTEN for moves (bot/board/notify.py); False: poll as on SQLite
    heartbeat_seconds: float = 15.0
    workers: int = 2
    odds_seconds: float = 2.0  # one order's odds per token this often (a burst of 3)
    guard: GuardLimits = field(default_factory=GuardLimits)  # connections, deadlines, trusted proxies
    order_burst: int = 10  # orders from one token at once, then order_per_second (a player clicks, not a script)
    order_per_second: float = 2.0
    unit_seconds: float = 0.5  # one unit's orders (priced) per token this often (a burst of 6)

    @classmethod
    def from_settings(cls, settings: Any) -> Limits:
        rate = float(settings.umpire_board_rate)
        return cls(burst=max(60, int(rate * 15)), per_second=rate,
                   streams_per_address=int(settings.umpire_board_streams_per_address),
                   guard=GuardLimits.from_settings(settings),
                   # PgBouncer in transaction mode does not carry LISTEN's notifications: poll behind it
                   listen=not getattr(settings, "umpire_db_transaction_pooler", False))


class Bucket:
    __slots__ = ("level", "at")

    def __init__(self, burst: int) -> None:
        self.level, self.at = float(burst), time.monotonic()

    def take(self, burst: int, rate: float) -> bool:
        now = time.monotonic()
        self.level = min(float(burst), self.level + (now - self.at) * rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Buckets:
    """Token buckets by key, the oldest forgotten past ``size`` keys (memory stays bounded)."""

    def __init__(self, size: int = 20_000) -> None:
        self.size = size
        self.items: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, key: str, burst: int, rate: float) -> bool:
        bucket = self.items.get(key)
        if bucket is None:
            bucket = self.items[key] = Bucket(burst)
            while len(self.items) > self.size:
                self.items.popitem(last=False)
        self.items.move_to_end(key)
        return bucket.take(burst, rate)


class BoardServer(OrderRoutes):
    def __init__(self, service: GameService, base_url: str = "", limits: Limits | None = None) -> None:
        self.service = service
        self.base_url = base_url.rstrip("/")
        self.limits = limits or Limits()
        self.pool = ThreadPoolExecutor(self.limits.workers, thread_name_prefix="umpire-board")
        self.buckets = Buckets()
        self.streams: dict[str, int] = {}
        self.open_streams = 0
        self.live = Live(self._stamp, self._payload, (self.limits.listen_poll_seconds, self.limits.poll_seconds))
        self.listener: MoveListener | None = None
        self.cache: OrderedDict[tuple[int, str, int], bytes] = OrderedDict()
        self.runner: web.AppRunner | None = None
        self.guard = Guard(self.limits.guard)
        self.desk: Desk | None = None  # the host's flow for a board order (the bot, the table); else _plain_desk
        self.origins: set[str] = set()  # origins a page may post from besides the board's own (an Activity's)
        self.game_locks: dict[int, asyncio.Lock] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        self.activity: discord_activity.Activity | None = None  # the board as a Discord Activity (bot/board/activity.py)
        self.app = self._app()

    # --- links -------------------------------------------------------------------------------------
    def link(self, game_id: int, viewer: str = SPECTATOR) -> str:
        """The viewer's link to the game (blocking: reads or makes the game's secret)."""
        return f"{self.base_url}/b/{game_id}/{viewer}/{links.token(self.service.engine, game_id, viewer)}/"

    # --- the app -----------------------------------------------------------------------------------
    def _app(self) -> web.Application:
        app = web.Application(middlewares=[self.guard.middleware, self._guard], client_max_size=1024)
        self.game_routes(app, "/b/{game:[0-9]{1,19}}/{viewer:[a-z][a-z0-9_]{0,15}}/{token:[A-Za-z0-9_-]{1,64}}")
        app.router.add_get("/static/{name}", self.static)
        app.router.add_get("/healthz", self.health)
        discord_activity.install(app, self)  # "/", /activity/..., and the board's routes under /a/ (a session)
        app.on_shutdown.append(self._close_streams)
        return app

    def game_routes(self, app: web.Application, game: str) -> None:
        """A game's page and its data under ``game`` (a link's ``/b/...``, an Activity's ``/a/...``)."""
        app.router.add_get(game + "/", self.page)
        app.router.add_get(game + "/data", self.game_data)
        app.router.add_get(game + "/map", self.map_data)
        app.router.add_get(game + "/phase/{number:[0-9]{1,6}}", self.phase_data)
        app.router.add_get(game + "/events", self.events)
        app.router.add_get(game + "/odds/{version:[0-9]{1,12}}/{index:[0-9]{1,6}}", self.odds)
        app.router.add_get(game + "/orders/{version:[0-9]{1,12}}", self.unit_orders)
        app.router.add_post(game + "/order", self.give)
        app.router.add_post(game + "/undo", self.take_back)

    @web.middleware
    async def _guard(self, request: web.Request,
                     handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        if request.method not in ("GET", "HEAD", "POST"):
            refused = self._text(405, "Only GET is served here (and a side's orders by POST).")
            self._secure(refused)
            return refused
        address = self._visitor(request)
        token = request.match_info.get("token", "")
        limits = self.limits
        if not self.buckets.take(f"a:{address}", limits.burst, limits.per_second) or (
                token and not self.buckets.take(f"t:{token}", limits.burst * 2, limits.per_second * 2)):
            return self._text(429, "Too many requests: wait a moment.", {"Retry-After": "2"})
        try:
            response = await handler(request)
        except web.HTTPException as exc:
            response = self._text(exc.status, exc.reason or "Not here.")
        except Forbidden as exc:
            response = self._text(403, exc.message)
        except StaleVersion as exc:
            response = self._text(409, exc.message)
        except NotFound:
            response = self._text(404, "Not here.")
        except UmpireError as exc:
            response = self._text(400, exc.message)
        except Exception:  # noqa: BLE001 - an internal fault is logged, never shown
            log.exception("board request failed: %s", _route_of(request))  # never the path: it holds a token
            response = self._text(500, "The board could not answer: try again later.")
        self._secure(response)
        return response

    def _visitor(self, request: web.Request) -> str:
        """Whom a request counts against (rates, live pages): an Activity page's signed-in user (Discord's
        proxy hides the users' addresses), else the visitor's address, an IPv6 one by its /64 as the guard
        counts it."""
        return discord_activity.session_visitor(self, request) or address_key(request.remote or "?")

    @staticmethod
    def _secure(response: web.StreamResponse) -> None:
        secure(response)  # every answer passes guard.SecuredRequest too (aiohttp's own 400 included)

    @staticmethod
    def _text(status: int, text: str, headers: dict[str, str] | None = None) -> web.Response:
        return web.Response(status=status, text=text + "\n", content_type="text/plain", headers=headers)

    # --- handlers ----------------------------------------------------------------------------------
    async def _call(self, function: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.pool, function, *args)

    async def _viewer(self, request: web.Request) -> tuple[int, str]:
        if request.path.startswith("/a/"):  # a Discord Activity's page: its session in the token's place
            return await discord_activity.session_viewer(self, request)
        game_id = int(request.match_info["game"])
        viewer, token = request.match_info["viewer"], request.match_info["token"]
        if not 1 <= game_id <= MAX_GAME_ID:
            raise Forbidden("This board link is not valid.")
        await self._call(links.check, self.service.engine, game_id, viewer, token)
        return game_id, viewer

    async def page(self, request: web.Request) -> web.StreamResponse:
        await self._viewer(request)
        return web.Response(body=_static("board.html"), content_type="text/html", charset="utf-8")

    async def static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in STATIC or name.endswith(".html"):
            raise NotFound("no such file")
        return web.Response(body=_static(name), content_type=STATIC[name], charset="utf-8",
                            headers={"Cache-Control": "public, max-age=300"})

    async def health(self, request: web.Request) -> web.StreamResponse:
        """ok, and the process's open files against its limit and the board's connections against its cap."""
        return web.json_response({"ok": True, **self.guard.health()})

    async def game_data(self, request: web.Request) -> web.StreamResponse:
        game_id, viewer = await self._viewer(request)
        body = await self._payload(game_id, viewer)
        return web.Response(body=body, content_type="application/json")

    async def map_data(self, request: web.Request) -> web.StreamResponse:
        game_id, viewer = await self._viewer(request)

        def ground() -> bytes:
            view = self.service.view(game_id, None if viewer == SPECTATOR else viewer)
            return json.dumps(data.map_by_name(data.map_name(view)), separators=(",", ":")).encode()

        body = await self._call(ground)
        return web.Response(body=body, content_type="application/json",
                            headers={"Cache-Control": "private, max-age=3600"})

    async def phase_data(self, request: web.Request) -> web.StreamResponse:
        game_id, viewer = await self._viewer(request)
        number = int(request.match_info["number"])
        payload = await self._call(data.phase_payload, self.service, game_id, viewer, number)
        return web.Response(body=json.dumps(payload, separators=(",", ":")).encode(),
                            content_type="application/json")

    async def odds(self, request: web.Request) -> web.StreamResponse:
        """An order's odds for the side's own page: costly (the order played out every way it can fall),
        so one ask per token every ``odds_seconds``, answers kept per version."""
        game_id, viewer = await self._viewer(request)
        version, index = int(request.match_info["version"]), int(request.match_info["index"])
        key = (game_id, f"odds:{viewer}:{index}", version)
        body = self.cache.get(key)
        if body is None:
            if not self.buckets.take(f"o:{request.match_info['token']}", 3, 1 / self.limits.odds_seconds):
                return self._text(429, "One order's odds at a time: wait a moment.", {"Retry-After": "2"})
            payload = await self._call(data.odds_payload, self.service, game_id, viewer, version, index)
            body = json.dumps(payload, separators=(",", ":")).encode()
            self._keep(key, body)
        return web.Response(body=body, content_type="application/json")

    async def _payload(self, game_id: int, viewer: str, version: int | None = None) -> bytes:
        """The game's data for a viewer, built once per version however many pages ask."""
        if version is None:
            version = await self._call(self._version, game_id)
        key = (game_id, viewer, version)
        body = self.cache.get(key)
        if body is None:
            payload = await self._call(data.game_payload, self.service, game_id, viewer)
            body = json.dumps(payload, separators=(",", ":")).encode()
            self._keep(key, body)
        return body

    def _keep(self, key: tuple[int, str, int], body: bytes) -> None:
        """Answers are kept per version, the oldest forgotten past ``CACHE_SIZE`` (memory stays bounded)."""
        self.cache[key] = body
        while len(self.cache) > CACHE_SIZE:
            self.cache.popitem(last=False)

    def _version(self, game_id: int) -> int:
        return self.service.version_of(game_id)

    async def _stamp(self, game_id: int) -> links.Stamp:
        return await self._call(links.stamp, self.service.engine, game_id)  # type: ignore[no-any-return]

    # --- live --------------------------------------------------------------------------------------
    async def events(self, request: web.Request) -> web.StreamResponse:
        game_id, viewer = await self._viewer(request)
        address = self._visitor(request)
        if self.open_streams >= self.limits.streams_total or \
                self.streams.get(address, 0) >= self.limits.streams_per_address:
            return self._text(429, "Too many open boards from here: close one.", {"Retry-After": "10"})
        # Counted before the first await: pages opened in the same instant cannot all pass the check.
        self.streams[address] = self.streams.get(address, 0) + 1
        self.open_streams += 1
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store",
                                               "X-Accel-Buffering": "no"})
        self._secure(response)
        until = discord_activity.session_end(self, request)  # an Activity's page: closed when its session ends
        watch, stream = self.live.open(game_id, viewer, request.match_info["token"], until)
        try:
            await response.prepare(request)
            version = await self._call(self._version, game_id)
            await response.write(event("game", await self._payload(game_id, viewer, version)))
            self.live.opened(watch, stream, version)
            while True:
                seconds = self.limits.heartbeat_seconds
                if until is not None:
                    seconds = min(seconds, max(0.0, until - time.time()))
                try:
                    body = await asyncio.wait_for(stream.queue.get(), seconds)
                except TimeoutError:
                    if until is not None and time.time() >= until:
                        body = ENDED  # the session ended: nothing more of the game
                    else:
                        await response.write(b": still here\n\n")
                        continue
                await response.write(body)
                if body is CLOSED or body is ENDED:  # revoked, the game gone, the session ended: told, then closed
                    break
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            self.live.close(watch, stream)
            self.streams[address] -= 1
            if not self.streams[address]:
                del self.streams[address]
            self.open_streams -= 1
        return response

    async def _close_streams(self, app: web.Application) -> None:
        self.live.cancel()

    # --- running -----------------------------------------------------------------------------------
    async def start(self, host: str, port: int) -> int:
        """Serve on host:port (port 0: any free one); returns the port."""
        guard = self.limits.guard
        self.runner = web.AppRunner(self.app, access_log=None, handler_cancellation=True,
                                    keepalive_timeout=guard.keepalive_seconds, lingering_time=guard.request_seconds)
        await self.runner.setup()
        site = GuardedSite(self.runner, host, port, self.guard)
        await site.start()
        if self.limits.listen and self.service.engine.dialect.name == "postgresql":
            self.listener = MoveListener(self.service.engine.url, lambda game, _version: self.live.wake(game),
                                         self.live.set_listening)
            self.listener.start()
        return site.port

    async def stop(self) -> None:
        # what follows an order given a moment ago (the bots' replies) finishes first: an order being applied
        # starts its follow-up only once it is in, so the tasks are looked at again until none is left
        loop = asyncio.get_running_loop()
        until = loop.time() + 10
        while self.tasks and (left := until - loop.time()) > 0:
            await asyncio.wait(list(self.tasks), timeout=left)
        if self.activity is not None:
            await self.activity.close()
        if self.listener is not None:
            await self.listener.stop()
            self.listener = None
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None
        self.pool.shutdown(wait=False, cancel_futures=True)


def _route_of(request: web.Request) -> str:
    """The route a request took, as its pattern ('/a/{game}/{viewer}/{token}/data'): no token or session."""
    resource = request.match_info.route.resource
    return resource.canonical if resource is not None else "?"


_STATIC_CACHE: dict[str, bytes] = {}


def _static(name: str) -> bytes:
    if name not in _STATIC_CACHE:
        _STATIC_CACHE[name] = resources.files("bot.board").joinpath("static", name).read_bytes()
    return _STATIC_CACHE[name]


def parse_bind(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:8787`` for IPv6) into its parts; a ValueError names what is wrong."""
    host, sep, port = text.strip().rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ValueError(f"'{text[:60]}' is not HOST:PORT (such as 127.0.0.1:8787)")
    return host.strip("[]"), int(port)
