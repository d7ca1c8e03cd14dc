"""The orders' and the sign-in's defence against other sites rests on one fact (issue 37, 39): a request
carrying ``X-Umpire-Token`` or a JSON body from another origin needs a CORS preflight, and the board answers
none. Pinned here, since adding a CORS answer anywhere would open every side's orders to any site the
player visits."""

from __future__ import annotations

from activity_helpers import Signin, discord_game

from engine.service import GameService


async def test_no_preflight_is_ever_answered_and_no_answer_allows_another_origin(service: GameService,
                                                                                signin: Signin) -> None:
    game_id = discord_game(service, signin.fake)
    link = await signin.server._call(signin.server.link, game_id, "us")
    status, got = await signin.code_sign_in(signin.fake.alice)
    assert status == 200, got
    paths = [link.removeprefix(signin.base) + "order", link.removeprefix(signin.base) + "undo",
             "/" + got["path"] + "order", "/activity/session", link.removeprefix(signin.base) + "data"]
    evil = {"Origin": "https://evil.example", "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type,x-umpire-token"}
    for path in paths:
        async with signin.http.options(signin.base + path, headers=evil) as r:
            assert r.status >= 400, (path, r.status)
            assert not [h for h in r.headers if h.lower().startswith("access-control-")], (path, dict(r.headers))
        async with signin.http.get(signin.base + path, headers={"Origin": "https://evil.example"}) as r:
            assert not [h for h in r.headers if h.lower().startswith("access-control-")], (path, dict(r.headers))
