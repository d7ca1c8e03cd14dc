"""The board's order routes (issue 37), a part of ``BoardServer``: a unit's priced orders, and a side's order
or undo by POST.

A POST is checked in this order, each refusal JSON naming its reason (and rule), the game unchanged:
the forgery checks (403: ``X-Umpire-Token`` the path's own token, an ``Origin`` of the board's own; 415:
not JSON) and the token's order rate (429), which read nothing (an Activity's session asks Discord at the
next check), the link (403: wrong, tampered, revoked; an Activity's user no longer seated or a member),
the spectators' link (403: no orders), the body (400, at most ``ordering.MAX_BODY`` bytes), the seat (403), a nonce already used
(answered from its entry, ``repeated``), the version (409 ``stale``: the page redraws), the listing (400),
then the host's desk (``BoardServer.desk``: the bot, the table; else ``_plain_desk``), whose refusals are
the flow's own (409 for a turn that is not the side's or a game over, 403, 400).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

from aiohttp import web

from engine.errors import Forbidden, GameOver, NotFound, NotYourTurn, StaleVersion, UmpireError
from engine.service import GameInfo
from engine.service import flow as play_flow
from engine.service.board_links import SPECTATOR
from engine.service.flow import Flow

from . import data, ordering
from .ordering import BoardOrder, Desk

if TYPE_CHECKING:
    from engine.service import GameService

T = TypeVar("T")

log = logging.getLogger("umpire.board")


class OrderRoutes:
    """The order routes' handlers; ``BoardServer`` holds the state they use."""

    service: GameService
    limits: Any  # server.Limits
    buckets: Any  # server.Buckets
    base_url: str
    desk: Desk | None
    origins: set[str]
    game_locks: dict[int, asyncio.Lock]
    tasks: set[asyncio.Task[Any]]
    cache: OrderedDict[tuple[int, str, int], bytes]
    live: Any  # bot.board.live.Live: the open pages by game
    guard: Any  # bot.board.guard.Guard: the connections, and a POST's body read within their deadline

    async def _call(self, function: Callable[..., Any], *args: Any) -> Any:
        raise NotImplementedError

    async def _viewer(self, request: web.Request) -> tuple[int, str]:
        raise NotImplementedError

    def _keep(self, key: tuple[int, str, int], body: bytes) -> None:
        raise NotImplementedError

    @staticmethod
    def _text(status: int, text: str, headers: dict[str, str] | None = None) -> web.Response:
        raise NotImplementedError

    # --- a unit's orders -----------------------------------------------------------------------------
    async def unit_orders(self, request: web.Request) -> web.StreamResponse:
        """One unit's orders on the side's page, each priced (engine.odds) within a budget: kept per version."""
        game_id, viewer = await self._viewer(request)
        if viewer == SPECTATOR:
            raise NotFound("the spectators' board lists no orders")
        version, unit = int(request.match_info["version"]), request.query.get("unit", "")
        if not 1 <= len(unit) <= ordering.MAX_UNIT_NAME:
            raise UmpireError(f"Name one unit (at most {ordering.MAX_UNIT_NAME} characters)")
        key = (game_id, f"unit:{viewer}:{unit}", version)
        body = self.cache.get(key)
        if body is None:
            if not self.buckets.take(f"u:{request.match_info['token']}", 6, 1 / self.limits.unit_seconds):
                return self._text(429, "One unit's orders at a time: wait a moment.", {"Retry-After": "1"})

            def work() -> dict[str, Any]:
                hexes = data.map_hexes(self.service.view(game_id, viewer))
                return ordering.unit_orders(self.service, game_id, viewer, version, unit, hexes, ordering.short_odds)

            found = await self._call(work)
            body = json.dumps(found, separators=(",", ":")).encode()
            if found["unit"]:  # a made-up name is answered, never kept: it would push out other pages' answers
                self._keep(key, body)
        return web.Response(body=body, content_type="application/json")

    # --- orders from a side's page -------------------------------------------------------------------
    async def give(self, request: web.Request) -> web.StreamResponse:
        return await self._order(request, undo=False)

    async def take_back(self, request: web.Request) -> web.StreamResponse:
        return await self._order(request, undo=True)

    async def _order(self, request: web.Request, *, undo: bool) -> web.StreamResponse:
        """A side's order (or undo) by POST: the checks above, then the host's flow."""
        try:
            # What costs nothing comes first: an Activity's link is checked with Discord at every order
            self._not_forged(request)
            if not self.buckets.take(f"p:{request.match_info['token']}", self.limits.order_burst,
                                     self.limits.order_per_second):
                return _refusal(429, "Orders come faster than a player clicks: wait a moment",
                                headers={"Retry-After": "2"})
            game_id, viewer = await self._viewer(request)
            if viewer == SPECTATOR:
                raise Forbidden("The spectators' board gives no orders")
            if (request.content_length or 0) > ordering.MAX_BODY:
                raise UmpireError(f"An order's body is at most {ordering.MAX_BODY} bytes")
            raw = await self.guard.read_body(request, ordering.MAX_BODY)  # whole, within the deadline
            version, index, nonce = ordering.parse_body(raw, undo=undo)
            order = await self._call(ordering.board_order, self.service, game_id, viewer, version, index, nonce)
            first = None if order.done is not None else await (self.desk or self._plain_desk)(order)
            info = first.info if first is not None else await self._call(self.service.info, game_id)
        except StaleVersion as exc:
            return _refusal(409, exc.message, exc.rule, stale=True)
        except Forbidden as exc:
            return _refusal(403, exc.message, exc.rule)
        except NotFound as exc:
            return _refusal(404, exc.message, exc.rule)
        except (NotYourTurn, GameOver) as exc:
            return _refusal(409, exc.message, exc.rule)
        except UnsupportedMedia as exc:
            return _refusal(415, exc.message)
        except Unavailable as exc:
            return _refusal(503, exc.message, headers={"Retry-After": "30"})
        except UmpireError as exc:
            return _refusal(400, exc.message, exc.rule)
        self._nudge(game_id)
        return web.json_response(ordering.answer(first, order, info))

    def _nudge(self, game_id: int) -> None:
        """The game's open pages read the new version now, not at the next poll."""
        self.live.wake(game_id)

    def _not_forged(self, request: web.Request) -> None:
        """A POST from the page itself: its own token in a header (no other site can set one without a
        preflight this server never answers) and an Origin of the board's own (or a listed one)."""
        sent = request.headers.get("X-Umpire-Token", "")  # a link's token (32) or an Activity's session (<= 250)
        if not hmac.compare_digest(sent.encode()[:256], request.match_info["token"].encode()):
            raise Forbidden("An order comes from the side's own page (its token in X-Umpire-Token)")
        origin = request.headers.get("Origin", "")
        allowed = {f"{request.scheme}://{request.host}", _origin(self.base_url)} | self.origins
        if not origin or origin not in allowed or request.headers.get("Sec-Fetch-Site") == "cross-site":
            raise Forbidden("An order comes from the board's own page (its Origin was not the board's)")
        if request.content_type != "application/json":
            raise UnsupportedMedia("An order is sent as application/json")

    # --- a board with no host of its own ------------------------------------------------------------
    async def _plain_desk(self, order: BoardOrder) -> Flow:
        """A board with no host of its own (``umpire board``): the order applied under the game's lock, the
        bots' replies after it. A game played on Discord is given its orders where the bot runs, whose
        thread hears of them."""
        info: GameInfo = await self._call(self.service.info, order.game_id)
        if info.channel_id is not None:
            raise Forbidden(f"Game #{order.game_id} is played on Discord: its orders are given from the bot's board")
        lock = self.game_locks.setdefault(order.game_id, asyncio.Lock())

        async def applied() -> Flow:
            async with lock:
                first: Flow = await self._call(ordering.apply, self.service, order)
            if not first.repeated:
                self._spawn(self._carry_on(lock, first))
            return first

        # a task of its own: a page that goes away (its handler cancelled) leaves an order taken and carried on
        return await asyncio.shield(self._track(applied()))

    async def _carry_on(self, lock: asyncio.Lock, first: Flow) -> None:
        async with lock:
            await self._call(play_flow.carry_on, self.service, first)
        self._nudge(first.game_id)

    def _spawn(self, work: Awaitable[None]) -> None:
        """What follows an order (the bots' replies), after the page's answer: logged if it fails."""
        async def run() -> None:
            try:
                await work
            except Exception:  # noqa: BLE001 - the order stands; what follows it is logged
                log.exception("what follows a board order failed")

        self._track(run())

    def _track(self, work: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """A task the board's stop waits for (``tasks``)."""
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task


class UnsupportedMedia(UmpireError):
    """A POST whose body is not declared JSON (415)."""


class Unavailable(UmpireError):
    """The host is stopping: the order is not taken (503; the page may give it again)."""


def _refusal(status: int, reason: str, rule: str = "", *, stale: bool = False,
             headers: dict[str, str] | None = None) -> web.Response:
    return web.json_response({"ok": False, "reason": reason[:300], "rule": rule[:80], "stale": stale},
                             status=status, headers=headers)


def _origin(url: str) -> str:
    """The origin of a URL ('https://board.example.org' of 'https://board.example.org/umpire')."""
    scheme, sep, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}" if sep else ""
