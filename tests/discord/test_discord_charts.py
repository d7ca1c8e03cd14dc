"""/rules answers with a game's charts (issue 27): /rules CRT is Panzer Leader's Combat Results Table, as a
monospace table within Discord's limits."""

from __future__ import annotations

from fake_discord import FakeDiscord
from test_discord_cogs import call

from bot.discord_app import UmpireBot
from engine import registry


async def test_rules_crt_answers_with_the_table(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "rules", fake.channel, game="pl", topic="CRT"))
    answer = sent[-1]
    assert answer.ephemeral and "Combat Results Table" in answer.content and "```" in answer.content
    crt = next(c for c in registry.get("pl").charts(None) if c.key == "crt")
    assert all(line.rstrip() in answer.content for line in crt.text().splitlines())
    assert len(answer.content) <= 2000


async def test_rules_terrain_and_weapons_by_their_names(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    for game, topic, title in (("pl", "weapons", "Weapons Effectiveness Chart"), ("peiper", "terrain", "Terrain Chart"),
                               ("saf", "counter values", "Counter values")):
        sent = await call(rest_bot, fake, fake.slash(fake.alice, "rules", fake.channel, game=game, topic=topic))
        assert title in sent[-1].content, (game, topic, sent[-1].content[:200])


async def test_game_odds_answers_privately_and_changes_nothing(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    import random

    from engine.odds import odds

    await call(rest_bot, fake, fake.slash(fake.alice, "game new", fake.channel, game="peiper", side="us",
                                          opponent=fake.bob))
    info = rest_bot.service.list_games()[-1]
    thread = fake.channels[info.channel_id or ""]
    rules = registry.get("peiper")
    who = {s: seat.user_id for s, seat in info.seats.items()}
    rnd = random.Random(3)
    attack = None
    for _ in range(400):  # the players play at random until the side to act may attack
        state = rest_bot.service.state(info.id)
        side = rules.to_act(state)
        legal = rules.legal_actions(state, side)
        # an attack that can hit (the game's seed is random: a first attack at a target in cover may not)
        attack = next((a for a in legal if a.kind == "attack"
                       and any("reduced" in label for label, _ in odds(rules, state, side, a).outcomes)), None)
        if attack is not None:
            break
        onward = [a for a in legal if a.kind != "place"] or legal
        rest_bot.service.submit(info.id, side, rnd.choice(onward), str(who[side]))
    assert attack is not None
    user = fake.alice if who[side] == fake.alice["id"] else fake.bob
    other = fake.bob if user is fake.alice else fake.alice
    version = rest_bot.service.info(info.id).version
    order = attack.command("peiper").removeprefix("/peiper ")
    sent = await call(rest_bot, fake, fake.slash(user, "game odds", thread, order=order))
    assert sent[-1].ephemeral and "%" in sent[-1].content and "reduced" in sent[-1].content
    assert rest_bot.service.info(info.id).version == version
    refused = await call(rest_bot, fake, fake.slash(other, "game odds", thread, order=order))
    assert refused[-1].ephemeral and "decision" in refused[-1].content
    bad = await call(rest_bot, fake, fake.slash(fake.carol, "game odds", thread, order="attack"))
    assert bad[-1].ephemeral and "no side" in bad[-1].content
