"""/rules game topic: Umpire's own short summaries of each game's rules, searchable by word."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine import registry
from engine.charts import find
from engine.errors import NotFound
from engine.rulebook import GameSummary, Section

from .replies import reply
from .text import clip


def summaries() -> dict[str, GameSummary]:
    """Each playable game's rule summaries, from its own package."""
    return {key: registry.get(key).rules_summary() for key in registry.available()}


def search(game: str, query: str) -> list[Section]:
    summary = summaries().get(game)
    if summary is None:
        raise NotFound(f"No rule summaries for '{game}'")
    return summary.search(query)


GAMES = [app_commands.Choice(name=registry.get(k).title, value=k) for k in registry.available()]


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
        charts = find(registry.get(game).charts(None), topic)
        if charts:  # the table itself, monospace, within a message's 2,000 characters (a file past them)
            text = "\n\n".join(f"**{c.title}** [{c.rule}]\n```\n{c.text()}\n```" + "".join(f"\n{n}" for n in c.notes)
                               for c in charts)
            await reply(interaction, text, ephemeral=True)
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
