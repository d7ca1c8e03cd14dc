"""Map images for Discord: a map of every phase an answer closed, in one message.

Discord takes at most 10 attachments in a message: when an answer closed more phases than that, the
newest nine come as PNGs and the older ones as one animated GIF (one frame per phase) before them.

Every map costs a bounded amount (engine/service/phases.py) and holds one of a bounded number of
places while it is rebuilt and drawn (else "busy"), never on the order threads: /game map on the heavy
threads, at the user's cooldown; the maps an answer posts after an order or a ruling on the render
threads (so they never wait behind the members' replays), charged to whoever gave it
(``answer_maps``, ``bot.map_rate``): buttons and GM commands draw no more maps than the rate.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord

from engine.service.phases import current_phase_view, phase_numbers, phase_views

from .common import bot_of

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("umpire.discord")

MAX_FILES = 10  # attachments in one Discord message
MAX_STRIP = 20  # older phases in the GIF before the newest nine (more: /game map phase:N)


def check_hex(view: dict[str, Any], label: str) -> str:
    """The hex's label, or ``UnknownHex`` (a plain refusal) when it is not on the game's map."""
    from engine.maps import map_of

    return map_of(view).hex(label).label


def render_views(views: list[dict[str, Any]], hex_label: str | None = None, radius: int = 3) -> list[bytes | None]:
    """PNG bytes per view; None for one the renderer could not draw (logged, never raised)."""
    try:
        from images.maps import view_png
    except ImportError:
        return [None] * len(views)
    out: list[bytes | None] = []
    for view in views:
        try:
            out.append(view_png(view, hex_label, radius))
        except Exception:  # the renderer is another module's: log it, never fail the order
            log.exception("rendering the map failed")
            out.append(None)
    return out


def render_strip(views: list[dict[str, Any]], limit: int) -> bytes | None:
    """Older phases as one animated GIF, halved until it fits ``limit``."""
    try:
        from images.maps import view_gif
    except ImportError:
        return None
    while views:
        try:
            data = view_gif(views)
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


async def phase_files(bot: Host, game_id: int, seqs: Iterable[int], limit: int) -> tuple[list[discord.File], str]:
    """The maps of the phases closed by the entries ``seqs`` (one file each, older ones in a GIF past
    Discord's 10, at most MAX_STRIP of them), and words naming them ("phases 4-8"). Rebuilt and drawn on
    the render threads: call inside a ``bot.answer_slot()``."""
    wanted = list(dict.fromkeys(seqs))
    if not wanted:
        return [], ""
    try:
        numbers = await bot.draw(phase_numbers, bot.service, game_id, wanted)
        if not numbers:
            return [], ""
        views = await bot.draw(phase_views, bot.service, game_id, numbers[-(MAX_FILES - 1 + MAX_STRIP):])
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


def _view_for(bot: Host, game_id: int, phase: int | None, hex_label: str | None) -> tuple[dict[str, Any], str | None]:
    """The view of a map (now or an earlier phase's; on the heavy threads) and the close-up's hex, checked."""
    if phase is not None:
        view = phase_views(bot.service, game_id, [phase])[0]
    else:
        view = current_phase_view(bot.service, game_id)
    return view, (check_hex(view, hex_label) if hex_label else None)


async def map_now(bot: Host, game_id: int, *, hex_label: str | None = None, radius: int = 3,
                  phase: int | None = None, limit: int, answer: bool = False) -> discord.File | None:
    """The map now (with the phase under way's moves), an earlier phase's, or a close-up of either,
    rebuilt on the heavy threads (inside a ``bot.heavy_slot()``), or with ``answer`` on the render
    threads (inside a ``bot.answer_slot()``). An unknown hex or phase is refused (``UnknownHex``,
    ``NotFound``)."""
    run = bot.draw if answer else bot.on_heavy
    view, hex_label = await run(_view_for, bot, game_id, phase, hex_label)
    suffix = f"-{hex_label}-r{radius}" if hex_label else ""
    data = (await bot.draw(render_views, [view], hex_label, radius))[0]
    if data is None or len(data) > limit:
        return None
    return discord.File(io.BytesIO(data), filename=_name(game_id, view, suffix))


async def map_command(interaction: discord.Interaction[Any], hex: str | None, radius: int, phase: int | None,
                      game: int | None) -> None:
    """/game map: at the user's cooldown, on the heavy threads (a place among UMPIRE_HEAVY_QUEUE, else busy)."""
    from .common import cooldown, defer, game_for, reply, status_of

    bot = bot_of(interaction)
    cooldown(interaction, "map")
    await defer(interaction)  # before the first database call
    info = await game_for(interaction, game)
    async with bot.heavy_slot():
        image = await map_now(bot, info.id, hex_label=hex, radius=radius, phase=phase,
                              limit=interaction.filesize_limit)
    if image is None:
        await reply(interaction, f"(no image: the renderer is not available) {status_of(info)}")
        return
    what = f"phase {phase}" if phase else "now"
    await reply(interaction, f"Game #{info.id}, {what}: {status_of(info)}", files=[image])


async def answer_maps(bot: Host, game_id: int, closed: list[int], limit: int,
                      user_id: int | None) -> tuple[list[discord.File], str]:
    """The maps an answer posts (of the phases it closed, else the map now), charged to the user who gave
    the order or ruling (``bot.map_rate``: buttons and GM commands are maps too), rebuilt and drawn on
    the render threads, so they never wait behind the members' replays and exports. Past the user's
    rate, or when UMPIRE_HEAVY_QUEUE answers' maps are waiting already, no map: the words say why."""
    from .host import Busy

    wait = bot.map_rate.take(user_id) if user_id is not None else 0.0
    if wait:
        return [], f"now (not drawn: maps come at most one every {bot.map_rate.every:.0f} s a player; " \
                   f"/game map draws it in {max(1, round(wait))} s)"
    try:
        async with bot.answer_slot():
            files, words = await phase_files(bot, game_id, closed, limit)
            if files:
                return files, words
            try:  # the map now, with the moves of the phase under way
                image = await map_now(bot, game_id, limit=limit, answer=True)
            except Exception:
                log.exception("the map now of game %s", game_id)
                image = None
            return ([image] if image else []), "now"
    except Busy:
        return [], "now (not drawn: Umpire is busy with other maps; /game map draws it)"
