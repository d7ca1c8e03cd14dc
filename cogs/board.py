"""The live board on Discord (issue 26): a "Board" link button under every map post, and /game board.

The bot serves the board itself (``bot.board``, started with the bot when ``UMPIRE_BOARD_BIND`` is set).
Links go out only when ``UMPIRE_BOARD_URL`` names the public address players can reach: a link to the
host's loopback would be of no use to anyone on Discord.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import discord

from engine.errors import NotFound
from engine.service import board_links
from engine.service.board_links import SPECTATOR

if TYPE_CHECKING:
    from engine.service import GameInfo

NO_BOARD = ("This Umpire has no live board: its operator sets UMPIRE_BOARD_URL (the public address) and "
            "UMPIRE_BOARD_BIND (docs/board.md)")


def board_of(bot: Any) -> Any:
    """The running board server, if links may be given out."""
    server = getattr(bot, "board", None)
    return server if server is not None and getattr(bot.settings, "umpire_board_url", "") else None


async def board_link(bot: Any, game_id: int, viewer: str = SPECTATOR) -> str | None:
    server = board_of(bot)
    if server is None:
        return None
    return await asyncio.to_thread(server.link, game_id, viewer)


async def board_button(bot: Any, game_id: int) -> discord.ui.View | None:
    """A view holding one link button to the game's spectator page (None without a public board)."""
    link = await board_link(bot, game_id)
    if link is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Board", style=discord.ButtonStyle.link, url=link))
    return view


async def board_answer(bot: Any, info: GameInfo, sides: list[str], revoke: bool) -> str:
    """/game board's words: the caller's own side's link (the spectators' when they hold none); with
    revoke (checked by the caller: the game's owner or a GM), new links for everyone first."""
    if board_of(bot) is None:
        raise NotFound(NO_BOARD)
    said = []
    if revoke:
        generation = await asyncio.to_thread(board_links.revoke, bot.service.engine, info.id)
        said.append(f"Game #{info.id}: every board link given out before is refused now (links #{generation}).")
    for side in sides:
        said.append(f"Board of game #{info.id} for your side ({side}): <{await board_link(bot, info.id, side)}>")
    said.append(f"Board of game #{info.id} for spectators: <{await board_link(bot, info.id)}>")
    if sides:
        said.append("Your side's link shows your side's secrets: keep it to yourself.")
    return "\n".join(said)
