"""A forged or flooding POST on an Activity page is refused before the board asks Discord anything
(issue 37, 39): every order re-checks the user's membership with Discord, so that question must come after
the checks that cost nothing (the page's own token in the header, its Origin, the order rate), or a
signed-in user's script could spend the bot's Discord rate with orders that were never going to stand."""

from __future__ import annotations

from activity_helpers import Signin, discord_game

from engine.service import GameService


async def test_forged_and_flooding_orders_never_reach_discords_member_check(service: GameService,
                                                                          signin: Signin) -> None:
    game_id = discord_game(service, signin.fake)
    status, got = await signin.code_sign_in(signin.fake.alice)
    assert status == 200, got
    session = got["path"].rstrip("/").rsplit("/", 1)[1]
    activity = signin.server.activity
    assert activity is not None
    asked = []
    member = activity.members

    async def counted(guild_id: str, user_id: str) -> bool:
        asked.append(user_id)
        return await member(guild_id, user_id)

    activity.members = counted
    url = f"{signin.base}/{got['path']}order"
    body = {"version": service.info(game_id).version, "index": 0, "nonce": "forged-0001"}
    for headers in ({"Origin": "https://evil.example", "X-Umpire-Token": session},  # another site
                    {"Origin": signin.origin},  # no token in the header
                    {"Origin": signin.origin, "X-Umpire-Token": session, "Content-Type": "text/plain"}):
        for _ in range(5):
            async with signin.http.post(url, json=body, headers=headers) as r:
                assert r.status in (403, 415), (headers, r.status)
    assert asked == []  # not one of the fifteen forged posts asked Discord
    limits = signin.server.limits
    statuses = []
    for i in range(limits.order_burst + 10):  # a script's flood of well-formed posts: a stale version each
        async with signin.http.post(url, json={**body, "version": 10**9, "nonce": f"flood-{i:06d}"},
                                    headers={"Origin": signin.origin, "X-Umpire-Token": session}) as r:
            statuses.append(r.status)
    assert statuses.count(429) >= 8, statuses
    assert len(asked) <= limits.order_burst + 2, len(asked)  # the rate holds before Discord is asked
    assert service.info(game_id).version == body["version"]
