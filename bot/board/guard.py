"""The board's connections held to account (issue 43) and its security headers on every answer (issue 38).

aiohttp's server reads a request's headers for as long as the client likes and takes every connection it
is offered, so a few hundred half-open connections used to hold every file descriptor of the bot's own
process. Each connection now passes ``Connection``, an asyncio protocol wrapped around aiohttp's own:

- past ``connections_total`` open connections, or ``connections_per_address`` from one address (an IPv6
  address by its /64), a new connection is answered 503 at once and closed, never queued; a trusted
  proxy's connections count to the total only, and its visitors' requests in flight are held to
  ``connections_per_address`` each by the forwarded address (``bot.board.proxy``);
- a request's headers must be complete ``request_seconds`` after its first byte (after the connection
  opened, for the first): past that the connection is closed. A body the board does not read (any but a
  POST route's) is dropped for at most as long, then the connection closes; a POST route reads its body
  with ``Guard.read_body``: whole (however it comes: in pieces, chunked), at most its limit, and within
  the same ``request_seconds`` of the request's first byte (else 408 and the connection closed; the
  deadline's timer is paused while a handler runs, so the handler's read keeps its own). An idle keep-alive connection is closed after
  ``keepalive_seconds`` (aiohttp's keepalive_timeout, which also runs from a connection's opening: one that
  completes no request is closed at the earlier of the two);
- the total is fitted under the process's own limit of open files (``RLIMIT_NOFILE``) when the board
  starts: what the process holds then, and a quarter of the limit more (at least ``RESERVE``), are left
  to the bot's gateway, REST calls, database and logs.

Headers: every answer passes ``SecuredRequest._prepare_hook`` as its headers are made, the answers of the
handlers and middlewares, and those aiohttp makes itself (a malformed request's 400, a 500) alike.
"""

from __future__ import annotations

import asyncio
import logging
import os
import resource
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from engine.errors import UmpireError

from .proxy import Networks, address_key, client_address, parse_trusted, trusted

log = logging.getLogger("umpire.board")

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "base-uri 'none'; form-action 'none'; "
       "frame-ancestors 'self' https://discord.com https://*.discord.com https://*.discordsays.com")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "Cross-Origin-Resource-Policy": "same-origin"}
RESERVE = 128  # descriptors always left to the rest of the process (at least; a quarter of the limit)
MIN_CONNECTIONS = 8


@dataclass(frozen=True)
class GuardLimits:
    request_seconds: float = 10.0  # a request's headers (and body) complete within this
    keepalive_seconds: float = 30.0  # an idle keep-alive connection is closed after this
    connections_total: int = 512
    connections_per_address: int = 32
    trusted_proxies: Networks = ()

    @classmethod
    def from_settings(cls, settings: Any) -> GuardLimits:
        return cls(request_seconds=float(settings.umpire_board_request_seconds),
                   keepalive_seconds=float(settings.umpire_board_keepalive_seconds),
                   connections_total=int(settings.umpire_board_connections),
                   connections_per_address=int(settings.umpire_board_connections_per_address),
                   trusted_proxies=parse_trusted(settings.umpire_board_trusted_proxies))


def file_limit() -> int:
    """The process's soft limit of open files (0: none known)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return 0 if soft == resource.RLIM_INFINITY else int(soft)


def open_files() -> int | None:
    """The process's open file descriptors (None where /proc/self/fd is not there)."""
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return None


