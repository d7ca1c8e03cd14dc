from __future__ import annotations

from fake_discord import FakeDiscord

from bot.discord_app import UmpireBot


async def test_live_bot_logs_in_and_syncs(fake: FakeDiscord, live_bot: UmpireBot) -> None:
    synced = await live_bot.sync_commands()
    names = {c.name for c in synced}
    assert {"game", "gm", "peiper", "rules", "help", "admin"} <= names
    assert fake.identifies and fake.identifies[0]["token"] == "fake-token"
    assert live_bot.get_guild(int(fake.guild_id)) is not None
