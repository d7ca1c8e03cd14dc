"""Map images for Discord: a map of every phase an answer closed, in one message.

Discord takes at most 10 attachments in a message: when an answer closed more phases than that, the
newest nine come as PNGs and the older ones as one animated GIF (one frame per phase) before them.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord

from engine.service.phases import current_phase_view, phase_views, phases

if TYPE_CHECKING:
    from bot.discord_app import UmpireBot

log = logging.getLogger("umpire.discord")

MAX_FILES = 10  # attachments in one Discord message


def check_hex(view: dict[str, Any], label: str) -> str:
    """The hex's label, or ``UnknownHex`` (a plain refusal) when it is not on the game's map."""
    from engine.maps import load_map

    return load_map(Path(view["map"])).hex(label).label


def render_views(views: list[dict[str, Any]], hex_label: str | None = None, radius: int = 3) -> list[bytes | None]:
    """PNG bytes per view; None for one the renderer could not draw (logged, never raised)."""
    try:
        import images
        from engine.maps import load_map
    except ImportError:
        return [None] * len(views)
    out: list[bytes | None] = []
    for view in views:
        try:
            gmap = load_map(Path(view["map"]))
            if hex_label:
                out.append(bytes(images.render_closeup_png(gmap, view, hex_label, radius)))
            else:
                out.append(bytes(images.render_png(gmap, view)))
        except Exception:  # the renderer is another module's: log it, never fail the order
            log.exception("rendering the map failed")
            out.append(None)
    return out


def render_strip(views: list[dict[str, Any]], limit: int) -> bytes | None:
    """Older phases as one animated GIF, halved until it fits ``limit``."""
    try:
        import images
        from engine.maps import load_map
    except ImportError:
        return None
    while views:
        try:
            data = bytes(images.render_replay_gif(load_map(Path(views[0]["map"])), views))
        except Exception:
            log.exception("rendering the phase strip failed")
            return None
        if len(data) <= limit:
            return data
        if len(views) <= 1:
            return None
        views = views[len(views) // 2:]
    return None


def _name(game_id: int, view: dict[str, Any], suffix: str = "") -> str:
    pm = view.get("phase_map") or {}
    what = f"phase{int(pm['number']):04d}" if pm.get("number") else f"v{view.get('version', 0)}"
    return f"game{game_id}-{what}{suffix}.png"


async def phase_files(bot: UmpireBot, game_id: int, seqs: Iterable[int], limit: int) -> tuple[list[discord.File], str]:
    """The maps of the phases closed by the entries ``seqs`` (one file each, older ones in a GIF past
    Discord's 10), and words naming them ("phases 4-8")."""
    wanted = set(seqs)
    if not wanted:
        return [], ""
    try:
        done = await asyncio.to_thread(phases, bot.service, game_id)
        numbers = [p.number for p in done if p.seq in wanted]
        if not numbers:
            return [], ""
        views = await asyncio.to_thread(phase_views, bot.service, game_id, numbers)
    except Exception:  # the order stands; the caller falls back to the map now
        log.exception("rebuilding the phase maps of game %s failed", game_id)
        return [], ""
    files: list[discord.File] = []
    older, newer = (views[:-(MAX_FILES - 1)], views[-(MAX_FILES - 1):]) if len(views) > MAX_FILES else ([], views)
    if older:
        gif = await bot.draw(render_strip, older, limit)
        if gif is not None:
            first, last = older[0]["phase_map"]["number"], older[-1]["phase_map"]["number"]
            files.append(discord.File(io.BytesIO(gif), filename=f"game{game_id}-phases{first:04d}-{last:04d}.gif"))
        else:
            newer = views[-MAX_FILES:]
    pictures = await bot.draw(render_views, newer)
    for view, data in zip(newer, pictures, strict=True):
        if data is not None and len(data) <= limit:
            files.append(discord.File(io.BytesIO(data), filename=_name(game_id, view)))
    words = f"phase {numbers[0]}" if len(numbers) == 1 else f"phases {numbers[0]}-{numbers[-1]}"
    return files, words


async def map_now(bot: UmpireBot, game_id: int, *, hex_label: str | None = None, radius: int = 3,
                  phase: int | None = None, limit: int) -> discord.File | None:
    """The map now (with the phase under way's moves), an earlier phase's, or a close-up of either."""
    if phase is not None:
        view = (await asyncio.to_thread(phase_views, bot.service, game_id, [phase]))[0]
    else:
        view = await asyncio.to_thread(current_phase_view, bot.service, game_id)
    suffix = ""
    if hex_label:
        hex_label = check_hex(view, hex_label)
        suffix = f"-{hex_label}-r{radius}"
    data = (await bot.draw(render_views, [view], hex_label, radius))[0]
    if data is None or len(data) > limit:
        return None
    return discord.File(io.BytesIO(data), filename=_name(game_id, view, suffix))
