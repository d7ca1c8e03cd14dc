"""Each server its own (issue 18): two servers with different GM roles, join rules and default levels, each
honoured; /settings set refused to a member without Manage Server; refusals that name the allowed values;
the games channel, DM notices, reminders and the retention rule, all through the fake Discord."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import discord
from fake_discord import FakeDiscord, Sent
from sqlmodel import Session, select
from test_discord_cogs import backdate, call

from bot.discord_app import UmpireBot
from cogs.notices import Notices
from engine.service.models import ServerSettingChange, ServerSettingsRecord


def refused(sent: list[Sent]) -> Sent:
    out = [s for s in sent if s.content.startswith("Refused")]
    assert out, [s.content for s in sent]
    assert out[0].ephemeral, "a refusal is private"
    return out[0]


def accepted(sent: list[Sent]) -> list[Sent]:
    assert not [s for s in sent if s.content.startswith("Refused")], [s.content for s in sent]
    return sent


def no_pings(sent: list[Sent]) -> None:
    for s in sent:
        mentions = s.payload.get("allowed_mentions")
        assert mentions is not None, f"a message without allowed mentions: {s.content}"
        assert not mentions.get("roles") and "everyone" not in (mentions.get("parse") or [])


def two_servers(fake: FakeDiscord, bot: UmpireBot) -> dict[str, Any]:
    """Server 1 (Umpire Club): bob holds 'Referee'. Server 2 (Second Front): alice holds 'Umpires', carol
    'Players'. Both in the bot's cache, roles included."""
    second = fake.add_guild("Second Front")
    referee = fake.add_role("Referee")
    umpires = fake.add_role("Umpires", second["id"])
    players = fake.add_role("Players", second["id"])
    fake.give_role(fake.bob, referee)
    fake.give_role(fake.alice, umpires, second["id"])
    fake.give_role(fake.carol, players, second["id"])
    bot._connection._add_guild_from_data(fake.guild_json())  # type: ignore[arg-type]
    bot._connection._add_guild_from_data(fake.guild_json(second["id"]))  # type: ignore[arg-type]
    return {"second": second, "referee": referee, "umpires": umpires, "players": players,
            "one": fake.channel, "two": second["channel"]}


