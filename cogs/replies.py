"""Replies and posts within Discord's limits: the first answer to an interaction or its follow-up, a
message in a game's home (thread, channel or DM), who a message may ping, and the per-user cooldowns
of heavy reads."""

from __future__ import annotations

import io
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import discord

from engine.errors import Forbidden

from .words import no_paths

if TYPE_CHECKING:
    from engine.service import GameInfo

    from .host import Host

MAX_CONTENT = 2000
MAX_EMBED_DESCRIPTION = 4096
DEFAULT_FILESIZE = 10 * 1024 * 1024
NO_MENTIONS = discord.AllowedMentions.none()


def bot_of(interaction: discord.Interaction[Any]) -> Host:
    return cast("Host", interaction.client)


# --- text within Discord's limits ------------------------------------------------------------
def fit(text: str, limit: int = MAX_CONTENT, filename: str = "umpire.txt") -> tuple[str, discord.File | None]:
    """Text cut at a line to fit ``limit``; the whole text comes back as a file when it was cut."""
    if len(text) <= limit:
        return text, None
    note = "\n... (the rest is in the attached file)"
    cut = text.rfind("\n", 0, limit - len(note))
    if cut <= 0:
        cut = limit - len(note)
    return text[:cut] + note, discord.File(io.BytesIO(text.encode("utf-8")), filename=filename)


# Seconds a user waits between two heavy reads of a kind (per user; everyone else is not held up).
COOLDOWNS = {"replay": 60.0, "export": 30.0, "log": 2.0, "rulings": 2.0, "map": 3.0, "odds": 5.0}


def cooldown(interaction: discord.Interaction[Any], kind: str) -> None:
    """Refuse a heavy read asked again too soon by the same user (checked before any work)."""
    bot = bot_of(interaction)
    key = (interaction.user.id, kind)
    now = time.monotonic()
    last = bot.cooldowns.get(key)
    if last is not None and now - last < COOLDOWNS[kind]:
        wait = COOLDOWNS[kind] - (now - last)
        raise Forbidden(f"You asked for a {kind} {now - last:.0f} s ago: ask again in {wait:.0f} s")
    bot.cooldowns[key] = now
    if len(bot.cooldowns) > 10_000:  # forget the old ones
        for k in [k for k, t in bot.cooldowns.items() if now - t > max(COOLDOWNS.values())]:
            del bot.cooldowns[k]


def mentions_of(user_ids: Sequence[str | int]) -> discord.AllowedMentions:
    """Exactly these members may be pinged; never @everyone, @here or a role."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(int(u)) for u in user_ids])


ANSWERED = "umpire_answered"  # interaction.extras: a message answered it (after a deferral, too)
DEFERRED = "umpire_deferred"  # interaction.extras: "public" or "private"


async def defer(interaction: discord.Interaction[Any], *, ephemeral: bool = False) -> None:
    """Acknowledge now, answer later; a refusal after a public deferral is still private (cogs.errors)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        interaction.extras[DEFERRED] = "private" if ephemeral else "public"


async def reply(interaction: discord.Interaction[Any], content: str = "", *, ephemeral: bool = False,
                embed: discord.Embed | None = None, files: Sequence[discord.File] = (),
                view: discord.ui.View | None = None, mention: Sequence[str | int] = ()) -> None:
    """The first response to an interaction, or a follow-up once it was answered or deferred."""
    content, extra = fit(no_paths(content))
    interaction.extras[ANSWERED] = True
    all_files = list(files) + ([extra] if extra else [])
    kwargs: dict[str, Any] = {"ephemeral": ephemeral, "allowed_mentions": mentions_of(mention)}
    if embed is not None:
        kwargs["embed"] = embed
    if all_files:
        kwargs["files"] = all_files
    if view is not None:
        kwargs["view"] = view
    if not content and embed is None and not all_files:
        content = "Done."
    if not interaction.response.is_done():
        await interaction.response.send_message(content or None, **kwargs)
    else:
        await interaction.followup.send(content or "", **kwargs)


async def post(bot: Host, info: GameInfo, content: str = "", *, interaction: discord.Interaction[Any] | None
               = None, files: Sequence[discord.File] = (), view: discord.ui.View | None = None,
               mention: Sequence[str | int] = ()) -> None:
    """A message in the game's home (its thread or DM): as a follow-up when the interaction is there."""
    if interaction is not None and str(interaction.channel_id) == info.channel_id:
        await reply(interaction, content, files=files, view=view, mention=mention)
        return
    if info.channel_id is None:
        return
    content, extra = fit(no_paths(content))
    channel = bot.get_partial_messageable(int(info.channel_id),
                                          guild_id=int(info.guild_id) if info.guild_id else None)
    all_files = list(files) + ([extra] if extra else [])
    kwargs: dict[str, Any] = {"allowed_mentions": mentions_of(mention)}
    if all_files:
        kwargs["files"] = all_files
    if view is not None:
        kwargs["view"] = view
    await channel.send(content or None, **kwargs)


