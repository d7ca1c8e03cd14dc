"""/rules game topic: Umpire's own short summaries of each game's rules, searchable by word."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import discord
import yaml
from discord import app_commands
from discord.ext import commands
from pydantic import BaseModel, Field, ValidationError

from engine import registry
from engine.errors import DataFileError, NotFound

from .common import clip, reply

SUMMARIES = Path(__file__).with_name("rules_summaries.yaml")


class Section(BaseModel):
    topic: str = Field(min_length=1, max_length=90)
    rule: str = Field(min_length=1)
    text: str = Field(min_length=1, max_length=1500)


class GameSummary(BaseModel):
    title: str
    sections: list[Section] = Field(min_length=1)


@lru_cache(maxsize=1)
def summaries(path: Path = SUMMARIES) -> dict[str, GameSummary]:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    out: dict[str, GameSummary] = {}
    for key, entry in (raw or {}).items():
        try:
            out[key] = GameSummary.model_validate(entry)
        except ValidationError as exc:
            raise DataFileError(path.name, key, str(exc).splitlines()[0]) from None
    return out


def search(game: str, query: str) -> list[Section]:
    """Sections whose topic matches first, then those whose rule or text holds every word."""
    summary = summaries().get(game)
    if summary is None:
        raise NotFound(f"No rule summaries for '{game}'")
    words = query.lower().split()
    if not words:
        return list(summary.sections)
    exact = [s for s in summary.sections if s.topic.lower() == query.lower().strip()]
    topical = [s for s in summary.sections if all(w in s.topic.lower() for w in words) and s not in exact]
    text = [s for s in summary.sections if s not in exact + topical
            and all(w in f"{s.rule} {s.text}".lower() for w in words)]
    return exact + topical + text


GAMES = [app_commands.Choice(name=registry.GAME_TITLES[k], value=k) for k in registry.GAME_PACKAGES
         if k in summaries()]


class RulesCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="Short summaries of a game's rules, by section")
    @app_commands.describe(game="Which game", topic="A section or any words (leave out for the list)")
    @app_commands.choices(game=GAMES)
    async def rules(self, interaction: discord.Interaction[Any], game: str, topic: str | None = None) -> None:
        summary = summaries()[game]
        if not topic:
            lines = [f"**{s.topic}** [{s.rule}]" for s in summary.sections]
            await reply(interaction, f"{summary.title}: topics (/rules game:{game} topic:<one>)\n" + "\n".join(lines),
                        ephemeral=True)
            return
        found = search(game, topic)
        if not found:
            raise NotFound(f"No rule summary of {summary.title} mentions '{topic}': /rules game:{game} lists them")
        embed = discord.Embed(title=clip(f"{summary.title}: {found[0].topic}", 256),
                              description=clip(found[0].text, 4096))
        embed.set_footer(text=clip(f"Rulebook: {found[0].rule}. Umpire's summary; the rulebook decides.", 2048))
        others = ", ".join(s.topic for s in found[1:6])
        await reply(interaction, f"Also: {others}" if others else "", embed=embed, ephemeral=True)

    @rules.autocomplete("topic")
    async def _topics(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        game = interaction.namespace.game or ""
        if game not in summaries():
            return []
        found = search(game, current) if current.strip() else summaries()[game].sections
        return [app_commands.Choice(name=clip(f"{s.topic} [{s.rule}]", 100), value=s.topic) for s in found][:25]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RulesCog(bot))
