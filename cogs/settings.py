"""/settings: each server its own (issue 18). Everyone may read the server's settings (/settings show);
members with Manage Server change them (/settings set ...). Each value is parsed by the setting's spec
(engine/service/server_settings.py: typed and bounded, a refusal names what is allowed) and each change is
stored with who made it.

Discord gives default permissions to a top-level command only, so /settings show and /settings set share
them: /settings is open to everyone and Umpire itself refuses /settings set to members without Manage
Server (an admin may restrict /settings further in Server Settings > Integrations).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from engine import registry
from engine.errors import Forbidden, IllegalAction, UmpireError
from engine.service.server_settings import ServerConfig, show

from .finding import playable_games, server_config, user_name
from .replies import bot_of, reply
from .words import esc

log = logging.getLogger("umpire.discord")

GAME_LEVEL_GAMES = [k for k in playable_games() if registry.get(k).levels]
GAME_CHOICES = [app_commands.Choice(name=registry.title(k), value=k) for k in GAME_LEVEL_GAMES]


def describe(interaction: discord.Interaction[Any], config: ServerConfig) -> list[str]:
    """Each setting, its value here, and whether it is the server's own or the default."""
    def mark(name: str) -> str:
        return "" if name in config.own else " (default)"

    gm = (f"<@&{config.gm_role}>" if config.gm_role else f"the role named '{esc(config.gm_role_name)}'")
    channel = f"<#{config.games_channel}>" if config.games_channel else "the channel where /game new is typed"
    join = {"anyone": "anyone", "invite": "only members the game's opener invited (/game invite)",
            "role": f"members with {f'<@&{config.join_role}>' if config.join_role else 'the join role (none set)'}"}
    lines = [
        f"**gm-role**: {gm}, and Manage Server{mark('gm_role')}",
        f"**games-channel**: new games open their thread under {channel}{mark('games_channel')}",
        f"**join**: {join[config.join]} may /game join an open seat (GMs always may){mark('join')}",
    ]
    levels = [f"{key} {config.level(key)}{mark('level_' + key)}" for key in GAME_LEVEL_GAMES]
    lines.append(f"**level**: the bot plays at {', '.join(levels)}")
    lines.append(f"**reminder**: a player is reminded after {config.reminder_hours:g} h idle{mark('reminder_hours')}")
    deadline = f"{config.deadline_hours:g} h per decision" if config.deadline_hours else "none"
    lines.append(f"**deadline**: each new game's deadline: {deadline}{mark('deadline_hours')}")
    lines.append(f"**dm-notices**: players {'may' if config.dm_notices else 'may not'} have turn notices sent "
                 f"to their DMs{mark('dm_notices')}")
    lines.append(f"**open-games**: a member may hold a seat in {config.open_games} open games here, and have as "
                 f"many pending invitations{mark('open_games')}")
    return lines


def when(at: datetime) -> datetime:
    """A stored time in UTC (SQLite gives it back without its zone)."""
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def require_manager(interaction: discord.Interaction[Any]) -> None:
    if interaction.guild_id is None:
        raise Forbidden("Settings belong to a server: use /settings in one")
    if not interaction.permissions.manage_guild:
        raise Forbidden("Only members with Manage Server may change this server's settings: /settings show "
                        "reads them")


