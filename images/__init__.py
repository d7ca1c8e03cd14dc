"""Umpire's map renderer: a GameMap and a view dict (docs/architecture.md) in, pictures out.

Public API (everything else is internal):

- ``render_image(gmap, view, *, scale=1.0) -> PIL.Image.Image`` - the full sheet as RGB: header,
  map with counters, markers and overlays, off-map tray, legend.
- ``render_png(gmap, view, *, scale=1.0) -> bytes`` - the same as a 256-colour palette PNG (the
  palette is built once per map and keeps every designed colour exactly).
- ``render_closeup_png(gmap, view, center_label, radius) -> bytes`` - the hexes within ``radius`` of
  a hex (label or place name) at a larger scale, for phones.
- ``render_replay_gif(gmap, views) -> bytes`` - one frame per view, one shared palette, looping.
- ``images.maps.view_png(view, hex_label=None, radius=3)`` / ``view_gif(views)`` - the same from a view
  alone: the map is resolved from the view's key (``engine.maps.map_of``). Callers outside ``images``
  use these.
- ``images.bench.run(runs=20) -> dict`` - timings (see docs/rendering.md).

The renderer never reads game rules. Bad or unknown entries in a view (unknown terrain, symbol,
marker or overlay kinds, hexes off the map) are drawn neutrally or left out, never raised.
All functions may be called from worker threads: caches are guarded by a lock and hold images
that are never modified after creation; fonts are per thread. Encoding blocks: call these off the
asyncio event loop (``asyncio.to_thread``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.maps import GameMap


def render_image(gmap: GameMap, view: Mapping[str, Any], *, scale: float = 1.0) -> Image.Image:
    """The picture of a view as an RGB image."""
    from images.render import compose

    return compose(gmap, view, scale)[0]


def render_png(gmap: GameMap, view: Mapping[str, Any], *, scale: float = 1.0) -> bytes:
    """The picture of a view as PNG bytes (palette PNG, fast to encode, small)."""
    from images.render import compose, encode_png, quantize

    img, spec = compose(gmap, view, scale)
    return encode_png(quantize(img, gmap, spec))


def render_closeup_png(gmap: GameMap, view: Mapping[str, Any], center_label: str, radius: int) -> bytes:
    """A close-up of the hexes within radius (0-6) of center_label (a CCRR label or a place name), as PNG
    bytes. A label that is not on the map raises ``engine.errors.UnknownHex``."""
    from images.render import compose_closeup, encode_png, palette_for

    img, spec = compose_closeup(gmap, view, center_label, radius)
    from dataclasses import replace

    return encode_png(img.quantize(palette=palette_for(gmap, replace(spec, scale=1.0)), dither=Image.Dither.NONE))


def render_replay_gif(gmap: GameMap, views: Sequence[Mapping[str, Any]], *, scale: float = 1.0,
                      frame_ms: int = 1200) -> bytes:
    """An animated GIF, one frame per view (per phase), every frame on one shared palette."""
    from images.replay import replay_gif

    return replay_gif(gmap, views, scale=scale, frame_ms=frame_ms)


__all__ = ["render_closeup_png", "render_image", "render_png", "render_replay_gif"]
