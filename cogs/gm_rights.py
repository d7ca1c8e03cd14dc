"""GM rights: Manage Server or the server's GM role, counted only in the game's own server; in a DM
game, its owner. The options only a GM may set (``GameOptionSpec.gm_only``)."""

from __future__ import annotations

from typing import Any

import discord

from engine.errors import Forbidden
from engine.game import GameRules
from engine.service import GameInfo
from engine.service.server_settings import ServerConfig

from .finding import game_config, server_config, sides_held
from .words import clean


def typed_in(interaction: discord.Interaction[Any], guild_id: str | None) -> bool:
    """Whether the command was typed in that server: only there do its roles and permissions count."""
    return guild_id is not None and interaction.guild_id is not None and str(interaction.guild_id) == guild_id


def role_ids(interaction: discord.Interaction[Any]) -> set[str]:
    return {str(r.id) for r in getattr(interaction.user, "roles", [])}


def has_gm_role(interaction: discord.Interaction[Any], config: ServerConfig | None = None) -> bool:
    """Manage Server, or the server's GM role (/settings set gm-role), else the role named UMPIRE_GM_ROLE:
    in the server of ``config`` (default: where the command is typed), and only when typed there (the
    member's permissions and roles Discord sends are those of the server the command is typed in)."""
    config = config if config is not None else server_config(interaction)
    if not typed_in(interaction, config.guild_id):
        return False
    if interaction.permissions.manage_guild:
        return True
    if config.gm_role is not None:
        return config.gm_role in role_ids(interaction)
    role = config.gm_role_name.lower()
    return any(r.name.lower() == role for r in getattr(interaction.user, "roles", []))


def gm_role_text(interaction: discord.Interaction[Any], config: ServerConfig | None = None) -> str:
    """Who is a GM in the server of ``config`` (default: here), in words (for refusals)."""
    config = config if config is not None else server_config(interaction)
    if config.gm_role is not None:
        return f"Manage Server or the '{role_name(interaction, config.gm_role, config.guild_id)}' role"
    return f"Manage Server or the '{clean(config.gm_role_name)}' role"


def role_name(interaction: discord.Interaction[Any], role_id: str | None, guild_id: str | None = None) -> str:
    """A role's name as its server (default: this one) calls it now (one clean line), or its id."""
    if role_id is None:
        return "none"
    guild = interaction.guild if guild_id is None or typed_in(interaction, guild_id) else \
        interaction.client.get_guild(int(guild_id))
    role = guild.get_role(int(role_id)) if guild is not None else None
    return clean(role.name) if role is not None else f"role {role_id}"


def is_gm(interaction: discord.Interaction[Any], info: GameInfo) -> bool:
    """Manage Server or the GM role of the game's server, typed in that server; in a DM game, its owner
    (who opened it) alone: a player seated there later never gets GM power over it."""
    if info.guild_id is None:
        if info.owner_id is not None:
            return str(interaction.user.id) == info.owner_id
        return bool(sides_held(info, interaction.user.id))  # a game opened before owners were kept
    return has_gm_role(interaction, game_config(interaction, info))


def is_guild_gm(interaction: discord.Interaction[Any]) -> bool:
    """A GM where no game exists yet: Manage Server or the server's GM role; in a DM, its user (whose
    solo game it will be)."""
    if interaction.guild_id is None:
        return True
    return has_gm_role(interaction)


def elsewhere(interaction: discord.Interaction[Any], info: GameInfo) -> str:
    """For a refusal: where the command must be typed to count, when it was typed elsewhere."""
    if info.guild_id is None or typed_in(interaction, info.guild_id):
        return ""
    return f" (game #{info.id} belongs to another server: a GM's rights count there, so type it there)"


def gm_only_options(rules: GameRules, chosen: dict[str, Any]) -> list[str]:
    """The chosen options only a GM may set (``GameOptionSpec.gm_only``: data files and tables)."""
    specs = {o.name: o for o in rules.option_specs()}
    return [k for k in chosen if k in specs and specs[k].gm_only]


def require_gm(interaction: discord.Interaction[Any], info: GameInfo) -> None:
    if not is_gm(interaction, info):
        raise Forbidden(f"Only a GM may do this: {gm_role_text(interaction, game_config(interaction, info))} "
                        f"(in a DM game, its player){elsewhere(interaction, info)}")
