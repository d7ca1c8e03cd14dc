"""Animated replays: one frame per view, all on the map's one palette, so the GIF encoder writes
only the changed box of each frame and never recomputes colours. A replay that would pass the
size budget (8 MiB: under Discord's 10 MiB attachment limit) is redrawn at a smaller scale."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.maps import GameMap
from images import style
from images.render import compose, quantize

MAX_BYTES = 8 * 1024 * 1024


def replay_gif(gmap: GameMap, views: Sequence[Mapping[str, Any]], *, scale: float = 1.0, frame_ms: int = 1200,
               max_bytes: int = MAX_BYTES) -> bytes:
    if not views:
        raise ValueError("a replay needs at least one view")
    data = b""
    for attempt in range(4):
        data = _gif(gmap, views, scale * 0.8**attempt, frame_ms)
        if len(data) <= max_bytes:
            break
    return data


def _gif(gmap: GameMap, views: Sequence[Mapping[str, Any]], scale: float, frame_ms: int) -> bytes:
    frames: list[Image.Image] = []
    drawn = [compose(gmap, view, scale) for view in views]
    size = (max(img.width for img, _ in drawn), max(img.height for img, _ in drawn))
    for img, spec in drawn:
        if img.size != size:  # other edges, sides or a longer phase caption: one frame size for all
            canvas = Image.new("RGB", size, style.PAPER)
            canvas.paste(img, (0, 0))
            img = canvas
        frames.append(quantize(img, gmap, spec))
    durations = [frame_ms] * len(frames)
    durations[-1] = max(frame_ms, 3000)  # hold the final position
    buf = io.BytesIO()
    frames[0].save(buf, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=False, disposal=1)
    return buf.getvalue()