async def test_two_servers_each_honour_their_own_gm_role_join_rule_and_default_level(
        fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    s = two_servers(fake, rest_bot)
    one, two = s["one"], s["two"]
    # the owner (Manage Server in both) sets each server its own way
    for payload in (
        fake.slash(fake.owner, "settings set gm-role", one, role=s["referee"]),
        fake.slash(fake.owner, "settings set join", one, rule="invite"),
        fake.slash(fake.owner, "settings set level", one, game="peiper", level="hard"),
        fake.slash(fake.owner, "settings set gm-role", two, role=s["umpires"]),
        fake.slash(fake.owner, "settings set join", two, rule="role", role=s["players"]),
        fake.slash(fake.owner, "settings set level", two, game="peiper", level="easy"),
    ):
        sent = accepted(await call(rest_bot, fake, payload))
        no_pings(sent)
        assert "owner set" in sent[-1].content
    # a member without Manage Server is refused, even a GM of the server
    sent = await call(rest_bot, fake, fake.slash(fake.bob, "settings set join", one, rule="anyone"))
    assert "Manage Server" in refused(sent).content
    assert rest_bot.server_settings.get(fake.guild_id).join == "invite"

    # default levels: each server's
    await call(rest_bot, fake, fake.slash(fake.alice, "game new", one, game="peiper"))
    first = rest_bot.service.list_games()[-1]
    await call(rest_bot, fake, fake.slash(fake.bob, "game new", two, game="peiper"))
    second = rest_bot.service.list_games()[-1]
    await call(rest_bot, fake, fake.slash(fake.carol, "game new", two, game="peiper"))
    third = rest_bot.service.list_games()[-1]
    assert first.guild_id == fake.guild_id and second.guild_id == third.guild_id == s["second"]["id"]
    assert rest_bot.service.info(first.id).seats["ge"].level == "hard"
    assert rest_bot.service.info(second.id).seats["ge"].level == "easy"
    thread1, thread2, thread3 = (fake.channels[g.channel_id or ""] for g in (first, second, third))
    assert thread2["guild_id"] == s["second"]["id"] and thread2["parent_id"] == two["id"]

    # GM roles: Referee in server 1 (carol's role named GM no longer counts there); Umpires in server 2
    sent = await call(rest_bot, fake, fake.slash(fake.carol, "gm turn", thread1, turn=2, reason="test"))
    assert "Only a GM" in refused(sent).content and "Referee" in refused(sent).content
    accepted(await call(rest_bot, fake, fake.slash(fake.bob, "gm turn", thread1, turn=2, reason="agreed")))
    sent = await call(rest_bot, fake, fake.slash(fake.bob, "gm turn", thread2, turn=2, reason="test"))
    assert "Umpires" in refused(sent).content
    accepted(await call(rest_bot, fake, fake.slash(fake.alice, "gm turn", thread2, turn=2, reason="agreed")))

    # join in server 1: on the opener's invitation only
    sent = await call(rest_bot, fake, fake.slash(fake.carol, "game join", thread1, side="ge"))
    assert "invitation" in refused(sent).content
    assert rest_bot.service.info(first.id).seats["ge"].kind == "bot"
    sent = await call(rest_bot, fake, fake.slash(fake.carol, "game invite", thread1, member=fake.carol))
    assert "Only the player who opened" in refused(sent).content
    sent = accepted(await call(rest_bot, fake, fake.slash(fake.alice, "game invite", thread1, member=fake.carol)))
    assert [str(u) for u in sent[0].payload["allowed_mentions"]["users"]] == [fake.carol["id"]]
    accepted(await call(rest_bot, fake, fake.slash(fake.carol, "game join", thread1, side="ge")))
    assert rest_bot.service.info(first.id).seats["ge"].user_id == fake.carol["id"]

    # join in server 2: members of Players (carol), not bob
    sent = await call(rest_bot, fake, fake.slash(fake.bob, "game join", thread3, side="ge"))
    assert "Players" in refused(sent).content
    accepted(await call(rest_bot, fake, fake.slash(fake.carol, "game join", thread2, side="ge")))
    assert rest_bot.service.info(second.id).seats["ge"].user_id == fake.carol["id"]

    # who changed what, kept
    with Session(rest_bot.service.engine) as db:
        changes = db.exec(select(ServerSettingChange)).all()
    assert len(changes) == 7  # join:role also set join_role
    assert {c.actor for c in changes} == {fake.owner["id"]}
    assert {(c.guild_id, c.name, c.new) for c in changes} >= {(fake.guild_id, "join", "invite"),
                                                             (s["second"]["id"], "level_peiper", "easy")}


async def test_settings_show_for_everyone_and_refusals_name_the_allowed_values(
        fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    s = two_servers(fake, rest_bot)
    one = s["one"]
    sent = await call(rest_bot, fake, fake.slash(fake.owner, "settings set level", one, game="saf", level="hard"))
    assert "random, easy, normal" in refused(sent).content  # Scream, Aim, Fire! plays at random, easy and normal only
    sent = await call(rest_bot, fake, fake.slash(fake.owner, "settings set reminder", one, hours=0.1))
    assert "from 1 to 720" in refused(sent).content
    sent = await call(rest_bot, fake, fake.slash(fake.owner, "settings set deadline", one, hours=-3.0))
    assert "from 0 to 720" in refused(sent).content
    sent = await call(rest_bot, fake, fake.slash(fake.owner, "settings set join", one, rule="role"))
    assert "needs the role" in refused(sent).content
    await call(rest_bot, fake, fake.slash(fake.owner, "settings set reminder", one, hours=48.0))
    await call(rest_bot, fake, fake.slash(fake.owner, "settings set gm-role", one, role=s["referee"]))
    # /game new's level must be one the game plays at
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "game new", one, game="saf", level="hard"))
    assert "random, easy, normal" in refused(sent).content

    sent = await call(rest_bot, fake, fake.slash(fake.alice, "settings show", one))
    text = sent[-1].content
    assert sent[-1].ephemeral and "48 h" in text and f"<@&{s['referee']['id']}>" in text
    assert "join**: anyone" in text and "peiper normal (default)" in text
    assert "by owner" in text  # the last changes name who made them
    no_pings(sent)
    # the other server is untouched
    other = rest_bot.server_settings.get(s["second"]["id"])
    assert other.own == frozenset() and other.reminder_hours == rest_bot.settings.umpire_reminder_hours


