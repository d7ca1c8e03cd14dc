"""The Activity's sign-in reads a body from anyone on the internet (no link needed): it is read whole
(however it comes) and within the connection's deadline, never held open by a body that does not come
(issue 39, 43). Raw connections on the loopback against a board serving the Activity and the fake Discord."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator

import pytest
from activity_helpers import Signin, discord_game

from bot.board.guard import GuardLimits
from engine.service import GameService

DEADLINE = 2.0


@pytest.fixture
async def signin(service: GameService) -> AsyncIterator[Signin]:
    running = await Signin.start(service)
    running.server.guard.limits = GuardLimits(request_seconds=DEADLINE)
    yield running
    await running.stop()


def head(signin: Signin, length: int) -> bytes:
    host = signin.base.split("//")[1]
    return (f"POST /activity/session HTTP/1.1\r\nHost: {host}\r\nOrigin: {signin.origin}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n").encode()


async def status_line(reader: asyncio.StreamReader, seconds: float) -> str:
    return (await asyncio.wait_for(reader.readline(), seconds)).decode().strip()


async def test_a_sign_in_whose_body_never_comes_is_answered_408_by_the_deadline(signin: Signin) -> None:
    port = int(signin.base.rsplit(":", 1)[1])
    held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(3)]
    for _, writer in held:
        writer.write(head(signin, 300) + b'{"code": "')  # and no more, ever
        await writer.drain()
    started = time.monotonic()
    try:
        for reader, _ in held:
            assert (await status_line(reader, DEADLINE + 10)).startswith("HTTP/1.1 408")
        print(f"answered 408 after {time.monotonic() - started:.2f} s (deadline {DEADLINE} s)")
    finally:
        for _, writer in held:
            writer.close()
    assert signin.fake.oauth.seen == []


async def test_a_sign_in_body_in_pieces_is_read_whole(service: GameService, signin: Signin) -> None:
    discord_game(service, signin.fake)
    body = json.dumps({"code": signin.fake.oauth.code_for(signin.fake.alice), "channel_id": signin.fake.channel["id"],
                       "guild_id": signin.fake.guild_id}).encode()
    reader, writer = await asyncio.open_connection("127.0.0.1", int(signin.base.rsplit(":", 1)[1]))
    try:
        writer.write(head(signin, len(body)) + body[:12])
        await writer.drain()
        await asyncio.sleep(0.4)
        writer.write(body[12:])
        await writer.drain()
        assert (await status_line(reader, 20)).startswith("HTTP/1.1 200")
    finally:
        writer.close()


async def test_discords_answer_in_pieces_is_read_whole_and_a_long_one_refused() -> None:
    """Discord's token and user answers come chunked, in as many pieces as the network makes: a sign-in
    reads each whole (its first piece alone is not JSON), and one past 16 KiB is refused, not read on."""
    from aiohttp import web

    from bot.board.activity_auth import MAX_ANSWER, Discord, DiscordUnavailable

    pad = {"n": 0}

    async def piecewise(request: web.Request, payload: dict[str, object]) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "application/json"})
        await response.prepare(request)
        body = json.dumps({**payload, "pad": "x" * pad["n"]}).encode()
        size = max(7, len(body) // 8)
        for start in range(0, len(body), size):
            await response.write(body[start:start + size])
            await asyncio.sleep(0.01)
        await response.write_eof()
        return response

    async def token(request: web.Request) -> web.StreamResponse:
        return await piecewise(request, {"access_token": "tok-123", "token_type": "Bearer", "scope": "identify"})

    async def me(request: web.Request) -> web.StreamResponse:
        return await piecewise(request, {"id": "4242", "username": "alice"})

    app = web.Application()
    app.router.add_post("/oauth2/token", token)
    app.router.add_get("/users/@me", me)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    discord = Discord(f"http://127.0.0.1:{port}", "123", "secret")
    try:
        assert (await discord.user_of("code-one")).user_id == "4242"
        pad["n"] = MAX_ANSWER
        with pytest.raises(DiscordUnavailable, match="too long"):
            await discord.user_of("code-two")
    finally:
        await discord.close()
        await runner.cleanup()
