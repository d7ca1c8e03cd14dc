"""The board as a Discord Activity (issue 39): the board's own page inside the Discord client, signed in.

Discord's proxy serves the Activity at ``https://<client id>.discordsays.com`` from the URL mapping the
operator sets (docs/discord.md): its root is this board's root. Routes (off, 404, without the settings):

- ``/``: the sign-in page (``static/activity.html`` + ``static/activity.js`` + the SDK bundled in
  ``static/vendor/``): it asks the client for an authorization code and posts it to ``activity/session``;
- ``/activity/config``: the application's client id (public: the SDK needs it);
- POST ``/activity/session``: ``{code, channel_id, guild_id}`` (or ``{ticket, channel_id, game}`` once a
  channel of several games had the player choose): the code exchanged with Discord for the user
  (``activity_auth``), the channel's game found, the user's side in it (the spectators' view when they hold
  none), and the answer ``{path}`` of the board page for that session: ``a/<game>/<side>/<session>/``;
- ``/a/<game>/<side>/<session>/...``: the board's own routes and page (``BoardServer``), the session in
  the place of a link's token (``session_viewer``); an order or undo re-checks the user's rights first.

Rights are those of a typed command: a side's page is its seated player's alone (re-checked at each
order: still seated, still a member of the game's server, asked of Discord then); a game of a server is
shown only to that server's members, a DM game only to its players.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Awaitable, Callable
from functools import cache
from importlib import resources
from typing import Any

from aiohttp import web

from engine.errors import Forbidden, NotFound, UmpireError
from engine.service import GameService
from engine.service.board_links import SPECTATOR
from engine.service.flow import held_sides

from .activity_auth import Discord, DiscordUnavailable, Seat, Sessions
from .proxy import address_key

log = logging.getLogger("umpire.board.activity")

Members = Callable[[str, str], Awaitable[bool]]  # (guild id, user id) -> a member now (DiscordUnavailable: unknown)
SNOWFLAKE = re.compile(r"[0-9]{1,20}")
MAX_BODY = 2048
MAX_CHOICES = 25
SIGN_IN_BURST, SIGN_IN_PER_SECOND = 6, 1 / 5  # sign-ins per address: a player opens the Activity, not a script
MEMBER_SECONDS = 10.0  # the member check's answer from Discord, at most (as the sign-in's own calls)
STATIC_VENDOR = {"discord-sdk.mjs": "text/javascript"}


class Activity:
    """The Activity's settings and its parts: Discord's sign-in, the sessions, the member check."""

    def __init__(self, client_id: str, client_secret: str, api: str, session_minutes: float,
                 members: Members) -> None:
        self.client_id = client_id
        self.discord = Discord(api, client_id, client_secret)
        self.sessions = Sessions(client_secret, session_minutes * 60)
        self.tickets = Sessions(client_secret, 10 * 60, "tickets")  # a choice among a channel's games
        self.members = members

    def __repr__(self) -> str:
        return f"Activity(client_id={self.client_id!r})"

    @property
    def origin(self) -> str:
        """Where Discord serves the Activity from (a page's Origin when it posts)."""
        return f"https://{self.client_id}.discordsays.com"

    async def close(self) -> None:
        await self.discord.close()


def from_settings(settings: Any, members: Members) -> Activity | None:
    """The Activity when both its client id and secret are set; None (off) otherwise."""
    client_id = str(getattr(settings, "umpire_activity_client_id", "") or "")
    secret = getattr(settings, "umpire_activity_client_secret", None)
    secret_text = secret.get_secret_value().strip() if secret is not None else ""
    if not client_id or not secret_text:
        return None
    return Activity(client_id, secret_text, settings.umpire_activity_api, settings.umpire_activity_session_minutes,
                    members)


def attach(server: Any, activity: Activity | None) -> None:
    """The board serves the Activity (None: not): its page's posts come from Discord's proxy origin."""
    server.activity = activity
    if activity is not None:
        server.origins.add(activity.origin)


def bot_members(bot: Any, timeout: float = MEMBER_SECONDS) -> Members:
    """The member check of a running bot: Discord's ``GET /guilds/{guild}/members/{user}`` (never a cache:
    a member who left is known at once), within ``timeout`` (discord.py would sleep through a long 429)."""
    import discord

    async def member(guild_id: str, user_id: str) -> bool:
        try:
            await asyncio.wait_for(bot.http.get_member(int(guild_id), int(user_id)), timeout)
        except discord.NotFound:
            return False
        except (discord.HTTPException, OSError, TimeoutError):
            raise DiscordUnavailable("Discord could not say whether you are a member of the game's server: "
                                     "try again") from None
        return True

    return member


def install(app: web.Application, server: Any) -> None:
    """The Activity's routes on the board's app (answering 404 while ``server.activity`` is None)."""
    server.game_routes(app, "/a/{game:[0-9]{1,19}}/{viewer:[a-z][a-z0-9_]{0,15}}/{token:[A-Za-z0-9_.-]{8,250}}")
    pages = Pages(server)
    app.router.add_get("/", pages.page)
    app.router.add_get("/activity/config", pages.config)
    app.router.add_post("/activity/session", pages.session)
    app.router.add_get("/static/vendor/{name}", pages.vendor)


def _on(server: Any) -> Activity:
    activity = getattr(server, "activity", None)
    if activity is None:
        raise NotFound("no Activity here")
    return activity  # type: ignore[no-any-return]


async def session_viewer(server: Any, request: web.Request) -> tuple[int, str]:
    """A board route under ``/a/``: the session in the token's place, for this game and side; an order
    (POST) re-checks the user's rights as a typed command would."""
    activity = getattr(server, "activity", None)
    if activity is None:
        raise Forbidden("This board has no Activity: open its link instead")
    game_id, viewer = int(request.match_info["game"]), request.match_info["viewer"]
    seat = _session(server, request)
    if not isinstance(seat, Seat):
        raise seat or Forbidden("This page's sign-in is not valid: open the Activity again")
    if request.method == "POST":
        info = await server._call(server.service.info, game_id)
        if viewer == SPECTATOR or viewer not in held_sides(info, seat.user_id):
            raise Forbidden(f"You no longer hold the {viewer} side of game #{game_id}: open the Activity again")
        if info.guild_id is not None and not await activity.members(info.guild_id, seat.user_id):
            raise Forbidden(f"You are no longer a member of game #{game_id}'s server")
    return game_id, viewer


def session_visitor(server: Any, request: web.Request) -> str | None:
    """Whom an Activity page's request counts against: its signed-in user, not its address. Discord's
    proxy hides the users' addresses (its requests come from a few shared ones), so per-address rates
    and live-page caps would put every player of a community in one bucket. A request under ``/a/``
    whose session checks out counts as ``u:<user id>``; anything else (no Activity, a bad or expired
    session, a link's page) None: its address, as before."""
    seat = _session(server, request)
    return "u:" + seat.user_id if isinstance(seat, Seat) else None


def session_end(server: Any, request: web.Request) -> float | None:
    """When the session of an Activity's page ends (its live stream closes then); None for a link's page."""
    seat = _session(server, request)
    return float(seat.until) if isinstance(seat, Seat) else None


# a request's session, checked once (the middleware, the route and the stream ask)
CHECKED: web.RequestKey[Seat | Forbidden] = web.RequestKey("umpire.session", object)


def _session(server: Any, request: web.Request) -> Seat | Forbidden | None:
    """The seat of an Activity page's session, or why it is refused; None off the Activity's routes.
    Checked once a request and kept on it."""
    activity = getattr(server, "activity", None)
    if activity is None or not request.path.startswith("/a/"):
        return None
    if CHECKED not in request:
        try:
            game_id, viewer = int(request.match_info["game"]), request.match_info["viewer"]
            request[CHECKED] = activity.sessions.check(request.match_info["token"], game_id, viewer)
        except Forbidden as exc:
            request[CHECKED] = exc
        except (KeyError, ValueError):
            request[CHECKED] = Forbidden("This page's sign-in is not valid: open the Activity again")
    return request[CHECKED]


class Pages:
    """The sign-in page and its two routes."""

    def __init__(self, server: Any) -> None:
        self.server = server

    async def page(self, request: web.Request) -> web.StreamResponse:
        _on(self.server)
        return web.Response(body=_static("activity.html"), content_type="text/html", charset="utf-8")

    async def vendor(self, request: web.Request) -> web.StreamResponse:
        _on(self.server)
        name = request.match_info["name"]
        if name not in STATIC_VENDOR:
            raise NotFound("no such file")
        return web.Response(body=_static("vendor/" + name), content_type=STATIC_VENDOR[name], charset="utf-8",
                            headers={"Cache-Control": "public, max-age=3600"})

    async def config(self, request: web.Request) -> web.StreamResponse:
        return web.json_response({"client_id": _on(self.server).client_id})

    async def session(self, request: web.Request) -> web.StreamResponse:
        """Sign in: who the user is (a code, or the ticket of a choice), which game, which side."""
        activity = _on(self.server)
        try:
            self._not_forged(request, activity)
            if not self.server.buckets.take(f"s:{address_key(request.remote or '?')}", SIGN_IN_BURST, SIGN_IN_PER_SECOND):
                return _answer(429, {"reason": "Too many sign-ins from here: wait a moment"}, {"Retry-After": "5"})
            body = _body(await self.server.guard.read_body(request, MAX_BODY))  # whole, within the deadline
            channel_id, guild_id = _snowflake(body, "channel_id"), _snowflake(body, "guild_id", optional=True)
            if "code" in body:
                user_id = (await activity.discord.user_of(str(body["code"]))).user_id
                chosen = None
            else:
                ticket, chosen = body.get("ticket"), body.get("game")
                if not isinstance(ticket, str) or not isinstance(chosen, int) or isinstance(chosen, bool):
                    raise UmpireError("A sign-in sends a code, or a ticket and the game chosen")
                user_id = activity.tickets.check(ticket, int(channel_id), "pick").user_id
            return await self._seat(activity, user_id, channel_id, guild_id, chosen)
        except DiscordUnavailable as exc:
            return _answer(503, {"reason": exc.message}, {"Retry-After": "5"})
        except Forbidden as exc:
            return _answer(403, {"reason": exc.message})
        except NotFound as exc:
            return _answer(404, {"reason": exc.message})
        except UmpireError as exc:
            return _answer(400, {"reason": exc.message})

    async def _seat(self, activity: Activity, user_id: str, channel_id: str, guild_id: str | None,
                    chosen: int | None) -> web.StreamResponse:
        service: GameService = self.server.service
        games = await self.server._call(lambda: service.list_games(channel_id=channel_id))
        if not games:
            raise NotFound("No game is played in this channel or thread: start one with /game new")
        if chosen is not None:
            games = [g for g in games if g.id == chosen]
            if not games:
                raise NotFound(f"No game #{chosen} in this channel or thread")
        # Who may see them, before anything of them is shown (a choice lists titles and players' names): a
        # server's games its members, where the Activity was opened; a direct-message game its players and owner
        for guild in dict.fromkeys(g.guild_id for g in games if g.guild_id is not None):  # one: the channel's
            first = next(g for g in games if g.guild_id == guild)
            if guild_id != guild:
                raise Forbidden("This Activity was opened outside the game's server")
            if not await activity.members(guild, user_id):
                raise Forbidden(f"You are not a member of game #{first.id}'s server")
        shown = [g for g in games if g.guild_id is not None or held_sides(g, user_id) or g.owner_id == user_id]
        if not shown:
            raise Forbidden(f"Game #{games[0].id} is a direct-message game: only its players see its board")
        if len(shown) > 1:
            newest = sorted(shown, key=lambda g: (g.status != "active", -g.id))[:MAX_CHOICES]
            return _answer(200, {"ok": True, "ticket": activity.tickets.make(user_id, int(channel_id), "pick"),
                                 "choose": [_choice(g, user_id) for g in newest]})
        info = shown[0]
        sides = held_sides(info, user_id)
        viewer = info.to_act if info.to_act in sides else (sides[0] if sides else SPECTATOR)
        session = activity.sessions.make(user_id, info.id, viewer)
        return _answer(200, {"ok": True, "game": info.id, "viewer": viewer, "path": f"a/{info.id}/{viewer}/{session}/",
                             "seconds": activity.sessions.seconds})

    def _not_forged(self, request: web.Request, activity: Activity) -> None:
        """Posted by the page itself: JSON (another site cannot send it without a preflight this server
        never answers) from the board's own origin or the Activity's."""
        origin = request.headers.get("Origin", "")
        scheme, _, rest = str(self.server.base_url).partition("://")
        allowed = {f"{request.scheme}://{request.host}", f"{scheme}://{rest.split('/', 1)[0]}", activity.origin}
        if not origin or origin not in allowed or request.headers.get("Sec-Fetch-Site") == "cross-site":
            raise Forbidden("A sign-in comes from the Activity's own page (its Origin was not the board's)")
        if request.content_type != "application/json":
            raise Forbidden("A sign-in is sent as application/json")


def _choice(info: Any, user_id: str) -> dict[str, Any]:
    """One game of the channel, as the page lists it: its number, its title, who plays, whether yours."""
    players = " vs ".join(f"{side}: {seat.user_name or seat.kind}"[:40] for side, seat in list(info.seats.items())[:6])
    return {"game": info.id, "title": str(info.title or info.game)[:60], "status": str(info.status)[:20],
            "players": players[:200], "yours": bool(held_sides(info, user_id))}


def _body(raw: bytes) -> dict[str, Any]:
    if len(raw) > MAX_BODY:
        raise UmpireError(f"A sign-in is at most {MAX_BODY} bytes")
    try:
        body = json.loads(raw)
    except ValueError:
        raise UmpireError("A sign-in is a JSON object") from None
    if not isinstance(body, dict):
        raise UmpireError("A sign-in is a JSON object")
    return body


def _snowflake(body: dict[str, Any], key: str, *, optional: bool = False) -> Any:
    value = body.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or not SNOWFLAKE.fullmatch(value):
        raise UmpireError(f"{key} is a Discord id (digits)")
    return value


def _answer(status: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> web.Response:
    if status != 200:
        payload = {"ok": False, "reason": str(payload.get("reason", ""))[:300]}
    return web.json_response(payload, status=status, headers=headers)


@cache
def _static(name: str) -> bytes:
    """A file of the page (a fixed list: activity.html and the vendored SDK), read once."""
    return resources.files("bot.board").joinpath("static", name).read_bytes()
