"""Issue 41, "a phase map is late, never lost": past a member's map rate the maps of the phases their
answers closed are held back and posted together when the rate allows, the answer saying so; an answer
that closed more phases than one message holds has the rest follow; every closed phase is in some message.
Through the unmodified discord.py client against the fake Discord."""

from __future__ import annotations

import re

from fake_discord import FakeDiscord, Sent
from test_discord_cogs import call, new_game
from test_discord_stall import dispatch

from bot.discord_app import Bucket, UmpireBot
from engine.service.phases import closing_seqs

PNG = re.compile(r"game(\d+)-phase(\d{4})\.png$")
GIF = re.compile(r"game(\d+)-phases(\d{4})-(\d{4})\.gif$")


def phases_posted(sent: list[Sent], game_id: int) -> list[int]:
    """The phase numbers whose maps are among the files of ``sent`` (a GIF covers its range)."""
    out: list[int] = []
    for s in sent:
        for name, _ in s.files:
            if (m := PNG.search(name)) and int(m[1]) == game_id:
                out.append(int(m[2]))
            elif (m := GIF.search(name)) and int(m[1]) == game_id:
                out += range(int(m[2]), int(m[3]) + 1)
    return out


def phases_closed(bot: UmpireBot, game_id: int) -> int:
    return len(closing_seqs(bot.service, game_id))


async def play_buttons(bot: UmpireBot, fake: FakeDiscord, user: dict, game_id: int, orders: int) -> list[Sent]:
    """``user`` gives ``orders`` orders as fast as the answers come, by the notice's first button."""
    answers: list[Sent] = []
    for _ in range(orders):
        if bot.service.info(game_id).status != "active":
            break
        prompt = next((s for s in reversed(fake.sent) if s.custom_ids and s.custom_ids[0]), None)
        assert prompt is not None, "a notice with buttons"
        before = len(fake.sent)
        payload = fake.click(user, prompt, prompt.custom_ids[0])
        dispatch(bot, fake, payload)
        await fake.wait_for(lambda p=payload: p["id"] in fake.callbacks, timeout=10)
        await fake.settle(quiet=0.05, timeout=10)
        answers += fake.sent[before:]
    return answers


async def test_maps_past_the_rate_are_held_back_and_follow_never_lost(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    rest_bot.map_rate = Bucket(1, 1.0)  # one map now, then one a second (the bot's is 5, then one per 4 s)
    game_id, thread = await new_game(rest_bot, fake)  # alice (US) against the bot
    start = len(fake.sent)
    answers = await play_buttons(rest_bot, fake, fake.alice, game_id, 12)
    held = [s for s in answers if "held back" in s.content]
    assert held, "quick orders went past the rate: some answer says its maps are held back"
    assert all("/game map phase:N" in s.content for s in held), [s.content for s in held]
    await fake.wait_for(lambda: not rest_bot.late_maps.waiting and not rest_bot.late_maps.tasks, timeout=20)
    await fake.settle(quiet=0.5, timeout=20)
    closed = phases_closed(rest_bot, game_id)
    posted = phases_posted(fake.sent[start:], game_id)
    assert closed >= 3
    assert sorted(set(posted)) == list(range(1, closed + 1)), (closed, posted)
    late = [s for s in fake.sent[start:] if s.content.startswith("Late map")]
    assert late and all(f"game #{game_id}" in s.content for s in late)
    assert len(late) < len(held) + 1 + closed, "coalesced: no more messages than the phases"


async def test_a_flood_of_maps_waits_for_the_flooder_only(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    """Alice's held-back maps wait on her rate; bob's answer in another game draws its map at once."""
    rest_bot.map_rate = Bucket(1, 30.0)
    alice_game, _ = await new_game(rest_bot, fake)
    await play_buttons(rest_bot, fake, fake.alice, alice_game, 6)
    assert rest_bot.late_maps.waiting_for(int(fake.alice["id"]), alice_game), "alice's maps wait"
    await call(rest_bot, fake, fake.slash(fake.bob, "game new", fake.channel, game="peiper"))
    bob_game = rest_bot.service.list_games()[-1].id
    before = len(fake.sent)
    answers = await play_buttons(rest_bot, fake, fake.bob, bob_game, 1)
    await fake.settle(quiet=0.3, timeout=10)
    assert phases_posted(answers + fake.sent[before:], bob_game), "bob's map is drawn at once"
    assert not any("held back" in s.content for s in answers)


async def test_an_answer_of_more_phases_than_one_message_holds_has_the_rest_follow(fake: FakeDiscord,
                                                                                  rest_bot: UmpireBot) -> None:
    """The bot plays both sides to the end in one answer (alice leaves): every closed phase is in some
    message, the older ones in the next (before: the newest 29 only, phases 1-19 in no message)."""
    rest_bot.map_rate = Bucket(5, 0.5)
    game_id, thread = await new_game(rest_bot, fake)
    start = len(fake.sent)
    await call(rest_bot, fake, fake.slash(fake.alice, "game leave", thread))
    await fake.wait_for(lambda: rest_bot.service.info(game_id).status != "active", timeout=120)
    await fake.wait_for(lambda: not rest_bot.late_maps.waiting and not rest_bot.late_maps.tasks, timeout=60)
    await fake.settle(quiet=0.5, timeout=60)
    closed = phases_closed(rest_bot, game_id)
    assert closed > 29, closed
    posted = phases_posted(fake.sent[start:], game_id)
    assert sorted(set(posted)) == list(range(1, closed + 1)), (closed, sorted(set(posted)))
    for s in fake.sent[start:]:
        assert len(s.files) <= 10 and sum(len(data) for _, data in s.files) <= 25 * 1024 * 1024


async def test_a_global_rate_limit_on_the_threads_first_message_posts_the_opening_once(
        fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    fake.throttle("POST", r"/channels/\d+/messages", retry_after=1.2, is_global=True)
    game_id, thread = await new_game(rest_bot, fake, opponent=fake.bob)
    await fake.settle(quiet=0.5, timeout=15)
    assert not fake.throttles, "the rate limit was met"
    openings = [s for s in fake.sent if s.channel_id == thread["id"] and f"**Game #{game_id}:" in s.content]
    assert len(openings) == 1, [s.content[:80] for s in openings]


async def test_a_message_made_whose_answer_was_lost_is_not_posted_again(fake: FakeDiscord, rest_bot: UmpireBot
                                                                          ) -> None:
    """Discord made the thread's opening but its answer was lost (a 502): discord.py retries, and the
    retry carries the same nonce with enforce_nonce, so the thread holds the opening once."""
    fake.lose_answers.append(r"POST /channels/\d+/messages")
    game_id, thread = await new_game(rest_bot, fake, opponent=fake.bob)
    await fake.settle(quiet=0.5, timeout=20)
    assert not fake.lose_answers, "an answer was lost"
    openings = [s for s in fake.sent if s.channel_id == thread["id"] and f"**Game #{game_id}:" in s.content]
    assert len(openings) == 1, [s.content[:80] for s in openings]
    assert openings[0].payload.get("nonce") and openings[0].payload.get("enforce_nonce")
