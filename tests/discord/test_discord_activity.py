"""The board as a Discord Activity on Discord's side (issue 39): with the Activity set, the map post's
"Board" button launches it (the launch-activity answer) and, where Discord refuses to launch it, answers
with the user's own links privately; without it, the button stays a link. The bot's member check asks
Discord (a member who left is known at once), and a sign-in through the bot's own board finds the thread's
game and the player's side."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from fake_discord import TOKEN, FakeDiscord, Sent
from pydantic import SecretStr
from test_discord_cogs import call

from bot.board.activity import bot_members
from bot.discord_app import UmpireBot
from bot.settings import Settings

PUBLIC = "https://board.example.org"


@pytest.fixture
async def activity_bot(fake: FakeDiscord, settings: Settings) -> AsyncIterator[UmpireBot]:
    client_id, secret = fake.oauth.app()
    bot = UmpireBot(settings.model_copy(update={
        "umpire_board_url": PUBLIC, "umpire_activity_client_id": client_id,
        "umpire_activity_client_secret": SecretStr(secret),
        "umpire_activity_api": fake.api_base}), background=False, chunk_guilds_at_startup=False)
    await bot.login(TOKEN)
    await bot.sync_commands()
    bot._connection._add_guild_from_data(fake.guild_json())  # type: ignore[arg-type]
    await bot._start_board()
    assert bot.board is not None and bot.board.activity is not None
    yield bot
    await bot.close()


async def _map_post(bot: UmpireBot, fake: FakeDiscord) -> tuple[int, dict[str, Any], Sent]:
    await call(bot, fake, fake.slash(fake.alice, "game new", fake.channel, game="peiper", side="us",
                                     opponent=fake.bob))
    info = bot.service.list_games()[-1]
    thread = fake.channels[info.channel_id or ""]
    sent = await call(bot, fake, fake.slash(fake.alice, "peiper ready", thread))
    maps = [s for s in sent if s.content.startswith("Map")]
    assert maps, [s.content[:60] for s in sent]
    return info.id, thread, maps[0]


async def _click(bot: UmpireBot, fake: FakeDiscord, user: dict[str, Any], message: Sent, custom_id: str
                 ) -> dict[str, Any]:
    payload = fake.click(user, message, custom_id)
    fake.dispatched_at[payload["id"]] = time.monotonic()
    bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
    await fake.wait_for(lambda: payload["id"] in fake.callbacks, timeout=5)
    await fake.settle()
    return fake.callbacks[payload["id"]]


async def test_the_board_button_launches_the_activity_or_gives_the_links(fake: FakeDiscord,
                                                                        activity_bot: UmpireBot) -> None:
    game_id, _, post = await _map_post(activity_bot, fake)
    buttons = [c for row in post.payload.get("components") or [] for c in row.get("components", [])]
    assert [(b["label"], b.get("custom_id"), b.get("url")) for b in buttons] == [("Board", f"umpire:board:{game_id}", None)]
    fake.oauth.activities = True
    answered = await _click(activity_bot, fake, fake.alice, post, f"umpire:board:{game_id}")
    assert answered["type"] == 12  # LAUNCH_ACTIVITY
    fake.oauth.activities = False  # a client or place where Discord will not launch it
    answered = await _click(activity_bot, fake, fake.alice, post, f"umpire:board:{game_id}")
    assert answered["type"] == 4
    said = fake.sent[-1]
    assert said.ephemeral and f"/b/{game_id}/us/" in said.content and f"/b/{game_id}/spectator/" in said.content


async def test_without_the_activity_the_board_button_is_a_link(fake: FakeDiscord, settings: Settings) -> None:
    bot = UmpireBot(settings.model_copy(update={"umpire_board_url": PUBLIC,
                                                "umpire_activity_client_id": fake.app_id}),  # no secret: off
                    background=False, chunk_guilds_at_startup=False)
    await bot.login(TOKEN)
    await bot.sync_commands()
    bot._connection._add_guild_from_data(fake.guild_json())  # type: ignore[arg-type]
    await bot._start_board()
    try:
        assert bot.board is not None and bot.board.activity is None
        game_id, _, post = await _map_post(bot, fake)
        buttons = [c for row in post.payload.get("components") or [] for c in row.get("components", [])]
        assert len(buttons) == 1 and buttons[0]["style"] == 5
        assert buttons[0]["url"].startswith(f"{PUBLIC}/b/{game_id}/spectator/")
    finally:
        await bot.close()


async def test_the_bots_member_check_asks_discord(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    member = bot_members(rest_bot)
    assert await member(fake.guild_id, fake.alice["id"]) is True
    fake.oauth.leave(fake.alice)
    assert await member(fake.guild_id, fake.alice["id"]) is False
    assert ("GET", f"/guilds/{fake.guild_id}/members/{fake.alice['id']}") in fake.requests


async def test_a_sign_in_through_the_bots_board_opens_the_threads_game_as_the_player(
        fake: FakeDiscord, activity_bot: UmpireBot) -> None:
    game_id, thread, _ = await _map_post(activity_bot, fake)
    base = f"http://127.0.0.1:{activity_bot.board_port}"
    origin = f"https://{fake.app_id}.discordsays.com"

    async def sign_in(user: dict[str, Any]) -> dict[str, Any]:
        body = {"code": fake.oauth.code_for(user), "channel_id": thread["id"], "guild_id": fake.guild_id}
        async with aiohttp.ClientSession() as http, http.post(
                base + "/activity/session", data=json.dumps(body),
                headers={"Origin": origin, "Content-Type": "application/json"}) as r:
            return dict(await r.json(), status=r.status)

    bob = await sign_in(fake.bob)
    assert bob["status"] == 200 and (bob["game"], bob["viewer"]) == (game_id, "ge")
    carol = await sign_in(fake.carol)
    assert carol["status"] == 200 and carol["viewer"] == "spectator"
    fake.oauth.leave(fake.bob)
    gone = await sign_in(fake.bob)
    assert gone["status"] == 403 and "not a member" in gone["reason"]


async def test_a_sync_keeps_the_activitys_entry_point_command(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    entry = fake.oauth.add_entry_point()
    with pytest.raises(Exception, match="50240|Entry Point"):
        await rest_bot.tree.sync()
    synced = await rest_bot.sync_commands()
    assert synced and all(c.type != 4 for c in synced)
    kept = [c for c in fake.scoped["global"] if c["type"] == 4]
    assert [(c["name"], c["handler"]) for c in kept] == [(entry["name"], 2)]
    assert kept[0]["id"] == entry["id"]  # the same command, not a new one (Discord counts creations)
