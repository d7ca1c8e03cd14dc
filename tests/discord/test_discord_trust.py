"""Issue 24, "Safe among strangers": the attacks of a member of several servers, of a flood of games, of
a bad settings row, of crafted names and results and of crafted button ids, through the real client
against the fake Discord. Each is refused with a clear reason, privately, and nothing changes.
"""

from __future__ import annotations

import re
from typing import Any

from fake_discord import FakeDiscord, Sent
from test_discord_cogs import call, new_game

from bot.discord_app import UmpireBot


def refused(sent: list[Sent]) -> Sent:
    out = [s for s in sent if s.content.startswith("Refused")]
    assert out, [s.content for s in sent]
    assert out[0].ephemeral, "a refusal is private"
    assert not out[0].content.startswith("Refused: Internal fault"), out[0].content
    return out[0]


def own_server(fake: FakeDiscord, bot: UmpireBot, who: dict[str, Any]) -> dict[str, Any]:
    """A server of ``who``'s own, where he has Manage Server, in the bot's cache."""
    guild = fake.add_guild("Mallory's Den")
    fake.make_admin(who, guild["id"])
    bot._connection._add_guild_from_data(fake.guild_json(guild["id"]))  # type: ignore[arg-type]
    return guild


async def seated_on_an_invite_only_server(fake: FakeDiscord, bot: UmpireBot) -> tuple[int, dict[str, Any]]:
    """Game N on Umpire Club (join: invite): bob holds the Germans, the US side is the bot's (alice left)."""
    await call(bot, fake, fake.slash(fake.owner, "settings set join", fake.channel, rule="invite"))
    game_id, thread = await new_game(bot, fake, opponent=fake.bob)
    await call(bot, fake, fake.slash(fake.alice, "game leave", thread))
    info = bot.service.info(game_id)
    assert info.seats["us"].kind == "bot" and info.seats["ge"].user_id == fake.bob["id"]
    return game_id, thread


