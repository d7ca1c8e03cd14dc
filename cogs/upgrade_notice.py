"""Once per server, after an upgrade that changes who sees a command, the bot tells the server's admins what
changed and how to open the command to a role (issue 27: `/gm` went behind Manage Server, and GM-role
holders no longer saw it, with nothing in Discord saying why).

When a server becomes available at start-up, each notice it was not yet given is posted in its games channel
(/settings set games-channel), else sent to its owner by DM, with no one pinged. That the server was told is
stored beside its settings (``ServerSettingsStore.mark_told``) before the post, so a restart, or a second
process, never tells it again; a post that reaches no one takes the mark back, to try at the next start.
A server that adds the bot after the change never saw the old way: it is marked told without a message. So
is one Umpire knows nothing of (no setting stored, no game played there): a new installation, or a server
that never used it, had no GM role to lose, and its owner is not sent a notice about a change it never saw.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("umpire.discord")

# Each notice: its key (stored once told) and its words. Keys are never reused.
NOTICES: dict[str, str] = {
    "gm_manage_server": (
        "**Umpire was upgraded: who sees `/gm` changed.** The GM commands (`/gm ...`) are now shown only to "
        "members with the **Manage Server** permission, so members who hold the GM role but not that "
        "permission no longer see `/gm` in their command list.\n"
        "To open it to a role again: **Server Settings > Integrations > Umpire > /gm**, then "
        "**Add Roles or Members**, choose the role (your GM role) and allow it. Umpire still checks the GM "
        "role itself (`/settings set gm-role`) before any `/gm` correction is made.\n"
        "(Sent once, to this server's games channel or its owner.)"
    ),
}


class UpgradeNotices(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        await self.tell(guild)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        """A server new to the bot never had the old way: nothing to tell it, now or later."""
        store = self.bot.server_settings
        for key in NOTICES:
            await asyncio.to_thread(store.mark_told, guild.id, key)

    async def tell(self, guild: discord.Guild) -> list[str]:
        """Give the server each notice it has not had; the keys of those posted."""
        store = self.bot.server_settings
        posted = []
        try:
            told = await asyncio.to_thread(store.told, guild.id)
            if set(NOTICES) <= told:
                return posted
            if not await asyncio.to_thread(self._used_before, guild.id):
                for key in NOTICES:  # nothing changed for a server that never used Umpire: nothing to say
                    await asyncio.to_thread(store.mark_told, guild.id, key)
                return posted
            for key, text in NOTICES.items():
                if key in told or not await asyncio.to_thread(store.mark_told, guild.id, key):
                    continue  # told before, or another process claimed it just now
                if await self._post(guild, text):
                    posted.append(key)
                else:
                    await asyncio.to_thread(store.mark_told, guild.id, key, False)
        except Exception:  # a notice must never stop the bot's start
            log.exception("server %s: the upgrade notice could not be given", guild.id)
        return posted

    def _used_before(self, guild_id: int) -> bool:
        """The server stored a setting or played a game here: it knew Umpire before this start."""
        if self.bot.server_settings.stored(guild_id):
            return True
        return self.bot.service.list_page(guild_id=str(guild_id), size=1)[2] > 0

    async def _post(self, guild: discord.Guild, text: str) -> bool:
        none = discord.AllowedMentions.none()
        config = await asyncio.to_thread(self.bot.server_settings.get, guild.id)
        if config.games_channel:
            channel: Any = guild.get_channel(int(config.games_channel))
            if channel is not None:
                try:
                    await channel.send(text, allowed_mentions=none)
                    return True
                except discord.HTTPException as exc:  # no right to post there: the owner instead
                    log.info("server %s: the games channel refused the upgrade notice (%s)", guild.id, exc.status)
        try:
            if not guild.owner_id:
                return False
            owner = await self.bot.create_dm(discord.Object(id=guild.owner_id))  # no member cache needed
            await owner.send(f"From Umpire, about your server **{discord.utils.escape_markdown(guild.name)}**:\n"
                             + text, allowed_mentions=none)
            return True
        except discord.HTTPException as exc:  # the owner takes no DMs: tried again at the next start
            log.info("server %s: the owner could not be told of the upgrade (%s)", guild.id, exc.status)
            return False


async def setup(bot: commands.Bot) -> None:
    from .host import Host

    assert isinstance(bot, Host)
    await bot.add_cog(UpgradeNotices(bot))
