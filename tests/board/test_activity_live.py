"""An Activity page's live stream (issue 38, 39): its session stands where a link's token does, so the
watch must judge it by the session (its expiry), not by the game's link secret, which a session never
matches: the page hears each move, and is closed when its session ends, not at the first move."""

from __future__ import annotations

import asyncio

import aiohttp
from activity_helpers import Signin, discord_game

from engine.service import GameService


async def next_event(response: aiohttp.ClientResponse, seconds: float = 20.0) -> str:
    """The name of the stream's next event ('' at its end)."""
    name = "message"

    async def read() -> str:
        nonlocal name
        async for raw in response.content:
            line = raw.rstrip(b"\n")
            if line.startswith(b"event: "):
                name = line[7:].decode()
            elif line.startswith(b"data: "):
                return name
        return ""

    return await asyncio.wait_for(read(), seconds)


async def test_an_activity_page_hears_each_move_and_is_not_closed_by_it(service: GameService, signin: Signin) -> None:
    game_id = discord_game(service, signin.fake)
    status, got = await signin.code_sign_in(signin.fake.alice)
    assert status == 200, got
    session = got["path"].rstrip("/").rsplit("/", 1)[1]
    async with signin.http.get(f"{signin.base}/{got['path']}events") as stream:
        assert stream.status == 200
        assert await next_event(stream) == "game"
        for nonce in ("live-move-01", "live-move-02"):
            answer = await signin.post(got["path"] + "order", {"version": service.info(game_id).version,
                                                               "index": 0, "nonce": nonce}, session)
            assert answer[0] == 200, answer
            assert await next_event(stream) == "game"  # the move, not 'closed'


async def test_an_activity_page_is_closed_when_its_session_ends(service: GameService, signin: Signin) -> None:
    game_id = discord_game(service, signin.fake)
    signin.server.activity.sessions.seconds = 4  # type: ignore[union-attr]
    signin.server.limits.heartbeat_seconds = 0.5
    status, got = await signin.code_sign_in(signin.fake.alice)
    assert status == 200, got
    session = got["path"].rstrip("/").rsplit("/", 1)[1]
    async with signin.http.get(f"{signin.base}/{got['path']}events") as stream:
        assert await next_event(stream) == "game"
        answer = await signin.post(got["path"] + "order", {"version": service.info(game_id).version,
                                                           "index": 0, "nonce": "before-end-1"}, session)
        assert answer[0] == 200, answer
        assert await next_event(stream) == "game"  # within the session: the move
        assert await next_event(stream, 15) == "closed"  # the session ended: no more of the game, though
        # nothing moved since (no watch's look would have told it)
        assert await next_event(stream, 5) == ""