class SettingsCog(commands.GroupCog, group_name="settings", group_description="This server's Umpire settings"):
    set_ = app_commands.Group(name="set", description="Change a setting of this server (Manage Server)")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def _set(self, interaction: discord.Interaction[Any], name: str, value: Any, shown: str) -> None:
        """Check the member, parse, store with who did it, and say so (values escaped, no pings)."""
        require_manager(interaction)
        bot = bot_of(interaction)
        old, new = await asyncio.to_thread(bot.server_settings.set, interaction.guild_id, name, value,
                                           str(interaction.user.id), user_name(interaction.user))
        spec = bot.server_settings.specs[name]
        await reply(interaction, f"{esc(user_name(interaction.user))} set **{name}** to {shown} "
                    f"(was {esc(show(spec, old), 60)}).")

    @app_commands.command(name="show", description="This server's settings, and who changed them last")
    async def show_(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.guild_id is None:
            raise Forbidden("Settings belong to a server: in a DM the defaults apply")
        bot = bot_of(interaction)
        config = await asyncio.to_thread(bot.server_settings.get, interaction.guild_id)
        changes = await asyncio.to_thread(bot.server_settings.changes, interaction.guild_id, 5)
        lines = ["**Umpire's settings on this server**"] + describe(interaction, config)
        if changes:
            lines.append("Last changes: " + "; ".join(
                f"{esc(c.name, 20)} {esc(c.old, 40)} -> {esc(c.new, 40)} by {esc(c.actor_name or 'someone')} "
                f"<t:{int(when(c.at).timestamp())}:R>" for c in changes))
        lines.append("Members with Manage Server change them with /settings set.")
        await reply(interaction, "\n".join(lines), ephemeral=True)

    @set_.command(name="gm-role", description="The role whose members are GMs here (none: the default)")
    @app_commands.describe(role="The GM role; leave out to go back to the default")
    async def gm_role(self, interaction: discord.Interaction[Any], role: discord.Role | None = None) -> None:
        if role is not None and role.is_default():
            raise IllegalAction("@everyone cannot be the GM role: choose a role, or leave it out for the default")
        await self._set(interaction, "gm_role", str(role.id) if role else None,
                        f"<@&{role.id}>" if role else "the default")

    @set_.command(name="games-channel", description="The channel under which new games open their threads")
    @app_commands.describe(channel="A text channel; leave out to open games where /game new is typed")
    async def games_channel(self, interaction: discord.Interaction[Any],
                            channel: discord.TextChannel | None = None) -> None:
        await self._set(interaction, "games_channel", str(channel.id) if channel else None,
                        f"<#{channel.id}>" if channel else "the channel where /game new is typed")

    @set_.command(name="join", description="Who may /game join an open seat or the bot's")
    @app_commands.describe(rule="anyone, members of a role, or only on the opener's invitation",
                           role="The role that may join (with rule: role)")
    async def join(self, interaction: discord.Interaction[Any], rule: Literal["anyone", "role", "invite"],
                   role: discord.Role | None = None) -> None:
        require_manager(interaction)
        if rule == "role":
            config = server_config(interaction)
            if role is None and config.join_role is None:
                raise IllegalAction("join: role needs the role that may join: `/settings set join rule:role "
                                    "role:@Players`")
            if role is not None:
                await self._set(interaction, "join_role", str(role.id), f"<@&{role.id}>")
        elif role is not None:
            raise IllegalAction(f"A role goes with rule:role only (not with rule:{rule})")
        await self._set(interaction, "join", rule, rule)

    @set_.command(name="level", description="The bot's level when /game new names none, for one game")
    @app_commands.describe(game="Which game", level="A level that game plays at")
    @app_commands.choices(game=GAME_CHOICES)
    async def level(self, interaction: discord.Interaction[Any], game: str, level: str) -> None:
        await self._set(interaction, f"level_{game}", level, esc(level, 20) + f" in {game}")

    @level.autocomplete("level")
    async def _levels(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        try:
            levels = registry.get(interaction.namespace.game or "").levels
        except UmpireError:
            return []
        return [app_commands.Choice(name=n, value=n) for n in levels if current.lower() in n][:25]

    @set_.command(name="reminder", description="Idle hours before the player to decide is reminded")
    @app_commands.describe(hours="Hours (leave out: the default)")
    async def reminder(self, interaction: discord.Interaction[Any], hours: float | None = None) -> None:
        spec = bot_of(interaction).server_settings.specs["reminder_hours"]
        value = spec.default if hours is None else hours
        await self._set(interaction, "reminder_hours", value, f"{float(value):g} h")

    @set_.command(name="deadline", description="Hours per decision given to each new game (0: none)")
    @app_commands.describe(hours="Hours per decision, 0 for no deadline")
    async def deadline(self, interaction: discord.Interaction[Any], hours: float) -> None:
        await self._set(interaction, "deadline_hours", hours, f"{hours:g} h" if hours else "none")

    @set_.command(name="dm-notices", description="Whether players may have their turn notices sent to their DMs")
    @app_commands.describe(allowed="true: /game notify where:dm is offered; false: notices stay in the channel")
    async def dm_notices(self, interaction: discord.Interaction[Any], allowed: bool) -> None:
        await self._set(interaction, "dm_notices", allowed, "on" if allowed else "off")

    @set_.command(name="open-games", description="Open games (and pending invitations) a member may have at once")
    @app_commands.describe(count="1 to 100 (leave out: the default, 10)")
    async def open_games(self, interaction: discord.Interaction[Any], count: int | None = None) -> None:
        spec = bot_of(interaction).server_settings.specs["open_games"]
        value = spec.default if count is None else count
        await self._set(interaction, "open_games", value, f"{value}")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SettingsCog(bot))