async def test_a_name_that_tries_to_ping_is_shown_escaped(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    fake.owner["global_name"] = "@everyone **boss**"
    sent = await call(rest_bot, fake, fake.slash(fake.owner, "settings set dm-notices", fake.channel, allowed=False))
    assert "@everyone" not in sent[-1].content.replace("@\u200beveryone", "")
    assert "\\*\\*boss\\*\\*" in sent[-1].content
    no_pings(sent)


async def test_the_games_channel_and_dm_notices_apply(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    war_room = fake.add_channel("war-room")
    rest_bot._connection._add_guild_from_data(fake.guild_json())  # type: ignore[arg-type]
    accepted(await call(rest_bot, fake, fake.slash(fake.owner, "settings set games-channel", fake.channel,
                                                   channel=war_room)))
    accepted(await call(rest_bot, fake, fake.slash(fake.owner, "settings set dm-notices", fake.channel,
                                                   allowed=False)))
    accepted(await call(rest_bot, fake, fake.slash(fake.owner, "settings set deadline", fake.channel, hours=24.0)))
    await call(rest_bot, fake, fake.slash(fake.alice, "game new", fake.channel, game="peiper"))
    info = rest_bot.service.list_games()[-1]
    thread = fake.channels[info.channel_id or ""]
    assert thread["parent_id"] == war_room["id"]  # opened under the server's games channel
    assert rest_bot.service.info(info.id).deadline_hours == 24.0  # the server's default deadline
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "game notify", thread, where="dm"))
    assert "dm_notices" in refused(sent).content
    assert rest_bot.service.info(info.id).seats["us"].notify == "channel"


async def test_reminders_follow_the_servers_hours(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    accepted(await call(rest_bot, fake, fake.slash(fake.owner, "settings set reminder", fake.channel, hours=2.0)))
    await call(rest_bot, fake, fake.slash(fake.alice, "game new", fake.channel, game="peiper"))
    info = rest_bot.service.list_games()[-1]
    backdate(rest_bot, info.id, 3)  # past this server's 2 h, well short of the process-wide 12 h
    before = len(fake.sent)
    await Notices(rest_bot).check_games()
    reminders = [m for m in fake.sent[before:] if m.content.startswith("Reminder")]
    assert reminders and f"<@{fake.alice['id']}>" in reminders[0].content


async def test_a_servers_settings_go_with_the_retention_rule(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    accepted(await call(rest_bot, fake, fake.slash(fake.owner, "settings set join", fake.channel, rule="invite")))
    notices = Notices(rest_bot)
    await notices.on_guild_remove(discord.Object(int(fake.guild_id)))
    await notices.check_games()  # not yet
    with Session(rest_bot.service.engine) as db:
        assert db.get(ServerSettingsRecord, fake.guild_id) is not None
    later = datetime.now(UTC) + timedelta(days=rest_bot.settings.umpire_left_guild_days + 1)
    await notices.check_games(later)
    with Session(rest_bot.service.engine) as db:
        assert db.get(ServerSettingsRecord, fake.guild_id) is None
        assert not db.exec(select(ServerSettingChange)).all()
    rest_bot.server_settings.drop(fake.guild_id)
    assert rest_bot.server_settings.get(fake.guild_id).join == "anyone"


async def test_through_the_gateway_two_servers_keep_their_own_default_levels(fake: FakeDiscord,
                                                                             settings: Any) -> None:
    """The client connected through the fake gateway, given both servers by GUILD_CREATE."""
    import asyncio

    from fake_discord import TOKEN, wait_ready

    second = fake.add_guild("Second Front")
    bot = UmpireBot(settings, background=False, guild_ready_timeout=0.05, chunk_guilds_at_startup=False)
    task = asyncio.create_task(bot.start(TOKEN))
    try:
        await wait_ready(bot, task)
        await bot.sync_commands()
        assert bot.get_guild(int(second["id"])) is not None
        await fake.run(fake.slash(fake.owner, "settings set level", fake.channel, game="pl", level="greedy"))
        await fake.run(fake.slash(fake.owner, "settings set level", second["channel"], game="pl", level="random"))
        sent = await fake.run(fake.slash(fake.bob, "settings set level", second["channel"], game="pl", level="hard"))
        assert "Manage Server" in refused(sent).content
        await fake.run(fake.slash(fake.alice, "game new", fake.channel, game="pl"))
        await fake.run(fake.slash(fake.alice, "game new", second["channel"], game="pl"))
        one, two = bot.service.list_games()[-2:]
        assert {s.level for s in one.seats.values() if s.kind == "bot"} == {"greedy"}
        assert {s.level for s in two.seats.values() if s.kind == "bot"} == {"random"}
        assert two.guild_id == second["id"]
    finally:
        await bot.close()
        await asyncio.wait_for(task, timeout=5)
