"""The board's Discord Activity (issue 39): the OAuth2 exchange against the fake Discord, the session it
gives, and the attacks: a code for another application, a replayed code, a session used for another game
or side, an expired or tampered one, a user who left the server, a forged origin."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from activity_helpers import Signin, discord_game

from bot.board.activity_auth import Sessions
from engine.errors import Forbidden
from engine.service import GameService


@pytest.fixture
async def signin(service: GameService) -> AsyncIterator[Signin]:
    running = await Signin.start(service)
    yield running
    await running.stop()


def _order(service: GameService, game_id: int, nonce: str = "nonce-0001") -> dict[str, Any]:
    return {"version": service.info(game_id).version, "index": 0, "nonce": nonce}


async def test_a_seated_player_gets_their_own_side_and_can_give_an_order(service: GameService,
                                                                        signin: Signin) -> None:
    game_id = discord_game(service, signin.fake)
    status, got = await signin.code_sign_in(signin.fake.alice)
    assert status == 200, got
    assert (got["game"], got["viewer"]) == (game_id, "us")
    assert got["path"].startswith(f"a/{game_id}/us/")
    page_status, page = await signin.get(got["path"])
    assert page_status == 200 and b"board.js" in page
    status, data = await signin.get(got["path"] + "data")
    assert status == 200 and b'"viewer":"us"' in data.replace(b" ", b"")
    session = got["path"].split("/")[3]
    before = service.info(game_id).version
    status, answer = await signin.post(got["path"] + "order", _order(service, game_id), session)
    assert status == 200 and answer["ok"], answer
    assert service.info(game_id).version > before
    # the exchange sent the application's id and secret, a code grant (the fake kept no secret)
    assert signin.fake.oauth.seen[-1] == {"client_id": signin.client_id, "grant_type": "authorization_code",
                                          "secret_sent": "True"}


async def test_a_user_without_a_seat_gets_the_spectators_view_and_no_orders(service: GameService,
                                                                           signin: Signin) -> None:
    game_id = discord_game(service, signin.fake)
    status, got = await signin.code_sign_in(signin.fake.carol)
    assert status == 200, got
    assert (got["game"], got["viewer"]) == (game_id, "spectator")
    session = got["path"].split("/")[3]
    status, answer = await signin.post(got["path"] + "order", _order(service, game_id), session)
    assert status == 403 and not answer["ok"]
    assert service.info(game_id).version == 0


async def test_a_code_for_another_application_is_refused(service: GameService, signin: Signin) -> None:
    discord_game(service, signin.fake)
    other_id, _ = signin.fake.oauth.other_app()
    code = signin.fake.oauth.code_for(signin.fake.alice, client_id=other_id)
    status, got = await signin.sign_in({"code": code, "channel_id": signin.fake.channel["id"],
                                        "guild_id": signin.fake.guild_id})
    assert status == 403 and "Discord refused the sign-in" in got["reason"]
    assert "path" not in got


async def test_a_replayed_code_is_refused_here_and_by_discord(service: GameService, signin: Signin) -> None:
    discord_game(service, signin.fake)
    body = {"code": signin.fake.oauth.code_for(signin.fake.alice), "channel_id": signin.fake.channel["id"],
            "guild_id": signin.fake.guild_id}
    assert (await signin.sign_in(body))[0] == 200
    status, got = await signin.sign_in(body)
    assert status == 403 and "used already" in got["reason"]
    asked = len(signin.fake.oauth.seen)
    assert asked == 1  # refused before Discord was asked again
    signin.server.activity.discord.used.clear()  # type: ignore[union-attr]  # a board that forgot (restarted)
    status, got = await signin.sign_in(body)
    assert status == 403 and "Discord refused" in got["reason"]


async def test_a_session_is_for_its_own_game_and_side_only(service: GameService, signin: Signin) -> None:
    game_id = discord_game(service, signin.fake)
    other_id = discord_game(service, signin.fake, signin.fake.add_channel("more-games"))
    _, got = await signin.code_sign_in(signin.fake.alice)
    session = got["path"].split("/")[3]
    for path in (f"a/{game_id}/ge/{session}/data", f"a/{other_id}/us/{session}/data",
                 f"a/{other_id}/us/{session}/", f"b/{game_id}/us/{session[:64]}/data"):
        status, body = await signin.get(path)
        assert status in (403, 404), (path, status)
        assert b'"units"' not in body
    status, answer = await signin.post(f"a/{game_id}/ge/{session}/order", _order(service, game_id), session)
    assert status == 403 and "another game or side" in answer["reason"]
    assert service.info(game_id).version == 0


async def test_an_expired_or_tampered_session_is_refused(service: GameService, signin: Signin) -> None:
    game_id = discord_game(service, signin.fake)
    sessions: Sessions = signin.server.activity.sessions  # type: ignore[union-attr]
    old = sessions.make(signin.fake.alice["id"], game_id, "us", now=time.time() - sessions.seconds - 5)
    status, body = await signin.get(f"a/{game_id}/us/{old}/data")
    assert status == 403 and b"expired" in body
    with pytest.raises(Forbidden, match="expired"):
        sessions.check(old, game_id, "us")
    good = sessions.make(signin.fake.alice["id"], game_id, "us")
    body_part, mac = good.split(".")
    forged = sessions.make(signin.fake.bob["id"], game_id, "us").split(".")[0] + "." + mac
    far = Sessions("another secret", 20 * 60).make(signin.fake.alice["id"], game_id, "us")
    for bad in (forged, far, body_part + "." + "A" * 43, "x" * 300):
        status, _ = await signin.get(f"a/{game_id}/us/{bad}/data")
        assert status in (403, 404), bad
    assert (await signin.get(f"a/{game_id}/us/{good}/data"))[0] == 200


async def test_a_user_who_left_the_server_is_refused_at_sign_in_and_at_the_next_order(
        service: GameService, signin: Signin) -> None:
    game_id = discord_game(service, signin.fake)
    _, got = await signin.code_sign_in(signin.fake.alice)
    session = got["path"].split("/")[3]
    signin.fake.oauth.leave(signin.fake.alice)
    status, answer = await signin.post(got["path"] + "order", _order(service, game_id), session)
    assert status == 403 and "no longer a member" in answer["reason"]
    assert service.info(game_id).version == 0
    status, got = await signin.code_sign_in(signin.fake.alice)
    assert status == 403 and "not a member" in got["reason"]


async def test_a_player_unseated_since_signing_in_gives_no_order(service: GameService, signin: Signin) -> None:
    from engine.service import Seat

    game_id = discord_game(service, signin.fake)
    _, got = await signin.code_sign_in(signin.fake.alice)
    session = got["path"].split("/")[3]
    service.set_seat(game_id, "us", Seat(kind="human", user_id=signin.fake.carol["id"], user_name="carol"),
                     "gm", "a test: another player takes the seat")
    status, answer = await signin.post(got["path"] + "order", _order(service, game_id), session)
    assert status == 403 and "no longer hold the us side" in answer["reason"]


async def test_a_channel_of_several_games_asks_which_and_its_ticket_stays_in_that_channel(
        service: GameService, signin: Signin) -> None:
    first = discord_game(service, signin.fake)
    second = discord_game(service, signin.fake)
    status, got = await signin.code_sign_in(signin.fake.bob)
    assert status == 200 and "path" not in got
    assert sorted(c["game"] for c in got["choose"]) == [first, second]
    channel = signin.fake.channel["id"]
    other = signin.fake.add_channel("elsewhere")["id"]
    status, refused = await signin.sign_in({"ticket": got["ticket"], "channel_id": other, "game": first})
    assert status == 403
    status, refused = await signin.sign_in({"ticket": got["ticket"], "channel_id": channel, "game": 999})
    assert status == 404
    status, _ = await signin.get(f"a/{channel}/pick/{got['ticket']}/data")  # a ticket is no session
    assert status == 403
    session = signin.server.activity.sessions.make(signin.fake.bob["id"], int(channel), "pick")  # type: ignore[union-attr]
    assert (await signin.sign_in({"ticket": session, "channel_id": channel, "game": second}))[0] == 403
    status, chosen = await signin.sign_in({"ticket": got["ticket"], "channel_id": channel, "game": second,
                                           "guild_id": signin.fake.guild_id})
    assert status == 200 and (chosen["game"], chosen["viewer"]) == (second, "ge")


@pytest.mark.parametrize("case", ["origin", "content_type", "long", "not_json", "no_channel", "bad_code", "nothing"])
async def test_hostile_sign_ins_are_refused_with_a_reason(service: GameService, signin: Signin, case: str) -> None:
    discord_game(service, signin.fake)
    body: dict[str, Any] = {"code": signin.fake.oauth.code_for(signin.fake.alice),
                            "channel_id": signin.fake.channel["id"], "guild_id": signin.fake.guild_id}
    origin, content_type = None, "application/json"
    if case == "origin":
        origin = "https://evil.example"
    elif case == "content_type":
        content_type = "text/plain"
    elif case == "long":
        body["pad"] = "x" * 5000
    elif case == "no_channel":
        body["channel_id"] = "../1"
    elif case == "bad_code":
        body["code"] = "<script>" * 40
    elif case == "nothing":
        body = {"channel_id": signin.fake.channel["id"]}
    if case == "not_json":
        async with signin.http.post(signin.base + "/activity/session", data=b"{nope",
                                    headers={"Origin": signin.origin, "Content-Type": "application/json"}) as r:
            status, got = r.status, await r.json(content_type=None)
    else:
        status, got = await signin.sign_in(body, origin, content_type)
    assert status in (400, 403), (case, status, got)
    assert got["ok"] is False and got["reason"] and "<script>" not in got["reason"]
    assert len(got["reason"]) <= 300
    assert signin.fake.oauth.seen == []  # nothing hostile reached Discord


async def test_a_slow_discord_is_a_clear_refusal_in_bounded_time(service: GameService, signin: Signin) -> None:
    discord_game(service, signin.fake)
    signin.server.activity.discord.timeout = aiohttp.ClientTimeout(total=0.5)  # type: ignore[union-attr]
    signin.fake.oauth.delay = 3.0
    started = time.monotonic()
    status, got = await signin.code_sign_in(signin.fake.alice)
    assert status == 503 and "could not be reached" in got["reason"]
    assert time.monotonic() - started < 3.0


async def test_the_secret_the_code_and_the_token_are_never_logged_or_shown(
        service: GameService, signin: Signin, caplog: pytest.LogCaptureFixture) -> None:
    discord_game(service, signin.fake)
    code = signin.fake.oauth.code_for(signin.fake.alice)
    with caplog.at_level(logging.DEBUG):
        status, got = await signin.sign_in({"code": code, "channel_id": signin.fake.channel["id"],
                                            "guild_id": signin.fake.guild_id})
        await signin.sign_in({"code": code, "channel_id": signin.fake.channel["id"]})  # a refusal too
    tokens = list(signin.fake.oauth.tokens)
    said = caplog.text + repr(signin.server.activity) + repr(signin.server.activity.discord) + str(got)  # type: ignore[union-attr]
    for secret in (signin.secret, code, *tokens):
        assert secret not in said


async def test_without_the_settings_the_activity_is_off_and_the_links_work(service: GameService) -> None:
    from activity_helpers import FakeDiscord

    from bot.board import activity as discord_activity
    from bot.settings import Settings

    assert discord_activity.from_settings(Settings(_env_file=None), lambda g, u: None) is None  # type: ignore[arg-type, return-value]
    assert discord_activity.from_settings(Settings(_env_file=None, umpire_activity_client_id="123"),
                                          lambda g, u: None) is None  # type: ignore[arg-type, return-value]
    running = await Signin.start(service)
    try:
        game_id = discord_game(service, running.fake)
        session = running.server.activity.sessions.make(running.fake.alice["id"], game_id, "us")  # type: ignore[union-attr]
        discord_activity.attach(running.server, None)
        for path in ("", "activity/config", "static/vendor/discord-sdk.mjs"):
            assert (await running.get(path))[0] == 404, path
        assert (await running.get(f"a/{game_id}/us/{session}/data"))[0] == 403
        assert (await running.sign_in({"code": "abc", "channel_id": "1"}))[0] == 404
        link = await running.server._call(running.server.link, game_id, "spectator")
        assert (await running.get(link.removeprefix(running.base) + "data"))[0] == 200
        assert isinstance(running.fake, FakeDiscord)
    finally:
        await running.stop()


async def test_sign_ins_from_one_address_are_held_to_their_rate(service: GameService, signin: Signin) -> None:
    discord_game(service, signin.fake)
    statuses = [(await signin.sign_in({"code": f"code{n:04d}", "channel_id": signin.fake.channel["id"]}))[0]
                for n in range(10)]
    assert statuses[:6] == [403] * 6 and 429 in statuses[6:], statuses  # codes Discord refuses, then held


def test_the_settings_never_show_the_secret() -> None:
    from pydantic import ValidationError

    from bot.settings import Settings

    secret = "s3cr3t-of-the-application"
    settings = Settings(_env_file=None, umpire_activity_client_id="123", umpire_activity_client_secret=secret)
    assert secret not in repr(settings) and secret not in str(settings.model_dump())
    with pytest.raises(ValidationError) as refused:
        Settings(_env_file=None, umpire_activity_client_id="not digits", umpire_activity_client_secret=secret,
                 umpire_activity_api="ftp://nowhere")
    assert secret not in str(refused.value) and "umpire_activity_client_id" in str(refused.value)
    assert "umpire_activity_api" in str(refused.value)
