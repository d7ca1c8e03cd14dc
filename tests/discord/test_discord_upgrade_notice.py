"""After the upgrade that put /gm behind Manage Server, each server's admins are told once what changed and how
to open /gm to a role: in the games channel, else the owner by DM; never again after a restart; nobody pinged."""

from __future__ import annotations

from fake_discord import TOKEN, FakeDiscord

from bot.discord_app import UmpireBot
from bot.settings import Settings
from cogs.upgrade_notice import NOTICES, UpgradeNotices


async def _bot(fake: FakeDiscord, settings: Settings, *guilds: str) -> UmpireBot:
    bot = UmpireBot(settings, background=False, chunk_guilds_at_startup=False)
    await bot.login(TOKEN)
    for gid in guilds:
        bot._connection._add_guild_from_data(fake.guild_json(gid))  # type: ignore[arg-type]
    return bot


def _notices(fake: FakeDiscord) -> list:
    return [s for s in fake.sent if "who sees `/gm` changed" in s.content]


async def test_the_gm_notice_goes_once_to_the_games_channel_and_not_again_after_a_restart(
        fake: FakeDiscord, settings: Settings) -> None:
    bot = await _bot(fake, settings, fake.guild_id)
    try:
        bot.server_settings.set(fake.guild_id, "games_channel", fake.channel["id"], fake.owner["id"])
        guild = bot.get_guild(int(fake.guild_id))
        assert guild is not None
        cog = UpgradeNotices(bot)
        assert await cog.tell(guild) == ["gm_manage_server"]
        assert await cog.tell(guild) == []
    finally:
        await bot.close()
    sent = _notices(fake)
    assert len(sent) == 1 and sent[0].channel_id == fake.channel["id"]
    assert sent[0].payload["allowed_mentions"] == {"parse": []}  # nobody pinged
    assert "Server Settings > Integrations > Umpire > /gm" in sent[0].content and "Manage Server" in sent[0].content
    again = await _bot(fake, settings, fake.guild_id)  # a restart: a new process, the same database
    try:
        guild = again.get_guild(int(fake.guild_id))
        assert guild is not None
        assert await UpgradeNotices(again).tell(guild) == []
        assert again.server_settings.get(fake.guild_id).games_channel == fake.channel["id"]  # settings kept
    finally:
        await again.close()
    assert len(_notices(fake)) == 1


async def test_without_a_games_channel_the_owner_is_told_by_dm(fake: FakeDiscord, settings: Settings) -> None:
    other = fake.add_guild("Second Club")
    bot = await _bot(fake, settings, other["id"])
    try:
        bot.server_settings.set(other["id"], "gm_role", "123456789012345678", fake.owner["id"])  # it used Umpire before
        guild = bot.get_guild(int(other["id"]))
        assert guild is not None
        assert await UpgradeNotices(bot).tell(guild) == ["gm_manage_server"]
        assert bot.server_settings.told(other["id"]) == set(NOTICES)
    finally:
        await bot.close()
    sent = _notices(fake)
    assert len(sent) == 1 and sent[0].channel_id == fake.dm_channel(fake.owner)["id"]
    assert "Second Club" in sent[0].content and sent[0].payload["allowed_mentions"] == {"parse": []}


async def test_a_server_that_adds_the_bot_later_is_not_told_and_a_failed_post_is_tried_again(
        fake: FakeDiscord, settings: Settings) -> None:
    newcomer, unreachable = fake.add_guild("New Club"), fake.add_guild("Closed Club")
    bot = await _bot(fake, settings, newcomer["id"], unreachable["id"])
    try:
        cog = UpgradeNotices(bot)
        await cog.on_guild_join(bot.get_guild(int(newcomer["id"])))  # type: ignore[arg-type]
        assert await cog.tell(bot.get_guild(int(newcomer["id"]))) == []  # type: ignore[arg-type]
        closed = bot.get_guild(int(unreachable["id"]))
        assert closed is not None
        bot.service.create_game("peiper", guild_id=unreachable["id"])  # a game played there: it knew Umpire
        closed.owner_id = 0  # nobody to send to: not marked, so the next start tries again
        assert await cog.tell(closed) == []
        assert bot.server_settings.told(unreachable["id"]) == set()
    finally:
        await bot.close()
    assert _notices(fake) == []


async def test_a_server_umpire_knows_nothing_of_is_marked_told_without_a_message(
        fake: FakeDiscord, settings: Settings) -> None:
    """A new installation (or a server that never set anything nor played) lost nothing: its owner gets no DM."""
    quiet = fake.add_guild("Quiet Club")
    bot = await _bot(fake, settings, quiet["id"])
    try:
        guild = bot.get_guild(int(quiet["id"]))
        assert guild is not None
        assert await UpgradeNotices(bot).tell(guild) == []
        assert bot.server_settings.told(quiet["id"]) == set(NOTICES)
        assert not bot.server_settings.stored(quiet["id"])  # the mark is no setting
        bot.server_settings.set(quiet["id"], "gm_role", "123456789012345678", fake.owner["id"])
        assert await UpgradeNotices(bot).tell(guild) == []  # told once (silently) is told
    finally:
        await bot.close()
    assert _notices(fake) == []
