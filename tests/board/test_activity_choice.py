"""A channel of several games lists them to choose from (issue 39): their titles and players' names are the
server's, so the list is shown to that server's members only, opened there, as a single game is; a direct-
message game's to its players and owner only. Anyone may open the Activity and name any channel by hand."""

from __future__ import annotations

import json

from activity_helpers import Signin, discord_game

from engine.service import GameService, Seat


async def test_a_channel_of_several_games_is_listed_to_the_servers_members_alone(service: GameService,
                                                                                signin: Signin) -> None:
    discord_game(service, signin.fake)
    discord_game(service, signin.fake)
    fake = signin.fake
    fake.oauth.leave(fake.carol)  # carol is no member of the games' server now
    status, got = await signin.code_sign_in(fake.carol)
    assert status == 403 and "not a member" in got["reason"], got
    assert "choose" not in got and "alice" not in json.dumps(got) and "ticket" not in got
    status, got = await signin.sign_in({"code": fake.oauth.code_for(fake.bob), "channel_id": fake.channel["id"],
                                        "guild_id": "123456789"})  # a member, but opened in another server
    assert status == 403 and "outside the game's server" in got["reason"], got
    status, got = await signin.code_sign_in(fake.bob)  # a member, in the server: the choice
    assert status == 200 and len(got["choose"]) == 2, got


async def test_a_dm_of_several_games_lists_only_the_users_own(service: GameService, signin: Signin) -> None:
    fake = signin.fake
    dm = "424242424242"
    seats = {"us": Seat(kind="human", user_id=fake.alice["id"], user_name="alice"),
             "ge": Seat(kind="human", user_id=fake.bob["id"], user_name="bob")}
    for _ in range(2):
        service.create_game("peiper", "contest", seed=3, seats=seats, channel_id=dm)
    status, got = await signin.sign_in({"code": fake.oauth.code_for(fake.carol), "channel_id": dm})
    assert status == 403 and "alice" not in json.dumps(got), got
    status, got = await signin.sign_in({"code": fake.oauth.code_for(fake.alice), "channel_id": dm})
    assert status == 200 and len(got["choose"]) == 2, got
