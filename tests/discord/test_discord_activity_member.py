"""The bot's member check, asked of Discord at every Activity order (issue 39), is bounded in time as every
other call of the sign-in is: a Discord that rate-limits the member route for half a minute (discord.py
sleeps through a 429 and asks again) makes the order a clear "try again", not a request held open."""

from __future__ import annotations

import asyncio
import time

import pytest
from fake_discord import FakeDiscord

from bot.board.activity import bot_members
from bot.board.activity_auth import DiscordUnavailable
from bot.discord_app import UmpireBot


async def test_a_member_check_discord_holds_back_is_unknown_within_its_timeout(
        fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    member = bot_members(rest_bot, timeout=1.0)
    fake.throttle("GET", r"/guilds/\d+/members/\d+", retry_after=30.0, is_global=False)
    started = time.monotonic()
    with pytest.raises(DiscordUnavailable, match="try again"):
        await asyncio.wait_for(member(fake.guild_id, fake.alice["id"]), 15)
    print(f"refused after {time.monotonic() - started:.2f} s")
