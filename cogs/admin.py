"""/admin: the bot owner's commands, registered only in the owner's server (UMPIRE_OWNER_GUILD).

- ``/admin sync``: sync the slash-command tree on demand (as ``umpire sync`` does).
- ``/admin forget user_id``: forget a user (PRIVACY.md; as ``umpire db forget-user``).

Without UMPIRE_OWNER_GUILD the group is not registered anywhere: the command line does the same.
Members of the owner's server do not see it without Administrator, and the owner check decides.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.errors import Forbidden, IllegalAction

from .replies import reply


@app_commands.default_permissions(administrator=True)  # hidden from members; the owner check decides
@app_commands.guild_only()
class AdminCog(commands.GroupCog, group_name="admin", group_description="The bot owner's commands"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="sync", description="Sync the slash commands with Discord (bot owner only)")
    async def sync(self, interaction: discord.Interaction[Any]) -> None:
        if not await self.bot.is_owner(interaction.user):
            raise Forbidden("Only the bot's owner may sync its commands")
        await interaction.response.defer(ephemeral=True, thinking=True)
        sync_commands = getattr(self.bot, "sync_commands", None)
        synced = await sync_commands() if sync_commands else await self.bot.tree.sync()
        await reply(interaction, f"Synced {len(synced)} commands.", ephemeral=True)

    @app_commands.command(name="forget", description="Forget a user's ids and names in every game (bot owner only)")
    @app_commands.describe(user_id="the Discord user id (Developer Mode: Copy User ID)")
    async def forget(self, interaction: discord.Interaction[Any], user_id: str) -> None:
        from engine.service.privacy import forget_user

        if not await self.bot.is_owner(interaction.user):
            raise Forbidden("Only the bot's owner may forget a user")
        if not user_id.strip().isdigit() or len(user_id.strip()) > 25:
            raise IllegalAction("A Discord user id is a number")
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = getattr(self.bot, "service")  # noqa: B009
        done = await asyncio.to_thread(forget_user, service.engine, user_id.strip())
        for game_id in done.games:
            service.cache.drop(game_id)  # the cached seats held the user too
        note = "" if done.compacted else (" The database could not be compacted while in use: run "
                                          "`umpire db forget-user` with the bot stopped to be sure the old bytes go.")
        await reply(interaction, f"Forgot user {user_id.strip()}: {done.seats} seats, {done.entries} log entries "
                    f"and {done.rows} rows in all, in {len(done.games)} games.{note}", ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    settings = getattr(bot, "settings", None)
    guild = getattr(settings, "umpire_owner_guild", None)
    if guild is None:
        return
    await bot.add_cog(AdminCog(bot), guilds=[discord.Object(guild)])
