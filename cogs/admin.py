"""/admin sync: the bot's owner syncs the slash-command tree on demand (as `umpire sync` does)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.errors import Forbidden

from .common import reply


@app_commands.default_permissions(administrator=True)  # hidden from members; the owner check decides
class AdminCog(commands.GroupCog, group_name="admin", group_description="The bot owner's commands"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="sync", description="Sync the slash commands with Discord (bot owner only)")
    async def sync(self, interaction: discord.Interaction[Any]) -> None:
        if not await self.bot.is_owner(interaction.user):
            raise Forbidden("Only the bot's owner may sync its commands")
        await interaction.response.defer(ephemeral=True, thinking=True)
        synced = await self.bot.tree.sync()
        await reply(interaction, f"Synced {len(synced)} commands.", ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(AdminCog(bot))