async def test_join_where_the_server_forbids_it_from_a_dm_or_ones_own_server_is_refused(
        fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    game_id, thread = await seated_on_an_invite_only_server(fake, rest_bot)
    den = own_server(fake, rest_bot, fake.bob)
    before = rest_bot.service.info(game_id)
    for where in (fake.dm_channel(fake.bob), den["channel"]):
        sent = await call(rest_bot, fake, fake.slash(fake.bob, "game join", where, side="us", game=game_id))
        assert "invitation" in refused(sent).content
    after = rest_bot.service.info(game_id)
    assert after.version == before.version and after.seats["us"].kind == "bot", "nothing changed"
    # in the game's own server the same rule holds, and an invitation opens it
    sent = await call(rest_bot, fake, fake.slash(fake.bob, "game join", thread, side="us"))
    assert "invitation" in refused(sent).content
    await call(rest_bot, fake, fake.slash(fake.alice, "game invite", thread, member=fake.bob))
    await call(rest_bot, fake, fake.slash(fake.bob, "game join", fake.dm_channel(fake.bob), side="us", game=game_id))
    assert rest_bot.service.info(game_id).seats["us"].user_id == fake.bob["id"]


async def test_gm_rights_of_ones_own_server_do_not_reach_a_game_of_another(
        fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    game_id, thread = await seated_on_an_invite_only_server(fake, rest_bot)
    den = own_server(fake, rest_bot, fake.bob)
    before = rest_bot.service.info(game_id)
    for path, options in (("gm end", {"winner": "ge", "reason": "mine"}),
                          ("gm seat", {"side": "us", "player": fake.bob, "reason": "mine"}),
                          ("gm turn", {"turn": 3, "reason": "mine"})):
        sent = await call(rest_bot, fake, fake.slash(fake.bob, path, den["channel"], game=game_id, **options))
        answer = refused(sent).content
        assert "Only a GM" in answer and "another server" in answer, answer
    # nor an invitation: his own server's Manage Server does not make him a GM of this game
    sent = await call(rest_bot, fake, fake.slash(fake.bob, "game invite", den["channel"], member=fake.carol,
                                                 game=game_id))
    assert "Only the player who opened" in refused(sent).content
    after = rest_bot.service.info(game_id)
    assert after.version == before.version and after.status == "active"
    assert after.seats["us"].kind == "bot" and rest_bot.service.invited(game_id) == []


async def test_a_role_join_rule_is_checked_in_the_games_server(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    players = fake.add_role("Players")
    rest_bot._connection._add_guild_from_data(fake.guild_json())  # type: ignore[arg-type]
    await call(rest_bot, fake, fake.slash(fake.owner, "settings set join", fake.channel, rule="role", role=players))
    game_id, thread = await new_game(rest_bot, fake, opponent=fake.bob)
    await call(rest_bot, fake, fake.slash(fake.alice, "game leave", thread))
    den = own_server(fake, rest_bot, fake.bob)
    sent = await call(rest_bot, fake, fake.slash(fake.bob, "game join", den["channel"], side="us", game=game_id))
    assert "type /game join in that server" in refused(sent).content
    assert rest_bot.service.info(game_id).seats["us"].kind == "bot"
    sent = await call(rest_bot, fake, fake.slash(fake.bob, "game join", thread, side="us"))
    assert "Players" in refused(sent).content
    assert re.search(r"<@", refused(sent).content) is None


def write_raw(bot: UmpireBot, sql: str, **params: Any) -> None:
    from sqlalchemy import text

    with bot.service.engine.begin() as conn:
        conn.execute(text(sql), params)


async def test_break_the_background_for_everyone_one_bad_settings_row_harms_one_server(
        fake: FakeDiscord, rest_bot: UmpireBot, caplog: Any) -> None:
    import logging

    from test_discord_cogs import backdate

    from cogs.notices import Notices
    from engine.game import Action

    second = fake.add_guild("Second Front")
    rest_bot._connection._add_guild_from_data(fake.guild_json(second["id"]))  # type: ignore[arg-type]
    first, thread1 = await new_game(rest_bot, fake, opponent=fake.bob)
    await call(rest_bot, fake, fake.slash(fake.alice, "game new", second["channel"], game="peiper"))
    other = rest_bot.service.list_games()[-1]
    rest_bot.service.submit(first, "us", Action("ready"), fake.alice["id"])  # bob must draw: idle
    for gid in (first, other.id):
        backdate(rest_bot, gid, rest_bot.settings.umpire_reminder_hours + 1)
    # the second server's settings row is a JSON list (written by hand, an old build, a bad restore)
    write_raw(rest_bot, "INSERT INTO server_settings (guild_id, settings, updated_at) VALUES (:g, :s, :t)",
              g=second["id"], s="[1, 2]", t="2026-11-29 12:00:00")
    rest_bot.server_settings.drop(second["id"])
    before = len(fake.sent)
    with caplog.at_level(logging.WARNING):
        await Notices(rest_bot).check_games()
    reminded = {s.channel_id for s in fake.sent[before:] if s.content.startswith("Reminder")}
    assert reminded == {thread1["id"], other.channel_id}, "every server's reminders went out, the bad one's too"
    assert any(second["id"] in r.getMessage() and "not a JSON object" in r.getMessage() for r in caplog.records)
    # that server's /game new answers with the defaults, not an internal fault
    sent = await call(rest_bot, fake, fake.slash(fake.carol, "game new", second["channel"], game="peiper"))
    assert not [s for s in sent if s.content.startswith("Refused")], [s.content for s in sent]
    assert rest_bot.service.list_games()[-1].guild_id == second["id"]
    # and its admins can write a good row over it
    await call(rest_bot, fake, fake.slash(fake.owner, "settings set join", second["channel"], rule="invite"))
    assert rest_bot.server_settings.get(second["id"]).join == "invite"


async def test_a_settings_row_that_is_not_json_and_a_game_row_that_does_not_read_are_skipped(
        fake: FakeDiscord, rest_bot: UmpireBot, caplog: Any) -> None:
    import logging

    from test_discord_cogs import backdate

    from cogs.notices import Notices

    first, thread1 = await new_game(rest_bot, fake)
    broken, _ = await new_game(rest_bot, fake)
    backdate(rest_bot, first, rest_bot.settings.umpire_reminder_hours + 1)
    write_raw(rest_bot, "INSERT INTO server_settings (guild_id, settings, updated_at) VALUES (:g, :s, :t)",
              g=fake.guild_id, s="{not json", t="2026-11-29 12:00:00")
    write_raw(rest_bot, "UPDATE games SET last_action_at = 'yesterday-ish', deadline_hours = 1 WHERE id = :i",
              i=broken)
    rest_bot.server_settings.drop(fake.guild_id)
    assert rest_bot.server_settings.get(fake.guild_id).join == "anyone"  # the defaults
    before = len(fake.sent)
    with caplog.at_level(logging.WARNING):
        await Notices(rest_bot).check_games()
    reminded = {s.channel_id for s in fake.sent[before:] if s.content.startswith("Reminder")}
    assert reminded == {thread1["id"]}
    assert any(f"game {broken}" in r.getMessage() and "skipped" in r.getMessage() for r in caplog.records)


async def test_flood_of_games_against_one_opponent_stops_at_the_servers_limit(
        fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    import asyncio

    limit = rest_bot.server_settings.get(fake.guild_id).open_games
    assert limit == 10  # the default
    payloads = [fake.slash(fake.alice, "game new", fake.channel, game="peiper", opponent=fake.bob) for _ in range(25)]
    before = len(fake.sent)
    await asyncio.gather(*(call(rest_bot, fake, p) for p in payloads))  # 25 at once, as fast as they come
    sent = fake.sent[before:]
    games = rest_bot.service.list_games()
    assert len(games) == limit and len([c for c in fake.channels.values() if c["type"] == 11]) == limit
    refusals = [s for s in sent if s.content.startswith("Refused")]
    assert len(refusals) == 25 - limit and all(s.ephemeral for s in refusals)
    assert all("open games on this server already" in s.content and "open_games: 10" in s.content
               for s in refusals), refusals[0].content
    pinged = [s for s in sent if fake.bob["id"] in [str(u) for u in (s.payload.get("allowed_mentions") or {})
                                                     .get("users", [])]]
    assert len(pinged) <= 2 * limit  # the opening post and his first turn notice, per game at most
    # bob, at his limit, cannot be drawn into an eleventh game by anyone else either
    sent = await call(rest_bot, fake, fake.slash(fake.carol, "game new", fake.channel, game="peiper",
                                                 opponent=fake.bob))
    assert "bob plays 10 open games" in refused(sent).content
    assert len(rest_bot.service.list_games()) == limit
    # a server may choose its own limit, within 1-100
    sent = await call(rest_bot, fake, fake.slash(fake.owner, "settings set open-games", fake.channel, count=500))
    assert "from 1 to 100" in refused(sent).content
    await call(rest_bot, fake, fake.slash(fake.owner, "settings set open-games", fake.channel, count=12))
    await call(rest_bot, fake, fake.slash(fake.carol, "game new", fake.channel, game="peiper", opponent=fake.bob))
    assert len(rest_bot.service.list_games()) == limit + 1


async def test_flood_of_invitations_stops_at_the_limit_and_a_repeat_pings_nobody(
        fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    await call(rest_bot, fake, fake.slash(fake.owner, "settings set open-games", fake.channel, count=3))
    await call(rest_bot, fake, fake.slash(fake.owner, "settings set join", fake.channel, rule="invite"))
    threads = [(await new_game(rest_bot, fake))[1] for _ in range(3)]  # alice against the bot, thrice
    await call(rest_bot, fake, fake.slash(fake.carol, "game new", fake.channel, game="peiper"))
    thread3 = fake.channels[rest_bot.service.list_games()[-1].channel_id or ""]
    for thread in threads:
        sent = await call(rest_bot, fake, fake.slash(fake.alice, "game invite", thread, member=fake.bob))
        assert [str(u) for u in sent[0].payload["allowed_mentions"]["users"]] == [fake.bob["id"]]
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "game invite", threads[2], member=fake.bob))
    assert "already invited" in sent[0].content and sent[0].payload["allowed_mentions"].get("users", []) == []
    game3 = rest_bot.service.list_games()[-1].id
    sent = await call(rest_bot, fake, fake.slash(fake.carol, "game invite", thread3, member=fake.bob))
    assert "3 pending invitations" in refused(sent).content
    assert rest_bot.service.invited(game3) == []


def live_links(text: str) -> list[str]:
    """Masked links (an unescaped ``](``) and bare URLs (``scheme://``) Discord would render."""
    return re.findall(r"\]\(|[A-Za-z][A-Za-z0-9+.\-]*://", text)


def everything_shown(s: Sent) -> str:
    embeds = s.payload.get("embeds") or []
    parts = [s.content] + [f"{e.get('title', '')} {e.get('description', '')} {e.get('footer', {}).get('text', '')}"
                           for e in embeds]
    parts += [f"{f['name']} {f['value']}" for e in embeds for f in e.get("fields", [])]
    return " ".join(parts)


async def test_escaping_a_name_of_two_masked_links_renders_neither_anywhere(fake: FakeDiscord,
                                                                            rest_bot: UmpireBot) -> None:
    mallory = fake._user("mallory")
    mallory["global_name"] = "[a](http://x.io)[b](http://e.vi)"
    assert len(mallory["global_name"]) == 32
    before = len(fake.sent)
    await call(rest_bot, fake, fake.slash(mallory, "game new", fake.channel, game="peiper", opponent=fake.bob))
    game_id = rest_bot.service.list_games()[-1].id
    thread = fake.channels[rest_bot.service.info(game_id).channel_id or ""]
    await call(rest_bot, fake, fake.slash(mallory, "game status", thread))
    await call(rest_bot, fake, fake.slash(mallory, "game list", thread))
    await call(rest_bot, fake, fake.slash(mallory, "peiper ready", thread))
    await call(rest_bot, fake, fake.slash(mallory, "game log", thread))
    shown = [everything_shown(s) for s in fake.sent[before:]]
    assert any("http" in text for text in shown), "the name was shown"
    for text in shown:
        assert live_links(text) == [], text
    assert live_links(thread["name"]) == [] and "[" not in thread["name"]


async def test_escaping_the_gm_end_result_in_the_status_line_the_map_post_and_the_status_embed(
        fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    game_id, thread = await new_game(rest_bot, fake, opponent=fake.bob)
    result = "[won](http://x.io) ||@everyone|| ```# big``` <@&1234567890123456789>"
    before = len(fake.sent)
    await call(rest_bot, fake, fake.slash(fake.carol, "gm end", thread, winner="us", result=result[:100],
                                          reason="[why](http://e.vi)"))
    await call(rest_bot, fake, fake.slash(fake.alice, "game status", thread))
    sent = fake.sent[before:]
    maps = [s for s in sent if s.content.startswith("Map")]
    embeds = [s for s in sent if s.payload.get("embeds")]
    assert maps and embeds and any("won" in s.content for s in maps)
    for s in sent:
        text = everything_shown(s)
        assert live_links(text) == [], text
        assert "||" not in text and "```" not in text and "@everyone" not in text, text
        assert not re.search(r"<@&\d", text), text
        allowed = s.payload.get("allowed_mentions")
        assert allowed is not None and allowed.get("parse", []) == [] and not allowed.get("roles"), allowed
    status = rest_bot.service.info(game_id).status_line
    assert "](" not in status and "://" not in status and "@" not in status  # stored as plain words


async def test_every_message_names_the_mentions_it_allows(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    """A game played for a while, with GM rulings, a join, a refusal, the background's reminders: every
    message's payload carries allowed_mentions, which never parse @everyone, roles or users wholesale."""
    from test_discord_cogs import backdate

    from cogs.notices import Notices

    game_id, thread = await new_game(rest_bot, fake, opponent=fake.bob)
    for who, path, options in ((fake.alice, "peiper ready", {}), (fake.bob, "peiper draw", {}),
                               (fake.carol, "gm turn", {"turn": 2, "reason": "test"}),
                               (fake.alice, "game deadline", {"hours": 5}), (fake.bob, "game map", {}),
                               (fake.alice, "help", {}), (fake.alice, "rules", {"game": "peiper"})):
        await call(rest_bot, fake, fake.slash(who, path, thread, **options))
    backdate(rest_bot, game_id, 100)
    await Notices(rest_bot).check_games()
    assert len(fake.sent) > 10
    for s in fake.sent:
        if not {"content", "embeds"} & set(s.payload):
            continue  # a deferral ("thinking..."), an edit that only takes the buttons away: they say nothing
        allowed = s.payload.get("allowed_mentions")
        assert allowed is not None, f"no allowed_mentions: {s.via} {s.content[:80]!r}"
        assert allowed.get("parse", []) == [] and not allowed.get("roles") and not allowed.get("replied_user")


async def test_a_button_with_a_sixty_digit_game_number_is_refused_as_stale(fake: FakeDiscord,
                                                                          rest_bot: UmpireBot) -> None:
    import time

    from test_discord_fuzz import crafted, snapshot

    game_id, _ = await new_game(rest_bot, fake, opponent=fake.bob)
    prompt = next(s for s in reversed(fake.sent) if s.custom_ids)
    for cid in (f"umpire:{'9' * 60}:v0:ready", f"umpire:{game_id}:v{'9' * 60}:ready",
                f"umpire:{2**63}:v0:take:hex=0404"):
        before = snapshot(rest_bot)
        payload = crafted(fake, fake.alice, prompt, cid)
        fake.dispatched_at[payload["id"]] = time.monotonic()
        n = len(fake.sent)
        rest_bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await fake.wait_for(lambda p=payload: p["id"] in fake.callbacks, timeout=5)
        await fake.settle()
        answer = refused(fake.sent[n:]).content
        assert "stale" in answer or "board has changed" in answer, answer
        assert snapshot(rest_bot) == before, "nothing changed"
