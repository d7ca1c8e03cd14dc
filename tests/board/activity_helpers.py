"""Helpers of the Activity tests (issue 39): the fake Discord's OAuth2 side and a board serving the Activity,
in one event loop (``Signin``), or in a thread of their own for the browser (``start_in_thread``)."""

from __future__ import annotations

import asyncio
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "discord"))

from fake_discord import TOKEN, FakeDiscord  # noqa: E402

from bot.board import activity as discord_activity  # noqa: E402
from bot.board import ordering  # noqa: E402
from bot.board.server import BoardServer, Limits  # noqa: E402
from engine.service import GameService, Seat  # noqa: E402


def fake_members(fake: FakeDiscord) -> discord_activity.Members:
    """The member check as the bot's (``bot_members``) asks it: the fake's guild member route, bot token."""

    async def member(guild_id: str, user_id: str) -> bool:
        async with aiohttp.ClientSession() as http, http.get(
                f"{fake.api_base}/guilds/{guild_id}/members/{user_id}",
                headers={"Authorization": f"Bot {TOKEN}"}) as r:
            if r.status == 404:
                return False
            if r.status != 200:
                raise discord_activity.DiscordUnavailable("no answer")
            return True

    return member


def discord_game(service: GameService, fake: FakeDiscord, channel: dict[str, Any] | None = None) -> int:
    """A Peiper game in the fake's #games: alice holds 'us', bob 'ge'; carol (the GM) holds no seat."""
    seats = {"us": Seat(kind="human", user_id=fake.alice["id"], user_name="alice"),
             "ge": Seat(kind="human", user_id=fake.bob["id"], user_name="bob")}
    return service.create_game("peiper", "contest", seed=3, seats=seats, guild_id=fake.guild_id,
                               channel_id=(channel or fake.channel)["id"]).id


def host_desk(server: BoardServer) -> ordering.Desk:
    """The host's flow for a board order, as the bot's: the order applied (the bot would post it)."""

    async def desk(order: ordering.BoardOrder) -> Any:
        return await server._call(ordering.apply, server.service, order)

    return desk


@dataclass
class Signin:
    """A fake Discord and a board serving the Activity, in this event loop."""

    fake: FakeDiscord
    server: BoardServer
    base: str
    client_id: str
    secret: str
    http: aiohttp.ClientSession = field(default_factory=aiohttp.ClientSession)

    @classmethod
    async def start(cls, service: GameService, session_minutes: float = 20.0, limits: Limits | None = None) -> Signin:
        fake = FakeDiscord()
        await fake.start()
        client_id, secret = fake.oauth.app()
        server = BoardServer(service, "", limits or Limits(burst=400, per_second=100, streams_per_address=200))
        activity = discord_activity.Activity(client_id, secret, fake.api_base, session_minutes, fake_members(fake))
        discord_activity.attach(server, activity)
        server.desk = host_desk(server)
        port = await server.start("127.0.0.1", 0)
        server.base_url = f"http://127.0.0.1:{port}"
        return cls(fake, server, server.base_url, client_id, secret)

    async def stop(self) -> None:
        await self.http.close()
        await self.server.stop()
        await self.fake.stop()

    @property
    def origin(self) -> str:
        return f"https://{self.client_id}.discordsays.com"

    async def sign_in(self, body: dict[str, Any], origin: str | None = None,
                      content_type: str = "application/json") -> tuple[int, dict[str, Any]]:
        import json

        headers = {"Origin": origin or self.origin, "Content-Type": content_type}
        async with self.http.post(self.base + "/activity/session", data=json.dumps(body), headers=headers) as r:
            text = await r.text()
            return r.status, json.loads(text) if r.content_type == "application/json" else {"text": text}

    async def code_sign_in(self, user: dict[str, Any], channel: dict[str, Any] | None = None
                           ) -> tuple[int, dict[str, Any]]:
        channel = channel or self.fake.channel
        return await self.sign_in({"code": self.fake.oauth.code_for(user), "channel_id": channel["id"],
                                   "guild_id": channel.get("guild_id")})

    async def get(self, path: str) -> tuple[int, bytes]:
        async with self.http.get(f"{self.base}/{path.lstrip('/')}") as r:
            return r.status, await r.read()

    async def post(self, path: str, body: dict[str, Any], token: str) -> tuple[int, dict[str, Any]]:
        import json

        headers = {"Origin": self.origin, "Content-Type": "application/json", "X-Umpire-Token": token}
        async with self.http.post(f"{self.base}/{path.lstrip('/')}", data=json.dumps(body), headers=headers) as r:
            return r.status, await r.json(content_type=None)


@dataclass
class Threaded:
    """``Signin`` on a thread of its own (for Playwright's sync API)."""

    signin: Signin
    loop: asyncio.AbstractEventLoop
    thread: threading.Thread

    def run(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(30)

    def stop(self) -> None:
        self.run(self.signin.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def start_in_thread(service: GameService) -> Threaded:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="umpire-activity-test", daemon=True)
    thread.start()
    signin = asyncio.run_coroutine_threadsafe(Signin.start(service), loop).result(30)
    return Threaded(signin, loop, thread)
