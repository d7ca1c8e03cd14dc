"""Activity pages count against their signed-in user, not their address (issue 39, found in review):
Discord's proxy hides the users' addresses, so every player of a community reaches the board from a few
shared ones. With per-address caps, one player holding the live pages (or spending the rate) allowed from
an address would have shut out every other player of the Activity; a page with a bad session still counts
against its address."""

from __future__ import annotations

import asyncio

import aiohttp
from activity_helpers import Signin, discord_game

from bot.board.server import Limits
from engine.service import GameService


async def _stream(http: aiohttp.ClientSession, url: str) -> aiohttp.ClientResponse:
    return await asyncio.wait_for(http.get(url), 10)


async def test_live_pages_through_the_activity_count_per_user_not_per_address(service: GameService) -> None:
    signin = await Signin.start(service, limits=Limits(burst=400, per_second=100, streams_per_address=2))
    held: list[aiohttp.ClientResponse] = []
    try:
        game_id = discord_game(service, signin.fake)
        paths = {}
        for user in (signin.fake.alice, signin.fake.carol):  # the US player and a spectator, one address
            status, got = await signin.code_sign_in(user)
            assert status == 200 and got["game"] == game_id, got
            paths[user["id"]] = got["path"]
        alice, carol = (f"{signin.base}/{paths[u['id']]}events" for u in (signin.fake.alice, signin.fake.carol))
        for _ in range(2):  # alice holds every live page an address may hold
            held.append(await _stream(signin.http, alice))
            assert held[-1].status == 200
        third = await _stream(signin.http, alice)
        assert third.status == 429  # her own third is refused ...
        third.release()
        other = await _stream(signin.http, carol)
        held.append(other)
        assert other.status == 200  # ... but the other player of the Activity, behind the same address, is served
        forged = paths[signin.fake.carol["id"]].rsplit("/", 2)[0] + "/not-a-session.xyz/events"
        bad = await _stream(signin.http, f"{signin.base}/{forged}")
        assert bad.status == 403  # a bad session counts as its address, and is refused
        bad.release()
    finally:
        for r in held:
            r.release()
            r.close()
        await signin.stop()


async def test_an_activity_players_rate_is_their_own(service: GameService) -> None:
    signin = await Signin.start(service, limits=Limits(burst=60, per_second=0.01, streams_per_address=20))
    try:
        game_id = discord_game(service, signin.fake)
        status, alice = await signin.code_sign_in(signin.fake.alice)
        assert status == 200 and alice["game"] == game_id
        status, carol = await signin.code_sign_in(signin.fake.carol)
        assert status == 200
        spent = 0
        for _ in range(200):  # alice spends her whole burst
            status, _body = await signin.get(alice["path"] + "data")
            if status == 429:
                break
            spent += 1
        assert status == 429 and spent >= 1, spent
        status, _body = await signin.get(carol["path"] + "data")
        assert status == 200  # carol, signed in behind the same address, still reads her page
    finally:
        await signin.stop()
