"""Issue 40, a fourth game's path on Discord: the throwaway game of tests/core/tinygame, registered before
the bot starts, gets its slash commands (/tiny move, fire, pass), is a choice of /game new, /help and
/rules, and is played to its end in its thread by real discord.py against the fake Discord: orders,
the bot's answers, a refusal, the phase maps and the result. Nothing in the cogs names it.

(A game registered after the bot started gets no commands until the next start: Discord's commands are
synced when the bot starts; docs/architecture.md "Adding a game".)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fake_discord import FakeDiscord
from test_discord_cogs import call

from bot.discord_app import UmpireBot
from bot.settings import Settings
from engine.game import GameRules
from tests.core.tinygame import registered


@pytest.fixture
def tiny() -> Iterator[GameRules]:
    with registered() as rules:
        yield rules


@pytest.fixture
def settings(tiny: GameRules, settings: Settings) -> Settings:
    """conftest's settings, once the tiny game is registered: rest_bot, which starts the bot, takes these,
    so the game is known before the bot reads the games."""
    return settings


def choices(fake: FakeDiscord, command: str, sub: str, option: str) -> list[str]:
    top = next(c for c in fake.commands if c["name"] == command)
    spec = next(o for o in top["options"] if o["name"] == sub)
    return [c["value"] for c in next(o for o in spec["options"] if o["name"] == option).get("choices", [])]


async def test_a_game_registered_before_the_start_is_played_to_its_end_on_discord(
        fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    tiny = next(c for c in fake.commands if c["name"] == "tiny")
    assert sorted(o["name"] for o in tiny["options"]) == ["fire", "move", "pass"]  # from its CommandSpecs
    assert "tiny" in choices(fake, "game", "new", "game")
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "help", fake.channel, game="tiny"))
    assert "/tiny move" in sent[-1].text(), sent[-1].text()
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "rules", fake.channel, game="tiny", topic="victory"))
    assert "stands on the bridge" in sent[-1].text(), sent[-1].text()

    sent = await call(rest_bot, fake, fake.slash(fake.alice, "game new", fake.channel, game="tiny"))
    info = rest_bot.service.list_games()[-1]
    assert info.game == "tiny" and info.seats["blue"].kind == "bot" and info.seats["blue"].level == "random"
    thread = fake.channels[info.channel_id or ""]
    assert thread["name"] == "Bridge - alice (RED) vs Umpire (BLUE)", thread["name"]
    assert any(name.endswith(".png") for s in sent for name, _ in s.files)  # the opening map: its own map file

    sent = await call(rest_bot, fake, fake.slash(fake.alice, "tiny move", thread, to="0402"))
    assert sent[0].ephemeral and "0402 is not next to Red Rifles in 0102" in sent[0].content, sent[0].content
    assert rest_bot.service.version_of(info.id) == 0  # refused: nothing written

    maps = 0
    for to in ("0202", "0302", "0402"):
        sent = await call(rest_bot, fake, fake.slash(fake.alice, "tiny move", thread, to=to))
        text = "\n".join(s.content for s in sent)
        assert "Red Rifles moves" in text and f"-> {to}" in text, text
        maps += sum(name.endswith(".png") for s in sent for name, _ in s.files)
    over = rest_bot.service.info(info.id)
    assert over.status == "over" and rest_bot.service.state(info.id).winner == "red"
    assert "Red wins" in text and "3 Victory" in text, text
    assert maps >= 2  # each turn's phase map was posted with the answers
