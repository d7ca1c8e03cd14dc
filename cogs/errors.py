"""One error handler for every command and button.

An ``UmpireError`` is the player's mistake or the rules' refusal: an ephemeral reply with the message
and the rule. Anything else is Umpire's fault: logged with a short id that the user is told.

Every refusal is private, even after a public deferral (the "thinking..." message is deleted and the
refusal sent as an ephemeral follow-up); it pings nobody (no allowed mentions), quotes values
shortened and escaped, and shows no path of the host.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.errors import InternalFault, UmpireError, new_fault_id

from .replies import ANSWERED, DEFERRED, NO_MENTIONS
from .text import clean
from .words import safe_refusal

log = logging.getLogger("umpire.discord")


def error_text(error: BaseException) -> str:
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(original, UmpireError):
        rule = f" [{clean(original.rule, 100)}]" if original.rule else ""
        return f"Refused: {safe_refusal(original.message)}{rule}"
    if isinstance(original, app_commands.NoPrivateMessage):
        return "This command works only in a server."
    if isinstance(original, app_commands.CheckFailure):
        return "You may not use this command here."
    if isinstance(original, discord.Forbidden):
        eid = secrets.token_hex(3)
        log.warning("error %s: Discord refused a request: %s", eid, original)
        return (f"Discord refused Umpire a permission here (error `{eid}`): see the permissions in "
                "docs/discord.md, or ask a server admin.")
    fault = new_fault_id()
    log.error("internal fault %s", fault, exc_info=(type(original), original, original.__traceback__))
    return f"Refused: {InternalFault(fault).message}"


async def report_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    text = error_text(error)
    try:
        if interaction.response.is_done():
            if interaction.extras.get(DEFERRED) == "public" and not interaction.extras.get(ANSWERED):
                # the first follow-up would replace the public "thinking..." message and be public too
                try:
                    await interaction.delete_original_response()
                except discord.HTTPException:
                    log.warning("could not delete the deferred reply before a refusal")
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
        else:
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
    except discord.HTTPException:
        log.warning("could not tell the user about an error: %s", text)


async def setup(bot: commands.Bot) -> None:
    async def on_error(interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)

    bot.tree.on_error = on_error  # type: ignore[method-assign]