def fitted(total: int, limit: int, used: int = 0) -> int:
    """The cap of open connections that leaves the rest of the process what it holds already (``used``)
    and a quarter of its limit of open files more (at least RESERVE)."""
    if not limit:
        return total
    return max(MIN_CONNECTIONS, min(total, limit - used - max(RESERVE, limit // 4)))


def secure(response: web.StreamResponse) -> None:
    if response.prepared:  # a stream sent its headers already
        return
    _set_headers(response)


def _set_headers(response: web.StreamResponse) -> None:
    for name, value in HEADERS.items():
        response.headers[name] = value
    response.headers.setdefault("Cache-Control", "no-store")


class SecuredRequest(web.Request):
    """A request whose every answer carries the security headers, whoever made the answer."""

    async def _prepare_hook(self, response: web.StreamResponse) -> None:
        _set_headers(response)  # called as the answer's headers are made, before they are written
        await super()._prepare_hook(response)


def _refusal() -> bytes:
    body = b"The board is busy: too many connections. Try again in a moment.\n"
    head = ["HTTP/1.1 503 Service Unavailable", "Content-Type: text/plain; charset=utf-8",
            f"Content-Length: {len(body)}", "Retry-After: 5", "Connection: close", "Cache-Control: no-store",
            *(f"{name}: {value}" for name, value in HEADERS.items())]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


REFUSAL = _refusal()


class Guard:
    """Counts the board's connections, refuses those past the caps and closes those past the deadline."""

    def __init__(self, limits: GuardLimits | None = None) -> None:
        self.limits = limits or GuardLimits()
        self.total_cap = self.limits.connections_total  # fitted under the file limit by ``fit``
        self.open = 0
        self.per_address: dict[str, int] = {}
        self.in_flight: dict[str, int] = {}  # a trusted proxy's requests by forwarded address
        self.connections: dict[asyncio.BaseTransport, Connection] = {}
        self.refused = 0
        self.timed_out = 0

    def fit(self) -> int:
        """Fit the total under the process's limit of open files (when the board starts)."""
        limit = file_limit()
        self.total_cap = fitted(self.limits.connections_total, limit, open_files() or 0)
        if self.total_cap < self.limits.connections_total:
            log.warning("the board takes at most %s connections, not %s: the process may open %s files "
                        "(LimitNOFILE) and keeps the rest for the bot", self.total_cap,
                        self.limits.connections_total, limit)
        return self.total_cap

    def factory(self, server: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        return lambda: Connection(self, server)

    def secure_requests(self, server: web.Server) -> None:
        """Every request of ``server`` a SecuredRequest (the aiohttp-made answers included)."""
        make = server.request_factory

        def factory(*args: Any) -> web.BaseRequest:
            return make(*args, _cls=SecuredRequest)  # type: ignore[call-arg]

        server.request_factory = factory

    def health(self) -> dict[str, Any]:
        return {"open_files": open_files(), "open_files_limit": file_limit(), "connections": self.open,
                "connections_limit": self.total_cap, "refused": self.refused, "timed_out": self.timed_out}

    async def read_body(self, request: web.Request, limit: int) -> bytes:
        """A POST's whole body, at most ``limit`` + 1 bytes (a longer one is cut there, for its handler to
        refuse; a longer declared length is refused unread), within the request's deadline: a body that
        never comes, or comes a byte at a time, is answered 408 and its connection closed."""
        if (request.content_length or 0) > limit:
            raise UmpireError(f"A body here is at most {limit} bytes")  # the handler's 400, naming it
        connection = self.connections.get(request.transport) if request.transport is not None else None
        seconds = self.limits.request_seconds
        if connection is not None:  # what is left of the deadline run from the request's first byte
            seconds = max(0.05, connection.started + seconds - asyncio.get_running_loop().time())

        async def whole() -> bytes:
            got = bytearray()
            while len(got) <= limit:
                piece = await request.content.read(limit + 1 - len(got))
                if not piece:
                    break
                got += piece
            return bytes(got)

        try:
            return await asyncio.wait_for(whole(), seconds)
        except TimeoutError:
            self.timed_out += 1
            raise web.HTTPRequestTimeout(text="The request's body did not come in time.") from None

    @web.middleware
    async def middleware(self, request: web.Request,
                         handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        """The visitor's address as ``request.remote`` for everything after; a trusted proxy's visitors
        held to their share of requests in flight; the connection's deadline paused while it is served."""
        connection = self.connections.get(request.transport) if request.transport is not None else None
        if connection is not None:
            connection.begin()
        key = None
        try:
            peer = request.remote
            client = client_address(peer, request.headers.getall("X-Forwarded-For", ()),
                                    self.limits.trusted_proxies)
            if client != peer:
                request = request.clone(remote=client)
            if trusted(peer, self.limits.trusted_proxies):
                key = address_key(client)
                if self.in_flight.get(key, 0) >= self.limits.connections_per_address:
                    key = None
                    return web.Response(status=503, text="Too many connections from here: close one.\n",
                                        headers={"Retry-After": "5"})
                self.in_flight[key] = self.in_flight.get(key, 0) + 1
            response = await handler(request)
            if request.body_exists and not response.prepared and not request.content.at_eof():
                # the body is not read (every route but a POST's, or a POST refused before its read): dropped
                # for request_seconds at most, then closed. A body read whole keeps its connection: a page's
                # clicks do not each pay a new connection (and a TLS handshake behind a proxy)
                response.force_close()
            return response
        finally:
            if key is not None:
                self.in_flight[key] -= 1
                if not self.in_flight[key]:
                    del self.in_flight[key]
            if connection is not None:
                connection.end()


class Connection(asyncio.Protocol):
    """One connection: counted, refused past the caps, closed past the deadline; aiohttp's protocol
    (``inner``) does the HTTP."""

    def __init__(self, guard: Guard, server: Callable[[], asyncio.Protocol]) -> None:
        self.guard = guard
        self.server = server
        self.inner: Any = None
        self.transport: asyncio.Transport | None = None
        self.key = ""
        self.timer: asyncio.TimerHandle | None = None
        self.busy = 0
        self.fresh = False  # bytes came while a request was served: the next request's deadline runs
        self.started = 0.0  # when the deadline of the request being read began (the loop's clock)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        guard, limits = self.guard, self.guard.limits
        peer = transport.get_extra_info("peername")
        host = str(peer[0]) if isinstance(peer, (tuple, list)) and peer else "?"
        key = "" if trusted(host, limits.trusted_proxies) else address_key(host)
        if guard.open >= guard.total_cap or (key and guard.per_address.get(key, 0) >= limits.connections_per_address):
            guard.refused += 1
            transport.write(REFUSAL)
            transport.close()
            return
        self.transport, self.key = transport, key
        guard.open += 1
        if key:
            guard.per_address[key] = guard.per_address.get(key, 0) + 1
        guard.connections[transport] = self
        self.inner = self.server()
        self.inner.connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self.inner is None:
            return
        if self.busy:
            self.fresh = True
        elif self.timer is None:
            self._arm()
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.inner is None or self.transport is None:
            return
        guard = self.guard
        self._disarm()
        guard.open -= 1
        if self.key:
            guard.per_address[self.key] -= 1
            if not guard.per_address[self.key]:
                del guard.per_address[self.key]
        guard.connections.pop(self.transport, None)
        inner, self.inner = self.inner, None
        inner.connection_lost(exc)

    # --- the deadline -------------------------------------------------------------------------------
    def begin(self) -> None:
        """A request's headers are in: its handler runs (a live page as long as it is open)."""
        self.busy += 1
        self.fresh = False
        self._disarm()

    def end(self) -> None:
        self.busy -= 1
        if not self.busy and self.fresh and self.timer is None:
            self._arm()

    def _arm(self) -> None:
        loop = asyncio.get_running_loop()
        self.started = loop.time()
        self.timer = loop.call_later(self.guard.limits.request_seconds, self._expire)

    def _disarm(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _expire(self) -> None:
        self.timer = None
        if self.busy or self.transport is None:
            return
        self.guard.timed_out += 1
        if self.transport.get_write_buffer_size():
            self.transport.abort()  # a client that reads nothing keeps nothing open
        else:
            self.transport.close()


class GuardedSite(web.BaseSite):
    """aiohttp's TCP site, every connection through ``guard``'s ``Connection`` and every request a
    ``SecuredRequest``."""

    __slots__ = ("_host", "_port", "_guard")

    def __init__(self, runner: web.BaseRunner, host: str, port: int, guard: Guard) -> None:
        super().__init__(runner)
        self._host, self._port, self._guard = host, port, guard

    @property
    def name(self) -> str:
        return f"http://{'[' + self._host + ']' if ':' in self._host else self._host}:{self._port}"

    @property
    def port(self) -> int:
        sockets = getattr(self._server, "sockets", None) or []
        return int(sockets[0].getsockname()[1]) if sockets else self._port

    async def start(self) -> None:
        await super().start()
        server = self._runner.server
        assert server is not None
        self._guard.secure_requests(server)
        self._guard.fit()
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(self._guard.factory(server), self._host, self._port,
                                                backlog=128, reuse_address=True)
