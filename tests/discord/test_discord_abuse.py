"""Issue 16, "Abuse-proof": a hostile member, a rogue GM and crafted values through the real client.

Each attack is refused with a clear reason, privately, pinging nobody, and the game (or the lack of
one) is unchanged: no game row, no thread left behind.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from fake_discord import FakeDiscord, Sent
from test_discord_cogs import backdate, call, new_game

from bot.discord_app import UmpireBot
from cogs.notices import Notices
from cogs.words import no_paths, safe_refusal
from engine.errors import IllegalAction
from engine.game import Action

MENTION = re.compile(r"<@[!&]?\d+>")


def threads(fake: FakeDiscord) -> list[dict[str, Any]]:
    return [c for c in fake.channels.values() if c["type"] == 11]


def refusal(sent: list[Sent]) -> Sent:
    found = [s for s in sent if s.content.startswith("Refused")]
    assert len(found) == 1, [s.content for s in sent]
    return found[0]


def pings_nobody(s: Sent) -> None:
    allowed = s.payload.get("allowed_mentions")
    assert allowed is not None, "every message names its allowed mentions"
    assert allowed.get("parse", []) == [] and allowed.get("users", []) == [], allowed
    assert not MENTION.search(s.content), s.content


def nobody_public(sent: list[Sent]) -> None:
    """Nothing public was left: a public deferral was deleted before the private refusal."""
    for s in sent:
        if s.via == "callback" and not s.ephemeral:
            assert s.payload.get("_deleted"), f"a public message stayed: {s.content!r}"


async def test_a_member_may_not_set_gm_file_options_and_the_refusal_pings_nobody(
        fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    value = f"<@{fake.bob['id']}> <@{fake.carol['id']}>"
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "game new", fake.channel, game="saf",
                                                 options=f'cover_file:"{value}"'))
    answer = refusal(sent)
    assert answer.ephemeral and "Only a GM may set cover_file" in answer.content
    pings_nobody(answer)
    assert rest_bot.service.list_games() == [] and threads(fake) == []


async def test_a_gms_bad_file_is_refused_privately_without_paths_mentions_or_a_thread(
        fake: FakeDiscord, rest_bot: UmpireBot, tmp_path: Any) -> None:
    value = f"{tmp_path}/decks/<@{fake.bob['id']}>.yaml"
    sent = await call(rest_bot, fake, fake.slash(fake.carol, "game new", fake.channel, game="saf",
                                                 options=f'cover_file:"{value}"'))
    answer = refusal(sent)
    assert answer.ephemeral
    pings_nobody(answer)
    nobody_public(sent)
    assert str(tmp_path) not in answer.content, answer.content
    assert rest_bot.service.list_games() == [] and threads(fake) == []


async def test_a_six_thousand_character_value_still_gets_a_short_answer(fake: FakeDiscord,
                                                                        rest_bot: UmpireBot) -> None:
    for who, extra in ((fake.alice, {"options": "zz:" + "A" * 5990}), (fake.carol, {"scenario": "B" * 5990})):
        sent = await call(rest_bot, fake, fake.slash(who, "game new", fake.channel, game="saf", **extra))
        answer = refusal(sent)
        assert answer.ephemeral and len(answer.content) < 700, len(answer.content)
        assert "A" * 100 not in answer.content and "B" * 100 not in answer.content
    assert rest_bot.service.list_games() == [] and threads(fake) == []


async def test_a_refusal_after_a_public_deferral_is_private_and_leaves_no_thread(
        fake: FakeDiscord, rest_bot: UmpireBot, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: Any, **__: Any) -> None:
        raise IllegalAction("exits_to_win must be 1-6, not '99'")

    monkeypatch.setattr(rest_bot.service, "check_new_game", refuse)
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "game new", fake.channel, game="peiper"))
    assert sent[0].via == "callback" and not sent[0].ephemeral, "deferred publicly first"
    answer = refusal(sent)
    assert answer.ephemeral and "exits_to_win must be 1-6" in answer.content
    nobody_public(sent)
    assert rest_bot.service.list_games() == [] and threads(fake) == []


async def test_a_refused_create_deletes_the_thread_it_opened(fake: FakeDiscord, rest_bot: UmpireBot,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: Any, **__: Any) -> None:
        raise IllegalAction("the database said no")

    monkeypatch.setattr(rest_bot.service, "create_game", refuse)
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "game new", fake.channel, game="peiper"))
    assert refusal(sent).ephemeral
    assert threads(fake) == [] and fake.deleted, "the thread was opened, then deleted"


async def test_names_with_mentions_markdown_and_direction_overrides_are_shown_as_text(
        fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    mallory = fake._user("mallory")
    mallory["global_name"] = f"<@{fake.carol['id']}> **GM**\u202e\u200btxt.exe @everyone"
    sent = await call(rest_bot, fake, fake.slash(mallory, "game new", fake.channel, game="peiper",
                                                 opponent=fake.bob))
    thread = threads(fake)[0]
    assert "\u202e" not in thread["name"] and "<@" not in thread["name"] and "\u200b" not in thread["name"]
    game_id = rest_bot.service.list_games()[-1].id
    stored = rest_bot.service.info(game_id).seats["us"].user_name
    assert "\u202e" not in stored and len(stored) <= 32
    for s in sent:
        shown = s.content.replace(f"<@{fake.bob['id']}>", "").replace(f"<@{mallory['id']}>", "")
        assert not MENTION.search(shown) and "@everyone" not in shown and "**GM**" not in shown, s.content
        allowed = s.payload.get("allowed_mentions") or {}
        assert fake.carol["id"] not in [str(u) for u in allowed.get("users", [])]
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "game status", thread))
    seats = sent[0].payload["embeds"][0]["fields"][0]["value"]
    assert "\u202e" not in seats and "<@" not in seats.replace("<@\u200b", "")


async def test_gm_reasons_and_corrections_are_escaped(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    game_id, thread = await new_game(rest_bot, fake, opponent=fake.bob)
    sent = await call(rest_bot, fake, fake.slash(fake.carol, "gm correct", thread, kind="bridge",
                                                 args="bridge:Cheneux state:down",
                                                 reason=f"@everyone <@{fake.alice['id']}> `x` " + "R" * 290))
    for s in sent:
        if s.content:
            assert s.payload.get("allowed_mentions") is not None
        assert "@everyone" not in s.content and not MENTION.search(
            s.content.replace(f"<@{fake.alice['id']}>, US", "")), s.content
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "gm rulings", thread))
    assert "@everyone" not in sent[-1].content and f"<@{fake.alice['id']}>" not in sent[-1].content


def test_refusal_text_helpers() -> None:
    assert no_paths("cannot read /home/me/umpire/data/deck.yaml: bad") == "cannot read deck.yaml: bad"
    assert no_paths("/peiper move unit:CCR/3/1 to:0909/1008") == "/peiper move unit:CCR/3/1 to:0909/1008"
    text = safe_refusal("No option '" + "x" * 5000 + "' in <@123456789012345678>'s game")
    assert len(text) < 200 and "<@1" not in text


async def test_one_failing_game_does_not_stop_reminders_for_the_others(fake: FakeDiscord, rest_bot: UmpireBot,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    first, thread1 = await new_game(rest_bot, fake, opponent=fake.bob)
    second, thread2 = await new_game(rest_bot, fake, opponent=fake.bob)
    third, thread3 = await new_game(rest_bot, fake, opponent=fake.bob)
    for gid in (first, second, third):
        rest_bot.service.submit(gid, "us", Action("ready"), fake.alice["id"])
        backdate(rest_bot, gid, rest_bot.settings.umpire_reminder_hours + 1)
    del fake.channels[thread1["id"]]  # the first game's thread was deleted
    real = rest_bot.service.info

    def info(game_id: int) -> Any:
        if game_id == second:
            raise ValueError("options this build cannot read")
        return real(game_id)

    monkeypatch.setattr(rest_bot.service, "info", info)
    before = len(fake.sent)
    await Notices(rest_bot).check_games()
    reminded = {s.channel_id for s in fake.sent[before:] if "Reminder" in s.content}
    assert reminded == {thread3["id"]}


async def test_a_deadline_on_the_opponent_needs_their_agreement(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    game_id, thread = await new_game(rest_bot, fake, opponent=fake.bob)
    version = rest_bot.service.info(game_id).version
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "game deadline", thread, hours=1))
    assert "proposes 1 hours" in sent[0].content and f"<@{fake.bob['id']}>" in sent[0].content
    assert [str(u) for u in sent[0].payload["allowed_mentions"]["users"]] == [fake.bob["id"]]
    info = rest_bot.service.info(game_id)
    assert info.deadline_hours is None and info.version == version, "nothing applied, nothing logged"
    sent = await call(rest_bot, fake, fake.slash(fake.bob, "game deadline", thread, hours=1))
    assert "standing order" in sent[0].content
    assert rest_bot.service.info(game_id).deadline_hours == 1
    assert rest_bot.service.log(game_id)[-1].kind == "deadline"


async def test_a_player_seated_later_in_a_dm_game_cannot_take_it(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    dm = fake.dm_channel(fake.alice)
    await call(rest_bot, fake, fake.slash(fake.alice, "game new", dm, game="peiper"))
    game_id = rest_bot.service.list_games()[-1].id
    await call(rest_bot, fake, fake.slash(fake.alice, "gm seat", dm, side="ge", player=fake.bob, reason="a friend"))
    assert rest_bot.service.info(game_id).seats["ge"].user_id == fake.bob["id"]
    bobs = fake.dm_channel(fake.bob)
    before = rest_bot.service.info(game_id)
    for path, options in (("gm seat", {"side": "us", "player": fake.bob, "reason": "mine now"}),
                          ("gm end", {"winner": "ge", "reason": "I win"}),
                          ("gm reroll", {"reason": "again"})):
        sent = await call(rest_bot, fake, fake.slash(fake.bob, path, bobs, game=game_id, **options))
        answer = refusal(sent)
        assert answer.ephemeral and "Only a GM" in answer.content
    after = rest_bot.service.info(game_id)
    assert after.version == before.version and after.seats["us"].user_id == fake.alice["id"]
    sent = await call(rest_bot, fake, fake.slash(fake.bob, "game deadline", bobs, hours=1, game=game_id))
    assert rest_bot.service.info(game_id).deadline_hours is None, "alice has not agreed"


async def test_a_second_bot_process_for_the_same_shards_refuses_to_start(fake: FakeDiscord, rest_bot: UmpireBot,
                                                                          settings: Any) -> None:
    from fake_discord import TOKEN

    from engine.service.database import ShardLockHeld

    second = UmpireBot(settings, background=False, chunk_guilds_at_startup=False)
    try:
        with pytest.raises(ShardLockHeld, match="already running shards all"):
            await second.login(TOKEN)
    finally:
        await second.close()


async def test_the_same_interaction_delivered_to_two_processes_is_applied_once(
        fake: FakeDiscord, rest_bot: UmpireBot, settings: Any) -> None:
    import asyncio

    import discord
    from fake_discord import TOKEN

    game_id, thread = await new_game(rest_bot, fake)
    # a second process on the same database (here without its shard lock: a retry, a lock-less overlap)
    other = UmpireBot(settings, background=False, chunk_guilds_at_startup=False, shard_lock=False)
    await other.login(TOKEN)
    other._connection._add_guild_from_data(fake.guild_json())  # type: ignore[arg-type]
    try:
        payload = fake.slash(fake.alice, "peiper ready", thread)
        fake.dispatched_at[payload["id"]] = 0.0
        calls = [bot.tree._call(discord.Interaction(data=payload, state=bot._connection))  # type: ignore[arg-type]
                 for bot in (rest_bot, other)]
        await asyncio.gather(*calls, return_exceptions=True)
        await fake.settle()
        readies = [e for e in rest_bot.service.log(game_id) if e.action.get("kind") == "ready"]
        assert len(readies) == 1 and readies[0].interaction_id == payload["id"]
        rules = rest_bot.service.rules(game_id)
        assert rules.dump(rest_bot.service.replay(game_id)) == rules.dump(rest_bot.service.state(game_id))
    finally:
        await other.close()


async def test_an_order_is_acknowledged_at_once_while_four_replays_run(fake: FakeDiscord, rest_bot: UmpireBot,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio
    import sys
    import threading
    import time

    game_id, thread = await new_game(rest_bot, fake)
    game_cog = sys.modules["cogs.game"]  # the module the bot loaded (load_extension makes its own)
    real = game_cog.replay_views
    running = threading.Semaphore(0)
    ended: list[float] = []  # when each replay finished (time.monotonic)

    def heavy_replay(service: Any, gid: int, limit: int = 40) -> Any:
        views = real(service, gid, limit)
        running.release()
        # a long replay: pure Python, holding the GIL as it goes; long enough that the order (which now
        # also draws its phase's map on the render threads) finishes first on a loaded machine
        end = time.monotonic() + 4.0
        while time.monotonic() < end:
            sum(i * i for i in range(2000))
        ended.append(time.monotonic())
        return views

    monkeypatch.setattr(game_cog, "replay_views", heavy_replay)
    monkeypatch.setattr(game_cog, "render_replay", lambda views, limit: None)
    replays = [asyncio.create_task(call(rest_bot, fake, fake.slash(who, "game replay", thread)))
               for who in (fake.alice, fake.bob, fake.carol, fake.owner)]
    deadline = time.monotonic() + 30
    while not running.acquire(blocking=False):  # wait until the replays are under way
        finished = [r.exception() or r.result() for r in replays if r.done()]
        assert time.monotonic() < deadline and not finished, f"no replay started: {finished}"
        await asyncio.sleep(0.01)
    order = fake.slash(fake.alice, "peiper ready", thread)
    dispatched = time.monotonic()
    sent = await call(rest_bot, fake, order)
    # Within Discord's 3 s and well short of the replays' 4 s, which an order held behind them would wait out;
    # not 1 s: four GIL-holding replays beside a browser test on the other core took the order to 1.1 s
    assert fake.callbacks[order["id"]]["elapsed"] < 2.5, fake.callbacks[order["id"]]
    assert any("`/peiper ready`" in s.content for s in sent)
    await asyncio.gather(*replays)
    # the order was answered while every replay still ran (not after they let go); the whole call may
    # outlast them, waiting for the order's map on render threads the replays slow
    acknowledged = dispatched + fake.callbacks[order["id"]]["elapsed"]
    assert len(ended) == 4 and min(ended) > acknowledged, "the replays were still running"
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "game replay", thread))
    assert refusal(sent).ephemeral and "ask again in" in refusal(sent).content, "a per-user cooldown"
