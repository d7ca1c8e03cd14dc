"""The map images an answer attaches (the map now, a close-up), drawn on the bot's render threads.

The names cogs/maps.py imports from here (``bot_of``, ``cooldown``, ``defer``, ``game_for``, ``reply``,
``status_of``) live in their own modules (replies, finding, words) and are named here for it alone;
new code imports them from there.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from .finding import game_for
from .replies import DEFAULT_FILESIZE, bot_of, cooldown, defer, reply
from .words import status_of

if TYPE_CHECKING:
    from .host import Host

__all__ = ["bot_of", "cooldown", "defer", "game_for", "map_file", "render_map_png", "reply", "status_of"]

log = logging.getLogger("umpire.discord")


def render_map_png(view: dict[str, Any], hex_label: str | None = None, radius: int = 3) -> bytes | None:
    """The map as PNG bytes, or None when the renderer is missing or fails (a reply never waits on it)."""
    try:
        from images.maps import view_png
    except ImportError:
        return None
    try:
        return view_png(view, hex_label, radius)
    except Exception:  # the renderer is another module's: log it, never fail the order
        log.exception("rendering the map failed")
        return None


async def map_file(bot: Host, game_id: int, *, hex_label: str | None = None, radius: int = 3,
                   limit: int = DEFAULT_FILESIZE) -> discord.File | None:
    """The map now, without the phase's moves (a new game's): on the heavy threads; None when busy."""
    from .host import Busy

    try:
        async with bot.heavy_slot():
            view = await bot.on_heavy(bot.service.view, game_id, None)
            data = await bot.draw(render_map_png, view, hex_label, radius)
    except Busy:
        return None
    if data is None or len(data) > limit:
        return None
    suffix = f"-{hex_label}" if hex_label else ""
    return discord.File(io.BytesIO(data), filename=f"game{game_id}-v{view.get('version', 0)}{suffix}.png")

