"""The live board on Discord (issue 26): a "Board" link button under every map post, and /game board.

The bot serves the board itself (``bot.board``, started with the bot when ``UMPIRE_BOARD_BIND`` is set).
Links go out only when ``UMPIRE_BOARD_URL`` names the public address players can reach: a link to the
host's loopback would be of no use to anyone on Discord.

With the board's Discord Activity (issue 39; bot/board/activity.py) the "Board" button opens it instead: a
``discord.ui.DynamicItem`` (``umpire:board:<game>``, it answers after a restart and in any process) whose
click is the launch-activity answer; where Discord will not launch it (a client or place without
Activities), the user's own links, privately.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from engine.errors import NotFound
from engine.service import board_links
from engine.service.board_links import SPECTATOR

from .finding import sides_held
from .replies import bot_of

if TYPE_CHECKING:
    from engine.service import GameInfo

log = logging.getLogger("umpire.discord")

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
    """A view holding one link button to the game's spectator page (None without a public board); with
    the board's Discord Activity, a button that opens it (cogs/board_activity.py)."""
    if activity_on(bot):
        view = discord.ui.View(timeout=None)
        view.add_item(BoardLaunch(game_id))
        return view
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


# --- the Discord Activity (issue 39) ------------------------------------------------------------
TEMPLATE = r"umpire:board:(?P<game>[0-9]{1,19})"


def activity_on(bot: Any) -> bool:
    """Whether the board the bot gives out also serves the Activity (its client id and secret are set)."""
    server = board_of(bot)
    return server is not None and getattr(server, "activity", None) is not None


class BoardLaunch(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(discord.ui.Button(label="Board", style=discord.ButtonStyle.primary,
                                           custom_id=f"umpire:board:{game_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: Any) -> BoardLaunch:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await launch_or_link(interaction, self.game_id)


async def launch_or_link(interaction: discord.Interaction[Any], game_id: int) -> None:
    """Open the Activity for the user; else (no Activity, or Discord refuses to launch it here) answer
    with the user's own board links, privately."""
    bot = bot_of(interaction)
    if activity_on(bot):
        try:
            await interaction.response.launch_activity()
            return
        except discord.HTTPException as exc:  # a client or place without Activities: the links instead
            log.info("the Activity could not be launched for game %s (HTTP %s): links instead", game_id, exc.status)
    try:
        info = await asyncio.to_thread(bot.service.info, game_id)
        if info.guild_id is not None and str(interaction.guild_id or "") != info.guild_id:
            raise NotFound("no such game here")
        text = await board_answer(bot, info, sides_held(info, interaction.user.id), revoke=False)
    except NotFound as exc:
        text = exc.message if "UMPIRE_BOARD" in exc.message else f"No game #{game_id} here: see /game list"
    await interaction.response.send_message(text, ephemeral=True)
