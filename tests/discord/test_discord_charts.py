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
