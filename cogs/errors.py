"""One error handler for every command and button.

An ``UmpireError`` is the player's mistake or the rules' refusal: an ephemeral reply with the message
and the rule. Anything else is Umpire's fault: logged with a short id that the user is told.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.errors import InternalFault, UmpireError, new_fault_id

log = logging.getLogger("umpire.discord")


def error_text(error: BaseException) -> str:
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(original, UmpireError):
        return f"Refused: {original.message}" + (f" [{original.rule}]" if original.rule else "")
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
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell the user about an error: %s", text)


async def setup(bot: commands.Bot) -> None:
    async def on_error(interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)

    bot.tree.on_error = on_error  # type: ignore[method-assign]
