"""/help: the commands of each game, each with an example (from CommandSpec.example)."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine import registry
from engine.errors import UmpireError

from .finding import game_for, playable_games
from .replies import bot_of
from .text import clip

TABLE = (
    ("/game new game:peiper side:us opponent:@bob", "open a game (a thread; in a DM, a solo game)"),
    ("/game status", "turn, phase, seats, deadline"),
    ("/game map hex:0804 radius:2", "the map; a close-up around a hex"),
    ("/game log page:2", "the log with each rule applied"),
    ("/game undo", "take back your last order (not past a card or a die)"),
    ("/game join side:ge", "take a side the bot or nobody holds"),
    ("/game deadline hours:24", "a time limit per decision, then the standing order"),
    ("/game replay  /game export  /game seed", "animated replay, JSON record, verifiable dice"),
    ("/rules game:peiper topic:combat", "short rule summaries"),
    ('/gm move unit:501 to:0805 reason:"misclick, agreed"', "GM corrections, each logged with a reason"),
    ("/settings show", "this server's settings: GM role, who may join, levels, hours (admins: /settings set)"),
)
GAMES = [app_commands.Choice(name=registry.title(k), value=k) for k in playable_games()]


def game_help(key: str, state: Any | None = None) -> discord.Embed:
    """A game's orders, and its notes (``rules.help_notes``): for the game in play (``state``), or any."""
    rules = registry.get(key)
    lines = [f"**{note}**" for note in rules.help_notes(state)]
    for spec in rules.commands():
        opts = " ".join(f"{o.name}:<{o.kind}>" if o.required else f"[{o.name}]" for o in spec.options)
        lines.append(f"**/{key} {spec.name}** {opts} - {spec.description}"
                     + (f" [{spec.rule}]" if spec.rule else "")
                     + (f"\n  e.g. `{spec.example}`" if spec.example else ""))
    options = [f"`{o.name}` ({o.default})" for o in rules.option_specs()]
    if options:
        lines.append("Options for /game new options:key:value - " + ", ".join(options))
    embed = discord.Embed(title=clip(f"{rules.title}: orders", 256), description=clip("\n".join(lines), 4096))
    embed.set_footer(text="Options autocomplete from what the rules allow now; buttons offer the choices.")
    return embed


def order_help(key: str, name: str) -> discord.Embed:
    """One order: its options, what it does, the rule, an example, and Umpire's summary of that rule."""
    from engine.errors import IllegalAction

    rules = registry.get(key)
    spec = next((c for c in rules.commands() if c.name == name.strip().lstrip("/").lower()), None)
    if spec is None:
        raise IllegalAction(f"{rules.title} has no order '{clip(name, 20)}': orders are "
                            f"{', '.join(c.name for c in rules.commands())}")
    lines = [spec.description + (f" [{spec.rule}]" if spec.rule else "")]
    for opt in spec.options:
        extra = f": one of {', '.join(opt.choices)}" if opt.choices else ""
        lines.append(f"`{opt.name}` ({opt.kind}{', optional' if not opt.required else ''}) - {opt.description}{extra}")
    if spec.example:
        lines.append(f"e.g. `{spec.example}`")
    try:
        summary = rules.rules_summary()
        found = (summary.search(spec.rule) if spec.rule else []) or summary.search(spec.name)
    except AttributeError:
        found = []
    if found:
        lines.append(f"**{found[0].topic}** [{found[0].rule}]: {found[0].text}")
    usage = " ".join(f"{o.name}:<{o.kind}>" if o.required else f"[{o.name}]" for o in spec.options)
    return discord.Embed(title=clip(f"/{key} {spec.name} {usage}".strip(), 256), description=clip("\n".join(lines), 4096))


def table_help() -> discord.Embed:
    text = "\n".join(f"`{cmd}` - {what}" for cmd, what in TABLE)
    return discord.Embed(title="Umpire", description=clip(text, 4096))


async def game_in_play(interaction: discord.Interaction[Any]) -> tuple[str, Any] | None:
    """The game of the channel /help was asked in (its key and state), if there is one."""
    try:
        info = await game_for(interaction, None)
        state = await asyncio.to_thread(bot_of(interaction).service.state, info.id)
    except UmpireError:
        return None
    return info.game, state


class HelpCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="Umpire's commands, and each game's orders with examples")
    @app_commands.describe(game="A game's orders (leave out for every game)", order="One order, explained")
    @app_commands.choices(game=GAMES)
    async def help(self, interaction: discord.Interaction[Any], game: str | None = None, order: str | None = None
                   ) -> None:
        if order:
            embed = order_help(game or "peiper", order)
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        keys = [game] if game else [g.value for g in GAMES]
        playing = await game_in_play(interaction)  # in a game's thread: that game's own victory conditions
        embeds = [table_help()] + [game_help(k, playing[1] if playing and playing[0] == k else None) for k in keys]
        # One message holds 10 embeds and 6000 characters: the rest follow in further private messages.
        batches: list[list[discord.Embed]] = [[]]
        for embed in embeds:
            batch = batches[-1]
            if batch and (sum(len(e) for e in batch) + len(embed) > 6000 or len(batch) >= 10):
                batches.append(batch := [])
            batch.append(embed)
        await interaction.response.send_message(embeds=batches[0], ephemeral=True)
        for batch in batches[1:]:
            await interaction.followup.send(embeds=batch, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HelpCog(bot))
