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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from engine.service.phases import current_phase_view, phase_numbers, phase_views

from .common import bot_of

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("umpire.discord")

MAX_FILES = 10  # attachments in one Discord message
MAX_STRIP = 20  # older phases in the GIF before the newest nine (more: in the next message)
PER_MESSAGE = MAX_FILES - 1 + MAX_STRIP  # phases one message shows


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


def render_strip(views: list[dict[str, Any]], limit: int) -> tuple[bytes | None, int]:
    """Older phases as one animated GIF, the oldest halves dropped until it fits ``limit``; with the
    number of phases it kept (the newest ones), so the caller can say which were left out."""
    try:
        from images.maps import view_gif
    except ImportError:
        return None, 0
    while views:
        try:
            data = view_gif(views)
        except Exception:
            log.exception("rendering the phase strip failed")
            return None, 0
        if len(data) <= limit:
            return data, len(views)
        if len(views) <= 1:
            return None, 0
        views = views[len(views) // 2:]
    return None, 0


def _name(game_id: int, view: dict[str, Any], suffix: str = "") -> str:
    pm = view.get("phase_map") or {}
    what = f"phase{int(pm['number']):04d}" if pm.get("number") else f"v{view.get('version', 0)}"
    return f"game{game_id}-{what}{suffix}.png"


def phase_words(numbers: list[int]) -> str:
    """'phase 4', 'phases 4-8', or 'phases 2, 5-7' when some in between are not among them."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs]
    if len(parts) > 6:  # bounded words, whatever the numbers
        parts = parts[:3] + ["..."] + parts[-2:]
    return ("phase " if len(numbers) == 1 else "phases ") + ", ".join(parts)


@dataclass
class PhaseMaps:
    """The maps of one message: the files, the phases they show, and the phases asked for but left out
    (past one message's ``PER_MESSAGE``, or a strip that had to be cut to fit the size limit)."""

    files: list[discord.File] = field(default_factory=list)
    shown: list[int] = field(default_factory=list)
    left: list[int] = field(default_factory=list)

    @property
    def words(self) -> str:
        return phase_words(self.shown) if self.shown else ""


async def phase_files(bot: Host, game_id: int, seqs: Iterable[int], limit: int,
                      numbers: list[int] | None = None) -> PhaseMaps:
    """The maps of the phases closed by the entries ``seqs`` (or of the phase ``numbers``): the newest
    ``PER_MESSAGE`` (one file each, the older ones in a GIF past Discord's 10 files); those left out are
    named in ``left``, never dropped in silence. Rebuilt and drawn on the render threads: call inside a
    ``bot.answer_slot()``."""
    out = PhaseMaps()
    try:
        if numbers is None:
            wanted = list(dict.fromkeys(seqs))
            numbers = await bot.draw(phase_numbers, bot.service, game_id, wanted) if wanted else []
        if not numbers:
            return out
        out.left = numbers[:-PER_MESSAGE]
        views = await bot.draw(phase_views, bot.service, game_id, numbers[-PER_MESSAGE:])
    except Exception:  # the order stands; the caller falls back to the map now
        log.exception("rebuilding the phase maps of game %s failed", game_id)
        return PhaseMaps(left=list(numbers or []))
    older, newer = (views[:-(MAX_FILES - 1)], views[-(MAX_FILES - 1):]) if len(views) > MAX_FILES else ([], views)
    if older:
        gif, kept = await bot.draw(render_strip, older, limit)
        if gif is not None:
            shown = older[len(older) - kept:]
            out.left += [v["phase_map"]["number"] for v in older[:len(older) - kept]]
            first, last = shown[0]["phase_map"]["number"], shown[-1]["phase_map"]["number"]
            out.files.append(discord.File(io.BytesIO(gif), filename=f"game{game_id}-phases{first:04d}-{last:04d}.gif"))
            out.shown += [v["phase_map"]["number"] for v in shown]
        else:
            out.left += [v["phase_map"]["number"] for v in older[:-1]]
            newer = views[-MAX_FILES:]
    pictures = await bot.draw(render_views, newer)
    for view, data in zip(newer, pictures, strict=True):
        if data is not None and len(data) <= limit:
            out.files.append(discord.File(io.BytesIO(data), filename=_name(game_id, view)))
            out.shown.append(view["phase_map"]["number"])
        else:
            out.left.append(view["phase_map"]["number"])
    out.left.sort()
    return out


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
    rate, the phases' maps are held back and follow as soon as the rate allows (``cogs.late_maps``), as
    do the older phases one message cannot hold; the words say so. The map now past the rate, or when
    UMPIRE_HEAVY_QUEUE answers' maps are waiting already: no map, and the words say why."""
    from .host import Busy

    wait = bot.map_rate.take(user_id) if user_id is not None else 0.0
    if wait and user_id is not None:
        numbers = await bot.draw(phase_numbers, bot.service, game_id, list(dict.fromkeys(closed))) if closed else []
        if not numbers:
            return [], f"now (not drawn: maps come at most one every {bot.map_rate.every:.0f} s a player; " \
                       f"/game map draws it in {max(1, round(wait))} s)"
        cut = bot.late_maps.hold(bot, user_id, game_id, numbers, limit)
        return [], f"{phase_words(numbers)} (held back: maps come at most one every {bot.map_rate.every:.0f} s " \
                   f"a player; they follow in about {max(1, round(wait))} s{_cut_words(cut)}; " \
                   "/game map phase:N draws any now)"
    try:
        async with bot.answer_slot():
            maps = await phase_files(bot, game_id, closed, limit)
            if maps.files:
                words = maps.words
                if maps.left and user_id is not None:
                    cut = bot.late_maps.hold(bot, user_id, game_id, maps.left, limit)
                    words += f"; {phase_words(maps.left)} follow in the next message{_cut_words(cut)}"
                elif maps.left:
                    words += f"; {phase_words(maps.left)} are in no message here: /game map phase:N draws each"
                return maps.files, words
            try:  # the map now, with the moves of the phase under way
                image = await map_now(bot, game_id, limit=limit, answer=True)
            except Exception:
                log.exception("the map now of game %s", game_id)
                image = None
            words = "now" if not maps.left else \
                f"now ({phase_words(maps.left)} could not be drawn: /game map phase:N draws each)"
            return ([image] if image else []), words
    except Busy:
        return [], "now (not drawn: Umpire is busy with other maps; /game map draws it)"


def _cut_words(cut: list[int]) -> str:
    return f", but not {phase_words(cut)} (too many waiting: /game map phase:N)" if cut else ""
